"""What a championship tells its people, in the site and by e-mail."""

import re

import pytest
from django.core import mail
from django.test import Client
from freezegun import freeze_time

from accounts.models import Plan
from games.models import Game
from notifications.models import Notification
from tests.support.championships import invite_and_accept
from tests.tournaments.deadline_support import (
    level_final,
    past_the_deadline,
    running_games,
    started_championship,
)
from tournaments import services
from tournaments.models import Championship

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


@pytest.fixture
def organiser(make_user):
    return make_user("organiser", plan=Plan.PAID, email="organiser@example.org")


@pytest.fixture
def players(make_user):
    return [
        make_user(name, email=f"{name}@example.org", language=language)
        for name, language in (("anna", "ru"), ("boris", "en"), ("clara", "pl"), ("dmitri", ""))
    ]


def kinds_of(user) -> list[str]:
    return list(
        Notification.objects.filter(user=user).order_by("pk").values_list("kind", flat=True)
    )


def mails_to(user) -> list:
    return [message for message in mail.outbox if message.to == [user.email]]


def test_an_invitation_tells_the_invited_player(organiser, players):
    championship = services.create_championship(organiser=organiser, name="Cup", game="kropki")
    services.invite(championship.pk, by=organiser, username="anna")
    (note,) = Notification.objects.filter(user=players[0])
    assert note.kind == "championship_invited" and note.url == f"/championships/{championship.pk}/"
    (message,) = mails_to(players[0])
    assert "organiser" in message.subject and "приглашает" in message.subject


def test_the_start_tells_every_entrant_and_each_player_of_their_game(organiser, players):
    with freeze_time("2026-03-01 10:00:00"):
        championship = started_championship(organiser, players[:2], round_deadline_s=7 * 86_400)
    (game,) = running_games(championship)
    for player, opponent in ((players[0], "boris"), (players[1], "anna")):
        assert kinds_of(player) == ["championship_started", "round_started"]
        ready = Notification.objects.get(user=player, kind="round_started")
        assert ready.url == f"/games/{game.pk}/" and ready.params["opponent"] == opponent
        assert ready.params["deadline"] == "2026-03-08T10:00:00+00:00"
    (started, ready) = mails_to(players[1])
    assert "Cup" in started.subject
    assert "your game against anna is ready" in ready.body and "March 8, 2026" in ready.body
    # Anna reads Russian, in the site too.
    client = Client()
    client.force_login(players[0])
    page = client.get("/notifications/").content.decode()
    assert "Тур 1 группового этапа" in page and "ваша партия против boris готова" in page


def test_each_round_tells_its_players_and_the_unsubscribe_link_stops_that_kind(organiser, players):
    boris = players[1]
    with freeze_time("2026-03-01 10:00:00") as frozen:
        championship = started_championship(organiser, players[:3], group_size=3)
        (ready,) = [m for m in mails_to(boris) if "is ready" in m.body]
        link = re.search(r"https?://\S+/notifications/unsubscribe/\S+/", ready.body).group(0)
        path = link.split("://", 1)[1].split("/", 1)[1]
        assert Client().post("/" + path).status_code == 200
        mail.outbox.clear()
        while Championship.objects.get(pk=championship.pk).status != "finished":
            past_the_deadline(championship, frozen)  # every round decided at its deadline
    games = Game.objects.filter(match__stage__championship=championship, seats__user=boris)
    told = Notification.objects.filter(user=boris, kind="round_started")
    assert games.count() == told.count() == 2  # a round robin of three: two games each
    later = mails_to(boris)
    assert not [m for m in later if "is ready" in m.body]  # that kind is off by e-mail
    assert [m for m in later if "championship" in m.body.lower()]  # the others still come


def test_reminders_come_a_day_and_an_hour_before_the_deadline_once_each(organiser, players):
    with freeze_time("2026-03-01 10:00:00") as frozen:
        started_championship(organiser, players[:2], round_deadline_s=3 * 86_400)
        services.sweep()
        assert "deadline_soon" not in kinds_of(players[0])
        frozen.move_to("2026-03-03 10:00:01")  # 23:59:59 left
        services.sweep()
        services.sweep()
        frozen.move_to("2026-03-04 09:00:01")  # 59:59 left
        services.sweep()
    soon = Notification.objects.filter(user=players[0], kind="deadline_soon").order_by("pk")
    assert [note.params["hours"] for note in soon] == [24, 1]
    assert Notification.objects.filter(user=players[1], kind="deadline_soon").count() == 2


def test_a_short_round_skips_the_reminders_longer_than_itself(organiser, players):
    with freeze_time("2026-03-01 10:00:00") as frozen:
        started_championship(organiser, players[:2], round_deadline_s=2 * 3600)
        frozen.move_to("2026-03-01 11:00:01")
        services.sweep()
    soon = Notification.objects.filter(user=players[0], kind="deadline_soon")
    assert [note.params["hours"] for note in soon] == [1]


def test_a_level_playoff_game_tells_the_organiser_and_the_decision_tells_the_players(
    organiser, players
):
    with freeze_time("2026-03-01 10:00:00") as frozen:
        championship, final = level_final(organiser, players, frozen)
        (need,) = Notification.objects.filter(user=organiser, kind="organiser_needed")
        assert need.url == f"/championships/{championship.pk}/organise/"
        winner, loser = (seat.user for seat in final.seats.order_by("order"))
        services.adjudicate(
            final.pk, by=organiser, outcome="win", winner=winner.username, reason="Tempo."
        )
    for player in (winner, loser):
        decision = Notification.objects.get(user=player, kind="decision")
        assert decision.params["winner"] == winner.username
        assert decision.params["reason"] == "Tempo."
    finished = Notification.objects.filter(kind="championship_finished")
    places = {note.user: note.params["place"] for note in finished}
    assert places[winner] == 1 and places[loser] == 2 and len(places) == 4


def test_a_postponed_start_tells_the_organiser(organiser, players):
    with freeze_time("2026-03-01 10:00:00") as frozen:
        championship = services.create_championship(organiser=organiser, name="Cup", game="kropki")
        Championship.objects.filter(pk=championship.pk).update(starts_at="2026-03-01T11:00:00Z")
        invite_and_accept(championship, organiser, players[0])
        frozen.move_to("2026-03-01 11:00:01")
        services.sweep()
        services.sweep()
    (need,) = Notification.objects.filter(user=organiser, kind="organiser_needed")
    assert need.params == {
        "championship": "Cup", "what": "start_postponed", "players": [], "entrants": 1,
    }  # fmt: skip
