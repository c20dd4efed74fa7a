"""The Dots and Boxes engine: the common engine interface over rules/dots-and-boxes.md."""

import json
from collections.abc import Iterator, Mapping
from typing import Any

from games.catalog.dots_and_boxes.engine import records
from games.catalog.dots_and_boxes.engine.board import Geometry, geometry
from games.catalog.dots_and_boxes.engine.cpu import STRONG, stand_in_line, suggest_line
from games.catalog.dots_and_boxes.engine.options import DotsAndBoxesOptions, parse_options
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

# The first player moves first (D1; D9 is the service's business). Pages draw the first
# player's lines and boxes in blue, the second's in red; the seats themselves have no colour.
SEATS = ("first", "second")
FIRST, SECOND = 0, 1


class DotsAndBoxesState:
    """A position: the lines drawn (and by whom), the boxes won, whose move it is.

    Every set is an int mask (see board.py), so a state is a few numbers and
    `apply` makes a new one; a state is never changed once made.
    """

    __slots__ = (
        "board",
        "drawn",
        "first_boxes",
        "last",
        "moves",
        "options",
        "second_boxes",
        "second_lines",
        "turn",
    )

    def __init__(
        self,
        options: DotsAndBoxesOptions,
        drawn: int = 0,
        second_lines: int = 0,
        first_boxes: int = 0,
        second_boxes: int = 0,
        turn: int = FIRST,
        moves: int = 0,
        last: int | None = None,
    ) -> None:
        self.options = options
        self.board: Geometry = geometry(options.columns, options.rows)
        self.drawn = drawn  # every line drawn
        # the lines the second player drew; the rest of `drawn` is the first player's
        self.second_lines = second_lines
        self.first_boxes = first_boxes
        self.second_boxes = second_boxes
        self.turn = turn
        self.moves = moves
        self.last = last  # the line drawn last, or None

    @property
    def over(self) -> bool:
        """D5: every box is taken, which is the same as every line drawn."""
        return self.drawn == self.board.all_lines


def _line(move: Any) -> tuple[str, int, int]:
    """(kind, x, y) of a move payload, or IllegalMove('malformed')."""
    if isinstance(move, list | tuple) and len(move) == 3:
        kind, x, y = move
        if kind in ("h", "v") and all(
            isinstance(c, int) and not isinstance(c, bool) for c in (x, y)
        ):
            return kind, x, y
    raise IllegalMove(
        "malformed",
        f'A Dots and Boxes move is ["h" or "v", x, y] with whole numbers; got {move!r} (D2).',
    )


