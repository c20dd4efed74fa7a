"""The Quadrotone engine: the common engine interface over rules/quadrotone.md.

Seats are "first" and "second": "first" moves first, and the service draws lots
for who sits there (Q5). The service also keeps the clocks (Q17): for a move
not made in time it applies {"pass": "timeout"} for the side to move, and when
a player's whole game time is spent {"out_of_time": seat} — from then on that
seat is skipped and the other plays on alone (Q18). Resignation and an agreed
draw are moves too ({"resign": seat}, {"draw": true}), so that a record replays
to the same final scores (Q19).
"""

import json
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np

from games.catalog.quadrotone.engine import records
from games.catalog.quadrotone.engine.board import CELLS, Board, squares_of
from games.catalog.quadrotone.engine.catalogue import Catalogue, load_catalogue
from games.catalog.quadrotone.engine.moves import (
    LIMITS,
    PLANNERS,
    SEATS,
    check_allowance,
    has_moves,
    limit_left,
    new_limits,
    parse,
    plan_place,
)
from games.catalog.quadrotone.engine.options import QuadrotoneOptions, parse_options
from games.catalog.quadrotone.engine.scoring import ScoringMemory, ScoringOptions, score_move
from games.catalog.quadrotone.engine.tiles import COLOURS, TILES
from games.engines.base import (
    DEFAULT_CPU_LEVEL,
    IllegalMove,
    Record,
    RecordError,
    Result,
    StandardEngine,
    Step,
    check_cpu_level,
    not_a_player_move,
    replay_moves,
)

FIRST, SECOND = 0, 1
LEAD = 8000  # Q18: a lead that ends the game
PASSES_TO_END = 4  # Q17: automatic passes in a row that end the game
SNAPSHOT_VERSION = 1


class Cover:
    """The small squares a move covered and the colours it left there (Q9)."""

    __slots__ = ("colours", "squares")

    def __init__(self, squares: np.ndarray, colours: np.ndarray) -> None:
        self.squares = squares  # int (n, 2): x, y
        self.colours = colours  # int8 (n,)

    @classmethod
    def none(cls) -> "Cover":
        return cls(np.zeros((0, 2), dtype=np.int16), np.zeros(0, dtype=np.int8))

    @classmethod
    def of(cls, cells: tuple[int, ...], grid: np.ndarray) -> "Cover":
        squares = np.array(squares_of(cells), dtype=np.int16).reshape(-1, 2)
        return cls(squares, grid[squares[:, 1], squares[:, 0]].copy())

    def changed(self, grid: np.ndarray) -> int:
        """How many of the squares now show another colour (an emptied one counts)."""
        if not len(self.squares):
            return 0
        now = grid[self.squares[:, 1], self.squares[:, 0]]
        return int(np.count_nonzero(now != self.colours))

    def as_json(self) -> list:
        return [self.squares.reshape(-1).tolist(), self.colours.tolist()]

    @classmethod
    def from_json(cls, data: list) -> "Cover":
        squares, colours = data
        return cls(
            np.array(squares, dtype=np.int16).reshape(-1, 2), np.array(colours, dtype=np.int8)
        )


