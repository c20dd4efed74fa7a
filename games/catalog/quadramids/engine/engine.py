"""The Quadramids engine: the common engine interface over rules/quadramids.md.

Seats are "1"–"4": "1" and "2" in the 2-player game, all four in the 4-player game
(`seats_for(options)`); seat 1 moves first, then 2 (, 3, 4) (M4). Moves:

    ["put", "d1"]              M5: a figure from hand onto a cell
    ["move", "d1", "d2"]       every other move (M6–M9, M11, M12, M14–M17); the engine
                               works out which; centres are written "d4+"
    ["resign", "3"]            M19: the service applies it for a resigning seat, at any time

Each turn starts with the mover's M18 income. A player without a legal move passes
automatically inside `apply` (still receiving the income), so `to_move` is always a
seat with a legal move, or None when the game is over; passes are not record moves.
"""

import json
from collections.abc import Iterator, Mapping
from typing import Any

from games.catalog.quadramids.engine import cpu, records
from games.catalog.quadramids.engine.board import (
    CELLS,
    CENTRE,
    CENTRES,
    CIRCLES,
    KIND,
    cell_name,
    colour,
    move_payload,
    parse_place,
    place_name,
)
from games.catalog.quadramids.engine.options import QuadramidsOptions, parse_options
from games.catalog.quadramids.engine.rules import (
    APEX,
    BLOCKER,
    EMPTY,
    Position,
    has_move,
    moves_of,
)
from games.catalog.quadramids.engine.rules import move as play_move
from games.catalog.quadramids.engine.rules import (
    put as play_put,
)
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

ALL_SEATS = ("1", "2", "3", "4")
SNAPSHOT_VERSION = 1
ROLE_LETTER = {APEX: "a", BLOCKER: "b"}
LETTER_ROLE = {"a": APEX, "b": BLOCKER}


class QuadramidsState:
    """A position plus scores, whose turn it is and how the game ended; never changed once made."""

    __slots__ = (
        "ended",
        "last",
        "moves",
        "options",
        "passes",
        "position",
        "resigned",
        "scores",
        "turn",
    )

    def __init__(
        self,
        options: QuadramidsOptions,
        position: Position,
        scores: tuple[int, ...],
        turn: int = 0,
        moves: int = 0,
        passes: int = 0,
        resigned: tuple[int, ...] = (),
        last: list | None = None,
        ended: str | None = None,
    ) -> None:
        self.options = options
        self.position = position
        self.scores = scores
        self.turn = turn  # the seat to move (kept after the end: records may play on)
        self.moves = moves  # puts and moves made; passes and resignations do not count (M20)
        self.passes = passes  # automatic passes in a row since the last move
        self.resigned = resigned  # seats that resigned, in order (M19)
        self.last = last  # the last move played, or None
        self.ended = ended  # "move_limit", "all_passed", "players_out", "resignation" or None

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def over(self) -> bool:
        return self.ended is not None

    def is_out(self, seat: int) -> bool:
        """M19, M20: resigned, or no figure on the board and none in hand."""
        if seat in self.resigned:
            return True
        return self.position.hands[seat] == 0 and self.position.on_board(seat) == 0

    def still_in(self) -> list[int]:
        return [seat for seat in range(self.players) if not self.is_out(seat)]


def _parse(payload: Any) -> tuple[str, int | None, int | None]:
    """(kind, from, to) of a move payload; IllegalMove("bad_move") when malformed."""
    if isinstance(payload, list | tuple) and payload:
        kind = payload[0]
        if kind == "put" and len(payload) == 2:
            cell = parse_place(payload[1])
            if cell is not None:
                return "put", None, cell
        elif kind == "move" and len(payload) == 3:
            a, b = parse_place(payload[1]), parse_place(payload[2])
            if a is not None and b is not None and a != b:
                return "move", a, b
        elif kind == "resign" and len(payload) == 2 and payload[1] in ALL_SEATS:
            return "resign", int(payload[1]) - 1, None
    raise IllegalMove(
        "bad_move",
        'A Quadramids move is ["put", cell], ["move", from, to] or ["resign", seat], with '
        f"cells a1–h8 and centres a1+–g7+ (M1); got {payload!r}.",
    )


