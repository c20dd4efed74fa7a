"""The Arena's pairing wave: 500 entrants free at once (the Arena's start, or every game of
a round of waves ending together), each paired with the nearest free entrant in the
standings who is not their last opponent: the pure wave, then the whole wave as the worker
runs it (the standings read, the pairs made, 250 games opened and their players told)."""

import random
import time

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
        *_service_waves(),
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


def _service_waves(waves: int = 5) -> list[Timing]:
    """The first wave of a 500-entrant Arena (its start), then `waves` more, each after
    every game of the one before ended at once (half won by the first seat, half drawn)."""
    from django.db import transaction
    from django.utils import timezone

    from accounts.models import Plan, User
    from accounts.usernames import canonical_username
    from config.celery import app
    from games.models import Game
    from tournaments import services
    from tournaments.models import Entry, Match
    from tournaments.systems.arena.stage import pair_the_free

    app.conf.task_always_eager = True
    stamp = int(time.time())
    organiser = User.objects.create_user(
        username=f"arena-org-{stamp}", password="x" * 12, plan=Plan.PAID
    )
    names = [f"arena-{stamp}-{n}" for n in range(ENTRANTS)]
    players = User.objects.bulk_create(
        User(username=name, username_key=canonical_username(name), password="!") for name in names
    )
    championship = services.create_championship(
        organiser=organiser, name="Bench Arena", game="kropki", rated=False,
        system="arena", arena_minutes=720,
    )  # fmt: skip
    Entry.objects.bulk_create(Entry(championship=championship, player=p) for p in players)
    started = time.perf_counter()
    services.start(championship.pk, by=organiser)
    start_ms = (time.perf_counter() - started) * 1000
    stage = championship.stages.get()
    championship.refresh_from_db()
    timings = [Timing("arena start: 500 entrants, 250 games opened", 1, start_ms, start_ms,
                      1000 / start_ms)]  # fmt: skip
    seconds = []
    games_opened = 0
    for _wave in range(waves):
        playing = Match.objects.filter(stage=stage, status=Match.Status.PLAYING)
        ids = list(playing.values_list("pk", flat=True))
        half = len(ids) // 2
        # Every game of the wave over at once, as if their results had all come in.
        Game.objects.filter(match_id__in=ids).update(
            status=Game.Status.FINISHED, finished_at=timezone.now(), move_count=30
        )
        Match.objects.filter(pk__in=ids[:half]).update(
            status=Match.Status.FINISHED, winner_id=None, drawn=True
        )
        for match in Match.objects.filter(pk__in=ids[half:]):
            match.status, match.winner_id = Match.Status.FINISHED, match.first_id
            match.save(update_fields=["status", "winner"])
        measured = time.perf_counter()
        with transaction.atomic():
            opened = pair_the_free(championship, stage)
        seconds.append(time.perf_counter() - measured)
        games_opened = len(opened)
    seconds.sort()
    median = seconds[len(seconds) // 2] * 1000
    timings.append(
        Timing(f"arena wave as the worker runs it: 500 free, {games_opened} games opened "
               f"({waves} waves)",
               waves, median, seconds[-1] * 1000, 1000 / median)
    )  # fmt: skip
    return timings