class QuadrotoneState:
    """A position: the board, the hands, scores, limits, passes and how the game ended.

    `apply` makes a new state; a state is never changed once made.
    """

    __slots__ = (
        "board",
        "covers",
        "ended",
        "hands",
        "last_move",
        "last_patterns",
        "last_squares",
        "limits",
        "memory",
        "moves_made",
        "options",
        "out_of_time",
        "owners",
        "passes",
        "scores",
        "turn",
    )

    def __init__(
        self,
        options: QuadrotoneOptions,
        board: Board,
        hands: tuple[frozenset[int], frozenset[int]],
        owners: np.ndarray | None,
        memory: ScoringMemory,
    ) -> None:
        self.options = options
        self.board = board
        self.hands = hands  # each seat's tiles not yet placed
        self.owners = owners  # int8 (256,): the seat each tile was dealt to; None (reverse)
        self.memory = memory
        self.scores = (0, 0)  # points won in play (before Q19's adjustments)
        self.turn = FIRST  # whose turn it is, before skipping a seat out of time
        self.limits = (new_limits(options.reverse), new_limits(options.reverse))
        self.moves_made = (0, 0)  # tile moves made (passes not counted): Q24
        self.passes = 0  # automatic passes in a row (Q17)
        self.out_of_time = (False, False)
        self.covers = (Cover.none(), Cover.none())  # each seat's last move (Q9)
        self.ended: tuple[str, int | None] | None = None  # (reason, resigning seat)
        self.last_move: Any = None
        self.last_squares: list[list[int]] = []
        self.last_patterns: list[dict] = []

    def copy(self) -> "QuadrotoneState":
        twin = object.__new__(QuadrotoneState)
        for name in QuadrotoneState.__slots__:
            setattr(twin, name, getattr(self, name))
        return twin

    @property
    def over(self) -> bool:
        return self.ended is not None

    def current(self) -> int:
        """The seat to move: the turn's, unless that seat is out of time (Q18)."""
        if self.out_of_time[self.turn] and not self.out_of_time[1 - self.turn]:
            return 1 - self.turn
        return self.turn

    def can_move(self, seat: int) -> bool:
        """Q17: the seat has a usable row of its limits with the tiles and cells at hand."""
        on_board = self.board.occupied()
        return has_moves(
            reverse=self.options.reverse,
            limits=self.limits[seat],
            hand=len(self.hands[seat]),
            free=CELLS - on_board,
            on_board=on_board,
            moves_made=self.moves_made[seat],
        )

    def final_scores(self) -> tuple[int, int]:
        """The scores with Q19's adjustments for a resignation or an agreed draw."""
        scores = list(self.scores)
        if self.ended is not None:
            reason, resigner = self.ended
            if reason == "resignation" and resigner is not None:
                other = 1 - resigner
                if scores[resigner] >= scores[other]:
                    scores[other] = scores[resigner] + 1
            elif reason == "agreement":
                scores = [max(scores)] * 2
        return scores[0], scores[1]


def _pair(values: tuple, seat: int, value: Any) -> tuple:
    return (value, values[1]) if seat == FIRST else (values[0], value)


def _hands(owners: np.ndarray, board: Board) -> tuple[frozenset[int], frozenset[int]]:
    """The tiles each seat still holds: its dealt tiles not on the board (a tile placed
    stays on the board, Q6, Q7)."""
    unplaced = np.ones(TILES, dtype=bool)
    unplaced[board.tiles[board.tiles >= 0]] = False
    first = np.flatnonzero(unplaced & (owners == FIRST)).tolist()
    second = np.flatnonzero(unplaced & (owners == SECOND)).tolist()
    return frozenset(first), frozenset(second)


_CATALOGUES: dict[str, Catalogue] = {}


def catalogue_of(options: QuadrotoneOptions) -> Catalogue:
    if options.catalogue not in _CATALOGUES:
        _CATALOGUES[options.catalogue] = load_catalogue(None)
    return _CATALOGUES[options.catalogue]


def scoring_options(options: QuadrotoneOptions) -> ScoringOptions:
    return ScoringOptions(
        rotations=options.rotations, chains=options.chains, enclosure=options.enclosure
    )


def pattern_lines(patterns: Any) -> list[dict]:
    """The scored patterns as JSON, numbered 1, 2, 3… in scoring order."""
    return [
        {
            "number": number,
            "kind": pattern.kind,
            "key": pattern.key,
            "name": pattern.name,
            "colours": [
                colour if isinstance(colour, str) else COLOURS[colour] for colour in pattern.colours
            ],
            "squares": [[int(x), int(y)] for x, y in pattern.squares],
            "points": int(pattern.points),
        }
        for number, pattern in enumerate(patterns, start=1)
    ]


def _seat(player: str | None) -> int | None:
    if player is None:
        return None
    if player not in SEATS:
        raise IllegalMove("unknown_player", f"There is no seat {player!r} in Quadrotone.")
    return SEATS.index(player)


