"""Playing without an account: guests, what they may not do, signing up, the clean-up."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth import SESSION_KEY
from django.core.exceptions import ValidationError
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts import guests, tasks
from accounts.models import User
from games import registry
from games.models import Game, Move
from infrastructure.errors import DomainError, NotAllowed
from tests.accounts.test_pages import signup_data
from tests.conftest import client_with_token
from tests.games.conftest import play
from tests.support.championships import small_championship
from tournaments import services as championship_services
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


def rates(settings, **rates: str) -> None:
    """The API's and the guests' budgets (DRF's throttle rates) for this test."""
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **rates},
    }


def start_as_guest(client, game: str = "kropki"):
    return client.post("/games/new/guest/", {"game": game})


def session_user(client) -> User | None:
    user_id = client.session.get(SESSION_KEY)
    return User.objects.get(pk=user_id) if user_id else None


def guest_api(client) -> APIClient:
    """An API client in the guest's browser session."""
    api = APIClient()
    api.cookies = client.cookies
    return api


@pytest.fixture
def guest(client) -> User:
    assert start_as_guest(client).status_code == 302
    return session_user(client)


def error_code(response) -> str:
    return response.json()["error"]["code"]


# --- Playing -----------------------------------------------------------------------------


def test_visitor_plays_a_practice_game_against_the_cpu_without_an_account(client):
    response = start_as_guest(client)

    guest = session_user(client)
    assert guest is not None and guest.is_guest
    assert guest.username.startswith("guest-") and not guest.has_usable_password()
    game = Game.objects.get()
    assert response.url == game.get_absolute_url()
    assert game.kind == Game.Kind.PRACTICE and not game.rated
    assert game.seats.filter(user=guest).exists()
    page = client.get(game.get_absolute_url())
    assert page.status_code == 200
    assert "Sign up and keep your games" in page.content.decode()

    first = game.seats.get(user=guest).seat == game.to_move
    seq = 1 if first else 2
    moved = play(guest_api(client), game.pk, seq, [2, 2])
    assert moved.status_code in (200, 202), moved.content
    assert Move.objects.filter(game=game, player=guest).exists()


def test_every_game_is_offered_to_visitors_and_can_be_played_as_a_guest(client, settings):
    rates(settings, guest="100/hour")
    settings.GUEST_MAX_UNFINISHED_GAMES = len(registry.names())
    home = client.get("/").content.decode()
    for name in registry.names():
        assert f'name="game" value="{name}"' in home
        assert (
            f'name="game" value="{name}"' in client.get(f"/games/new/?game={name}").content.decode()
        )

    for name in registry.names():
        assert start_as_guest(client, name).status_code == 302
    assert sorted(Game.objects.values_list("game", flat=True)) == sorted(registry.names())
    assert User.objects.filter(is_guest=True).count() == 1  # one guest for the session


def test_guest_creation_is_throttled_per_address(client, settings):
    rates(settings, guest="2/hour")
    for _ in range(2):
        client.cookies.clear()
        assert start_as_guest(client).status_code == 302
    client.cookies.clear()

    refused = start_as_guest(client)

    assert refused.status_code == 429
    assert "Too many guests from your address" in refused.content.decode()
    assert User.objects.filter(is_guest=True).count() == 2


def test_a_guest_holds_a_limited_number_of_unfinished_games(client, guest, settings):
    settings.GUEST_MAX_UNFINISHED_GAMES = 2
    assert start_as_guest(client).status_code == 302

    refused = guest_api(client).post(
        "/api/games/", {"game": "kropki", "opponent": "cpu"}, format="json"
    )

    assert refused.status_code == 409
    assert error_code(refused) == "guest_game_limit"
    assert Game.objects.count() == 2
    # A finished game no longer counts.
    Game.objects.filter(pk=Game.objects.first().pk).update(status=Game.Status.FINISHED)
    assert start_as_guest(client).status_code == 302
    assert Game.objects.count() == 3


def test_an_unknown_game_makes_no_guest(client):
    response = start_as_guest(client, "chess")
    assert response.status_code == 302
    assert not User.objects.filter(is_guest=True).exists()


# --- What a guest is offered ----------------------------------------------------------


def test_a_visitor_chooses_the_cpus_strength_for_a_guest_game(client):
    for page in (client.get("/"), client.get("/games/new/?game=kropki")):
        html = page.content.decode()
        for level in ("easy", "normal", "strong"):
            assert f'name="cpu_level" value="{level}"' in html
        assert 'name="cpu_level" value="normal" checked' in html
        form = re.search(r'<form method="post" action="/games/new/guest/".*?</form>', html, re.S)
        assert 'name="csrfmiddlewaretoken"' in form.group(0)  # a browser's post is accepted

    assert (
        client.post("/games/new/guest/", {"game": "kropki", "cpu_level": "strong"}).status_code
        == 302
    )
    assert Game.objects.get().cpu_level == "strong"


