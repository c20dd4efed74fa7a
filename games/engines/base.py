"""What every rules engine offers, so the service treats all four games alike.

An engine is pure Python: it never imports Django, never reads a clock and is
deterministic given its options (and a seed, for games that deal). States are
values: `apply` returns a new state and leaves the old one as it was.
"""

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol


class IllegalMove(Exception):
    """A move the rules refuse; `code` is stable and English, `message` is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


# The CPU's strengths, weakest first: every engine plays each of them (`suggest`).
CPU_LEVELS = ("easy", "normal", "strong")
DEFAULT_CPU_LEVEL = "normal"


def check_cpu_level(level: str) -> str:
    """`level` itself when it is one of CPU_LEVELS; otherwise ValueError naming it."""
    if level not in CPU_LEVELS:
        raise ValueError(f"unknown CPU level {level!r}; the levels are {', '.join(CPU_LEVELS)}")
    return level


# The refusal code of a move that only the server writes (a pass on time, a resignation,
# an agreed draw), sent by a player.
NOT_A_PLAYER_MOVE = "not_a_player_move"


def not_a_player_move(what: str) -> IllegalMove:
    return IllegalMove(
        NOT_A_PLAYER_MOVE, f"{what} is written by the server only; a player cannot send it."
    )


class RecordError(ValueError):
    """A game record that cannot be read or written."""


class CannotSolve(Exception):
    """An exact solver gives up on a position: too large, or out of time."""


class OptionError(RecordError):
    """Game options the engine does not accept; `field` names the option at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class Result:
    """How a game stands: over or not, who won (None for a draw) and why."""

    over: bool
    winner: str | None = None
    reason: str | None = None


@dataclass
class Step:
    """What one move did: who played it, what it won, and the game's own facts (`extra`)."""

    player: str
    move: Any
    points: int
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Record:
    """A whole game: options and moves, as the rules file's JSON record.

    `header`: facts about how the game was played that a record writes beside its options
    and that replaying ignores. A JSON record writes each key as it is; a format of its
    own (SGF) writes what it has a place for. The keys, each optional:
        players: {seat: name as the site shows it}
        event: {name, round, page}: the championship and its round
        result: {status, winner: seat or None (a draw), reason, score: {seat: points},
                 places: {seat: place} where the engine ranks places;
                 margin: points, when read from a record that gives no score}
        dates: {created, started, finished}: ISO 8601 in UTC; {played} as a record gave it
        clocks: {time_control: {initial_s, increment_s, move_s} or None,
                 left: {seat: seconds}, overtime: text as a record gave it,
                 moves: [{seat, at, seconds, left}, ...] one per move, as far as known}
        stand_in_moves: {seat: moves the CPU made for that player} (D11)
    and the game's id, page, kind and rated.
    """

    game: str
    options: Mapping[str, Any]
    moves: list[Any]
    header: Mapping[str, Any] = field(default_factory=dict)


