"""The organiser's pages for decisions, and what the championship page shows of them."""

import pytest
from django.test import Client
from freezegun import freeze_time

from accounts.models import Plan
from tests.tournaments.deadline_support import (
    level_final,
    running_games,
    started_championship,
)
from tournaments.models import Championship, Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


@pytest.fixture
def organiser(make_user):
    return make_user("organiser", plan=Plan.PAID)


@pytest.fixture
def players(make_user):
    return [make_user(name) for name in ("anna", "boris", "clara", "dmitri")]


def browser(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_organiser_decides_a_level_final_from_the_organise_page(organiser, players):
    with freeze_time("2026-03-01 10:00:00") as frozen:
        championship, final = level_final(organiser, players, frozen)
        client = browser(organiser)
        page = client.get(f"/championships/{championship.pk}/organise/").content.decode()
        decide_url = f"/championships/{championship.pk}/games/{final.pk}/decide/"
        assert "Level playoff games to decide" in page and decide_url in page
        winner = final.seats.get(seat="blue").user.username
        form = client.get(decide_url).content.decode()
        assert f'value="win:{winner}"' in form and "double_forfeit" not in form
        answer = client.post(decide_url, {"result": f"win:{winner}", "reason": "Better shape."})
    assert answer.status_code == 302
    championship.refresh_from_db()
    assert championship.status == Championship.Status.FINISHED
    assert championship.winner.username == winner
    page = Client().get(f"/championships/{championship.pk}/").content.decode()
    assert "Decisions" in page and "Better shape." in page and f"{winner} wins" in page


def test_a_decision_without_a_reason_is_refused_on_the_form(organiser, players):
    with freeze_time("2026-03-01 10:00:00") as frozen:
        championship, final = level_final(organiser, players, frozen)
        decide_url = f"/championships/{championship.pk}/games/{final.pk}/decide/"
        answer = browser(organiser).post(decide_url, {"result": "draw", "reason": ""})
    assert answer.status_code == 200
    assert "This field is required." in answer.content.decode()
    assert Match.objects.get(pk=final.match_id).status == Match.Status.AWAITING


def test_the_decide_page_is_the_organisers_alone(organiser, players, make_user):
    championship = started_championship(organiser, players[:2])
    (game,) = running_games(championship)
    url = f"/championships/{championship.pk}/games/{game.pk}/decide/"
    assert browser(players[0]).get(url).status_code == 403
    assert Client().get(url).status_code == 302  # to the log-in page
    private = started_championship(organiser, players[2:], visibility="private")
    (hidden,) = running_games(private)
    url = f"/championships/{private.pk}/games/{hidden.pk}/decide/"
    assert browser(make_user("outsider")).get(url).status_code == 404
    assert (
        browser(organiser)
        .get(f"/championships/{championship.pk}/games/{hidden.pk}/decide/")
        .status_code
        == 404
    )


def test_the_championship_page_shows_each_matchs_deadline_and_who_waits(organiser, players):
    with freeze_time("2026-03-01 10:00:00") as frozen:
        championship, _final = level_final(organiser, players, frozen)
        page = Client().get(f"/championships/{championship.pk}/").content.decode()
    assert "Awaiting the organiser" in page
    assert 'datetime="2026-03-01T10:01:01+00:00" data-local' in page


def test_the_organise_page_lists_players_absent_for_longer_than_the_set_time(organiser, players):
    with freeze_time("2026-03-01 10:00:00") as frozen:
        championship = started_championship(organiser, players[:2], round_deadline_s=7 * 86_400)
        Championship.objects.filter(pk=championship.pk).update(absent_after_s=3600)
        client = browser(organiser)
        page = client.get(f"/championships/{championship.pk}/organise/").content.decode()
        assert "have not moved for a while" not in page
        frozen.tick(3601)
        page = client.get(f"/championships/{championship.pk}/organise/").content.decode()
    assert "Players who have not moved for a while" in page


def test_reading_the_championship_decides_a_round_whose_time_is_up(organiser, players):
    # Embedded, no beat runs: the reader hands the due round to the in-process worker.
    with freeze_time("2026-03-01 10:00:00") as frozen:
        championship = started_championship(organiser, players[:2])
        (game,) = running_games(championship)
        frozen.tick(61)
        Client().get(f"/championships/{championship.pk}/")
    game.refresh_from_db()
    assert game.status == "finished" and game.result_reason == "no_show"
