"""The rounds page of a Swiss: each pairing's result once played, and why the two met (the
score group's order, a rematch avoided), with seat names in the reader's language."""

import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation

from games.models import Game
from games.titles import seat_title
from tests.tournaments.test_system_pages import play_one_round, running_games, started
from tournaments import services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def rounds_of(client, championship, **headers):
    return client.get(reverse("championship-rounds", args=[championship.pk]), **headers)


def text(answer) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", answer.content.decode())))


def test_each_played_pairing_shows_its_result_and_an_unplayed_one_says_so(
    client, organiser, make_user
):
    championship = started(organiser, make_user, 4, system="swiss", swiss_rounds=3)
    play_one_round(championship)
    answer = rounds_of(client, championship)
    first, second = answer.context["rounds"]
    for pairing in first["pairings"]:
        assert pairing["result"], pairing
        winners = [p["name"] for p in pairing["players"] if p["won"]]
        assert pairing["result"] in ("Drawn", f"{winners[0]} won" if winners else "")
    assert all(pairing["result"] == "" for pairing in second["pairings"])
    page = text(answer)
    assert page.count("Result:") == 2 and page.count("Not played yet.") == 2


def test_the_api_gives_each_decided_pairing_its_result(client, organiser, make_user):
    championship = started(organiser, make_user, 4, system="swiss", swiss_rounds=3)
    game = running_games(championship)[0]
    services.adjudicate(game.pk, by=organiser, outcome="draw", reason="Agreed.")
    body = client.get(f"/api/championships/{championship.pk}/rounds/").json()
    results = [pairing["result"] for pairing in body[0]["pairings"]]
    assert any(result and result["drawn"] and result["winner"] is None for result in results)
    assert None in results  # the other game is still played


def test_round_one_pairs_the_top_half_against_the_bottom_half_and_says_so(
    client, organiser, make_user
):
    championship = started(organiser, make_user, 4, system="swiss", swiss_rounds=3)
    page = text(rounds_of(client, championship))
    assert page.count("the group's top half meets its bottom half in order") == 2
    assert "player0 is number 1 and player2 number 3" in page


def test_a_rematch_the_order_would_give_is_avoided_and_named(client, organiser, make_user):
    """All four draw round one: level on points, the order would pair round one's
    opponents again."""
    championship = started(organiser, make_user, 4, system="swiss", swiss_rounds=3)
    for game in running_games(championship):
        services.adjudicate(game.pk, by=organiser, outcome="draw", reason="Agreed.")
    championship.refresh_from_db()
    assert Game.objects.filter(match__stage__championship=championship).count() == 4
    page = text(rounds_of(client, championship))
    assert "whom they have played already: nobody meets the same opponent twice" in page


@pytest.mark.parametrize("language", ["pl", "ru"])
def test_seat_names_in_the_explanations_are_in_the_readers_language(
    client, organiser, make_user, language
):
    championship = started(organiser, make_user, 5, system="swiss", swiss_rounds=3)
    page = text(rounds_of(client, championship, HTTP_ACCEPT_LANGUAGE=language))
    with translation.override(language):
        red, blue = seat_title("red", "kropki"), seat_title("blue", "kropki")
    assert red != "Red"
    assert f"({red})" in page or f"({blue})" in page
    assert "(red)" not in page and "(blue)" not in page


def test_one_round_asked_of_the_api_says_why_its_players_met(client, organiser, make_user):
    championship = started(organiser, make_user, 4, system="swiss", swiss_rounds=3)
    for game in running_games(championship):
        services.adjudicate(game.pk, by=organiser, outcome="draw", reason="Agreed.")
    body = client.get(f"/api/championships/{championship.pk}/rounds/?round=2").json()
    assert [view["round"] for view in body] == [2]
    whys = " ".join(pairing["why"] for pairing in body[0]["pairings"])
    assert "whom they have played already" in whys
