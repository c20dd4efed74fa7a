"""An Arena's points, as pure functions over a player's finished games in order.

- A win is worth 2, a draw 1, a loss 0.
- The streak: after two wins in a row, every further game counts double (a win 4, a draw
  2) until a game is not won; the game that is not won ends it (a draw still counts
  double, a loss is 0).
- A draw within a game's first moves (`EARLY_DRAW_MOVES` of the game, stated per game) is
  worth nothing, and ends a streak like any game not won.
- Berserk: a player who halved their own clock before their first move gets one point
  more for a win (never for a draw or a loss), on top of what the win is worth.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

Outcome = Literal["win", "draw", "loss"]

WIN, DRAW, LOSS = 2, 1, 0
# Wins in a row after which the games count double.
STREAK_FROM = 2
BERSERK_BONUS = 1


@dataclass(frozen=True)
class ArenaGame:
    """One finished game of one player, as the Arena scores it."""

    outcome: Outcome
    moves: int  # moves played in the game, both players'
    berserk: bool = False


@dataclass(frozen=True)
class Scored:
    """A game with the points it gave and the streak it was played on."""

    game: ArenaGame
    points: int
    on_streak: bool  # counted double
    early_draw: bool  # a draw too early to score


@dataclass(frozen=True)
class Tally:
    """A player's Arena so far."""

    points: int
    games: int
    won: int
    drawn: int
    lost: int
    streak: int  # wins in a row at the end
    on_streak: bool  # the next game counts double
    berserk: int  # games played berserk


def scored_games(games: Iterable[ArenaGame], early_draw_moves: int) -> list[Scored]:
    """Each game of a player, in the order played, with its points."""
    result = []
    wins_in_a_row = 0
    for game in games:
        doubled = wins_in_a_row >= STREAK_FROM
        early = game.outcome == "draw" and game.moves < early_draw_moves
        if game.outcome == "win":
            points = WIN * (2 if doubled else 1) + (BERSERK_BONUS if game.berserk else 0)
            wins_in_a_row += 1
        else:
            base = DRAW if game.outcome == "draw" and not early else LOSS
            points = base * (2 if doubled else 1)
            wins_in_a_row = 0
        result.append(Scored(game, points, doubled, early))
    return result


def tally(games: Sequence[ArenaGame], early_draw_moves: int) -> Tally:
    """A player's points, counts and streak after `games` (in the order played)."""
    scored = scored_games(games, early_draw_moves)
    streak = 0
    for game in reversed(games):
        if game.outcome != "win":
            break
        streak += 1
    return Tally(
        points=sum(item.points for item in scored),
        games=len(games),
        won=sum(game.outcome == "win" for game in games),
        drawn=sum(game.outcome == "draw" for game in games),
        lost=sum(game.outcome == "loss" for game in games),
        streak=streak,
        on_streak=streak >= STREAK_FROM,
        berserk=sum(game.berserk for game in games),
    )
