"""The Dots and Boxes CPU player: exact near the end, the classic strategy before it.

With at most EXACT_LINES lines undrawn the solver's move is played (the solver
keeps its table, so the moves after the first are look-ups). Before that:

- boxes handed over are taken, unless the loony endgame has begun and keeping
  control is worth more: then the last two boxes of a chain (four of a loop) are
  left to the opponent with the double-dealing move, so that the opponent must
  open the next chain (the long-chain rule);
- while a safe line exists (one that gives no box a third side) a safe line is
  drawn, never a third side; when few are left, the one that makes the opponent
  run out of them first (when the chains make that worth it) is found by search,
  each end valued by counting chains and loops (`controlled_value`);
- when none is left, the gifts are tried (every line on small boards, one per
  chain or loop on large ones): the opponent takes what is given, or double-deals
  when that pays, and gives the next gift in turn, searched on the real positions
  with memory (`_LoonySearch`, counting chains and loops past its budget). The
  best gift is made, the smallest first among equals; a 2-chain is given with its
  middle line (the hard-hearted handout), which leaves nothing to double-deal.

Ties are broken by a generator seeded with the position, so the same position
always gets the same answer. That is the "normal" level. "easy" is the stand-in's
play (`stand_in_line`); "strong" is exact from STRONG_EXACT_LINES undrawn lines on
and, before that, the same strategy with searches STRONG_EFFORT times larger, the
fight for the last safe lines searched from more of them on; where there are too
many for the search, each safe line is valued by playing safe lines on at random
to the end of them and counting the chains and loops there (`played_out_value`),
instead of drawn at random.
"""

import contextlib
import random
from dataclasses import dataclass
from functools import lru_cache

from games.catalog.dots_and_boxes.engine.board import Geometry, bits, completes, gives_third_side
from games.catalog.dots_and_boxes.engine.solver import best_lines, line_values

# The solver answers 21 undrawn lines in about 0.2 s on the 2-core benchmark machine
# (22: 0.4 s, 23: 0.9 s); see docs/benchmarks.md.
EXACT_LINES = 21
STRONG_EXACT_LINES = 22  # the strong level's solver: 0.4 s at 22 on the benchmark machine
STRONG_EFFORT = 10  # the strong level's search budgets, as a multiple of the normal ones
SAFE_SEARCH_LINES = 12  # search the fight for the last safe lines from this many on
STRONG_SAFE_SEARCH_LINES = 14


@dataclass(frozen=True)
class Effort:
    """How hard a level looks: exact from `exact_lines` undrawn lines on; the searches'
    budgets times `budget`; the safe-line fight searched from `safe_search_lines` on."""

    exact_lines: int
    budget: int
    safe_search_lines: int
    # Beyond the search: each safe line valued by playing safe lines on at random to
    # the end of them and counting the chains there (False: a safe line at random).
    play_out: bool = False


NORMAL = Effort(EXACT_LINES, 1, SAFE_SEARCH_LINES)
STRONG = Effort(STRONG_EXACT_LINES, STRONG_EFFORT, STRONG_SAFE_SEARCH_LINES, play_out=True)


def played_out_value(board: Geometry, drawn: int, chooser: random.Random) -> int:
    """Estimated net boxes for the player to move: safe lines drawn at random until none
    is left, then the chains and loops counted for whoever must open one."""
    sign = 1
    while True:
        safe = safe_lines(board, drawn, sides_left(board, drawn))
        if not safe:
            return sign * endgame_value(board, drawn)
        drawn |= 1 << chooser.choice(safe)
        sign = -sign


def suggest_line(board: Geometry, drawn: int, effort: "Effort | None" = None) -> int | None:
    """The line the CPU draws for the player to move, or None when every line is drawn."""
    effort = effort or NORMAL
    free = board.all_lines & ~drawn
    if not free:
        return None
    chooser = random.Random(drawn * 31 + board.columns * 10 + board.rows)
    if free.bit_count() <= effort.exact_lines:
        best = best_lines(line_values(board, drawn), board, drawn)
        first = _kind(board, drawn, best[0])
        return chooser.choice([line for line in best if _kind(board, drawn, line) == first])
    return Strategy(board, drawn, chooser, effort).move()


def stand_in_line(board: Geometry, drawn: int) -> int | None:
    """The line the stand-in of D11 draws: the CPU's easiest level, which neither wins a
    game for an absent player nor plays well for one who left on purpose.

    The first line (by number) that gives no box its third side; when there is none, the
    one that hands the opponent the fewest boxes (a capture hands none: the mover draws
    again), the lowest-numbered among equals. None when every line is drawn.
    """
    free = board.all_lines & ~drawn
    if not free:
        return None
    safe = safe_lines(board, drawn, sides_left(board, drawn))
    if safe:
        return safe[0]
    return min(bits(free), key=lambda line: (boxes_handed_over(board, drawn, line), line))


