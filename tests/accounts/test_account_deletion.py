"""Deleting an account: the person's data go at once, their games and results stay as a
deleted player's, and nobody else's standings, ratings or games change."""

import json
import re

import pytest
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from rest_framework.authtoken.models import Token

from accounts import services
from accounts.models import User
from games import presence
from games import services as game_services
from games.models import Game
from notifications.models import EmailOptOut, Notification
from notifications.services import notify
from ratings.models import Rating, RatingChange
from tests.accounts.personal_data_support import finished_championship, friendly_game
from tests.conftest import TEST_PASSWORD, client_with_token
from tests.support.championships import invite_and_accept, small_championship
from tournaments import services as championship_services
from tournaments.models import CalendarFeed, Championship, Entry, Invitation
from tournaments.services.calendar_feeds import calendar_feed

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

ME = "/api/accounts/me/"
DELETED = "deleted player"


def delete_by_api(client, password=TEST_PASSWORD):
    return client.delete(ME, {"password": password}, format="json")


def logged_in(user: User) -> Client:
    client = Client()
    assert client.login(username=user.username, password=TEST_PASSWORD)
    return client


def page_text(response) -> str:
    html = response.content.decode()
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.fixture
def carol(make_user):
    return make_user("carol")


@pytest.fixture
def dave(make_user):
    return make_user("dave")


@pytest.fixture
def organiser(make_user):
    return make_user("organiser")


# -- through the API and the page ----------------------------------------------------------


def test_deleting_through_the_api_answers_204_and_leaves_nothing_personal(make_user):
    anna = make_user("anna", email="anna@example.org", first_name="Anna", language="pl")
    notify([anna], "championship_started", url="/", params={"championship": "Cup"})
    EmailOptOut.objects.create(user=anna, kind="your_move")
    calendar_feed(anna)
    client = client_with_token(anna)

    answer = delete_by_api(client)

    assert answer.status_code == 204
    row = User.objects.get(pk=anna.pk)
    assert row.deleted_at is not None
    assert not row.is_active
    assert not row.has_usable_password()
    assert (row.email, row.first_name, row.language) == ("", "", "")
    assert "anna" not in row.username
    assert not User.objects.named("anna").exists()
    assert not Token.objects.filter(user=row).exists()
    assert not Notification.objects.filter(user=row).exists()
    assert not EmailOptOut.objects.filter(user=row).exists()
    assert not CalendarFeed.objects.filter(player=row).exists()


@pytest.mark.parametrize(
    "body", [{}, {"password": ""}, {"password": "not-my-password"}, {"password": 7}]
)
def test_a_wrong_or_missing_password_is_a_field_error_and_changes_nothing(alice, alice_api, body):
    answer = alice_api.delete(ME, body, format="json")

    assert answer.status_code == 400
    assert list(answer.json()["error"]["details"]) == ["password"]
    alice.refresh_from_db()
    assert alice.is_active and alice.deleted_at is None and alice.username == "alice"
    assert alice_api.get(ME).status_code == 200


def test_deleting_needs_to_know_who_asks(api):
    assert delete_by_api(api).status_code == 401


def test_the_api_token_answers_401_at_once_though_it_was_cached(alice):
    program = client_with_token(alice)
    assert program.get(ME).status_code == 200  # the token's user is now in the cache
    assert delete_by_api(client_with_token(alice)).status_code == 204

    answer = program.get(ME)

    assert answer.status_code == 401
    assert program.get("/api/games/").status_code == 401


def test_every_session_is_logged_out_at_once(alice):
    laptop, phone = logged_in(alice), logged_in(alice)
    assert phone.get("/account/").status_code == 200

    answer = laptop.post("/account/delete/", {"password": TEST_PASSWORD})

    assert answer.status_code == 302
    assert answer["Location"] == "/"
    assert laptop.get("/account/").status_code == 302  # to the log-in page
    assert phone.get("/account/")["Location"].startswith("/login/")
    assert phone.get(ME).status_code in (401, 403)


def test_the_page_asks_for_the_password_and_says_what_will_happen(alice, bob):
    friendly_game(alice, bob)
    client = logged_in(alice)

    shown = page_text(client.get("/account/delete/"))

    assert "Delete your account" in shown
    assert "Your 1 running game ends, lost by you" in shown
    assert "Your password" in shown


