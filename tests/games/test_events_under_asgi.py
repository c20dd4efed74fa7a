"""Live events under an ASGI server (uvicorn), where the stream is asynchronous."""

import json
import threading
import urllib.request

import pytest

from tests.support.processes import bare_environment, manage, post_json, project_copy, running_site


def post_with_token(url: str, token: str, body: dict | None = None) -> dict:
    request = urllib.request.Request(
        url,
        data=json.dumps(body or {}).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Token {token}"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


@pytest.fixture(scope="module")
def asgi_site(tmp_path_factory):
    folder = project_copy(tmp_path_factory.mktemp("asgi"))
    env = bare_environment()
    assert manage(folder, env, "migrate", "--noinput").returncode == 0
    with running_site(folder, env, server="uvicorn") as base:
        yield base


def test_a_move_reaches_a_spectator_over_server_sent_events(asgi_site):
    password = "a-long-and-unusual-passphrase"
    tokens = {}
    for name in ("asgi-alice", "asgi-bob"):
        status, body = post_json(
            f"{asgi_site}/api/accounts/register/", {"username": name, "password": password}
        )
        assert status == 201, body
        tokens[name] = body["token"]
    game = post_with_token(
        f"{asgi_site}/api/games/",
        tokens["asgi-alice"],
        {"game": "kropki", "opponent": "asgi-bob", "options": {"width": 8, "height": 8}},
    )
    post_with_token(f"{asgi_site}/api/games/{game['id']}/accept/", tokens["asgi-bob"])

    frames: list[str] = []
    opened = threading.Event()
    got_move = threading.Event()

    def follow() -> None:
        with urllib.request.urlopen(
            f"{asgi_site}/api/games/{game['id']}/events/", timeout=20
        ) as stream:
            assert stream.headers["Content-Type"].startswith("text/event-stream")
            for raw in stream:
                line = raw.decode().strip()
                if line.startswith("event: state"):
                    opened.set()
                if line.startswith("data: ") and '"type":"move"' in line:
                    frames.append(line)
                    got_move.set()
                    return

    follower = threading.Thread(target=follow, daemon=True)
    follower.start()
    assert opened.wait(10), "the stream did not open with the game's state"
    answer = post_with_token(
        f"{asgi_site}/api/games/{game['id']}/moves/?wait=5",
        tokens["asgi-alice"],
        {"seq": 1, "move": [1, 1]},
    )
    assert answer["status"] == "accepted"
    assert got_move.wait(10), "the move never reached the stream"
    event = json.loads(frames[0][len("data: ") :])
    assert (event["seq"], event["move"], event["status"]) == (1, [1, 1], "accepted")
