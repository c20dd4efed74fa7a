"""Notifications tests: players with addresses and languages, and a way to tell them things."""

import pytest

from games import services as games
from notifications import services
from notifications.kinds import Kind

KROPKI = {"game": "kropki", "options": {"width": 10, "height": 10, "start": "empty"}}


@pytest.fixture
def anna(make_user):
    return make_user("anna", email="anna@example.org", language="ru")


@pytest.fixture
def piotr(make_user):
    return make_user("piotr", email="piotr@example.org", language="pl")


@pytest.fixture
def emma(make_user):
    return make_user("emma", email="emma@example.org")


def tell(users, kind: Kind = Kind.CHAMPIONSHIP_STARTED, **extra) -> int:
    """A championship's start (or the kind given), told to `users`."""
    params = extra.pop("params", {"championship": "Spring Cup"})
    url = extra.pop("url", "/championships/1/")
    return services.notify(users, kind, url=url, params=params, **extra)


def friendly_kropki(blue, red) -> int:
    """`blue` invites `red` to Kropki (blue moves first); `red` accepts."""
    game = games.create_game(creator=blue, format=None, opponent=red.username, **KROPKI)
    games.accept_invitation(game.pk, red)
    return game.pk