def test_a_guest_game_without_a_level_plays_the_cpu_at_normal(client, guest):
    assert Game.objects.get().cpu_level == "normal"


def test_an_unknown_cpu_level_starts_no_game_and_says_which_there_are(client):
    response = client.post(
        "/games/new/guest/", {"game": "kropki", "cpu_level": "godlike"}, follow=True
    )
    assert "Choose the CPU&#x27;s strength: easy, normal, strong." in response.content.decode()
    assert not Game.objects.exists()


def test_a_guest_keeps_the_quick_play_buttons_on_the_home_page_after_a_game(client, guest):
    Game.objects.update(status=Game.Status.FINISHED)
    html = client.get("/").content.decode()
    for name in registry.names():
        assert f'<button type="submit" name="game" value="{name}">' in html
    assert 'name="cpu_level" value="strong"' in html
    assert (
        client.post("/games/new/guest/", {"game": "kropki", "cpu_level": "easy"}).status_code == 302
    )
    assert Game.objects.filter(status=Game.Status.ACTIVE).get().cpu_level == "easy"


def test_a_guests_new_game_form_offers_the_cpu_at_every_level_and_no_player(client, guest):
    html = client.get("/games/new/?game=kropki").content.decode()
    for level in ("easy", "normal", "strong"):
        assert f'value="cpu-{level}"' in html
    assert 'value="player"' not in html and 'name="player"' not in html
    assert "As a guest you play practice games against the CPU only." in html
    assert 'href="/signup/"' in html

    started = client.post(
        "/games/new/",
        {"game": "kropki", "opponent": "cpu-strong", "width": "10", "height": "10",
         "start": "empty", "seat": "blue"},
    )  # fmt: skip
    assert started.status_code == 302
    assert Game.objects.order_by("-id").first().cpu_level == "strong"


def test_a_guest_at_the_limit_sees_the_buttons_disabled_with_the_reason(client, guest, settings):
    settings.GUEST_MAX_UNFINISHED_GAMES = 1
    reason = "As a guest you may have 1 unfinished games at a time"
    home = client.get("/").content.decode()
    assert reason in home
    assert '<button type="submit" name="game" value="kropki" disabled' in home
    form = client.get("/games/new/?game=kropki").content.decode()
    assert reason in form
    assert 'disabled aria-describedby="new-game-refusal"' in form

    finished = Game.objects.get()
    Game.objects.update(status=Game.Status.FINISHED)
    assert client.post("/games/new/guest/", {"game": "kropki"}).status_code == 302  # the second
    game_page = client.get(finished.get_absolute_url()).content.decode()
    assert "Another game" in game_page and reason in game_page
    assert 'disabled aria-describedby="rematch-refusal"' in game_page


def test_a_guest_under_the_limit_is_offered_another_game_after_one_ends(client, guest):
    game = Game.objects.get()
    Game.objects.update(status=Game.Status.FINISHED)
    html = client.get(game.get_absolute_url()).content.decode()
    assert "Another game" in html and "rematch-refusal" not in html


# --- What a guest may not do -----------------------------------------------------------


def test_a_guest_cannot_invite_a_player_or_play_rated(client, guest, make_user):
    make_user("bob")
    api = guest_api(client)

    for body in (
        {"game": "kropki", "opponent": "bob"},
        {"game": "kropki", "opponent": "bob", "rated": True},
    ):
        refused = api.post("/api/games/", body, format="json")
        assert refused.status_code == 403
        assert error_code(refused) == "guest_account"
        assert "Sign up" in refused.json()["error"]["message"]
    page = client.post(
        "/games/new/",
        {
            "game": "kropki",
            "opponent": "player",
            "player": "bob",
            "width": "10",
            "height": "10",
            "start": "empty",
            "seat": "blue",
        },
    )
    assert "As a guest you play practice games against the CPU only" in page.content.decode()
    assert not Game.objects.filter(kind=Game.Kind.FRIENDLY).exists()


def test_a_guest_is_no_such_player_to_invite(guest, make_user):
    alice = make_user("alice")
    refused = client_with_token(alice).post(
        "/api/games/", {"game": "kropki", "opponent": guest.username}, format="json"
    )
    assert refused.status_code == 400
    assert "no player called" in refused.json()["error"]["message"]

    championship = small_championship(alice)
    response = client_with_token(alice).post(
        f"/api/championships/{championship.pk}/entries/",
        {"username": guest.username},
        format="json",
    )
    assert response.status_code == 400
    assert "There is no player called" in response.json()["error"]["message"]


def test_a_guest_cannot_enter_or_organise_a_championship(client, guest, make_user):
    championship = small_championship(make_user("alice"))
    api = guest_api(client)

    entered = api.post(f"/api/championships/{championship.pk}/entries/", {}, format="json")
    assert entered.status_code == 403
    assert error_code(entered) == "guest_account"
    assert not Entry.objects.exists()
    with pytest.raises(NotAllowed):
        small_championship(guest)
    with pytest.raises(NotAllowed):
        championship_services.enter(championship.pk, by=guest)


