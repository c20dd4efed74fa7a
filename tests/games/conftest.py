"""Games tests: embedded mode (tasks in-process) unless a test asks for the real worker."""


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
