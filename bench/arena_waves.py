"""The Arena's pairing wave: 500 entrants free at once (the Arena's start, or every game of
a round of waves ending together), each paired with the nearest free entrant in the
standings who is not their last opponent."""

import random

from bench.timing import Timing, measure

ENTRANTS = 500


def _standings(chooser: random.Random) -> list[int]:
    entrants = list(range(ENTRANTS))
    chooser.shuffle(entrants)
    return entrants


def run() -> list[Timing | str]:
    from tournaments.systems.arena.waves import pairing_wave

    chooser = random.Random(34)
    waves = []
    for _ in range(50):
        free = _standings(chooser)
        # Each entrant's last game was against a random other entrant.
        shuffled = free[:]
        chooser.shuffle(shuffled)
        last = {}
        for a, b in zip(shuffled[::2], shuffled[1::2], strict=True):
            last[a], last[b] = b, a
        waves.append((free, last))
    # The hardest order for the wave: everyone's last opponent is their neighbour in the
    # standings, so every first choice must be passed over.
    neighbours = list(range(ENTRANTS))
    hardest = {a: a + 1 if a % 2 == 0 else a - 1 for a in neighbours}
    odd = neighbours[:-1]  # 499 free: one waits

    return [
        measure(
            "arena wave: 500 free, random last opponents",
            lambda i: pairing_wave(*waves[i % len(waves)]),
            runs=100,
            warmup=5,
        ),
        measure(
            "arena wave: 500 free, last opponent next",
            lambda i: pairing_wave(neighbours, hardest),
            runs=100,
            warmup=5,
        ),
        measure(
            "arena wave: 499 free, one waits",
            lambda i: pairing_wave(odd, hardest, freed_last=odd[0]),
            runs=100,
            warmup=5,
        ),
    ]
