"""Playing through the API, with tasks run in-process (the embedded mode)."""

import time

import pytest

from games import services
from games.engines import engine
from games.models import Game, Move
from tests.games.conftest import play, start_friendly

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def test_friendly_invitation_waits_for_the_opponent(alice_api, bob_api):
    created = alice_api.post(
        "/api/games/", {"game": "kropki", "opponent": "bob", "seat": "red"}, format="json"
    )
    assert created.status_code == 201
    game = created.json()
    assert game["status"] == "invited"
    assert game["players"] == {"blue": "bob", "red": "alice"}
    assert game["position"]["width"] == 39
    assert game["page"].endswith(f"/games/{game['id']}/")
    refused = alice_api.post(f"/api/games/{game['id']}/accept/")
    assert refused.status_code == 403
    assert bob_api.post(f"/api/games/{game['id']}/accept/").json()["status"] == "active"


def test_declined_invitation_cannot_be_played(alice_api, bob_api):
    game_id = alice_api.post(
        "/api/games/", {"game": "kropki", "opponent": "bob"}, format="json"
    ).json()["id"]
    assert bob_api.post(f"/api/games/{game_id}/decline/").json()["status"] == "declined"
    answer = play(alice_api, game_id, 1, [1, 1])
    assert answer.status_code == 200
    assert answer.json()["status"] == "refused"
    assert answer.json()["reason"]["code"] == "game_over"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "chess", "opponent": "bob"}, "game"),
        ({"game": "kropki", "opponent": "nobody-here"}, "opponent"),
        ({"game": "kropki", "opponent": "alice"}, "opponent"),
        ({"game": "kropki", "opponent": "bob", "options": {"width": 99}}, "options.width"),
        ({"game": "kropki", "opponent": "bob", "seat": "green"}, "seat"),
        ({"game": "kropki", "opponent": "cpu", "rated": True}, "rated"),
        (
            {"game": "kropki", "opponent": "bob", "time_control": {"move_s": -1}},
            "time_control.move_s",
        ),
        ({"game": "kropki", "opponent": "bob", "format": "blitz"}, "format"),
    ],
)
def test_bad_game_requests_name_the_field_and_create_nothing(alice_api, bob, body, field):
    response = alice_api.post("/api/games/", body, format="json")
    assert response.status_code == 400
    assert list(response.json()["error"]["details"]) == [field]
    assert not Game.objects.exists()


