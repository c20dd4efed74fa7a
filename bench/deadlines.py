"""The championships' deadline sweep with 1,024 games running at once.

A 2,048-entrant championship (512 groups of 4) opens round one: 1,024 games. In half of
them both players have moved; in the other half the player to move never showed up. Then
every round's time is up at once, and one sweep decides them all: the no-shows lose by
forfeit, the others are decided by the score, and each group's next round opens. Tasks
run in this process (embedded), so the number is the whole work of the workers.
"""

import time
from datetime import timedelta

from bench.timing import Timing

ENTRANTS = 2048


def _timing(name: str, seconds: float, count: int = 1) -> Timing:
    per = seconds / count if count else 0.0
    return Timing(name, count, per * 1000, per * 1000, count / seconds if seconds else 0.0)


def run() -> list[Timing | str]:
    from django.utils import timezone

    from accounts.models import Plan, User
    from accounts.usernames import canonical_username
    from config.celery import app
    from games import registry
    from games import selectors as game_selectors
    from games import services as game_services
    from games.models import Game
    from tournaments import services
    from tournaments.models import Decision, Entry, Match
    from tournaments.services import deadlines

    app.conf.task_always_eager = True
    stamp = int(time.time())
    organiser = User.objects.create_user(
        username=f"bench-deadline-org-{stamp}", password="x" * 12, plan=Plan.PAID
    )
    names = [f"bench-deadline-{stamp}-{n}" for n in range(ENTRANTS)]
    players = User.objects.bulk_create(
        User(username=name, username_key=canonical_username(name), password="!") for name in names
    )
    championship = services.create_championship(
        organiser=organiser, name="Deadline Open", game="kropki", rated=False
    )
    Entry.objects.bulk_create(Entry(championship=championship, player=p) for p in players)
    services.start(championship.pk, by=organiser)
    games = list(
        Game.objects.filter(match__stage__championship=championship, status=Game.Status.ACTIVE)
        .order_by("pk")
        .prefetch_related("seats__user")
    )
    rules = registry.declaration("kropki").engine
    for game in games[::2]:
        for seq in (1, 2):
            game.refresh_from_db()
            move = rules.suggest(rules.load(bytes(game.snapshot)))
            player = game_selectors.players_by_seat(game)[game.to_move]
            user = next(s.user for s in game.seats.all() if s.user_id == player)
            game_services.submit_move(game_id=game.pk, user=user, seq=seq, payload=move)

    now = timezone.now()
    started = time.perf_counter()
    none_due = deadlines.due_matches(now)
    quiet_seconds = time.perf_counter() - started
    assert not none_due
    matches = Match.objects.filter(stage__championship=championship, status="playing")
    matches.update(deadline=now - timedelta(seconds=1))

    started = time.perf_counter()
    due = deadlines.due_matches(timezone.now())
    find_seconds = time.perf_counter() - started
    started = time.perf_counter()
    swept = services.sweep()
    sweep_seconds = time.perf_counter() - started

    decided = Decision.objects.filter(championship=championship, action="deadline").count()
    no_shows = Game.objects.filter(
        match__stage__championship=championship, result_reason="no_show"
    ).count()
    opened = Match.objects.filter(
        stage__championship=championship, round=2, status="playing"
    ).count()
    championship.refresh_from_db()
    assert len(due) == len(swept.decided) == decided == len(games) == 1024
    return [
        f"{ENTRANTS} entrants, 512 groups of 4: {len(games)} round-one games running",
        _timing("sweep with nothing due (the beat's usual round)", quiet_seconds),
        _timing("find the 1,024 matches whose time is up", find_seconds),
        _timing("sweep deciding 1,024 games, whole", sweep_seconds),
        _timing("  per game decided (and its group moved on)", sweep_seconds, len(due)),
        f"decided: {decided} ({no_shows} no-shows, {decided - no_shows} by the score); "
        f"round two opened: {opened} games; status {championship.status}",
    ]
