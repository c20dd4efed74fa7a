"""Swiss pairings (FIDE Dutch): 1,000 players over 11 rounds with random results, and 999
players (a bye every round), the final round with its topscorers; the seconds each round
took to pair (target: 2 s or less).

Run alone: `python -m bench.swiss_pairing`.
"""

import random
import time
from dataclasses import replace
from fractions import Fraction

from bench.timing import Timing

ROUNDS = 11
TARGET_SECONDS = 2.0


def _season(players: int, seed: int) -> list[float]:
    """Seconds per round of one event played out with wins, draws and losses at random."""
    from tournaments.systems.swiss.pairing import Competitor, pair_round

    chooser = random.Random(seed)
    field = {
        f"p{n}": Competitor(f"p{n}", n, Fraction(0), frozenset(), (), (), False)
        for n in range(1, players + 1)
    }
    seconds = []
    for played in range(ROUNDS):
        # The final round is paired with its topscorers (over half the most points), as
        # the championship's worker pairs it.
        topscorers_over = Fraction(played, 2) if played == ROUNDS - 1 else None
        started = time.perf_counter()
        result = pair_round(
            list(field.values()), initial_seat="first", topscorers_over=topscorers_over
        )
        seconds.append(time.perf_counter() - started)
        games = {}
        for pairing in result.pairings:
            score = chooser.choice((Fraction(1), Fraction(1, 2), Fraction(0)))
            games[pairing.first] = (score, pairing.second, "first", pairing.floats)
            games[pairing.second] = (1 - score, pairing.first, "second", pairing.floats)
        for player_id, competitor in field.items():
            if result.bye is not None and player_id == result.bye.player:
                field[player_id] = replace(
                    competitor,
                    points=competitor.points + 1,
                    seats=(*competitor.seats, None),
                    floats=(*competitor.floats, "down"),
                    had_bye=True,
                )
                continue
            score, opponent, seat, floats = games[player_id]
            field[player_id] = replace(
                competitor,
                points=competitor.points + score,
                opponents=competitor.opponents | {opponent},
                seats=(*competitor.seats, seat),
                floats=(*competitor.floats, floats.get(player_id)),
            )
    return seconds


def run() -> list[Timing | str]:
    lines: list[Timing | str] = []
    for players, seed in ((1000, 1), (999, 2)):
        seconds = _season(players, seed)
        per_round = " ".join(f"{s:.2f}" for s in seconds)
        slowest = max(seconds)
        verdict = "within" if slowest <= TARGET_SECONDS else "OVER"
        lines.append(f"{players} players, seconds per round: {per_round}")
        lines.append(f"  slowest {slowest:.2f} s ({verdict} the {TARGET_SECONDS:.0f} s target)")
        ms = [s * 1000 for s in sorted(seconds)]
        lines.append(
            Timing(
                f"pair one round of {players}",
                len(ms),
                ms[len(ms) // 2],
                ms[min(len(ms) - 1, int(len(ms) * 0.95))],
                len(ms) / sum(seconds),
            )
        )
    return lines


if __name__ == "__main__":
    for line in run():
        print(line if isinstance(line, str) else line.line())
