"""Games and championships played to their ends, for the tests of a player's own data."""

from accounts.models import User
from games import services as game_services
from games.models import Game
from tests.support.championships import invite_and_accept, small_championship
from tournaments import services
from tournaments.models import Championship

SMALL_BOARD = {"width": 5, "height": 5, "start": "empty"}


def friendly_game(creator: User, opponent: User, *, rated: bool = False) -> Game:
    """A running Kropki game between two people: `creator` invites, `opponent` accepts."""
    game = game_services.create_game(
        creator=creator,
        game="kropki",
        options=SMALL_BOARD,
        format=None,
        opponent=opponent.username,
        rated=rated,
    )
    return game_services.accept_invitation(game.pk, opponent)


def resign_all(championship: Championship, winner_first: list[User]) -> None:
    """Play the championship out by resignations: of two players, the one earlier in
    `winner_first` wins every game."""
    order = {player.pk: place for place, player in enumerate(winner_first)}
    for _round in range(50):
        championship.refresh_from_db()
        if championship.status == Championship.Status.FINISHED:
            return
        active = Game.objects.filter(
            match__stage__championship=championship, status=Game.Status.ACTIVE
        ).prefetch_related("seats__user")
        for game in active:
            loser = max((seat.user for seat in game.seats.all()), key=lambda u: order[u.pk])
            game_services.resign(game.pk, loser)
    raise AssertionError("the championship did not finish")


def finished_championship(organiser: User, players: list[User]) -> Championship:
    """A rated championship of one group and a final, played out: players[0] wins it."""
    championship = small_championship(organiser, rated=True, group_size=4, third_place=False)
    invite_and_accept(championship, organiser, *players)
    services.start(championship.pk, by=organiser)
    resign_all(championship, players)
    championship.refresh_from_db()
    return championship
