"""The score a bracket box shows for a match, as a pure function over its games.

A match of one game shows that game's score (dots, boxes or points, as the game counts them);
a match that needed more games (a drawn game is replayed) shows the games won, a drawn game
counting half to each side, as a chess match is scored."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class GameTally:
    """What a game of a match says about its score: who sat where and what it stands at."""

    players: Mapping[str, int | None]  # seat → the seated player's id
    score: Mapping[str, float]  # seat → the game's own score so far
    finished: bool
    winner: str = ""  # the winning seat of a finished game; empty for a draw


def match_score(games: Sequence[GameTally], first: int | None, second: int | None) -> dict | None:
    """`{"a", "b", "in"}` for the match's sides (`first`, `second`: their players' ids):
    `in` is "points" for one game's own score, "games" for games won; None before any game
    has a score to show."""
    if not games:
        return None
    if len(games) == 1:
        game = games[0]
        seat_of = {player: seat for seat, player in game.players.items() if player is not None}
        points = [game.score.get(seat_of[p]) if p in seat_of else None for p in (first, second)]
        if all(value is None for value in points):
            return None
        return {"a": points[0], "b": points[1], "in": "points"}
    if first is None or second is None:
        return None
    won = {first: 0.0, second: 0.0}
    for game in games:
        if not game.finished:
            continue
        if not game.winner:
            for player in won:
                won[player] += 0.5
            continue
        winner = game.players.get(game.winner)
        if winner in won:
            won[winner] += 1
    return {"a": won[first], "b": won[second], "in": "games"}
