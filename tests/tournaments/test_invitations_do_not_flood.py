"""However often an organiser invites, cancels and invites one player again, the player is
told of invitations to one championship once in a while: one notice, one e-mail; a day
later a new invitation is told again. The invitation itself is always on their pages."""

from datetime import timedelta

import pytest
from django.core import mail
from freezegun import freeze_time

from notifications.models import Notification
from tests.conftest import client_with_token
from tournaments import services
from tournaments.models import Invitation

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


@pytest.fixture
def organiser(make_user):
    return make_user("olga")


@pytest.fixture
def boris(make_user):
    return make_user("boris", email="boris@example.org")


def entries(championship) -> str:
    return f"/api/championships/{championship.pk}/entries/"


def invitations_told(user) -> int:
    return Notification.objects.filter(user=user, kind="championship_invited").count()


def test_inviting_cancelling_and_inviting_again_tells_the_player_once(organiser, boris):
    championship = services.create_championship(organiser=organiser, name="Cup", game="kropki")
    organiser_api, boris_api = client_with_token(organiser), client_with_token(boris)
    mail.outbox.clear()
    with freeze_time("2026-05-01 10:00:00") as frozen:
        for _ in range(5):
            invited = organiser_api.post(
                entries(championship), {"username": "boris"}, format="json"
            )
            assert invited.status_code == 201, invited.content
            cancelled = organiser_api.delete(
                entries(championship), {"username": "boris"}, format="json"
            )
            assert cancelled.status_code == 204, cancelled.content
            frozen.tick(timedelta(seconds=5))
        organiser_api.post(entries(championship), {"username": "boris"}, format="json")
        assert boris_api.post(f"{entries(championship)}decline/").status_code in (200, 204)
        organiser_api.post(entries(championship), {"username": "boris"}, format="json")
        assert invitations_told(boris) == 1
        assert [message.to for message in mail.outbox] == [["boris@example.org"]]
        # The last invitation still waits for Boris's answer.
        assert Invitation.objects.get(
            championship=championship, player=boris, status=Invitation.Status.INVITED
        )
        frozen.tick(timedelta(days=1, seconds=1))
        organiser_api.delete(entries(championship), {"username": "boris"}, format="json")
        organiser_api.post(entries(championship), {"username": "boris"}, format="json")
        assert invitations_told(boris) == 2


def test_invitations_to_two_championships_are_each_told(organiser, boris):
    organiser_api = client_with_token(organiser)
    for name in ("Spring Cup", "Summer Cup"):
        championship = services.create_championship(organiser=organiser, name=name, game="kropki")
        answer = organiser_api.post(entries(championship), {"username": "boris"}, format="json")
        assert answer.status_code == 201, answer.content
    assert invitations_told(boris) == 2


def test_a_list_of_invitations_tells_each_player_once(organiser, boris, make_user):
    championship = services.create_championship(organiser=organiser, name="Cup", game="kropki")
    anna = make_user("anna")
    organiser_api = client_with_token(organiser)
    body = {"usernames": ["boris", "anna"]}
    for _ in range(3):
        organiser_api.post(entries(championship), body, format="json")
        for name in ("boris", "anna"):
            organiser_api.delete(entries(championship), {"username": name}, format="json")
    assert (invitations_told(boris), invitations_told(anna)) == (1, 1)