class DotsAndBoxesEngine(StandardEngine):
    name = "dots_and_boxes"
    seats = SEATS
    stand_in = True  # D6, D10: the CPU moves for a player out of time or away
    stand_in_limited = True  # D11: only for a player who has moved, at its easiest level
    away_after_s = 60  # D10: a player not seen for a minute has left; the CPU plays for them
    allows_undo = True  # D7: against the CPU freely, against a person with consent
    move_time_limits = (30, 60)  # D6: seconds per move, when a limit is chosen
    random_setup = False
    record_formats: tuple[str, ...] = ("json",)
    luck_options: tuple[str, ...] = ()
    first_by_lot = False
    time_out = "cpu_moves"  # D6
    scored_endings = False
    draw_offer_interval_s = None
    disconnect_loses_after_s = None
    fixed_time_control = None
    solves = True  # the exact solver of the endgame (solver.py)

    # -- playing ---------------------------------------------------------------
    def new(
        self, options: Mapping[str, Any] | None = None, seed: int | None = None
    ) -> DotsAndBoxesState:
        return DotsAndBoxesState(parse_options(dict(options or {})))

    def validate_move(self, move: Any) -> None:
        """Refuse a payload that is not a line at all, before it is queued."""
        _line(move)

    def apply(
        self,
        state: DotsAndBoxesState,
        move: Any,
        player: str | None = None,
        *,
        record: bool = False,
    ) -> tuple[DotsAndBoxesState, Step]:
        kind, x, y = _line(move)
        if player is not None and player not in SEATS:
            raise IllegalMove("unknown_player", f"There is no {player!r} in Dots and Boxes.")
        mover = SEATS.index(player) if player is not None else state.turn
        if not record:
            if state.over:
                raise IllegalMove("game_over", "The game is over: every box is taken (D5).")
            if mover != state.turn:
                raise IllegalMove(
                    "not_your_turn", f"It is the {SEATS[state.turn]} player's move (D4)."
                )
        board = state.board
        line = board.index(kind, x, y)
        if line is None:
            raise IllegalMove(
                "off_board",
                f"The line {kind} {x}-{y} is off the {board.columns}×{board.rows} board (D1).",
            )
        bit = 1 << line
        if state.drawn & bit:
            raise IllegalMove("taken", f"The line {kind} {x}-{y} is already drawn (D2).")
        drawn = state.drawn | bit
        won = 0
        for box in board.line_boxes[line]:
            sides = board.box_lines[box]
            if drawn & sides == sides:
                won |= 1 << box
        points = won.bit_count()
        after = DotsAndBoxesState(
            state.options,
            drawn=drawn,
            second_lines=state.second_lines | bit if mover == SECOND else state.second_lines,
            first_boxes=state.first_boxes | won if mover == FIRST else state.first_boxes,
            second_boxes=state.second_boxes | won if mover == SECOND else state.second_boxes,
            # D3, D4: a box won gives another move; otherwise the turn passes.
            turn=mover if points else 1 - mover,
            moves=state.moves + 1,
            last=line,
        )
        return after, Step(player=SEATS[mover], move=[kind, x, y], points=points)

    def legal_moves(self, state: DotsAndBoxesState) -> list[list]:
        """Every line not yet drawn, horizontal ones first, from the bottom row up."""
        board = state.board
        free = board.all_lines & ~state.drawn
        return [board.move(line) for line in range(board.lines) if free >> line & 1]

    def suggest(self, state: DotsAndBoxesState, level: str = DEFAULT_CPU_LEVEL) -> list | None:
        """The CPU player's move for the side to move; None when the game is over.

        "easy" plays as the stand-in does (D11); "strong" is exact from more lines on and
        searches longer before that (cpu.py)."""
        check_cpu_level(level)
        if level == "easy":
            return self.stand_in_move(state)
        effort = STRONG if level == "strong" else None
        line = suggest_line(state.board, state.drawn, effort)
        return None if line is None else state.board.move(line)

    def stand_in_move(self, state: DotsAndBoxesState) -> list | None:
        """D11: the move of the CPU standing in for an absent player, at its easiest level."""
        line = stand_in_line(state.board, state.drawn)
        return None if line is None else state.board.move(line)

    # -- reading a state -------------------------------------------------------
    def result(self, state: DotsAndBoxesState) -> Result:
        if not state.over:
            return Result(over=False)
        first, second = state.first_boxes.bit_count(), state.second_boxes.bit_count()
        winner = None if first == second else SEATS[FIRST if first > second else SECOND]
        return Result(over=True, winner=winner, reason="all_boxes_taken")

    def to_move(self, state: DotsAndBoxesState) -> str | None:
        return None if state.over else SEATS[state.turn]

    def score(self, state: DotsAndBoxesState) -> dict[str, int]:
        return {
            SEATS[FIRST]: state.first_boxes.bit_count(),
            SEATS[SECOND]: state.second_boxes.bit_count(),
        }

    def view(self, state: DotsAndBoxesState) -> dict:
        """The board for pages and the API, every row listed from the bottom (y = 0) up.

        `h[y][x]` is line h x y, `v[y][x]` line v x y, `boxes[y][x]` box x y: "." when
        undrawn or not taken, else "f" (first) or "s" (second) for the seat that drew or won it.
        """
        board = state.board
        columns, rows = board.columns, board.rows

        def line_letter(line: int) -> str:
            if not state.drawn >> line & 1:
                return "."
            return "s" if state.second_lines >> line & 1 else "f"

        def box_letter(box: int) -> str:
            if state.first_boxes >> box & 1:
                return "f"
            return "s" if state.second_boxes >> box & 1 else "."

        horizontal = columns * (rows + 1)
        return {
            "columns": columns,
            "rows": rows,
            "h": [
                "".join(line_letter(y * columns + x) for x in range(columns))
                for y in range(rows + 1)
            ],
            "v": [
                "".join(line_letter(horizontal + y * (columns + 1) + x) for x in range(columns + 1))
                for y in range(rows)
            ],
            "boxes": [
                "".join(box_letter(y * columns + x) for x in range(columns)) for y in range(rows)
            ],
            "last": None if state.last is None else board.move(state.last),
            "moves": state.moves,
        }

    # -- snapshots -------------------------------------------------------------
    def dump(self, state: DotsAndBoxesState) -> bytes:
        """A one-line JSON snapshot; line and box sets are hexadecimal masks."""
        snapshot = {
            "options": state.options.as_dict(),
            "drawn": format(state.drawn, "x"),
            "second_lines": format(state.second_lines, "x"),
            "first_boxes": format(state.first_boxes, "x"),
            "second_boxes": format(state.second_boxes, "x"),
            "turn": state.turn,
            "moves": state.moves,
            "last": state.last,
        }
        return json.dumps(snapshot, separators=(",", ":")).encode()

    def load(self, data: bytes) -> DotsAndBoxesState:
        try:
            snapshot = json.loads(data)
            options = parse_options(snapshot["options"])
            state = DotsAndBoxesState(
                options,
                drawn=int(snapshot["drawn"], 16),
                second_lines=int(snapshot["second_lines"], 16),
                first_boxes=int(snapshot["first_boxes"], 16),
                second_boxes=int(snapshot["second_boxes"], 16),
                turn=snapshot["turn"],
                moves=snapshot["moves"],
                last=snapshot["last"],
            )
        except (ValueError, KeyError, TypeError) as error:
            raise RecordError(f"snapshot: {error}") from None
        if state.drawn & ~state.board.all_lines or state.turn not in (FIRST, SECOND):
            raise RecordError("snapshot: it does not fit the board")
        return state

    def solve(self, state: DotsAndBoxesState, time_limit: float | None = None):
        from games.catalog.dots_and_boxes.engine import solver

        return solver.solve(state, time_limit)

    # -- records ---------------------------------------------------------------
    def read_record(self, text: str, filename: str = "") -> Record:
        return records.read(text, filename)

    def write_record(self, record: Record, form: str = "json") -> str:
        return records.write(record, form)

    def replay(self, record: Record) -> Iterator[dict]:
        return replay_moves(self, record)


ENGINE = DotsAndBoxesEngine()
