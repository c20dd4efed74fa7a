"""Championships for the tests: a small one in registration, and filling one the way players
do (invited by the organiser, then accepting)."""

from accounts.models import User
from games.models import Game
from tests.support.waiting import wait_until
from tournaments import services
from tournaments.models import Championship, Entry, Match


def invite_and_accept(championship: Championship, organiser: User, *players: User) -> list[Entry]:
    """Each player is invited and accepts; their entries in that order."""
    entries = []
    for player in players:
        services.invite(championship.pk, by=organiser, username=player.username)
        entries.append(services.accept_invitation(championship.pk, by=player))
    return entries


def small_championship(organiser: User, **settings) -> Championship:
    """A quick Kropki championship (5×5 boards, express games, unrated) in registration."""
    fields = {
        "name": "Spring Cup",
        "game": "kropki",
        "options": {"width": 5, "height": 5},
        "stage_format": "express",
        "playoff_format": "express",
        "rated": False,
        **settings,
    }
    return services.create_championship(organiser=organiser, **fields)


def started_small(organiser: User, make_user, count: int, **settings) -> Championship:
    """A small championship (as `small_championship`) of `count` new players, started."""
    championship = small_championship(organiser, **settings)
    for number in range(count):
        services.enter(championship.pk, by=make_user(f"player{number}"))
    services.start(championship.pk, by=organiser)
    championship.refresh_from_db()
    return championship


def to_the_next_deadline(championship: Championship, frozen) -> None:
    """Nobody can move on: the frozen clock runs on past the soonest deadline of a match
    being played, and the beat's sweep decides what is due."""
    deadline = min(
        Match.objects.filter(
            stage__championship=championship, status=Match.Status.PLAYING
        ).values_list("deadline", flat=True)
    )
    frozen.move_to(deadline)
    frozen.tick(1)
    services.sweep()


def moved_on(championship_id: int) -> bool:
    """Whether every result has been settled: the championship is over, or no match in play
    is left without a game to play (a real worker settles results after their commit)."""
    championship = Championship.objects.get(pk=championship_id)
    if championship.status == Championship.Status.FINISHED:
        return True
    in_play = Match.objects.filter(stage__championship=championship, status=Match.Status.PLAYING)
    return not in_play.exclude(games__status=Game.Status.ACTIVE).exists()


def wait_until_moved_on(championship: Championship | int, seconds: float = 60) -> None:
    """Wait for the championship to settle its results and open what comes next."""
    championship_id = getattr(championship, "pk", championship)
    wait_until(lambda: moved_on(championship_id), seconds, "the championship to move on")
