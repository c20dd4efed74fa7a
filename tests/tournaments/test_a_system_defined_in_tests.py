"""A sixth championship system, defined only in tests/, runs to its end through the API and
the pages: the registry, not the code around it, knows which systems there are."""

import pytest
from django.test import override_settings

from games import services as game_services
from tests.conftest import client_with_token
from tests.support.round_robin_only import ROUND_ROBIN
from tests.support.round_robin_only.system import PACKAGES, circle_rounds
from tournaments.models import Championship, Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def test_the_circle_method_pairs_everyone_once():
    rounds = circle_rounds(list(range(5)))
    pairs = [frozenset(pair) for round_ in rounds for pair in round_]
    assert len(rounds) == 5 and len(pairs) == len(set(pairs)) == 10


def test_a_system_known_only_to_the_settings_is_refused_without_them(organiser_api):
    answer = organiser_api.post(
        "/api/championships/",
        {"name": "Ring", "game": "kropki", "system": ROUND_ROBIN},
        format="json",
    )
    assert answer.status_code == 400
    assert "system" in answer.json()["error"]["details"]


@override_settings(CHAMPIONSHIP_SYSTEMS=PACKAGES)
def test_a_system_defined_in_tests_plays_to_its_end_through_the_api_and_the_pages(
    organiser_api, make_user, client
):
    created = organiser_api.post(
        "/api/championships/",
        {"name": "Ring", "game": "kropki", "options": {"width": 5, "height": 5},
         "rated": False, "system": ROUND_ROBIN},
        format="json",
    )  # fmt: skip
    assert created.status_code == 201, created.content
    championship_id = created.json()["id"]
    for n in range(4):
        entered = client_with_token(make_user(f"ringer{n}")).post(
            f"/api/championships/{championship_id}/entries/", {}, format="json"
        )
        assert entered.status_code == 201
    assert organiser_api.post(f"/api/championships/{championship_id}/start/").status_code == 200
    championship = Championship.objects.get(pk=championship_id)
    assert championship.status == ROUND_ROBIN
    page = client.get(f"/championships/{championship_id}/")
    assert page.status_code == 200 and "Round robin" in page.content.decode()
    for _round in range(3):
        playing = Match.objects.filter(stage__championship=championship, status="playing")
        assert playing.count() == 2
        for match in playing:  # the first seat's player resigns each game
            game_services.resign(match.games.get().pk, match.first.player)
    championship.refresh_from_db()
    assert championship.status == Championship.Status.FINISHED
    standings = organiser_api.get(f"/api/championships/{championship_id}/standings/").json()
    assert [row["points"] for row in standings[ROUND_ROBIN]] == sorted(
        (row["points"] for row in standings[ROUND_ROBIN]), reverse=True
    )
    assert sum(row["points"] for row in standings[ROUND_ROBIN]) == 12  # six games, 2 a win
    assert len(standings["final"]) == 4 and standings["groups"] == []
    assert client.get(f"/championships/{championship_id}/").status_code == 200
    assert client.get(f"/championships/{championship_id}/rounds/").status_code == 200