def boxes_handed_over(board: Geometry, drawn: int, line: int) -> int:
    """How many boxes the opponent can take in a row after `line` is drawn."""
    if completes(board, drawn, line):
        return 0  # the mover draws again
    _after, won = capture_all(board, drawn | 1 << line)
    return won


def _kind(board: Geometry, drawn: int, line: int) -> int:
    """0: a capture, 1: a line that hands nothing over, 2: one that gives a box away."""
    if completes(board, drawn, line):
        return 0
    return 2 if gives_third_side(board, drawn, line) else 1


def sides_left(board: Geometry, drawn: int) -> list[int]:
    """Per box, how many of its sides are undrawn (0: the box is taken)."""
    return [(sides & ~drawn).bit_count() for sides in board.box_lines]


def across(board: Geometry, line: int, box: int) -> int | None:
    """The box on the other side of `line` from `box`; None beyond the border."""
    for other in board.line_boxes[line]:
        if other != box:
            return other
    return None


def safe_lines(board: Geometry, drawn: int, left: list[int]) -> list[int]:
    """The undrawn lines that give no box its third side."""
    return [
        line
        for line in bits(board.all_lines & ~drawn)
        if all(left[box] >= 3 for box in board.line_boxes[line])
    ]


def capture_all(board: Geometry, drawn: int) -> tuple[int, int]:
    """(lines drawn after, boxes won) when the player to move takes every box it can."""
    won = 0
    left = sides_left(board, drawn)
    ready = [box for box, count in enumerate(left) if count == 1]
    while ready:
        box = ready.pop()
        missing = board.box_lines[box] & ~drawn
        if not missing:
            continue  # taken with its neighbour by one line
        line = missing.bit_length() - 1
        drawn |= missing
        for neighbour in board.line_boxes[line]:
            left[neighbour] -= 1
            if left[neighbour] == 0:
                won += 1
            elif left[neighbour] == 1:
                ready.append(neighbour)
    return drawn, won


@dataclass(frozen=True)
class Run:
    """Boxes that can be taken one after the other, from a box with three sides.

    `lines[i]` is the line that takes `boxes[i]`. A chain run ends at the border
    or at a box with three or more undrawn sides, and its last line leads there;
    a loop run ends at another box with three sides, which `lines[-1]` also takes.
    """

    boxes: tuple[int, ...]
    lines: tuple[int, ...]
    loop: bool

    @property
    def declinable(self) -> bool:
        """Whether the taker can leave two boxes (four of a loop) and keep control."""
        return len(self.boxes) >= (4 if self.loop else 2)


def runs(board: Geometry, drawn: int, left: list[int]) -> list[Run]:
    seen: set[int] = set()
    found = []
    for start, count in enumerate(left):
        if count != 1 or start in seen:
            continue
        boxes, lines, loop = [start], [], False
        seen.add(start)
        current, line = start, (board.box_lines[start] & ~drawn).bit_length() - 1
        while True:
            lines.append(line)
            following = across(board, line, current)
            if following is None or left[following] >= 3 or following in seen:
                break
            boxes.append(following)
            seen.add(following)
            if left[following] == 1:
                loop = True
                break
            line = ((board.box_lines[following] & ~drawn) & ~(1 << line)).bit_length() - 1
            current = following
        found.append(Run(tuple(boxes), tuple(lines), loop))
    return found


