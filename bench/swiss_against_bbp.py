"""The Dutch pairing against bbpPairings, a FIDE-endorsed engine of the same edition
(C.04.3 in force from 1 February 2026): random events of 5-60 players, 3-8 rounds, with
forfeits and withdrawals, paired round by round by both (tests/swiss/independent_engine.py),
the last round as the final one (its topscorers); the share of rounds paired alike, with a
bye and without.

Needs bbpPairings: BBP_PAIRINGS=/path/to/bbpPairings.exe python -m bench.swiss_against_bbp
[events]. Built from its sources (github.com/BieremaBoyzProgramming/bbpPairings) with
`make`; it is not a dependency of the project.
"""

import random
import sys

from tests.swiss.independent_engine import Event, engine_path, pair_there
from tournaments.systems.swiss import pairing as swiss


def compare(engine: str, events: int) -> dict[str, list[int]]:
    """Rounds compared and rounds alike, by whether the round has a bye."""
    counts = {"with a bye": [0, 0], "without a bye": [0, 0]}
    for seed in range(events):
        shape = random.Random(seed)
        players = shape.randint(5, 60)
        rounds = min(players - 1, shape.randint(3, 8))
        chooser = random.Random(seed)
        event = Event(players, rounds, chooser.random() < 0.5, chooser)
        for _ in range(rounds):
            try:
                ours = event.pair_here()
            except swiss.PairingImpossible:
                break
            theirs = pair_there(engine, event.report())
            kind = "with a bye" if ours.bye is not None else "without a bye"
            counts[kind][0] += 1
            counts[kind][1] += ours == theirs
            event.play(ours)
    return counts


def run(events: int = 200) -> list[str]:
    engine = engine_path()
    if engine is None:
        return ["bbpPairings not found (set BBP_PAIRINGS): nothing compared"]
    lines = []
    for kind, (compared, alike) in compare(engine, events).items():
        share = 100 * alike / compared if compared else 100.0
        lines.append(f"rounds {kind}: {alike} of {compared} paired alike ({share:.2f} %)")
    return lines


if __name__ == "__main__":
    for line in run(int(sys.argv[1]) if len(sys.argv) > 1 else 200):
        print(line)
