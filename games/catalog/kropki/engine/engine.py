"""The Kropki engine: the common engine interface over the rules of rules/kropki.md."""

import json
import zlib
from collections.abc import Iterator, Mapping
from typing import Any

from games.catalog.kropki.engine import records
from games.catalog.kropki.engine.board import BLUE, EMPTY, NOBODY, RED, SEAT_NAMES, SEATS, other
from games.catalog.kropki.engine.contours import capture_contours
from games.catalog.kropki.engine.cpu import easy_point, suggest_point
from games.catalog.kropki.engine.formats import end_reason
from games.catalog.kropki.engine.options import KropkiOptions, parse_options, setup_dots
from games.catalog.kropki.engine.rules import Position, empty_position, place
from games.catalog.kropki.engine.search import strong_point
from games.catalog.kropki.engine.secured import points_at_stake, secured_lead
from games.engines.base import (
    DEFAULT_CPU_LEVEL,
    IllegalMove,
    Record,
    RecordError,
    Result,
    StandardEngine,
    Step,
    check_cpu_level,
    replay_moves,
)


class KropkiState:
    """A position plus whose move it is, how many moves were played and how it ended."""

    __slots__ = ("_secured", "ended", "last", "moves", "options", "position", "to_move")

    def __init__(self, options: KropkiOptions, position: Position) -> None:
        self.options = options
        self.position = position
        self.to_move = BLUE
        self.moves = 0
        self.last: tuple[int, int] | None = None
        # (move number, winner or None, reason) once the game has ended.
        self.ended: tuple[int, int | None, str] | None = None
        self._secured: bool | None = None

    def copy(self) -> "KropkiState":
        twin = KropkiState(self.options, self.position.copy())
        twin.to_move, twin.moves, twin.last, twin.ended = (
            self.to_move,
            self.moves,
            self.last,
            self.ended,
        )
        return twin

    @property
    def secured(self) -> bool:
        """K13 for this position, worked out once."""
        if self._secured is None:
            self._secured = secured_lead(self.position)
        return self._secured


def _point(move: Any) -> tuple[int, int, int | None]:
    """(x, y, named player or None) of a move payload, or IllegalMove('malformed')."""
    if isinstance(move, list | tuple) and len(move) in (2, 3):
        x, y, *named = move
        if all(isinstance(c, int) and not isinstance(c, bool) for c in (x, y)):
            if not named:
                return x, y, None
            if named[0] in SEATS:
                return x, y, SEATS[named[0]]
    raise IllegalMove("malformed", f"A Kropki move is [x, y] with whole numbers; got {move!r}.")