def test_a_wrong_password_on_the_page_is_shown_at_the_field_and_changes_nothing(alice):
    client = logged_in(alice)

    answer = client.post("/account/delete/", {"password": "not-it"})

    assert answer.status_code == 200
    assert 'id="id_password_error"' in answer.content.decode()
    assert "Wrong password." in page_text(answer)
    alice.refresh_from_db()
    assert alice.is_active and alice.deleted_at is None
    assert client.get("/account/").status_code == 200


def test_the_page_tells_the_person_their_account_is_gone(alice):
    client = logged_in(alice)

    home = client.post("/account/delete/", {"password": TEST_PASSWORD}, follow=True)

    assert "Your account is deleted" in page_text(home)
    assert not User.objects.get(pk=alice.pk).is_active


def test_guessing_the_password_on_the_page_counts_as_password_attempts(alice, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "token_username": "1/minute",
        },
    }
    client = logged_in(alice)
    assert client.post("/account/delete/", {"password": "a-guess"}).status_code == 200

    answer = client.post("/account/delete/", {"password": TEST_PASSWORD})

    assert answer.status_code == 429
    assert User.objects.get(pk=alice.pk).is_active


# -- what stays, and how it reads ----------------------------------------------------------


def test_a_deleted_players_page_is_gone_and_the_name_can_be_taken_again(alice, bob, api):
    game = friendly_game(alice, bob)
    game_services.resign(game.pk, bob)
    assert delete_by_api(client_with_token(alice)).status_code == 204

    assert Client().get("/players/alice/").status_code == 404
    assert api.get("/api/players/alice/").status_code == 404

    again = api.post(
        "/api/accounts/register/", {"username": "alice", "password": TEST_PASSWORD}, format="json"
    )
    assert again.status_code == 201
    newcomer = client_with_token(User.objects.named("alice").get())
    assert newcomer.get("/api/games/").json() == []
    old = api.get(f"/api/games/{game.pk}/").json()
    assert old["players"] == {"blue": DELETED, "red": "bob"}
    assert old["result"]["winner"] == DELETED
    profile = page_text(Client().get("/players/alice/"))
    assert "No games yet." in profile


def test_the_game_shows_a_deleted_player_and_its_record_stays_the_same(alice, bob, api):
    game = friendly_game(alice, bob)
    game_services.submit_move(game_id=game.pk, user=alice, seq=1, payload=[1, 1])
    game_services.resign(game.pk, bob)
    record = api.get(f"/api/games/{game.pk}/record/").content
    moves = api.get(f"/api/games/{game.pk}/moves/").json()

    assert delete_by_api(client_with_token(alice)).status_code == 204

    kept = json.loads(api.get(f"/api/games/{game.pk}/record/").content)
    before = json.loads(record)
    assert kept["players"] == {"blue": DELETED, "red": "bob"}  # the name goes, the game stays
    assert {k: v for k, v in kept.items() if k != "players"} == {
        k: v for k, v in before.items() if k != "players"
    }
    detail = api.get(f"/api/games/{game.pk}/").json()
    assert detail["players"] == {"blue": DELETED, "red": "bob"}
    after = api.get(f"/api/games/{game.pk}/moves/").json()
    assert [row["player"] for row in after] == [DELETED, "bob"][: len(after)]
    assert [row["move"] for row in after] == [row["move"] for row in moves]
    shown = Client().get(f"/games/{game.pk}/")
    assert shown.status_code == 200
    assert DELETED in page_text(shown)
    assert 'href="/players/alice/"' not in shown.content.decode()
    assert 'href="/players/bob/"' in shown.content.decode()


def test_running_games_are_lost_by_the_deleted_player_and_the_opponent_is_told(alice, bob):
    game = friendly_game(alice, bob)

    assert delete_by_api(client_with_token(alice)).status_code == 204

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert (game.winner, game.result_reason) == ("red", "resignation")
    told = client_with_token(bob).get("/api/notifications/").json()
    assert any(
        row["kind"] == "game_ended" and "You won" in row["text"] and DELETED in row["text"]
        for row in told
    )
    assert not Notification.objects.filter(user_id=alice.pk).exists()


def test_nobody_asks_a_deleted_player_for_another_game(alice, bob):
    game = friendly_game(alice, bob)
    game_services.resign(game.pk, alice)
    reader = client_with_token(bob)
    assert logged_in(bob).get(f"/games/{game.pk}/").context["can_rematch"]

    assert delete_by_api(client_with_token(alice)).status_code == 204

    answer = reader.post(f"/api/games/{game.pk}/rematch/", {}, format="json")
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "player_gone"
    assert not logged_in(bob).get(f"/games/{game.pk}/").context["can_rematch"]


