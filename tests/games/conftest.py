"""Games tests: embedded mode (tasks in-process) unless a test asks for the real worker."""

import pytest

from tests.conftest import client_with_token


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def alice_api(alice):
    return client_with_token(alice)


@pytest.fixture
def bob_api(bob):
    return client_with_token(bob)


def start_friendly(alice_api, bob_api, **extra) -> int:
    """Alice (blue) invites Bob (red) to a Kropki game on an empty 10×10 board; Bob accepts."""
    body = {
        "game": "kropki",
        "options": {"width": 10, "height": 10, "start": "empty"},
        "opponent": "bob",
        **extra,
    }
    created = alice_api.post("/api/games/", body, format="json")
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    accepted = bob_api.post(f"/api/games/{game_id}/accept/")
    assert accepted.status_code == 200, accepted.content
    return game_id


def play(client, game_id: int, seq: int, move, wait: float = 5):
    return client.post(
        f"/api/games/{game_id}/moves/?wait={wait}", {"seq": seq, "move": move}, format="json"
    )
