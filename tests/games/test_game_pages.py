"""The game pages: watching, playing, the live fragment, a new game, the game actions, home."""

import pytest
from django.test import Client

from games import services
from games.models import Game
from tests.conftest import TEST_PASSWORD
from tests.games.conftest import start_friendly

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def logged_in(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=TEST_PASSWORD)
    return client


def test_game_page_shows_board_players_scores_and_whose_move_to_a_spectator(alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    page = Client().get(f"/games/{game_id}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'role="img"' in html and "playable" not in html  # a spectator cannot play
    assert "alice" in html and "bob" in html
    assert "Blue to move." in html
    assert f"/api/games/{game_id}/record/?format=sgf" in html


def test_player_to_move_gets_a_playable_board(alice, alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    html = logged_in(alice).get(f"/games/{game_id}/").content.decode()
    assert 'class="board board-kropki playable"' in html
    assert 'data-can-move="1"' in html and "Your move." in html
    assert 'data-seat="blue"' in html


def test_live_fragment_is_empty_while_nothing_changed_and_full_after_a_move(
    alice, alice_api, bob_api
):
    game_id = start_friendly(alice_api, bob_api)
    version = Game.objects.get(pk=game_id).version
    client = Client()
    assert client.get(f"/games/{game_id}/live/?version={version}").status_code == 204
    services.submit_move(game_id=game_id, user=alice, seq=1, payload=[4, 4])
    fragment = client.get(f"/games/{game_id}/live/?version={version}")
    assert fragment.status_code == 200
    html = fragment.content.decode()
    assert 'data-point="4-4"' in html and "<html" not in html
    assert "Red to move." in html


def test_finished_game_shows_the_winner_and_the_reason(alice, bob, alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    response = logged_in(bob).post(f"/games/{game_id}/resign/", follow=True)
    html = response.content.decode()
    assert "You resigned the game." in html
    assert "alice (Blue) wins" in html and "resignation" in html
    assert "playable" not in html


def test_game_actions_need_a_post_from_a_player(alice, alice_api, bob_api, make_user):
    game_id = start_friendly(alice_api, bob_api)
    assert logged_in(alice).get(f"/games/{game_id}/resign/").status_code == 405
    anonymous = Client().post(f"/games/{game_id}/resign/")
    assert anonymous.status_code == 302 and "/login/" in anonymous["Location"]
    outsider = logged_in(make_user("carol")).post(f"/games/{game_id}/resign/", follow=True)
    assert "You do not play in this game." in outsider.content.decode()
    assert Game.objects.get(pk=game_id).status == Game.Status.ACTIVE


def test_draw_offer_then_acceptance_from_the_page(alice, bob, alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    offered = logged_in(alice).post(f"/games/{game_id}/draw/", follow=True).content.decode()
    assert "You offered a draw" in offered
    bob_page = logged_in(bob).get(f"/games/{game_id}/").content.decode()
    assert "Blue offers a draw." in bob_page and "Accept the draw" in bob_page
    agreed = logged_in(bob).post(f"/games/{game_id}/draw/", follow=True).content.decode()
    assert "The draw is agreed." in agreed and "A draw" in agreed


def test_invited_player_accepts_from_the_game_page(alice, bob, alice_api):
    created = alice_api.post(
        "/api/games/", {"game": "kropki", "opponent": "bob"}, format="json"
    ).json()
    page = logged_in(bob).get(f"/games/{created['id']}/").content.decode()
    assert "You are invited to this game." in page
    logged_in(bob).post(f"/games/{created['id']}/accept/")
    assert Game.objects.get(pk=created["id"]).status == Game.Status.ACTIVE


def test_new_practice_game_form_starts_a_game_against_the_cpu(alice):
    client = logged_in(alice)
    form = client.get("/games/new/")
    assert form.status_code == 200 and 'value="cpu-normal"' in form.content.decode()
    response = client.post(
        "/games/new/",
        {
            "game": "kropki",
            "opponent": "cpu-normal",
            "width": "10",
            "height": "10",
            "start": "cross",
            "seat": "red",
        },
    )
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert game.kind == Game.Kind.PRACTICE and game.options["width"] == 10
    assert game.move_count == 1  # the CPU, blue, has opened


def test_new_game_form_shows_errors_at_their_field_and_creates_nothing(alice):
    client = logged_in(alice)
    response = client.post(
        "/games/new/",
        {"game": "kropki", "opponent": "player", "player": "nobody-here", "width": "10",
         "height": "10",
         "start": "cross", "seat": "blue", "clock": "300+5"},
    )  # fmt: skip
    assert response.status_code == 200
    html = response.content.decode()
    assert "no player called &#x27;nobody-here&#x27;" in html
    assert html.index("no player called") > html.index('id="id_player"')
    assert not Game.objects.exists()
    bad_size = client.post(
        "/games/new/", {"game": "kropki", "opponent": "cpu-normal", "width": "2", "height": "10"}
    )
    assert "a whole number from 4 to 60" in bad_size.content.decode()
    assert not Game.objects.exists()


def test_new_game_page_offers_visitors_a_guest_game_and_asks_them_to_log_in_for_more():
    response = Client().get("/games/new/")
    assert response.status_code == 200
    assert "Play the CPU without an account" in response.content.decode()
    assert 'href="/login/' in response.content.decode()
    posted = Client().post("/games/new/", {"game": "kropki", "opponent": "bob"})
    assert posted.status_code == 302 and posted["Location"].startswith("/login/")


def test_unknown_game_is_a_404_page():
    response = Client().get("/games/999999/")
    assert response.status_code == 404 and b"<html" in response.content


def test_home_lists_the_players_games_with_their_move_first(alice, bob, alice_api, bob_api):
    waiting_for_bob = start_friendly(alice_api, bob_api)
    services.submit_move(game_id=waiting_for_bob, user=alice, seq=1, payload=[4, 4])
    alices_move = start_friendly(alice_api, bob_api)
    html = logged_in(alice).get("/").content.decode()
    your_move = html.index("Your move")
    waiting = html.index("Waiting for your opponent")
    assert your_move < html.index(f"/games/{alices_move}/") < waiting
    assert html.index(f"/games/{waiting_for_bob}/") > waiting


def test_home_for_a_visitor_offers_sign_up_and_lists_open_championships(make_user):
    from tournaments import services as championships

    championships.create_championship(
        organiser=make_user("orga"), name="Autumn Open", game="kropki"
    )
    html = Client().get("/").content.decode()
    assert "/signup/" in html and "Autumn Open" in html and "Open for entries" in html


def test_home_shows_spectators_the_games_being_played_but_not_practice_games(
    alice, alice_api, bob_api
):
    friendly = start_friendly(alice_api, bob_api)
    practice = services.create_game(
        creator=alice, game="kropki", options={}, format=None, opponent="cpu"
    )
    html = Client().get("/").content.decode()
    section = html[html.index("Games being played") :]
    assert f"/games/{friendly}/" in section
    assert f"/games/{practice.pk}/" not in section


def test_new_dots_and_boxes_game_form_offers_its_own_board_and_clocks(alice):
    client = logged_in(alice)
    form = client.get("/games/new/?game=dots_and_boxes").content.decode()
    assert 'for="id_columns"' in form and "30 seconds a move" in form
    assert 'for="id_start"' not in form  # the cross start is Kropki's
    response = client.post(
        "/games/new/",
        {"game": "dots_and_boxes", "opponent": "cpu-normal", "columns": "3", "rows": "4",
         "seat": "first", "clock": "move:30"},
    )  # fmt: skip
    game = Game.objects.get()
    assert response.status_code == 302
    assert game.options == {"columns": 3, "rows": 4} and game.time_control["move_s"] == 30
    assert Client().get("/games/new/?game=chess").status_code in (302, 404)
    assert client.get("/games/new/?game=chess").status_code == 404


def test_dots_and_boxes_page_offers_undo_leave_and_another_game(alice, bob, alice_api, bob_api):
    body = {"game": "dots_and_boxes", "options": {"columns": 2, "rows": 2}, "opponent": "bob"}
    game_id = alice_api.post("/api/games/", body, format="json").json()["id"]
    bob_api.post(f"/api/games/{game_id}/accept/")
    services.submit_move(game_id=game_id, user=alice, seq=1, payload=["h", 0, 0])
    page = logged_in(alice).get(f"/games/{game_id}/").content.decode()
    assert "Ask to take back my move" in page and "Leave; the CPU plays for me" in page
    asked = logged_in(alice).post(f"/games/{game_id}/undo/", follow=True).content.decode()
    assert "your opponent decides" in asked
    bob_page = logged_in(bob).get(f"/games/{game_id}/").content.decode()
    assert "First asks to take back their last move." in bob_page
    assert "Allow taking back" in bob_page
    logged_in(bob).post(f"/games/{game_id}/away/")
    assert "away, the CPU plays" in logged_in(alice).get(f"/games/{game_id}/").content.decode()
    logged_in(alice).post(f"/games/{game_id}/resign/")
    again = logged_in(alice).post(f"/games/{game_id}/rematch/", {"swap": ["0", "1"]})
    new = Game.objects.exclude(pk=game_id).get()
    assert again["Location"] == f"/games/{new.pk}/"
    assert new.seats.get(seat="first").user == bob  # the other player starts
    kropki_page = logged_in(alice).get(f"/games/{start_friendly(alice_api, bob_api)}/")
    assert "take back" not in kropki_page.content.decode()


def test_new_quadrotone_game_form_offers_its_options_and_the_plan_decides_rotations(alice):
    client = logged_in(alice)
    form = client.get("/games/new/?game=quadrotone").content.decode()
    assert 'for="id_variant"' in form and 'for="id_seat"' not in form
    assert "On the free plan only patterns as drawn score" in form
    refused = client.post(
        "/games/new/", {"game": "quadrotone", "opponent": "cpu-normal", "variant": "reverse"}
    )
    assert "for paid accounts" in refused.content.decode() and not Game.objects.exists()
    response = client.post(
        "/games/new/",
        {"game": "quadrotone", "opponent": "cpu-normal", "variant": "main", "chains": "on"},
    )
    game = Game.objects.get()
    assert response.status_code == 302
    assert game.options["chains"] is True and game.options["rotations"] is False