def test_invitations_to_games_are_withdrawn(alice, bob, carol):
    sent = game_services.create_game(
        creator=alice, game="kropki", options={}, format=None, opponent="bob"
    )
    received = game_services.create_game(
        creator=carol, game="kropki", options={}, format=None, opponent="alice"
    )

    assert delete_by_api(client_with_token(alice)).status_code == 204

    assert set(
        Game.objects.filter(pk__in=[sent.pk, received.pk]).values_list("status", flat=True)
    ) == {Game.Status.DECLINED}


def test_presence_in_the_deleted_players_games_is_forgotten(alice, bob):
    game = friendly_game(alice, bob)
    presence.touch(game.pk, "blue")
    presence.touch(game.pk, "red")

    assert delete_by_api(client_with_token(alice)).status_code == 204

    assert presence.last_seen(game.pk, "blue") is None
    assert presence.last_seen(game.pk, "red") is not None


def test_a_finished_championship_keeps_its_standings_and_the_others_ratings(
    organiser, alice, bob, carol, dave, api
):
    championship = finished_championship(organiser, [alice, bob, carol, dave])
    assert championship.status == Championship.Status.FINISHED
    base = f"/api/championships/{championship.pk}"
    standings = api.get(f"{base}/standings/").json()
    bracket = api.get(f"{base}/bracket/").json()
    games = api.get(f"{base}/games/").json()
    others = [alice, carol, dave]
    ratings = {
        rating.player_id: (rating.rating, rating.rd, rating.games)
        for rating in Rating.objects.filter(player__in=others)
    }
    changes = RatingChange.objects.count()
    assert len(ratings) == 3 and changes > 0

    assert delete_by_api(client_with_token(bob)).status_code == 204

    def bob_reads_deleted(value):
        if isinstance(value, dict):
            return {key: bob_reads_deleted(item) for key, item in value.items()}
        if isinstance(value, list):
            return [bob_reads_deleted(item) for item in value]
        return DELETED if value == "bob" else value

    assert api.get(f"{base}/standings/").json() == bob_reads_deleted(standings)
    assert api.get(f"{base}/bracket/").json() == bob_reads_deleted(bracket)
    assert api.get(f"{base}/games/").json() == bob_reads_deleted(games)
    assert {
        rating.player_id: (rating.rating, rating.rd, rating.games)
        for rating in Rating.objects.filter(player__in=others)
    } == ratings
    assert RatingChange.objects.count() == changes
    assert Rating.objects.filter(player_id=bob.pk).exists()  # the others' were computed with it
    assert Entry.objects.get(championship=championship, player_id=bob.pk).withdrawn_at is None

    page = Client().get(f"/championships/{championship.pk}/")
    assert page.status_code == 200
    text = page_text(page)
    assert DELETED in text and "alice" in text and "carol" in text
    assert 'href="/players/bob/"' not in page.content.decode()
    csv = api.get(f"{base}/standings/?format=csv").content.decode()
    assert DELETED in csv and ",bob," not in csv
    leaderboard = api.get("/api/ratings/kropki/").json()
    assert DELETED not in [row["username"] for row in leaderboard]


def test_the_deleted_player_leaves_the_championships_still_to_come(
    organiser, alice, bob, carol, dave
):
    registering = small_championship(organiser, name="Summer Cup")
    invite_and_accept(registering, organiser, alice)
    invited = small_championship(organiser, name="Winter Cup")
    championship_services.invite(invited.pk, by=organiser, username="alice")
    running = small_championship(organiser, name="Autumn Cup", group_size=4)
    invite_and_accept(running, organiser, alice, bob, carol, dave)
    championship_services.start(running.pk, by=organiser)
    game = Game.objects.filter(
        match__stage__championship=running, status=Game.Status.ACTIVE, seats__user=alice
    ).get()

    assert delete_by_api(client_with_token(alice)).status_code == 204

    assert not Entry.objects.filter(championship=registering).exists()
    assert Invitation.objects.get(championship=invited).status == Invitation.Status.DECLINED
    assert Entry.objects.get(championship=running, player_id=alice.pk).withdrawn_at is not None
    game.refresh_from_db()
    assert (game.status, game.result_reason) == (Game.Status.FINISHED, "forfeit")
    opponent = next(seat for seat in game.seats.all() if seat.user_id != alice.pk)
    assert game.winner == opponent.seat