class QuadrotoneEngine(StandardEngine):
    name = "quadrotone"
    seats = SEATS
    stand_in = False  # nobody plays for a player who is away: Q20, leaving loses
    stand_in_limited = False
    allows_undo = False  # Q9: no taking back
    move_time_limits = None  # Q17's clock is fixed: 3 hours a game, 6 minutes a move
    time_out = "pass"  # Q17: a move not made in time passes the turn ({"pass": "timeout"})
    random_setup = True  # Q4, Q21: the deal (or the reverse board) comes from a seed
    luck_options = ("seed", "deal", "board")
    record_formats: tuple[str, ...] = ("json",)
    first_by_lot = True  # Q5: the first move is drawn by lot
    scored_endings = True  # Q19: resignation and agreed draws set the final scores
    draws_as_moves = True  # Q19: an agreed draw is a move of the record
    draw_offer_interval_s = 600  # Q19: a draw may be offered once per 10 minutes
    disconnect_loses_after_s = 120  # Q20: disconnected for more than 2 minutes loses
    away_after_s = None
    fixed_time_control = {"initial_s": 3 * 3600, "move_s": 6 * 60}  # Q17

    # -- playing ---------------------------------------------------------------
    def new(
        self, options: Mapping[str, Any] | None = None, seed: int | None = None
    ) -> QuadrotoneState:
        """The start: Q4's deal (main) or Q21's full board (reverse), from the options' seed.

        `seed` is used when the options name none; the service should put its seed
        in the game's options so that the record says it.
        """
        given = dict(options or {})
        if seed is not None and "seed" not in given:
            given["seed"] = seed
        settings = parse_options(given)
        memory = ScoringMemory.empty()
        if settings.reverse:
            board = Board.from_cells(settings.start_board())
            return QuadrotoneState(settings, board, (frozenset(), frozenset()), None, memory)
        first, second = settings.start_deal()
        owners = np.zeros(TILES, dtype=np.int8)
        owners[list(second)] = SECOND
        return QuadrotoneState(
            settings, Board.empty(), (frozenset(first), frozenset(second)), owners, memory
        )

    def validate_move(self, move: Any) -> None:
        """Refuse a payload that is not a Quadrotone move, or one only the service writes:
        a pass on time, running out of time, a resignation or an agreed draw (Q17–Q19)."""
        kind, body = parse(move)
        if kind in ("resign", "draw", "out_of_time") or (kind == "pass" and body == "timeout"):
            raise not_a_player_move(f"{{{kind!r}: {body!r}}}")

    def apply(
        self,
        state: QuadrotoneState,
        move: Any,
        player: str | None = None,
        *,
        record: bool = False,
    ) -> tuple[QuadrotoneState, Step]:
        kind, body = parse(move)
        named = _seat(player)
        if kind in ("resign", "draw", "out_of_time"):
            return self._declare(state, kind, body, named, record)
        mover = state.current() if named is None else named
        if not record:
            if state.over:
                raise IllegalMove("game_over", "The game is over.")
            if mover != state.current():
                raise IllegalMove("not_your_turn", f"It is {SEATS[state.current()]}'s move (Q5).")
        after = state.copy()
        other = 1 - mover
        if kind == "pass":
            if body == "no_moves" and state.can_move(mover):
                raise IllegalMove(
                    "has_moves",
                    "You still have a possible move; only a player with none passes (Q17).",
                )
            after.passes = state.passes + 1
            after.covers = _pair(state.covers, mover, Cover.none())
            points, patterns = 0, []
            after.last_squares = []
        else:
            points, patterns = self._tile_move(state, after, kind, body, mover)
        after.turn = other
        after.last_move = {kind: body}
        after.last_patterns = patterns
        if not state.over:
            after.ended = self._end(after)
        step = Step(
            player=SEATS[mover], move={kind: body}, points=points, extra={"patterns": patterns}
        )
        return after, step

    def _tile_move(
        self, state: QuadrotoneState, after: QuadrotoneState, kind: str, body: Any, mover: int
    ) -> tuple[int, list[dict]]:
        """Play a place, rearrange, turn or swap into `after`; (points, patterns)."""
        reverse = state.options.reverse
        if (kind in ("turn", "swap")) != reverse:
            variant = "reverse" if reverse else "main"
            raise IllegalMove(
                "wrong_variant",
                f'There is no "{kind}" move in the {variant} variant (Q6, Q7, Q22).',
            )
        board = state.board
        if kind == "place":
            plan = plan_place(board, state.hands[mover], body)
        else:
            plan = PLANNERS[kind](board, body)
        if reverse:
            check_allowance(plan.tiles, state.moves_made[mover])
        limits = state.limits[mover]
        limit_left(limits, plan.row, plan.tiles)
        changed = board.changed(plan.changes)
        protected = state.covers[1 - mover]
        undone = protected.changed(changed.grid)
        if 2 * undone > len(protected.squares):
            raise IllegalMove(
                "undo",
                f"Your move would change {undone} of the {len(protected.squares)} squares the "
                "opponent's last move covered; at most half may change (Q9).",
            )
        scored = score_move(
            board.grid,
            changed.grid,
            state.memory,
            scoring_options(state.options),
            catalogue_of(state.options),
        )
        new_limits = {row: list(left) for row, left in limits.items()}
        new_limits[plan.row][plan.tiles] -= 1
        after.board = changed
        after.memory = scored.memory
        after.scores = _pair(state.scores, mover, state.scores[mover] + int(scored.points))
        after.limits = _pair(state.limits, mover, new_limits)
        after.moves_made = _pair(state.moves_made, mover, state.moves_made[mover] + 1)
        if plan.placed:
            after.hands = _pair(state.hands, mover, state.hands[mover] - set(plan.placed))
        after.passes = 0
        after.covers = _pair(state.covers, mover, Cover.of(plan.covered, changed.grid))
        after.last_squares = squares_of(plan.covered)
        return int(scored.points), pattern_lines(scored.patterns)

    def _declare(
        self, state: QuadrotoneState, kind: str, body: Any, named: int | None, record: bool
    ) -> tuple[QuadrotoneState, Step]:
        """Resignation, an agreed draw, or a seat's game time spent: any time, by either side."""
        if state.over and not record:
            raise IllegalMove("game_over", "The game is over.")
        seat = SEATS.index(body) if kind != "draw" else named
        if kind != "draw" and named is not None and named != seat:
            raise IllegalMove("not_your_seat", f"Only {body} can say that for {body}.")
        after = state.copy()
        if kind == "resign":
            if not state.over:
                after.ended = ("resignation", seat)
        elif kind == "draw":
            if not state.over:
                after.ended = ("agreement", None)
        else:
            after.out_of_time = _pair(state.out_of_time, seat, True)
            if not state.over:
                after.ended = self._end(after)
        player = SEATS[seat] if seat is not None else SEATS[state.current()]
        return after, Step(player=player, move={kind: body}, points=0, extra={"patterns": []})

    def _end(self, state: QuadrotoneState) -> tuple[str, int | None] | None:
        """Q17, Q18: how the game ends after this position, or None when it goes on."""
        first, second = state.scores
        if abs(first - second) >= LEAD:
            return ("lead", None)
        if state.passes >= PASSES_TO_END:
            return ("passes", None)
        if all(state.out_of_time):
            return ("time", None)
        playing = [
            seat for seat in (FIRST, SECOND) if not state.out_of_time[seat] and state.can_move(seat)
        ]
        if not playing:
            return ("no_moves", None)
        return None

    def has_moves(self, state: QuadrotoneState, seat: str | None = None) -> bool:
        """Whether `seat` (the side to move by default) has a possible move (Q17)."""
        index = state.current() if seat is None else SEATS.index(seat)
        return state.can_move(index)

    def suggest(
        self, state: QuadrotoneState, level: str = DEFAULT_CPU_LEVEL, budget: float | None = None
    ) -> Any:
        """The bot's move for the side to move (a pass when it has none); None when over."""
        from games.catalog.quadrotone.engine.bot import DEFAULT_BUDGET, LEVELS, suggest_move

        check_cpu_level(level)
        if state.over:
            return None
        budget = DEFAULT_BUDGET if budget is None else budget
        return suggest_move(self, state, budget, LEVELS[level])

    # -- reading a state -------------------------------------------------------
    def result(self, state: QuadrotoneState) -> Result:
        if state.ended is None:
            return Result(over=False)
        reason, resigner = state.ended
        if reason == "resignation" and resigner is not None:
            return Result(over=True, winner=SEATS[1 - resigner], reason=reason)
        first, second = state.final_scores()
        winner = None if first == second else SEATS[FIRST if first > second else SECOND]
        return Result(over=True, winner=winner, reason=reason)

    def to_move(self, state: QuadrotoneState) -> str | None:
        return None if state.over else SEATS[state.current()]

    def score(self, state: QuadrotoneState) -> dict[str, int]:
        first, second = state.final_scores()
        return {"first": first, "second": second}

    def view(self, state: QuadrotoneState) -> dict:
        """The position for pages and the API (see the module's docs and rules/quadrotone.md).

        Beyond the board: `can_move` (whether each seat has a possible move; a seat
        without one must pass with {"pass": "no_moves"}) and `out_of_time`.
        """
        owners = state.owners
        cells = [
            None
            if entry is None
            else [entry[0], entry[1], None if owners is None else SEATS[int(owners[entry[0]])]]
            for entry in state.board.cells()
        ]
        rows = ("reverse",) if state.options.reverse else ("place", "rearrange")
        return {
            "variant": state.options.variant,
            "options": {
                "rotations": state.options.rotations,
                "chains": state.options.chains,
                "enclosure": state.options.enclosure,
            },
            "cells": cells,
            "colours": state.board.colour_rows(),
            "hands": {seat: sorted(state.hands[i]) for i, seat in enumerate(SEATS)},
            "limits": {
                seat: {
                    row: {str(k): state.limits[i][row][k] for k in range(1, len(LIMITS[row]))}
                    for row in rows
                }
                for i, seat in enumerate(SEATS)
            },
            "moves_made": {seat: state.moves_made[i] for i, seat in enumerate(SEATS)},
            "last_move": state.last_move,
            "last_squares": state.last_squares,
            "last_patterns": state.last_patterns,
            "passes_in_row": state.passes,
            "to_move": self.to_move(state),
            "can_move": {seat: state.can_move(i) for i, seat in enumerate(SEATS)},
            "out_of_time": [seat for i, seat in enumerate(SEATS) if state.out_of_time[i]],
        }

    # -- snapshots -------------------------------------------------------------
    def dump(self, state: QuadrotoneState) -> bytes:
        """A one-line JSON snapshot: the cells as hex, who owns which tile, the scoring memory."""
        owners = None
        if state.owners is not None:
            owners = np.packbits(state.owners.astype(np.uint8)).tobytes().hex()
        snapshot = {
            "v": SNAPSHOT_VERSION,
            "options": state.options.as_dict(start=False),
            "cells": state.board.encode(),
            "owners": owners,
            "scores": list(state.scores),
            "turn": state.turn,
            "limits": [state.limits[FIRST], state.limits[SECOND]],
            "moves_made": list(state.moves_made),
            "passes": state.passes,
            "out_of_time": list(state.out_of_time),
            "covers": [cover.as_json() for cover in state.covers],
            "ended": None if state.ended is None else list(state.ended),
            "last": [state.last_move, state.last_squares, state.last_patterns],
            "memory": state.memory.as_json(),
        }
        return json.dumps(snapshot, separators=(",", ":")).encode()

    def load(self, data: bytes) -> QuadrotoneState:
        try:
            snapshot = json.loads(data)
            if snapshot["v"] != SNAPSHOT_VERSION:
                raise ValueError(f"version {snapshot['v']}")
            options = parse_options(snapshot["options"])
            board = Board.decode(snapshot["cells"])
            owners = None
            hands: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())
            if snapshot["owners"] is not None:
                bits = np.unpackbits(np.frombuffer(bytes.fromhex(snapshot["owners"]), np.uint8))
                owners = bits[:TILES].astype(np.int8)
                hands = _hands(owners, board)
            state = QuadrotoneState(
                options, board, hands, owners, ScoringMemory.from_json(snapshot["memory"])
            )
            state.scores = tuple(snapshot["scores"])
            state.turn = snapshot["turn"]
            state.limits = tuple(snapshot["limits"])
            state.moves_made = tuple(snapshot["moves_made"])
            state.passes = snapshot["passes"]
            state.out_of_time = tuple(snapshot["out_of_time"])
            state.covers = tuple(Cover.from_json(cover) for cover in snapshot["covers"])
            ended = snapshot["ended"]
            state.ended = None if ended is None else (ended[0], ended[1])
            state.last_move, state.last_squares, state.last_patterns = snapshot["last"]
        except (ValueError, KeyError, TypeError, IndexError) as error:
            raise RecordError(f"snapshot: {error}") from None
        return state

    def resign_move(self, seat: str) -> dict:
        """The record's entry for a resignation (Q19)."""
        return {"resign": seat}

    def draw_move(self) -> dict:
        """The record's entry for an agreed draw (Q19)."""
        return {"draw": True}

    def pass_on_time_move(self, seat: str) -> dict:
        """The record's entry for a move not made in its time (Q17)."""
        return {"pass": "timeout"}

    def out_of_time_move(self, seat: str) -> dict:
        """The record's entry for a player whose whole game time is spent (Q18)."""
        return {"out_of_time": seat}

    # -- records ---------------------------------------------------------------
    def read_record(self, text: str, filename: str = "") -> Record:
        return records.read(text, filename)

    def write_record(self, record: Record, form: str = "json") -> str:
        return records.write(record, form)

    def replay(self, record: Record) -> Iterator[dict]:
        return replay_moves(self, record, lambda state, step: {"patterns": step.extra["patterns"]})


ENGINE = QuadrotoneEngine()
