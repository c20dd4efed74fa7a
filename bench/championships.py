"""A 1,024-entrant championship at the service level: start, standings, a whole run.

256 groups of 4, the top 2 of each into a 512-player bracket with a third-place
match. Games are decided instantly: the service ends each one with a random
result (a resignation, or an agreed draw in the group stage), which fires the
same game-finished hook and progression as a played game.
"""

import random
import time

from bench.timing import Timing

ENTRANTS = 1024


def _timing(name: str, seconds: float) -> Timing:
    return Timing(name, 1, seconds * 1000, seconds * 1000, 1 / seconds if seconds else 0.0)


def run() -> list[Timing | str]:
    from accounts.models import Plan, User
    from accounts.usernames import canonical_username
    from config.celery import app
    from games import services as game_services
    from games.models import Game
    from tournaments import services
    from tournaments.systems.groups import tables as group_tables_of

    app.conf.task_always_eager = True  # progression runs in-process, right after each result
    stamp = int(time.time())
    organiser = User.objects.create_user(
        username=f"bench-org-{stamp}", password="x" * 12, plan=Plan.PAID
    )
    names = [f"bench-{stamp}-{n}" for n in range(ENTRANTS)]
    # bulk_create skips `User.save`, which keeps the canonical name: set it here.
    players = User.objects.bulk_create(
        User(username=name, username_key=canonical_username(name), password="!") for name in names
    )
    championship = services.create_championship(
        organiser=organiser, name="Bench Open", game="kropki", rated=False
    )
    from tournaments.models import Entry

    Entry.objects.bulk_create(Entry(championship=championship, player=p) for p in players)

    started = time.perf_counter()
    services.start(championship.pk, by=organiser)
    start_seconds = time.perf_counter() - started

    chooser = random.Random(7)
    results = 0
    run_started = time.perf_counter()
    standings_seconds = None
    while True:
        active = list(
            Game.objects.filter(
                match__stage__championship=championship, status=Game.Status.ACTIVE
            ).values_list("id", "match__stage__kind")
        )
        if not active:
            break
        for game_id, stage_kind in active:
            seats = list(Game.objects.get(pk=game_id).seats.select_related("user"))
            if stage_kind == "groups" and chooser.random() < 0.1:
                game_services.offer_draw(game_id, seats[0].user)
                game_services.offer_draw(game_id, seats[1].user)
            else:
                game_services.resign(game_id, chooser.choice(seats).user)
            results += 1
        championship.refresh_from_db()
        if standings_seconds is None and championship.status == "playoff":
            stage = championship.stages.get(kind="groups")
            measured = time.perf_counter()
            tables = group_tables_of.group_tables(stage)
            standings_seconds = time.perf_counter() - measured
            assert len(tables) == ENTRANTS // 4
    run_seconds = time.perf_counter() - run_started
    championship.refresh_from_db()
    return [
        f"{ENTRANTS} entrants, 256 groups of 4, 512-player playoff; {results} games decided",
        _timing("start: seed, draw, schedule, open round 1", start_seconds),
        _timing("standings of all 256 groups", standings_seconds or 0.0),
        _timing("whole championship, instant results", run_seconds),
        f"finished: {championship.status}, champion {championship.winner}",
    ]
