"""The game page's last word: who won, by name and colour, or "CPU wins"."""

import re

import pytest
from django.test import Client

from tests.games.conftest import start_friendly

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

KROPKI = {"game": "kropki", "options": {"width": 10, "height": 10, "start": "empty"}}


def game_over_line(user, game_id: int) -> str:
    client = Client()
    client.force_login(user)
    html = client.get(f"/games/{game_id}/").content.decode()
    line = re.search(r'<div class="game-over" role="status">\s*<strong>(.*?)</strong>', html, re.S)
    return line.group(1)


def test_a_game_the_cpu_won_says_cpu_wins(alice, alice_api):
    body = {**KROPKI, "opponent": "cpu", "cpu_level": "strong", "seat": "blue"}
    game_id = alice_api.post("/api/games/", body, format="json").json()["id"]
    assert alice_api.post(f"/api/games/{game_id}/resign/").status_code == 200
    assert game_over_line(alice, game_id) == "CPU wins"


def test_a_game_a_player_won_names_them_and_their_colour(alice, bob, alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    assert bob_api.post(f"/api/games/{game_id}/resign/").status_code == 200
    assert game_over_line(bob, game_id) == "alice (Blue) wins"