class QuadramidsEngine(StandardEngine):
    name = "quadramids"
    seats = ALL_SEATS  # every seat there can be; seats_for(options) gives those in play
    stand_in = False
    stand_in_limited = False
    allows_undo = False
    move_time_limits = None
    random_setup = False
    record_formats: tuple[str, ...] = ("json",)
    luck_options: tuple[str, ...] = ()
    first_by_lot = False
    time_out = "lose"
    scored_endings = True  # M19: resignation is a move (["resign", seat])
    ranks_places = True  # M4: in the game of four every seat gets a place
    draw_offer_interval_s = None
    disconnect_loses_after_s = None
    away_after_s = None
    fixed_time_control = None

    def resign_move(self, seat: str) -> list:
        """The record's entry for a resignation (M19)."""
        return ["resign", seat]

    # -- playing ---------------------------------------------------------------
    def seats_for(self, options: Mapping[str, Any] | None = None) -> tuple[str, ...]:
        return parse_options(dict(options or {})).seats

    def new(
        self, options: Mapping[str, Any] | None = None, seed: int | None = None
    ) -> QuadramidsState:
        settings = parse_options(dict(options or {}))
        n = settings.players
        position = Position([EMPTY] * CELLS, {}, [settings.figures] * n, [0] * n)
        return QuadramidsState(settings, position, (0,) * n)

    def position(
        self,
        cells: Mapping[str, str] | None = None,
        centres: Mapping[str, tuple[str, str]] | None = None,
        *,
        hands: Mapping[str, int] | None = None,
        scores: Mapping[str, int] | None = None,
        turn: str = "1",
        moves: int = 0,
        resigned: tuple[str, ...] = (),
        options: Mapping[str, Any] | None = None,
    ) -> QuadramidsState:
        """A hand-made position (for tests and analysis): figures by place name and seat.

        `centres` maps "d4+" to (seat, "apex" | "blocker"). A seat's hand is, unless
        given, its figures not on the board, so that nothing counts as removed.
        """
        state = self.new(options)
        n = state.players
        board = [EMPTY] * CELLS
        for name, seat in (cells or {}).items():
            board[_place(name, cell=True)] = int(seat) - 1
        on_centres: dict[int, tuple[int, str]] = {}
        for name, (seat, role) in (centres or {}).items():
            on_centres[_place(name, cell=False) - CENTRE] = (int(seat) - 1, role)
        position = Position(board, on_centres, [0] * n, [0] * n)
        for seat in range(n):
            given = (hands or {}).get(str(seat + 1))
            left = state.options.figures - position.on_board(seat)
            position.hands[seat] = left if given is None else given
            position.removed[seat] = left - position.hands[seat]
        given_scores = scores or {}
        made = QuadramidsState(
            state.options,
            position,
            tuple(given_scores.get(str(s + 1), 0) for s in range(n)),
            turn=int(turn) - 1,
            moves=moves,
            resigned=tuple(int(s) - 1 for s in resigned),
        )
        problems = self.check(made)
        if problems:
            raise ValueError("; ".join(problems))
        return made

    def validate_move(self, move: Any) -> None:
        """Refuse a payload that is not a Quadramids move, or a resignation, which the
        service writes when a player resigns through the game (M19)."""
        if _parse(move)[0] == "resign":
            raise not_a_player_move("A resignation move")

    def apply(
        self,
        state: QuadramidsState,
        move: Any,
        player: str | None = None,
        *,
        record: bool = False,
    ) -> tuple[QuadramidsState, Step]:
        kind, a, b = _parse(move)
        seats = state.options.seats
        if player is not None and player not in seats:
            raise IllegalMove("not_your_turn", f"There is no seat {player!r} in this game (M4).")
        if kind == "resign":
            return self._resign(state, a, player, record)  # type: ignore[arg-type]
        if state.over and not record:
            raise IllegalMove("game_over", f"The game is over ({state.ended}, M20).")
        mover = state.turn
        if player is not None and int(player) - 1 != mover:
            if not record:
                raise IllegalMove("not_your_turn", f"It is seat {seats[mover]}'s move (M4).")
            mover = int(player) - 1
        position = state.position.copy()
        income = position.income(mover)  # M18, at the start of the mover's turn
        assert b is not None
        if kind == "put":
            if b >= CENTRE:
                raise IllegalMove(
                    "put_not_allowed",
                    f"Nothing is put onto an intersection such as {place_name(b)} (M1).",
                )
            what, one_off = play_put(position, b, mover), 0
        else:
            assert a is not None
            what, one_off = play_move(position, a, b, mover)
        scores = list(state.scores)
        scores[mover] += income + one_off
        gained = dict.fromkeys(seats, 0)
        gained[seats[mover]] = income + one_off
        after = QuadramidsState(
            state.options,
            position,
            tuple(scores),
            turn=mover,
            moves=state.moves + 1,
            resigned=state.resigned,
            last=move_payload(a, b),
            ended=state.ended,
        )
        passes: list[dict] = []
        if not state.over:
            in_play = after.still_in()
            if len(in_play) < 2:
                after.ended = "players_out"
            elif after.moves >= state.options.move_limit:
                after.ended = "move_limit"
            else:
                passes = self._next_turn(after, mover, include=False)
                for entry in passes:
                    gained[entry["seat"]] += entry["income"]
        else:
            after.turn = self._after(after, mover)
        step = Step(
            player=seats[mover],
            move=after.last,
            points=income + one_off,
            extra={
                "income": income,
                "one_off": one_off,
                "scores": gained,
                "kind": what,
                "passes": passes,
            },
        )
        return after, step

    def _after(self, state: QuadramidsState, seat: int) -> int:
        """The next seat still in after `seat` (seat itself when no other is)."""
        n = state.players
        for k in range(1, n + 1):
            nxt = (seat + k) % n
            if not state.is_out(nxt):
                return nxt
        return seat

    def _next_turn(self, state: QuadramidsState, seat: int, *, include: bool) -> list[dict]:
        """Hand the turn on from `seat` (or to it, `include`), passing for seats without a
        move (M20); changes `state` (a new one) in place and returns the passes made."""
        passes: list[dict] = []
        in_play = len(state.still_in())
        nxt = seat if include and not state.is_out(seat) else self._after(state, seat)
        state.passes = 0
        while not has_move(state.position, nxt):
            income = state.position.income(nxt)
            scores = list(state.scores)
            scores[nxt] += income
            state.scores = tuple(scores)
            state.passes += 1
            passes.append({"seat": state.options.seats[nxt], "income": income})
            if state.passes >= in_play:
                state.ended = "all_passed"
                break
            nxt = self._after(state, nxt)
        state.turn = nxt
        return passes

    def _resign(
        self, state: QuadramidsState, seat: int, player: str | None, record: bool
    ) -> tuple[QuadramidsState, Step]:
        """M19: the seat loses at once; with 4 players its figures leave and the others play
        on, with 2 the final board keeps them."""
        seats = state.options.seats
        if seat >= state.players:
            raise IllegalMove("bad_move", f"There is no seat {seat + 1} in this game (M4).")
        if state.over and not record:
            raise IllegalMove("game_over", f"The game is over ({state.ended}, M20).")
        if player is not None and int(player) - 1 != seat:
            raise IllegalMove("not_your_turn", f"Only seat {seats[seat]} resigns for itself (M19).")
        if state.is_out(seat):
            raise IllegalMove("move_not_allowed", f"Seat {seats[seat]} is already out (M19).")
        position = state.position.copy()
        if state.players > 2:
            for centre in sorted(position.centres):
                if position.centres[centre][0] == seat:
                    position.centres.pop(centre)
                    position.removed[seat] += 1
            for cell in range(CELLS):
                if position.cells[cell] == seat:
                    position.remove_cell(cell)  # M13: an enemy blocker on its square drops in
            position.removed[seat] += position.hands[seat]
            position.hands[seat] = 0
        after = QuadramidsState(
            state.options,
            position,
            state.scores,
            turn=state.turn,
            moves=state.moves,
            passes=state.passes,
            resigned=(*state.resigned, seat),
            last=["resign", seats[seat]],
            ended=state.ended,
        )
        passes: list[dict] = []
        if not state.over:
            if state.players == 2 or len(after.still_in()) < 2:
                after.ended = "resignation"
            else:
                # The seat to move may have lost its only move with the figures gone.
                passes = self._next_turn(after, state.turn, include=True)
        gained = dict.fromkeys(seats, 0)
        for entry in passes:
            gained[entry["seat"]] += entry["income"]
        extra = {"income": 0, "one_off": 0, "scores": gained, "kind": "resign", "passes": passes}
        return after, Step(player=seats[seat], move=after.last, points=0, extra=extra)

    def legal_moves(self, state: QuadramidsState) -> list[list]:
        """Every legal move of the side to move (puts first, then moves by their from place)."""
        if state.over:
            return []
        return [move_payload(a, b) for a, b in moves_of(state.position, state.turn)]

    def suggest(self, state: QuadramidsState, level: str = DEFAULT_CPU_LEVEL) -> list | None:
        """The CPU player's move for the side to move; None when the game is over."""
        check_cpu_level(level)
        if state.over:
            return None
        if level == "easy":
            return cpu.easy_move(state)
        if level == "strong":
            return cpu.strong_move(state)
        return cpu.suggest_move(state)

    # -- reading a state -------------------------------------------------------
    def places(self, state: QuadramidsState) -> dict[str, int]:
        """M19, M20: 1 = best. Still in above out; then higher score; equal scores share.

        Resigned seats come last, the earlier resignation lower (M19).
        """
        seats = state.options.seats
        resigned = state.resigned
        standing = []
        for seat in range(state.players):
            if seat in resigned:
                group, value = 2, resigned.index(seat)
            else:
                group, value = (1 if state.is_out(seat) else 0), state.scores[seat]
            standing.append((group, -value, seat))  # a later resignation ranks higher
        places: dict[str, int] = {}
        for seat_key in standing:
            group, value, seat = seat_key
            better = sum(1 for g, v, _s in standing if (g, v) < (group, value))
            places[seats[seat]] = better + 1
        return places

    def result(self, state: QuadramidsState) -> Result:
        if not state.over:
            return Result(over=False)
        places = self.places(state)
        first = [seat for seat, place in places.items() if place == 1]
        return Result(over=True, winner=first[0] if len(first) == 1 else None, reason=state.ended)

    def to_move(self, state: QuadramidsState) -> str | None:
        return None if state.over else state.options.seats[state.turn]

    def score(self, state: QuadramidsState) -> dict[str, int]:
        return dict(zip(state.options.seats, state.scores, strict=True))

    def view(self, state: QuadramidsState) -> dict:
        """The position for pages and the API.

        Beyond the brief's keys: "places" (as `places`), "result" ({over, winner,
        reason}), "income" ({seat: what its unblocked pyramids bring each turn}),
        "squares" ([{centre, seat, kind}] for every square on the board), "colours"
        ({cell: capital|golden|entry|city|plain} for the non-plain cells), "move_limit"
        and "passes" (automatic passes in a row).
        """
        seats = state.options.seats
        position = state.position
        result = self.result(state)
        return {
            "players": state.players,
            "seats": list(seats),
            "cells": {cell_name(c): seats[s] for c, s in enumerate(position.cells) if s != EMPTY},
            "centres": {
                place_name(CENTRE + c): {"seat": seats[s], "role": role, "kind": KIND[c]}
                for c, (s, role) in sorted(position.centres.items())
            },
            "hands": dict(zip(seats, position.hands, strict=True)),
            "scores": self.score(state),
            "out": [seats[s] for s in range(state.players) if state.is_out(s)],
            "to_move": self.to_move(state),
            "last": state.last,
            "moves": state.moves,
            "move_limit": state.options.move_limit,
            "passes": state.passes,
            "circles": [place_name(CENTRE + c) for c in CIRCLES],
            "colours": {cell_name(c): colour(c) for c in range(CELLS) if colour(c) != "plain"},
            "squares": [
                {"centre": place_name(CENTRE + c), "seat": seats[owner], "kind": KIND[c]}
                for c in CENTRES
                if (owner := position.square_owner(c)) != EMPTY
            ],
            "income": {seats[s]: position.income(s) for s in range(state.players)},
            "places": self.places(state),
            "result": {"over": result.over, "winner": result.winner, "reason": result.reason},
            "legal": self.legal_moves(state),
        }

    def check(self, state: QuadramidsState) -> list[str]:
        """What is wrong with a position (empty when it keeps the rules' invariants)."""
        problems = []
        position = state.position
        for seat in range(state.players):
            total = position.on_board(seat) + position.hands[seat] + position.removed[seat]
            low = min(position.hands[seat], position.removed[seat])
            if total != state.options.figures or low < 0:
                problems.append(
                    f"seat {seat + 1}: {position.on_board(seat)} on the board, "
                    f"{position.hands[seat]} in hand, {position.removed[seat]} removed; "
                    f"not {state.options.figures} figures"
                )
        if any(s != EMPTY and not 0 <= s < state.players for s in position.cells):
            problems.append("a cell holds a seat not in play")
        for c, (seat, role) in position.centres.items():
            owner = position.square_owner(c)
            name = place_name(CENTRE + c)
            if c not in KIND or owner == EMPTY:
                problems.append(f"{name} holds a figure but is the centre of no square")
            elif role == APEX and owner != seat:
                problems.append(f"the apex on {name} is not on its owner's square")
            elif role == BLOCKER and owner == seat:
                problems.append(f"the blocker on {name} blocks its own square")
            elif role not in (APEX, BLOCKER) or not 0 <= seat < state.players:
                problems.append(f"{name} holds an unknown figure")
        if not state.over and (state.is_out(state.turn) or not has_move(position, state.turn)):
            problems.append(f"seat {state.turn + 1} is to move without a move")
        return problems

    # -- snapshots -------------------------------------------------------------
    def dump(self, state: QuadramidsState) -> bytes:
        """A one-line JSON snapshot; the cells are one 64-character string ("." or a seat)."""
        position = state.position
        snapshot = {
            "v": SNAPSHOT_VERSION,
            "o": state.options.as_dict(),
            "c": "".join("." if s == EMPTY else str(s + 1) for s in position.cells),
            "z": {
                place_name(CENTRE + c): f"{s + 1}{ROLE_LETTER[role]}"
                for c, (s, role) in sorted(position.centres.items())
            },
            "h": position.hands,
            "r": position.removed,
            "s": list(state.scores),
            "t": state.turn,
            "m": state.moves,
            "p": state.passes,
            "q": list(state.resigned),
            "l": state.last,
            "e": state.ended,
        }
        return json.dumps(snapshot, separators=(",", ":")).encode()

    def load(self, data: bytes) -> QuadramidsState:
        try:
            snapshot = json.loads(data)
            if snapshot["v"] != SNAPSHOT_VERSION:
                raise ValueError(f"version {snapshot['v']}")
            options = parse_options(snapshot["o"])
            n = options.players
            text = snapshot["c"]
            if len(text) != CELLS:
                raise ValueError("64 cells")
            cells = [EMPTY if ch == "." else int(ch) - 1 for ch in text]
            centres = {}
            for name, code in snapshot["z"].items():
                place = parse_place(name)
                if place is None or place < CENTRE:
                    raise ValueError(f"centre {name!r}")
                centres[place - CENTRE] = (int(code[0]) - 1, LETTER_ROLE[code[1]])
            hands, removed = [int(x) for x in snapshot["h"]], [int(x) for x in snapshot["r"]]
            if len(hands) != n or len(removed) != n or len(snapshot["s"]) != n:
                raise ValueError("one hand, removed count and score per seat")
            state = QuadramidsState(
                options,
                Position(cells, centres, hands, removed),
                tuple(int(x) for x in snapshot["s"]),
                turn=int(snapshot["t"]),
                moves=int(snapshot["m"]),
                passes=int(snapshot["p"]),
                resigned=tuple(int(x) for x in snapshot["q"]),
                last=snapshot["l"],
                ended=snapshot["e"],
            )
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as error:
            raise RecordError(f"snapshot: {error}") from None
        if not 0 <= state.turn < n or any(s != EMPTY and not 0 <= s < n for s in cells):
            raise RecordError("snapshot: it does not fit the seats")
        return state

    # -- records ---------------------------------------------------------------
    def read_record(self, text: str, filename: str = "") -> Record:
        return records.read(text, filename)

    def write_record(self, record: Record, form: str = "json") -> str:
        return records.write(record, form)

    def replay(self, record: Record) -> Iterator[dict]:
        """One line per record move: the common keys plus "scores" (what each seat won with
        this line: the mover's income and one-off points, automatic passers' income),
        "income", "one_off", "kind" and "passes"."""
        own = ("scores", "income", "one_off", "kind", "passes")
        return replay_moves(self, record, lambda state, step: {k: step.extra[k] for k in own})


def _place(name: str, *, cell: bool) -> int:
    place = parse_place(name)
    if place is None or (place < CENTRE) != cell:
        raise ValueError(f"{name!r} is not a {'cell' if cell else 'centre'}")
    return place


ENGINE = QuadramidsEngine()

__all__ = ["ENGINE", "QuadramidsEngine", "QuadramidsState"]