def test_two_players_alternate_and_the_server_keeps_the_score(alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    # Alice (blue) closes a diamond around Bob's 5-5.
    moves = [[5, 6], [5, 5], [4, 5], [1, 1], [6, 5], [1, 2], [5, 4]]
    for seq, move in enumerate(moves, start=1):
        client = alice_api if seq % 2 else bob_api
        answer = play(client, game_id, seq, move)
        assert answer.status_code == 200, answer.content
        assert answer.json()["status"] == "accepted"
    assert answer.json()["score"] == {"blue": 1, "red": 0}
    detail = alice_api.get(f"/api/games/{game_id}/").json()
    assert detail["move_count"] == 7
    assert detail["to_move"] == "bob"
    assert detail["position"]["owners"][4][4] == "b"


def test_not_your_turn_occupied_and_off_board_are_refused_with_codes(alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    assert play(bob_api, game_id, 1, [3, 3]).json()["reason"]["code"] == "not_your_turn"
    assert play(alice_api, game_id, 1, [3, 3]).json()["status"] == "accepted"
    assert play(bob_api, game_id, 2, [3, 3]).json()["reason"]["code"] == "occupied"
    assert play(bob_api, game_id, 2, [11, 3]).json()["reason"]["code"] == "off_board"
    # A refused move does not hold its number: the next try uses it again.
    assert play(bob_api, game_id, 2, [4, 4]).json()["status"] == "accepted"
    assert play(alice_api, game_id, 9, [6, 6]).json()["reason"]["code"] == "wrong_seq"


@pytest.mark.parametrize("move", [[1], "e4", [1, 2, 3], [1.5, 2], None])
def test_malformed_move_is_a_400_naming_the_move(alice_api, bob_api, move):
    game_id = start_friendly(alice_api, bob_api)
    response = play(alice_api, game_id, 1, move)
    assert response.status_code == 400
    assert "move" in response.json()["error"]["details"]
    assert not Move.objects.exists()


def test_missing_seq_is_a_400(alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    response = alice_api.post(f"/api/games/{game_id}/moves/", {"move": [1, 1]}, format="json")
    assert response.status_code == 400
    assert list(response.json()["error"]["details"]) == ["seq"]


def test_outsiders_and_anonymous_cannot_move(alice_api, bob_api, make_user, api):
    from tests.conftest import client_with_token

    game_id = start_friendly(alice_api, bob_api)
    carol_api = client_with_token(make_user("carol"))
    assert play(carol_api, game_id, 1, [1, 1]).status_code == 403
    assert play(api, game_id, 1, [1, 1]).status_code == 401
    assert play(alice_api, 999_999, 1, [1, 1]).status_code == 404
    assert not Move.objects.exists()


def test_the_same_move_sent_again_is_the_same_move(alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    first = play(alice_api, game_id, 1, [2, 2])
    again = play(alice_api, game_id, 1, [2, 2])
    assert first.json()["status"] == again.json()["status"] == "accepted"
    assert Move.objects.filter(game_id=game_id).count() == 1
    other = play(alice_api, game_id, 1, [3, 3])
    assert other.status_code == 409
    assert other.json()["error"]["code"] == "seq_taken"


def test_without_wait_the_answer_is_202_pending_then_the_move_is_listed(alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    response = alice_api.post(
        f"/api/games/{game_id}/moves/", {"seq": 1, "move": [2, 2]}, format="json"
    )
    # Embedded, the worker ran right after the commit; a real broker answers 202 pending.
    assert response.status_code in (200, 202)
    listed = alice_api.get(f"/api/games/{game_id}/moves/?after=0").json()
    assert [(row["seq"], row["status"], row["move"]) for row in listed] == [(1, "accepted", [2, 2])]
    assert alice_api.get(f"/api/games/{game_id}/moves/?after=1").json() == []


def test_practice_game_the_cpu_answers_every_move(alice_api):
    created = alice_api.post(
        "/api/games/",
        {"game": "kropki", "opponent": "cpu", "options": {"width": 15, "height": 15}},
        format="json",
    )
    game = created.json()
    assert game["players"] == {"blue": "alice", "red": "cpu"}
    for seq in (1, 3, 5):
        detail = alice_api.get(f"/api/games/{game['id']}/").json()
        free = [
            [x, y]
            for y in range(1, 16)
            for x in range(1, 16)
            if detail["position"]["dots"][y - 1][x - 1] == "."
            and detail["position"]["owners"][y - 1][x - 1] == "."
        ]
        assert play(alice_api, game["id"], seq, free[0]).json()["status"] == "accepted"
    detail = alice_api.get(f"/api/games/{game['id']}/").json()
    assert detail["move_count"] == 6
    assert detail["to_move"] == "alice"
    moves = alice_api.get(f"/api/games/{game['id']}/moves/").json()
    assert [row["player"] for row in moves] == ["alice", "cpu"] * 3


def test_practice_game_where_the_cpu_starts(alice_api):
    game = alice_api.post(
        "/api/games/", {"game": "kropki", "opponent": "cpu", "seat": "red"}, format="json"
    ).json()
    detail = alice_api.get(f"/api/games/{game['id']}/").json()
    assert detail["move_count"] == 1 and detail["to_move"] == "alice"


def test_resign_ends_the_game_for_the_opponent(alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    ended = bob_api.post(f"/api/games/{game_id}/resign/").json()
    assert ended["status"] == "finished"
    assert ended["result"] == {"winner": "alice", "winner_seat": "blue", "reason": "resignation"}
    assert bob_api.post(f"/api/games/{game_id}/resign/").status_code == 409
    assert play(alice_api, game_id, 1, [1, 1]).json()["reason"]["code"] == "game_over"


def test_draw_needs_both_players(alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    offered = alice_api.post(f"/api/games/{game_id}/draw/").json()
    assert offered["status"] == "active" and offered["draw_offer"] == "blue"
    agreed = bob_api.post(f"/api/games/{game_id}/draw/").json()
    assert agreed["status"] == "finished"
    assert agreed["result"]["reason"] == "agreement" and agreed["result"]["winner"] is None


def test_a_move_declines_the_draw_offer(alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    play(alice_api, game_id, 1, [1, 1])
    bob_api.post(f"/api/games/{game_id}/draw/")
    play(alice_api, game_id, 2, [2, 2])  # not Alice's move: refused, offer stands
    assert alice_api.get(f"/api/games/{game_id}/").json()["draw_offer"] == "red"
    play(bob_api, game_id, 2, [9, 9])
    play(alice_api, game_id, 3, [3, 3])
    assert alice_api.get(f"/api/games/{game_id}/").json()["draw_offer"] is None


def test_record_export_replays_to_the_same_game(alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    for seq, move in enumerate([[5, 6], [5, 5], [4, 5], [1, 1], [6, 5], [1, 2], [5, 4]], 1):
        play(alice_api if seq % 2 else bob_api, game_id, seq, move)
    record = alice_api.get(f"/api/games/{game_id}/record/")
    assert record["Content-Type"].startswith("application/json")
    rules = engine("kropki")
    lines = list(rules.replay(rules.read_record(record.content.decode())))
    assert lines[-1]["score"] == {"blue": 1, "red": 0}
    sgf = alice_api.get(f"/api/games/{game_id}/record/?format=sgf")
    assert sgf.content.decode().startswith("(;FF[4]GM[40]")
    again = rules.read_record(sgf.content.decode(), "game.sgf")
    assert list(rules.replay(again))[-1]["score"] == {"blue": 1, "red": 0}
    assert alice_api.get(f"/api/games/{game_id}/record/?format=pgn").status_code == 400


def test_clock_runs_out_and_the_side_to_move_loses(alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api, time_control={"move_s": 1})
    assert play(alice_api, game_id, 1, [1, 1]).json()["status"] == "accepted"
    time.sleep(1.2)
    detail = alice_api.get(f"/api/games/{game_id}/").json()
    assert detail["status"] == "finished"
    assert detail["result"] == {"winner": "alice", "winner_seat": "blue", "reason": "time"}


def test_fischer_clock_charges_thinking_and_adds_the_increment(alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api, time_control={"initial_s": 60, "increment_s": 5})
    play(alice_api, game_id, 1, [1, 1])
    clocks = alice_api.get(f"/api/games/{game_id}/").json()["clocks"]
    assert 64 <= clocks["blue"] <= 65
    assert 59 <= clocks["red"] <= 60


def test_timed_game_ended_by_a_move_finishes_cleanly(alice_api, bob_api):
    """A game clock with no per-move limit: the last move leaves nobody to time."""
    body = {
        "game": "kropki",
        "options": {"width": 4, "height": 4, "start": "empty"},
        "opponent": "bob",
        "time_control": {"initial_s": 600, "increment_s": 5},
    }
    game_id = alice_api.post("/api/games/", body, format="json").json()["id"]
    bob_api.post(f"/api/games/{game_id}/accept/")
    points = [[x, y] for y in range(1, 5) for x in range(1, 5)]
    for seq, move in enumerate(points, 1):
        assert play(alice_api if seq % 2 else bob_api, game_id, seq, move).status_code == 200
    detail = alice_api.get(f"/api/games/{game_id}/").json()
    assert detail["status"] == "finished" and detail["result"]["reason"] == "board_full"


def test_sweep_hands_over_moves_a_lost_message_left_pending(alice_api, bob_api, alice):
    game_id = start_friendly(alice_api, bob_api)
    move = Move.objects.create(game_id=game_id, seq=1, seat="blue", player=alice, payload=[4, 4])
    Move.objects.filter(pk=move.pk).update(received_at=move.received_at - services.SWEEP_AFTER * 2)
    assert services.sweep() == [game_id]
    move.refresh_from_db()
    assert move.status == Move.Status.ACCEPTED


def test_processing_twice_changes_nothing(alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    play(alice_api, game_id, 1, [4, 4])
    before = Game.objects.get(pk=game_id)
    services.process_game(game_id)
    after = Game.objects.get(pk=game_id)
    assert (before.version, bytes(before.snapshot)) == (after.version, bytes(after.snapshot))


# Transactional: the move is played from another thread, whose connection sees only what
# is committed.
@pytest.mark.django_db(transaction=True)
def test_live_events_stream_decided_moves(alice_api, bob_api, client):
    import threading

    game_id = start_friendly(alice_api, bob_api)
    response = client.get(f"/api/games/{game_id}/events/")
    assert response["Content-Type"] == "text/event-stream"
    stream = iter(response.streaming_content)
    opening = next(stream).decode()
    assert "event: state" in opening
    mover = threading.Thread(target=lambda: play(alice_api, game_id, 1, [7, 7]))
    mover.start()
    frame = next(frame for frame in map(bytes.decode, stream) if "event: move" in frame)
    mover.join()
    assert "event: move" in frame and '"move":[7,7]' in frame and '"status":"accepted"' in frame
    response.close()


# Transactional: whether the hook runs inside the ending transaction shows only when the
# test has no transaction of its own around it.
@pytest.mark.django_db(transaction=True)
def test_game_finished_hook_runs_inside_the_ending_transaction(alice_api, bob_api):
    from django.db import connection

    from games.signals import game_finished

    seen = []

    def handler(sender, finished, **kwargs):
        seen.append((finished.game_id, finished.reason, connection.in_atomic_block))

    game_finished.connect(handler)
    try:
        game_id = start_friendly(alice_api, bob_api)
        alice_api.post(f"/api/games/{game_id}/resign/")
    finally:
        game_finished.disconnect(handler)
    assert seen == [(game_id, "resignation", True)]


def test_an_invitation_finds_the_player_by_any_spelling_of_the_name(alice_api, bob):
    created = alice_api.post(
        "/api/games/", {"game": "kropki", "opponent": "ＢＯＢ "}, format="json"
    )
    assert created.status_code == 201, created.content
    assert created.json()["players"]["red"] == "bob"


def test_a_record_format_the_game_does_not_write_is_400_naming_format(alice_api):
    created = alice_api.post(
        "/api/games/", {"game": "dots_and_boxes", "opponent": "cpu"}, format="json"
    ).json()
    answer = alice_api.get(f"/api/games/{created['id']}/record/?format=sgf")
    assert answer.status_code == 400
    assert "format" in answer.json()["error"]["details"]
    page = alice_api.get(f"/games/{created['id']}/").content.decode()
    assert "format=sgf" not in page and "format=json" in page