def components(board: Geometry, drawn: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(chain lengths, loop lengths) of the boxes with two undrawn sides.

    Boxes with three or more undrawn sides (joints) are left out: they join
    chains later, so this counts a little short where they are.
    """
    left = sides_left(board, drawn)
    seen: set[int] = set()
    chains, loops = [], []
    for start, count in enumerate(left):
        if count != 2 or start in seen:
            continue
        seen.add(start)
        stack, size, ends = [start], 0, 0
        while stack:
            box = stack.pop()
            size += 1
            for line in bits(board.box_lines[box] & ~drawn):
                other = across(board, line, box)
                if other is None or left[other] != 2:
                    ends += 1
                elif other not in seen:
                    seen.add(other)
                    stack.append(other)
        (chains if ends else loops).append(size)
    return tuple(sorted(chains)), tuple(sorted(loops))


def controlled_value(chains: tuple[int, ...], loops: tuple[int, ...]) -> int:
    """Net boxes for the player who must open one of these chains and loops next.

    The opener gives one away; the opponent takes it all and opens the next, or
    (a chain of 3 or more, a loop) keeps control by leaving the last 2 boxes of
    the chain (4 of the loop) to the opener, who must then open the next one.
    Every order is tried when the lengths are few; with many, the usual order
    (short chains, then loops, then long chains, the smallest first).
    """
    shapes = 1
    for size in set(chains):
        shapes *= chains.count(size) + 1
    for size in set(loops):
        shapes *= loops.count(size) + 1
    if shapes > CONTROLLED_SHAPES:
        return _in_the_usual_order(chains, loops)
    return _controlled_value(chains, loops)


CONTROLLED_SHAPES = 2000  # sub-multisets of lengths searched at most


def _taker(size: int, loop: bool, after: int, more: bool) -> int:
    """What the taker of a chain (loop) of `size` nets, `after` being the next opener's."""
    taker = size + after
    if more and (loop or size >= 3):
        taker = max(taker, size - (8 if loop else 4) - after)
    return taker


@lru_cache(maxsize=1 << 16)
def _controlled_value(chains: tuple[int, ...], loops: tuple[int, ...]) -> int:
    if not chains and not loops:
        return 0
    best = None
    for size in sorted(set(chains)):
        rest = list(chains)
        rest.remove(size)
        after = _controlled_value(tuple(rest), loops)
        value = -_taker(size, False, after, bool(rest or loops))
        best = value if best is None else max(best, value)
    for size in sorted(set(loops)):
        rest = list(loops)
        rest.remove(size)
        after = _controlled_value(chains, tuple(rest))
        value = -_taker(size, True, after, bool(rest or chains))
        best = value if best is None else max(best, value)
    return best


def _in_the_usual_order(chains: tuple[int, ...], loops: tuple[int, ...]) -> int:
    order = [(size, False) for size in chains if size < 3] + [(size, True) for size in loops]
    order += [(size, False) for size in chains if size >= 3]
    value = 0  # for the opener of the last one, after it
    for position in range(len(order) - 1, -1, -1):
        size, loop = order[position]
        value = -_taker(size, loop, value, position < len(order) - 1)
    return value


def endgame_value(board: Geometry, drawn: int) -> int:
    """Estimated net boxes for the player to move when every line gives boxes away."""
    return controlled_value(*components(board, drawn))


# The searches' budgets, for a board of 20 boxes; larger boards get less (each
# step costs more there), so that a move stays well under a second.
SAFE_SEARCH_NODES = 4000  # positions; beyond that a safe line is picked at random


def _budget(board: Geometry, steps: int) -> int:
    """`steps` on 20 boxes; on more, fewer with the square of the size (each step
    walks the whole board, and there are more steps to each position)."""
    return max(steps // 16, steps * 400 // board.boxes**2)


class _OverBudget(Exception):
    pass


class _SafeLineSearch:
    """Net boxes for the player to move when both draw safe lines until none is left."""

    def __init__(self, board: Geometry, times: int = 1) -> None:
        self.board = board
        self.known: dict[int, int] = {}
        self.budget = _budget(board, SAFE_SEARCH_NODES) * times

    def value(self, drawn: int) -> int:
        known = self.known.get(drawn)
        if known is not None:
            return known
        if len(self.known) >= self.budget:
            raise _OverBudget
        board = self.board
        safe = safe_lines(board, drawn, sides_left(board, drawn))
        if safe:
            result = max(-self.value(drawn | 1 << line) for line in safe)
        else:
            result = endgame_value(board, drawn)
        self.known[drawn] = result
        return result


LOONY_SEARCH_GIFTS = 2000  # gifts tried; beyond that, chains and loops are counted
EVERY_GIFT_LINES = 32  # with more lines left, only one gift per chain or loop is tried


class _LoonySearch:
    """Net boxes for the player who must give boxes away (no safe line is left).

    Every gift is tried, one per chain or loop, and answered as `Strategy.take`
    would: take all and give the next, or double-deal when that pays. The positions
    are the real ones, so chains that meet at a box with three open sides join
    when one of them is taken. With memory; past the budget the chains-and-loops
    count (`endgame_value`) stands in.
    """

    def __init__(self, board: Geometry, times: int = 1) -> None:
        self.board = board
        self.known: dict[int, int] = {}
        self.budget = _budget(board, LOONY_SEARCH_GIFTS) * times
        self.spent = 0

    def value(self, drawn: int) -> int:
        board = self.board
        if drawn == board.all_lines:
            return 0
        known = self.known.get(drawn)
        if known is not None:
            return known
        if self.spent >= self.budget:
            return endgame_value(board, drawn)
        result = max(-self.taker(drawn | 1 << line) for line in openings(board, drawn))
        self.known[drawn] = result
        return result

    def taker(self, given: int) -> int:
        """Net boxes for the player to move after a gift: all of it, or control kept."""
        board = self.board
        self.spent += 1
        after, won = capture_all(board, given)
        rest = self.value(after)
        best = won + rest
        if after != board.all_lines:
            handed = [run for run in runs(board, given, sides_left(board, given)) if run.declinable]
            if handed:
                cost = 8 if all(run.loop for run in handed) else 4
                best = max(best, won - cost - rest)
        return best


def openings(board: Geometry, drawn: int) -> list[int]:
    """One gift per chain or loop: an end line of a chain (preferring the border),
    the middle line of a chain of two, any line of a loop or of a single box."""
    left = sides_left(board, drawn)
    seen: set[int] = set()
    gifts = []
    for start, count in enumerate(left):
        if count != 2 or start in seen:
            continue
        seen.add(start)
        stack, boxes, inner, ends = [start], [], [], []
        while stack:
            box = stack.pop()
            boxes.append(box)
            for line in bits(board.box_lines[box] & ~drawn):
                other = across(board, line, box)
                if other is None:
                    ends.insert(0, line)
                elif left[other] != 2:
                    ends.append(line)
                else:
                    inner.append(line)
                    if other not in seen:
                        seen.add(other)
                        stack.append(other)
        if len(boxes) == 2 and ends:
            gifts.append(inner[0])
        else:
            gifts.append((ends or inner)[0])
    return gifts or list(bits(board.all_lines & ~drawn))


class Strategy:
    """The CPU's move before the solver takes over; see the module's docstring."""

    def __init__(
        self, board: Geometry, drawn: int, chooser: random.Random, effort: Effort = NORMAL
    ) -> None:
        self.board, self.drawn, self.chooser = board, drawn, chooser
        self.effort = effort
        self.left = sides_left(board, drawn)

    def move(self) -> int:
        board, drawn, left = self.board, self.drawn, self.left
        handed = runs(board, drawn, left)
        if handed:
            return self.take(handed)
        safe = safe_lines(board, drawn, left)
        if safe:
            return self.safe_move(safe)
        return self.sacrifice()

    def safe_move(self, safe: list[int]) -> int:
        """A safe line; near the end of the safe lines, one that wins the fight for them.

        Whoever runs out of safe lines first must open a chain: with few safe lines
        left, every order of them is tried (with memory, within a budget), and each
        end valued as chains and loops for the player who must open one.
        """
        values = None
        if len(safe) <= self.effort.safe_search_lines:
            search = _SafeLineSearch(self.board, self.effort.budget)
            with contextlib.suppress(_OverBudget):
                values = {line: -search.value(self.drawn | 1 << line) for line in safe}
        if values is None and self.effort.play_out:
            # The same random numbers for every line, so that the lines are compared alike.
            seed = self.chooser.getrandbits(32)
            values = {
                line: -played_out_value(self.board, self.drawn | 1 << line, random.Random(seed))
                for line in safe
            }
        if values is None:
            return self.chooser.choice(safe)
        top = max(values.values())
        return self.chooser.choice([line for line in safe if values[line] == top])

    def take(self, handed: list[Run]) -> int:
        """Take a box, or double-deal when keeping control is worth two boxes (four)."""
        board = self.board
        after, _won = capture_all(board, self.drawn)
        take = handed[0].lines[0]
        if after == board.all_lines or safe_lines(board, after, sides_left(board, after)):
            return take
        rest = _LoonySearch(board, self.effort.budget).value(
            after
        )  # for us, opening the next chain after all
        declinable = sorted(
            (run for run in handed if run.declinable), key=lambda run: (run.loop, len(run.boxes))
        )
        if not declinable:
            return take
        kept = declinable[0]
        cost = 8 if kept.loop else 4
        if -rest - cost <= rest:
            return take
        others = [run for run in handed if run is not kept]
        if others:
            return others[0].lines[0]
        if kept.loop:
            return kept.lines[1] if len(kept.boxes) == 4 else kept.lines[0]
        return kept.lines[1] if len(kept.boxes) == 2 else kept.lines[0]

    def sacrifice(self) -> int:
        """The line whose gift costs least, the opponent answering as `take` would."""
        board, drawn = self.board, self.drawn
        search = _LoonySearch(board, self.effort.budget)
        free = board.all_lines & ~drawn
        # Every line on a small board; on a large one, one gift per chain or loop.
        gifts = bits(free) if free.bit_count() <= EVERY_GIFT_LINES else openings(board, drawn)
        best_key, best = None, []
        for line in gifts:
            given = drawn | 1 << line
            taker = search.taker(given)
            after, won = capture_all(board, given)
            handed = runs(board, given, sides_left(board, given))
            declinable = after != board.all_lines and any(run.declinable for run in handed)
            # The best gift; among equals the smallest, and one the taker cannot decline.
            key = (-taker, -won, not declinable)
            if best_key is None or key > best_key:
                best_key, best = key, [line]
            elif key == best_key:
                best.append(line)
        return self.chooser.choice(best)