def test_a_guest_gets_no_api_token_and_no_plan(client, guest):
    api = guest_api(client)
    token = client.post("/account/token/")
    assert token.url == "/signup/"
    assert not Token.objects.filter(user=guest).exists()
    # No password to give: the token endpoint cannot be used either.
    assert api.post(
        "/api/accounts/token/", {"username": guest.username, "password": ""}, format="json"
    ).status_code in (400, 401)
    checkout = api.post("/api/billing/checkout/", {"period": "month"}, format="json")
    assert checkout.status_code == 403
    assert error_code(checkout) == "guest_account"
    assert client.get("/account/").url == "/signup/"


def test_staff_cannot_change_a_guests_plan(guest, make_user):
    staff = client_with_token(make_user("root", staff=True))
    response = staff.post(f"/api/accounts/{guest.username}/plan/", {"plan": "paid"}, format="json")
    assert response.status_code == 404


def test_a_guest_has_no_player_page_and_no_ratings(client, guest):
    assert client.get(f"/players/{guest.username}/").status_code == 404
    assert APIClient().get(f"/api/players/{guest.username}/").status_code == 404


def test_nobody_may_sign_up_with_a_guests_name(client):
    page = client.post("/signup/", signup_data(username="Guest-abc"))
    assert "kept for guests" in page.content.decode()
    api = APIClient().post(
        "/api/accounts/register/",
        {"username": "guest-12345", "password": "kropki-on-a-rainy-day"},
        format="json",
    )
    assert api.status_code == 400
    assert "username" in api.json()["error"]["details"]
    assert not User.objects.exists()


# --- Signing up --------------------------------------------------------------------------


def test_signing_up_as_a_guest_keeps_the_games(client, guest):
    game = Game.objects.get()

    response = client.post("/signup/", signup_data(username="anna", email="anna@example.org"))

    assert response.status_code == 302
    anna = User.objects.get()
    assert anna.pk == guest.pk and anna.username == "anna" and not anna.is_guest
    assert anna.email == "anna@example.org" and anna.has_usable_password()
    assert session_user(client) == anna
    assert game.seats.filter(user=anna).exists()
    assert client.get("/players/anna/").status_code == 200
    assert "Sign up and keep your games" not in client.get("/").content.decode()


def test_a_guests_sign_up_with_a_bad_field_changes_nothing(client, guest):
    page = client.post("/signup/", signup_data(username="x"))
    assert page.status_code == 200
    guest.refresh_from_db()
    assert guest.is_guest and guest.username.startswith("guest-")


def test_claim_guest_refuses_a_taken_name_and_a_full_account(guest, make_user):
    make_user("bob")
    with pytest.raises(ValidationError) as taken:
        guests.claim_guest(guest, username="BOB", email="", password="kropki-on-a-rainy-day")
    assert "username" in taken.value.error_dict
    with pytest.raises(DomainError):
        guests.claim_guest(
            User.objects.get(username="bob"), username="bobby", password="kropki-on-a-rainy-day"
        )


def test_a_guest_may_log_in_to_an_account_they_have(client, guest, make_user):
    assert client.get("/login/").status_code == 200


# --- The clean-up ------------------------------------------------------------------------


def test_clean_up_removes_old_guests_and_their_games_and_keeps_everyone_else(
    client, settings, make_user
):
    rates(settings, guest="100/hour")
    settings.GUEST_KEEP_DAYS = 30
    old = timezone.now() - timedelta(days=31)
    start_as_guest(client)
    stale = session_user(client)
    play(guest_api(client), Game.objects.get().pk, 1, [2, 2])
    User.objects.filter(pk=stale.pk).update(last_login=old, date_joined=old)
    client.cookies.clear()
    start_as_guest(client)
    recent = session_user(client)
    alice = make_user("alice", date_joined=old)
    alices_game = client_with_token(alice).post(
        "/api/games/", {"game": "kropki", "opponent": "cpu"}, format="json"
    )
    assert alices_game.status_code == 201

    tasks.remove_stale_guests()

    assert not User.objects.filter(pk=stale.pk).exists()
    assert set(User.objects.values_list("pk", flat=True)) == {recent.pk, alice.pk}
    assert not Game.objects.filter(seats__user_id=stale.pk).exists()
    assert Game.objects.filter(seats__user=recent).exists()
    assert Game.objects.filter(seats__user=alice).exists()


def test_a_guest_who_comes_back_is_kept(client, guest, settings):
    old = timezone.now() - timedelta(days=31)
    User.objects.filter(pk=guest.pk).update(last_login=old, date_joined=old)

    client.get("/")  # the visit is noted

    assert guests.remove_stale_guests() == 0
    assert User.objects.filter(pk=guest.pk).exists()


def test_the_clean_up_runs_on_the_beat(settings):
    schedule = settings.CELERY_BEAT_SCHEDULE["accounts-remove-stale-guests"]
    assert schedule["task"] == "accounts.remove_stale_guests"
