"""Championships for the deadline and decision tests: players who enter themselves, games
played a move at a time through the pipeline, and the beat's sweep run by hand."""

from datetime import timedelta

from django.utils import timezone

from accounts.models import User
from games import registry
from games import selectors as game_selectors
from games import services as game_services
from games.models import Game
from tournaments import services
from tournaments.models import Championship, Match


def started_championship(
    organiser: User,
    players: list[User],
    *,
    group_size: int = 2,
    playoff_players_per_group: int = 1,
    round_deadline_s: int = 60,
    **settings,
) -> Championship:
    championship = services.create_championship(
        organiser=organiser,
        name=settings.pop("name", "Deadline Cup"),
        game=settings.pop("game", "kropki"),
        group_size=group_size,
        playoff_players_per_group=playoff_players_per_group,
        **settings,
    )
    Championship.objects.filter(pk=championship.pk).update(round_deadline_s=round_deadline_s)
    for player in players:
        services.enter(championship.pk, by=player)
    return services.start(championship.pk, by=organiser)


def running_games(championship: Championship) -> list[Game]:
    return list(
        Game.objects.filter(
            match__stage__championship=championship, status=Game.Status.ACTIVE
        ).order_by("pk")
    )


def play_a_move(game: Game) -> None:
    """The player to move plays the CPU's choice for them."""
    game.refresh_from_db()
    rules = registry.declaration(game.game).engine
    move = rules.suggest(rules.load(bytes(game.snapshot)))
    player = User.objects.get(pk=game_selectors.players_by_seat(game)[game.to_move])
    game_services.submit_move(game_id=game.pk, user=player, seq=game.move_count + 1, payload=move)


def player_to_move(game: Game) -> User:
    game.refresh_from_db()
    return User.objects.get(pk=game_selectors.players_by_seat(game)[game.to_move])


def past_the_deadline(championship: Championship, frozen) -> None:
    """Move the frozen clock past the latest deadline of the matches being played, and run
    the beat's sweep."""
    latest = max(
        Match.objects.filter(stage__championship=championship, status=Match.Status.PLAYING)
        .exclude(deadline=None)
        .values_list("deadline", flat=True)
    )
    frozen.move_to(latest + timedelta(seconds=1))
    services.sweep()


def level_final(organiser: User, players: list[User], frozen) -> tuple[Championship, Game]:
    """Four players in groups of two: the group games are no-shows at the deadline, then
    the final's players make a move each and stop, so it is level at its deadline and
    waits for the organiser."""
    championship = started_championship(
        organiser, players, group_size=2, playoff_players_per_group=1
    )
    past_the_deadline(championship, frozen)
    (final,) = running_games(championship)
    play_a_move(final)
    play_a_move(final)
    past_the_deadline(championship, frozen)
    return championship, final


def now():
    return timezone.now()
