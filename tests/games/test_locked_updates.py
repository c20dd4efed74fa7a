"""Every change of a game is counted once and heard in order; a refused one changes nothing."""

import queue

import pytest

from games import services, streams
from games.models import Game
from live import frames
from live.hub import HUB
from tests.games.conftest import play, start_friendly

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def heard(listener) -> list[dict]:
    events = []
    while not listener.frames.empty():
        events.append(frames.data_of(listener.frames.get_nowait()))
    return events


def test_the_cpus_reply_is_a_change_of_its_own_after_the_players_move(alice_api):
    body = {"game": "dots_and_boxes", "options": {"columns": 2, "rows": 2}, "opponent": "cpu"}
    game_id = alice_api.post("/api/games/", body, format="json").json()["id"]
    listener = HUB.subscribe(streams.topic(game_id))
    try:
        answer = play(alice_api, game_id, 1, ["h", 0, 0]).json()
        moves = [event for event in heard(listener) if event["type"] == "move"]
    finally:
        HUB.unsubscribe(streams.topic(game_id), listener)
    # The player is told of their own move; the CPU answers in the next task.
    assert answer["seq"] == 1 and answer["status"] == "accepted"
    by_seq = sorted(moves, key=lambda event: event["seq"])
    assert [(event["seq"], event["seat"]) for event in by_seq] == [(1, "first"), (2, "second")]
    assert by_seq[0]["version"] < by_seq[1]["version"]


def test_every_change_by_a_player_counts_once_in_the_version(alice, bob, alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    before = Game.objects.get(pk=game_id).version
    services.offer_draw(game_id, alice)
    services.offer_draw(game_id, bob)  # accepted: the game ends in the same change
    game = Game.objects.get(pk=game_id)
    assert game.version == before + 2
    assert game.status == Game.Status.FINISHED and game.result_reason == "agreement"


def test_a_refused_change_leaves_the_game_as_it_was(alice, alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    services.resign(game_id, alice)
    before = Game.objects.values("version", "status", "result_reason").get(pk=game_id)
    refused = alice_api.post(f"/api/games/{game_id}/draw/")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "game_over"
    services.forfeit(game_id, alice)  # a finished game stays as it ended
    assert Game.objects.values("version", "status", "result_reason").get(pk=game_id) == before


def test_the_live_channel_hears_the_players_move_before_the_cpus_reply(make_user, embedded):
    """Embedded, the CPU replies in-process: its move still comes after the player's."""
    player = make_user("listener")
    game = services.create_game(
        creator=player,
        game="kropki",
        options={"width": 10, "height": 10, "start": "empty"},
        format=None,
        opponent="cpu",
    )
    listener = HUB.subscribe(streams.topic(game.pk))
    try:
        services.submit_move(game_id=game.pk, user=player, seq=1, payload=[5, 5])
        heard = []
        while True:
            try:
                event = frames.data_of(listener.frames.get(timeout=0.2))
            except queue.Empty:
                break
            if event["type"] == "move":
                heard.append((event["seq"], event["version"]))
    finally:
        HUB.unsubscribe(streams.topic(game.pk), listener)
    assert [seq for seq, _version in heard] == [1, 2]
    assert heard[0][1] < heard[1][1]
