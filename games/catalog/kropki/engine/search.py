"""The strong Kropki CPU: the normal CPU's best points, each played out a few moves ahead.

The normal CPU (cpu.py) weighs every point near the fight and looks twice at the
best few. The strong one takes its WIDTH best points and, for each, plays the game
on for DEPTH more moves, both sides playing as the normal CPU would. Each line is
valued by the score after it (the captures and the losses the normal CPU's eye
misses, such as a reply that prepares two captures at once), and the normal CPU's
own value of the first point breaks ties, so a quiet position gets the normal
move. The work is fixed (no clock), so the same position always gets the same
answer. On the default 39×32 board a move takes about 0.1 s in the opening and
up to about a second on a board of 700 dots (docs/benchmarks.md).
"""

from games.catalog.kropki.engine.board import other
from games.catalog.kropki.engine.cpu import opening_point, ranked_points, suggest_point
from games.catalog.kropki.engine.rules import Position, place

WIDTH = 4  # the normal CPU's best points that are played out
DEPTH = 4  # moves played after each of them, both sides as the normal CPU
LINE_WEIGHT = 1000.0  # a dot won in the line outweighs any difference in the first look


def _played_out(position: Position, player: int, point: int, moves: int) -> int:
    """`player`'s net score change when the dot goes on `point` and DEPTH moves follow."""
    trial = position.copy()
    before = trial.score[player] - trial.score[other(player)]
    place(trial, point, player)
    mover, last = other(player), point
    for step in range(DEPTH):
        reply = suggest_point(trial, mover, last, moves + 1 + step)
        if reply is None:
            break
        place(trial, reply, mover)
        mover, last = other(mover), reply
    return trial.score[player] - trial.score[other(player)] - before


def strong_point(position: Position, player: int, last: int | None, moves: int) -> int | None:
    """The index of the point the strong CPU plays for `player`, or None when none is free."""
    ranked = ranked_points(position, player, last, moves)
    if not ranked:
        return opening_point(position)
    best_value, best = None, None
    for value, point in ranked[:WIDTH]:
        value += LINE_WEIGHT * _played_out(position, player, point, moves)
        if best_value is None or value > best_value:
            best_value, best = value, point
    return best