class KropkiEngine(StandardEngine):
    name = "kropki"
    seats = ("blue", "red")
    stand_in = False  # running out of time loses (K12)
    stand_in_limited = False
    allows_undo = False
    move_time_limits = None
    random_setup = False
    luck_options: tuple[str, ...] = ()
    record_formats: tuple[str, ...] = ("json", "sgf")  # the published games are SGF
    first_by_lot = False
    time_out = "lose"  # K12
    scored_endings = False
    draw_offer_interval_s = None
    disconnect_loses_after_s = None
    away_after_s = None
    fixed_time_control = None

    # -- playing ---------------------------------------------------------------
    def new(self, options: Mapping[str, Any] | None = None, seed: int | None = None) -> KropkiState:
        settings = parse_options(dict(options or {}))
        position = empty_position(settings.width, settings.height)
        geometry = position.board
        for colour, points in self.setup_dots(settings).items():
            for x, y in points:
                place(position, geometry.index(x, y), SEATS[colour])
        return KropkiState(settings, position)

    def setup_dots(self, settings: KropkiOptions) -> dict[str, list[tuple[int, int]]]:
        """The dots on the board before the first move: the cross (K3), none, or a setup."""
        return setup_dots(settings)

    def validate_move(self, move: Any) -> None:
        """Refuse a payload that is not a move at all ([x, y]), before it is queued."""
        if not isinstance(move, list | tuple) or len(move) != 2:
            raise IllegalMove("malformed", f"A Kropki move is [x, y]; got {move!r}.")
        _point(move)

    def apply(
        self, state: KropkiState, move: Any, player: str | None = None, *, record: bool = False
    ) -> tuple[KropkiState, Step]:
        x, y, named = _point(move)
        if player is not None and player not in SEATS:
            raise IllegalMove("unknown_player", f"There is no {player!r} in Kropki.")
        mover = SEATS[player] if player is not None else named or state.to_move
        if named is not None and named != mover:
            raise IllegalMove("malformed", "The move names another player than the one playing it.")
        if not record:
            if state.ended is not None:
                raise IllegalMove("game_over", "The game is over.")
            if mover != state.to_move:
                raise IllegalMove("not_your_turn", f"It is {SEAT_NAMES[state.to_move]}'s move.")
        position = state.position
        geometry = position.board
        if not geometry.on_board(x, y):
            raise IllegalMove(
                "off_board", f"{x}-{y} is off the {geometry.width}×{geometry.height} board."
            )
        index = geometry.index(x, y)
        if position.owner[index] != NOBODY:
            raise IllegalMove("owned", f"{x}-{y} lies in captured territory (K9).")
        if position.dot[index] != EMPTY:
            raise IllegalMove("occupied", f"{x}-{y} already holds a dot (K9).")

        after = state.copy()
        points = place(after.position, index, mover)
        after.moves += 1
        after.to_move = other(mover)
        after.last = (x, y)
        if after.ended is None:
            after.ended = self._end(after)
        step = Step(
            player=SEAT_NAMES[mover], move=[x, y], points=points, extra={"secured": after.secured}
        )
        return after, step

    def _end(self, state: KropkiState) -> tuple[int, int | None, str] | None:
        position = state.position
        blue, red = position.score[BLUE], position.score[RED]
        reason = end_reason(
            state.options.match,
            state.moves,
            board_full=position.free == 0,
            secured=lambda: state.secured,
            level=blue == red,
            extra_time=state.options.extra_time,
        )
        if reason is None:
            return None
        winner = None if blue == red else (BLUE if blue > red else RED)
        return state.moves, winner, reason

    def free_points(self, state: KropkiState) -> list[list[int]]:
        """Every point a dot may still be put on (K4, K9), row by row from 1-1."""
        position = state.position
        geometry = position.board
        return [list(geometry.xy(i)) for i in geometry.points if position.is_free(i)]

    def suggest(self, state: KropkiState, level: str = DEFAULT_CPU_LEVEL) -> list[int] | None:
        """The CPU player's move for the side to move; None when the game has no free point.

        "easy" plays on the CPU's first look alone, now and then a lesser quiet point;
        "strong" plays the normal CPU's best points out a few moves ahead (search.py)."""
        check_cpu_level(level)
        position = state.position
        geometry = position.board
        last = geometry.index(*state.last) if state.last else None
        if level == "strong":
            point = strong_point(position, state.to_move, last, state.moves)
        elif level == "easy":
            point = easy_point(position, state.to_move, last, state.moves)
        else:
            point = suggest_point(position, state.to_move, last, state.moves)
        return None if point is None else list(geometry.xy(point))

    # -- reading a state -------------------------------------------------------
    def result(self, state: KropkiState) -> Result:
        if state.ended is None:
            return Result(over=False)
        _moves, winner, reason = state.ended
        return Result(over=True, winner=SEAT_NAMES.get(winner), reason=reason)

    def to_move(self, state: KropkiState) -> str | None:
        return None if state.ended is not None else SEAT_NAMES[state.to_move]

    def score(self, state: KropkiState) -> dict[str, int]:
        return {"blue": state.position.score[BLUE], "red": state.position.score[RED]}

    def secured(self, state: KropkiState) -> bool:
        return state.secured

    def view(self, state: KropkiState) -> dict:
        """The board for pages and the API: rows[y-1][x-1], one letter per point.

        `contours`: each captured area's closed contour, the capturer's dots in order round
        it. `at_stake`: with a secured lead (K13), the dots the trailer could still win.
        `ended_by`: why the rules ended the game, or None while it goes on.
        """
        position = state.position
        geometry = position.board
        letters = {EMPTY: ".", BLUE: "b", RED: "r"}
        dots, owners = [], []
        for y in range(1, geometry.height + 1):
            row = range(geometry.index(1, y), geometry.index(geometry.width, y) + 1)
            dots.append("".join(letters[position.dot[i]] for i in row))
            owners.append("".join(letters[position.owner[i]] for i in row))
        return {
            "width": geometry.width,
            "height": geometry.height,
            "dots": dots,
            "owners": owners,
            "last": list(state.last) if state.last else None,
            "moves": state.moves,
            "secured": state.secured,
            "format": state.options.match.as_option(),
            "contours": [
                {"owner": SEAT_NAMES[player], "points": [list(point) for point in points]}
                for player, points in capture_contours(position)
            ],
            "at_stake": [list(point) for point in points_at_stake(position)]
            if state.secured
            else [],
            "ended_by": state.ended[2] if state.ended else None,
        }

    # -- snapshots -------------------------------------------------------------
    def dump(self, state: KropkiState) -> bytes:
        position = state.position
        header = {
            "options": state.options.as_dict(),
            "to_move": state.to_move,
            "moves": state.moves,
            "last": state.last,
            "ended": state.ended,
            "score": position.score[1:],
            "free": position.free,
        }
        arrays = bytes(position.dot + position.owner + position.enclosed[1] + position.enclosed[2])
        return json.dumps(header, separators=(",", ":")).encode() + b"\n" + zlib.compress(arrays, 1)

    def load(self, data: bytes) -> KropkiState:
        head, _, body = data.partition(b"\n")
        header = json.loads(head)
        options = parse_options(header["options"])
        position = empty_position(options.width, options.height)
        size = position.board.size
        arrays = zlib.decompress(body)
        if len(arrays) != 4 * size:
            raise RecordError("snapshot: the arrays do not fit the board")
        position.dot[:] = arrays[:size]
        position.owner[:] = arrays[size : 2 * size]
        position.enclosed[1][:] = arrays[2 * size : 3 * size]
        position.enclosed[2][:] = arrays[3 * size :]
        position.score = [0, *header["score"]]
        position.free = header["free"]
        state = KropkiState(options, position)
        state.to_move = header["to_move"]
        state.moves = header["moves"]
        state.last = tuple(header["last"]) if header["last"] else None
        state.ended = tuple(header["ended"]) if header["ended"] else None
        return state

    # -- records ---------------------------------------------------------------
    def read_record(self, text: str, filename: str = "") -> Record:
        return records.read(text, filename)

    def write_record(self, record: Record, form: str = "json") -> str:
        return records.write(record, form)

    def replay(self, record: Record) -> Iterator[dict]:
        return replay_moves(self, record, lambda state, step: {"secured": state.secured})


ENGINE = KropkiEngine()
