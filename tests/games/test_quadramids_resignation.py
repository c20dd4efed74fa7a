"""M19 in the service: a player who resigns a 2-player Quadramids game loses at once, and the
final board, in the API and on the page, keeps their figures where they stood."""

import re

import pytest
from django.test import Client

from tests.games.conftest import play

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def test_M19_a_2_player_resignation_keeps_the_resigners_figures_on_the_final_board(
    alice, alice_api
):
    body = {"game": "quadramids", "opponent": "cpu", "options": {"players": 2}, "seat": "1"}
    game_id = alice_api.post("/api/games/", body, format="json").json()["id"]
    assert play(alice_api, game_id, 1, ["put", "d1"]).json()["status"] == "accepted"
    before = alice_api.get(f"/api/games/{game_id}/").json()["position"]["cells"]
    assert before["d1"] == "1"

    resigned = alice_api.post(f"/api/games/{game_id}/resign/")
    assert resigned.status_code == 200
    detail = resigned.json()
    assert detail["status"] == "finished" and detail["result"]["winner"] == "cpu"
    assert detail["result"]["reason"] == "resignation"
    assert detail["position"]["cells"] == before

    page = Client()
    page.force_login(alice)
    html = page.get(f"/games/{game_id}/").content.decode()
    assert re.search(r'<circle class="figure seat-1"[^>]*data-place="d1"', html)
    assert "CPU wins" in html