class Engine(Protocol):
    name: str
    seats: tuple[str, ...]
    # What the game's rules say about the service around it:
    stand_in: bool  # the CPU moves for a player whose move time ran out or who is away
    # In championship and rated games the stand-in is held back: it moves only for a player
    # who has made a move of their own in the game (one who has not loses at their first
    # time-out, reason "no_show"), and it plays this, the CPU's easiest level:
    #     def stand_in_move(self, state: Any) -> Any: ...
    stand_in_limited: bool
    allows_undo: bool  # a player may take back their last move (the opponent consenting)
    move_time_limits: tuple[int, ...] | None  # the per-move limits allowed; None: any clock
    random_setup: bool  # the options take a `seed` for a random deal, drawn by the service
    # The options that fix what the rules leave to chance (a deal, its seed): a player
    # may set them in an unrated practice game only; everywhere else the service draws.
    luck_options: tuple[str, ...]
    record_formats: tuple[str, ...]  # what write_record writes: "json" always, "sgf" for some
    first_by_lot: bool  # who sits in the first seat is drawn by lot
    time_out: str  # when a move's time runs out: "lose", "cpu_moves" or "pass"
    scored_endings: bool  # resignation and agreed draws are moves that set the final scores
    # ... and then these are those moves, as the game's record writes them:
    #     def resign_move(self, seat: str) -> Any: ...
    #     def draw_move(self) -> Any: ...
    # A game whose turn passes on time (time_out "pass") writes these moves for the server:
    #     def pass_on_time_move(self, seat: str) -> Any: ...  (the move's time ran out)
    #     def out_of_time_move(self, seat: str) -> Any: ...  (the whole game's time is spent)
    draw_offer_interval_s: int | None  # a seat may offer a draw once in this many seconds
    disconnect_loses_after_s: int | None  # a player gone from the live game this long loses
    away_after_s: int | None  # a player not seen this long is away: the CPU stands in for them
    fixed_time_control: dict | None  # the clock the rules set for every game, if they do

    def new(self, options: Mapping[str, Any] | None = None, seed: int | None = None) -> Any: ...

    def validate_move(self, move: Any) -> None:
        """Refuse what a player may not send, before it is queued: a payload that cannot be
        a move of this game (IllegalMove "malformed"), or a move that only the server
        writes, such as a pass on time or a resignation (IllegalMove "not_a_player_move")."""
        ...

    def apply(
        self, state: Any, move: Any, player: str | None = None, *, record: bool = False
    ) -> tuple[Any, Step]:
        """Play `move` for `player` (the side to move if None).

        `record=True` replays a game record: a move may name its player out of
        turn, and moves after the end are still played (for analysis).
        """
        ...

    def result(self, state: Any) -> Result: ...

    def to_move(self, state: Any) -> str | None: ...

    def score(self, state: Any) -> dict[str, int]: ...

    def dump(self, state: Any) -> bytes: ...

    def load(self, data: bytes) -> Any: ...

    def view(self, state: Any) -> dict: ...

    def suggest(self, state: Any, level: str = DEFAULT_CPU_LEVEL) -> Any:
        """The CPU player's move at `level` (one of CPU_LEVELS) for the side to move (None
        when it has none).

        "easy" is clearly weaker than "normal" but still plays sensible moves; "normal"
        answers in well under a second; "strong" searches and answers within 2 s a move on
        the game's default board and options. Every level is deterministic: the same
        state gets the same move. A level not in CPU_LEVELS raises ValueError naming it
        (`check_cpu_level`), before anything is worked out."""
        ...

    def read_record(self, text: str, filename: str = "") -> Record: ...

    def write_record(self, record: Record, form: str = "json") -> str: ...

    def replay(self, record: Record) -> Iterator[dict]:
        """One line of the replay command per move (see games/engines/__main__.py)."""
        ...

    # Abilities some games have; StandardEngine gives every engine the plain answer.
    ranks_places: bool  # places() ranks every seat at the end (a game of more than 2)
    draws_as_moves: bool  # an agreed draw is the move draw_move() (it sets the scores)

    def seats_for(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        """The seats a game with these options has (a game for 2 or 4 players says which)."""
        ...

    def places(self, state: Any) -> dict[str, int] | None:
        """Every seat's place in a finished game, when the engine ranks places."""
        ...

    solves: bool  # solve() gives a position's exact value (the `solve` command)

    def solve(self, state: Any, time_limit: float | None = None) -> Any:
        """{value, best, seconds} of the position for its side to move; CannotSolve when
        the position is beyond the solver."""
        ...


class StandardEngine:
    """The plain answer to every optional part of `Engine`: a game inherits it and sets only
    what its rules say otherwise. Two players, no stand-in, no undo, any clock, no luck,
    a JSON record, losing on time."""

    stand_in = False
    stand_in_limited = False
    allows_undo = False
    move_time_limits: tuple[int, ...] | None = None
    random_setup = False
    luck_options: tuple[str, ...] = ()
    record_formats: tuple[str, ...] = ("json",)
    first_by_lot = False
    time_out = "lose"
    scored_endings = False
    draw_offer_interval_s: int | None = None
    disconnect_loses_after_s: int | None = None
    away_after_s: int | None = None
    fixed_time_control: dict | None = None
    ranks_places = False
    draws_as_moves = False
    solves = False
    seats: tuple[str, ...] = ()

    def seats_for(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        return tuple(self.seats)

    def places(self, state: Any) -> dict[str, int] | None:
        return None

    def solve(self, state: Any, time_limit: float | None = None) -> Any:
        raise CannotSolve(f"there is no solver for {self.name!r}")


def refuse_unknown_options(options: Mapping[str, Any], known: Iterable[str]) -> None:
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise OptionError(unknown[0], f"unknown option; known: {', '.join(sorted(known))}")


def replay_moves(
    rules: Engine, record: Record, own_keys: Callable[[Any, Step], dict] | None = None
) -> Iterator[dict]:
    """The replay command's lines: the keys every game shares, then the game's own keys.

    Stops after the first illegal move with `{"n", "error": {"code", "message"}}`.
    """
    state = rules.new(record.options)
    for n, move in enumerate(record.moves, start=1):
        try:
            state, step = rules.apply(state, move, record=True)
        except IllegalMove as refusal:
            yield {"n": n, "error": refusal.as_dict()}
            return
        line = {
            "n": n,
            "player": step.player,
            "move": step.move,
            "points": step.points,
            "score": rules.score(state),
        }
        line.update(own_keys(state, step) if own_keys else {})
        line["over"] = rules.result(state).over
        yield line


def json_record_parts(text: str, game: str) -> tuple[dict, dict, list]:
    """A JSON record's whole object, its options and its moves, checked for shape only."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"not JSON: {error.msg} at line {error.lineno}") from None
    except RecursionError:
        # The decoder recurses once a level; no record nests more than a few.
        raise RecordError("not a record: arrays or objects nested too deep") from None
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object with game, options and moves")
    if data.get("game", game) != game:
        raise RecordError(f"this is a record of {data.get('game')!r}, not of {game}")
    options, moves = data.get("options", {}), data.get("moves", [])
    if not isinstance(options, dict):
        raise RecordError("options: a JSON object")
    if not isinstance(moves, list):
        raise RecordError("moves: a JSON list")
    return data, dict(options), moves


def seats_in_play(rules: Engine, options: Mapping[str, Any]) -> tuple[str, ...]:
    """The seats a game with these options has (an engine for 2 or 4 players says which)."""
    return tuple(rules.seats_for(options))