def test_a_championship_the_deleted_player_organises_stays_with_a_deleted_organiser(
    organiser, alice, bob, api
):
    championship = small_championship(organiser)
    invite_and_accept(championship, organiser, alice, bob)

    assert delete_by_api(client_with_token(organiser)).status_code == 204

    assert Championship.objects.filter(pk=championship.pk).exists()
    body = api.get(f"/api/championships/{championship.pk}/").json()
    assert body["organiser"] == DELETED
    assert sorted(body["entrants"]) == ["alice", "bob"]
    page = Client().get(f"/championships/{championship.pk}/")
    assert DELETED in page_text(page)
    assert 'href="/players/organiser/"' not in page.content.decode()


def test_notifications_naming_the_player_read_deleted_player_even_after_the_name_is_taken(
    alice, bob, api
):
    game_services.create_game(creator=alice, game="kropki", options={}, format=None, opponent="bob")
    finished = friendly_game(alice, bob)
    game_services.resign(finished.pk, alice)
    reader = client_with_token(bob)
    before = [row["text"] for row in reader.get("/api/notifications/").json()]
    assert any("alice invites you" in text for text in before)

    assert delete_by_api(client_with_token(alice)).status_code == 204
    api.post(
        "/api/accounts/register/", {"username": "alice", "password": TEST_PASSWORD}, format="json"
    )

    after = [row["text"] for row in reader.get("/api/notifications/").json()]
    assert len(after) == len(before)
    assert not any("alice" in text for text in after)
    assert any(f"{DELETED} invites you" in text for text in after)
    assert any("You won" in text and DELETED in text for text in after)


def test_the_championship_log_names_a_deleted_winner_as_deleted_player(
    organiser, alice, bob, carol, dave, api
):
    championship = small_championship(organiser, group_size=4)
    invite_and_accept(championship, organiser, alice, bob, carol, dave)
    championship_services.start(championship.pk, by=organiser)
    game = Game.objects.filter(
        match__stage__championship=championship, seats__user=alice, status=Game.Status.ACTIVE
    ).get()
    championship_services.adjudicate(
        game.pk, by=organiser, outcome="win", winner="alice", reason="Her opponent never came."
    )

    assert delete_by_api(client_with_token(alice)).status_code == 204
    api.post(
        "/api/accounts/register/", {"username": "alice", "password": TEST_PASSWORD}, format="json"
    )

    log = api.get(f"/api/championships/{championship.pk}/log/").json()
    decided = next(entry for entry in log if entry["action"] == "adjudicated")
    assert decided["after"]["winner"] == DELETED
    assert DELETED in decided["players"] and "alice" not in decided["players"]
    page = page_text(Client().get(f"/championships/{championship.pk}/"))
    assert f"{DELETED} wins" in page


def test_the_admin_log_names_the_account_by_its_placeholder(alice, staff):
    LogEntry.objects.create(
        user=staff,
        content_type=ContentType.objects.get_for_model(User),
        object_id=str(alice.pk),
        object_repr="alice",
        action_flag=CHANGE,
    )

    assert delete_by_api(client_with_token(alice)).status_code == 204

    assert list(LogEntry.objects.values_list("object_repr", flat=True)) == [
        User.objects.get(pk=alice.pk).username
    ]


def test_deleting_an_account_again_changes_nothing(alice):
    services.erase_account(alice)
    first = User.objects.get(pk=alice.pk)

    services.erase_account(first)

    again = User.objects.get(pk=alice.pk)
    assert (again.username, again.deleted_at) == (first.username, first.deleted_at)


def test_a_placeholder_name_is_never_a_new_players_name(api):
    answer = api.post(
        "/api/accounts/register/", {"username": "deleted+1", "password": TEST_PASSWORD}
    )

    assert answer.status_code == 400
    assert list(answer.json()["error"]["details"]) == ["username"]


def test_a_guest_has_no_account_to_delete_and_is_sent_to_sign_up():
    visitor = Client()
    assert visitor.post("/games/new/guest/", {"game": "kropki"}).status_code == 302

    answer = visitor.get("/account/delete/", follow=True)

    assert answer.redirect_chain[-1][0].startswith("/signup/")
    assert User.objects.get(is_guest=True).deleted_at is None
