"""The account pages: sign-up, log-in, the account with its API token, players' profiles."""

import re
from datetime import timedelta
from html import unescape

import pytest
from django.contrib.auth import SESSION_KEY
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.authtoken.models import Token

from accounts import services
from accounts.models import Plan, User
from games.models import Game, Seat
from infrastructure.errors import DomainError
from ratings.models import Rating, RatingChange
from tests.conftest import TEST_PASSWORD
from tournaments.models import Championship, Entry

pytestmark = pytest.mark.django_db

PASSWORD = "kropki-on-a-rainy-day"


def signup_data(**fields) -> dict:
    return {"username": "anna", "password1": PASSWORD, "password2": PASSWORD, "email": "", **fields}


def field_errors(response, field: str) -> list[str]:
    """The error messages the page shows at one field (ids tie them to the input)."""
    html = response.content.decode()
    found = re.search(rf'<ul class="errorlist" id="id_{field}_error">(.*?)</ul>', html, re.S)
    if not found:
        return []
    return [unescape(item) for item in re.findall(r"<li>(.*?)</li>", found.group(1), re.S)]


def form_alert(response) -> str:
    html = response.content.decode()
    found = re.search(r'<div class="message error" role="alert">(.*?)</div>', html, re.S)
    return unescape(found.group(1)) if found else ""


def recent_games(html: str) -> list[tuple[int, str]]:
    """(game id, row) of each row of the profile's recent games, top to bottom."""
    table = re.search(r'<table class="recent-games">.*?<tbody>(.*?)</tbody>', html, re.S)
    rows = re.findall(r"<tr>(.*?)</tr>", table.group(1), re.S) if table else []
    return [(int(re.search(r'href="/games/(\d+)/"', row).group(1)), row) for row in rows]


def logged_in_as(client) -> User | None:
    user_id = client.session.get(SESSION_KEY)
    return User.objects.get(pk=user_id) if user_id else None


def page_rates(settings, **rates: str) -> None:
    """The pages' budgets (allauth's rate limits) for this test."""
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, **rates}


def finished_game(blue: User, red: User | None, *, winner: str = "", **fields) -> Game:
    """A Kropki game (finished unless told) between two seats, written straight to the database."""
    now = timezone.now()
    game = Game.objects.create(
        game="kropki", kind=Game.Kind.FRIENDLY if red else Game.Kind.PRACTICE, created_by=blue,
        status=fields.pop("status", Game.Status.FINISHED), winner=winner,
        result_reason=fields.pop("reason", "resignation"),
        score=fields.pop("score", {"blue": 7, "red": 3}), snapshot=b"", started_at=now,
        finished_at=now, **fields,
    )  # fmt: skip
    Seat.objects.create(game=game, seat="blue", order=0, user=blue)
    Seat.objects.create(game=game, seat="red", order=1, user=red)
    return game


# --- sign-up ---------------------------------------------------------------------------------


def test_signup_page_has_a_labelled_field_for_each_input(client):
    response = client.get("/signup/")
    assert response.status_code == 200
    html = response.content.decode()
    for field in ("username", "password1", "password2", "email"):
        assert f'<label for="id_{field}">' in html
        assert f'id="id_{field}"' in html
    assert 'autocomplete="new-password"' in html
    assert "at least 10 characters" in html  # the password validators' own help
    assert 'href="/login/"' in html


def test_signup_creates_a_free_account_logs_in_and_goes_to_play(client):
    response = client.post("/signup/", signup_data(email="anna@example.org"))
    assert response.status_code == 302
    assert response["Location"] == "/games/new/"
    user = User.objects.get(username="anna")
    assert user.email == "anna@example.org"
    assert user.plan == Plan.FREE
    assert user.check_password(PASSWORD)
    assert Token.objects.filter(user=user).exists()  # made as the API makes an account
    assert logged_in_as(client) == user
    page = client.get(response["Location"])
    assert "Welcome, anna!" in page.content.decode()


def test_signup_follows_a_next_address_on_this_site(client):
    response = client.post("/signup/?next=/leaderboards/", signup_data())
    assert response["Location"] == "/leaderboards/"


def test_signup_ignores_a_next_address_on_another_site(client):
    response = client.post("/signup/", signup_data(next="https://evil.example/steal"))
    assert response["Location"] == "/games/new/"


def test_signup_form_keeps_the_next_address(client):
    response = client.get("/signup/?next=/championships/")
    html = response.content.decode()
    assert '<input type="hidden" name="next" value="/championships/">' in html
    assert 'href="/login/?next=/championships/"' in html


def test_signup_with_different_passwords_shows_the_error_there_and_creates_nothing(client):
    response = client.post("/signup/", signup_data(password2="kropki-on-a-sunny-day"))
    assert response.status_code == 200
    assert field_errors(response, "password2") == ["You must type the same password each time."]
    assert field_errors(response, "password1") == []
    assert not User.objects.exists()
    assert logged_in_as(client) is None


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("short1abc", "This password is too short. It must contain at least 10 characters."),
        ("password123", "This password is too common."),
        ("1234567890123", "This password is entirely numeric."),
    ],
    ids=["too-short", "too-common", "only-digits"],
)
def test_signup_runs_the_password_validators_at_the_password_field(client, password, message):
    response = client.post("/signup/", signup_data(password1=password, password2=password))
    assert response.status_code == 200
    assert message in field_errors(response, "password1")
    assert not User.objects.exists()


def test_signup_password_like_the_username_is_refused(client):
    data = signup_data(username="annakowalska", password1="annakowalska1")
    response = client.post("/signup/", {**data, "password2": data["password1"]})
    assert "The password is too similar to the username." in field_errors(response, "password1")
    assert not User.objects.exists()


@pytest.mark.parametrize(
    ("username", "message"),
    [
        ("ab", "Use 3 to 30 letters, digits, dots, dashes or underscores."),
        ("has space", "Use 3 to 30 letters, digits, dots, dashes or underscores."),
        ("admin", "This name is reserved."),
    ],
)
def test_signup_unusable_username_is_an_error_at_the_username(client, username, message):
    response = client.post("/signup/", signup_data(username=username))
    assert field_errors(response, "username") == [message]
    html = response.content.decode()
    assert 'aria-invalid="true"' in html
    assert 'aria-describedby="id_username_helptext id_username_error"' in html
    assert not User.objects.exists()


def test_signup_refuses_a_taken_username_in_any_letter_case(client, make_user):
    make_user("Anna")
    for username in ("anna", "ANNA", "Anna"):
        response = client.post("/signup/", signup_data(username=username))
        assert response.status_code == 200
        assert field_errors(response, "username") == ["This username is taken."]
    assert User.objects.count() == 1


def test_signup_shows_every_problem_in_one_round(client, make_user):
    make_user("anna")
    response = client.post(
        "/signup/", signup_data(password1="short1abc", password2="other", email="nope")
    )
    assert field_errors(response, "username") == ["This username is taken."]
    assert field_errors(response, "password1") == [
        "This password is too short. It must contain at least 10 characters."
    ]
    assert field_errors(response, "password2") == ["You must type the same password each time."]
    assert field_errors(response, "email") == ["Enter a valid email address."]
    assert User.objects.count() == 1


@pytest.mark.parametrize(
    "error",
    [
        ValidationError({"username": ["Refused by the service."]}),
        DomainError("Refused by the service.", field="username"),
    ],
    ids=["validation-error", "domain-error"],
)
def test_signup_puts_the_services_own_refusal_at_its_field(client, monkeypatch, error):
    def refuse(**_fields):
        raise error

    monkeypatch.setattr(services, "register_user", refuse)
    response = client.post("/signup/", signup_data())
    assert response.status_code == 200
    assert field_errors(response, "username") == ["Refused by the service."]
    assert logged_in_as(client) is None


def test_signup_malformed_email_is_an_error_at_the_email(client):
    response = client.post("/signup/", signup_data(email="not-an-address"))
    assert field_errors(response, "email") == ["Enter a valid email address."]
    assert not User.objects.exists()


def test_signup_keeps_what_was_typed_except_the_passwords(client):
    response = client.post("/signup/", signup_data(username="admin", email="anna@example.org"))
    html = response.content.decode()
    assert 'value="admin"' in html
    assert 'value="anna@example.org"' in html
    assert PASSWORD not in html


def test_signed_in_player_visiting_signup_goes_to_the_account(client, player):
    client.force_login(player)
    response = client.get("/signup/")
    assert response.status_code == 302
    assert response["Location"] == "/account/"


def test_signup_is_throttled_per_address_with_429_and_creates_nothing(client, settings):
    page_rates(settings, signup="2/h/ip")
    for name in ("first", "second"):
        client.post("/signup/", signup_data(username=name), REMOTE_ADDR="198.51.100.7")
        client.logout()
    response = client.post("/signup/", signup_data(username="third"), REMOTE_ADDR="198.51.100.7")
    assert response.status_code == 429
    assert "Too many attempts" in response.content.decode()
    assert not User.objects.filter(username="third").exists()
    assert logged_in_as(client) is None
    elsewhere = client.post("/signup/", signup_data(username="third"), REMOTE_ADDR="198.51.100.8")
    assert elsewhere.status_code == 302


def test_allauths_own_signup_and_login_addresses_lead_to_the_sites(client):
    signup = client.get("/accounts/signup/?next=/rules/")
    assert (signup.status_code, signup["Location"]) == (302, "/signup/?next=/rules/")
    login = client.get("/accounts/login/?next=/rules/")
    assert (login.status_code, login["Location"]) == (302, "/login/?next=/rules/")


# --- log-in and log-out ----------------------------------------------------------------------


def test_login_page_has_labelled_fields_keeps_next_and_links_to_signup_and_reset(client):
    response = client.get("/login/?next=/account/")
    assert response.status_code == 200
    html = response.content.decode()
    assert '<label for="id_login">Username or e-mail</label>' in html
    assert '<label for="id_password">' in html
    assert '<input type="hidden" name="next" value="/account/">' in html
    assert 'href="/signup/?next=/account/"' in html
    assert 'href="/accounts/password/reset/"' in html


def test_login_ignores_letter_case_and_follows_next(client, make_user):
    user = make_user("Boris")
    response = client.post(
        "/login/", {"login": "boris", "password": TEST_PASSWORD, "next": "/account/"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/account/"
    assert logged_in_as(client) == user


def test_login_takes_the_email_address_instead_of_the_username(client, make_user):
    user = make_user("Boris", email="boris@example.org")
    response = client.post("/login/", {"login": "Boris@Example.org", "password": TEST_PASSWORD})
    assert response.status_code == 302
    assert logged_in_as(client) == user


def test_login_with_a_wrong_password_says_so_and_logs_nobody_in(client, player):
    response = client.post("/login/", {"login": "player", "password": "wrong-password-here"})
    assert response.status_code == 200
    assert "The username and/or password you specified are not correct." in form_alert(response)
    assert logged_in_as(client) is None


def test_login_of_a_closed_account_says_it_is_closed(client, make_user):
    make_user("gone", is_active=False)
    response = client.post("/login/", {"login": "gone", "password": TEST_PASSWORD})
    assert response.status_code == 302
    assert "Account closed" in client.get(response["Location"]).content.decode()
    assert logged_in_as(client) is None


def test_login_failures_are_throttled_per_address(client, player, settings):
    page_rates(settings, login_failed="2/m/ip,100/m/key")
    for _ in range(2):
        client.post("/login/", {"login": "player", "password": "wrong-password-here"})
    response = client.post("/login/", {"login": "player", "password": TEST_PASSWORD})
    assert response.status_code == 429
    assert "Too many failed login attempts" in form_alert(response)
    assert logged_in_as(client) is None


def test_login_guessing_one_players_password_is_throttled_across_addresses(
    client, player, settings
):
    page_rates(settings, login_failed="100/m/ip,2/5m/key")
    for address in ("198.51.100.1", "198.51.100.2"):
        client.post(
            "/login/", {"login": "player", "password": "wrong-password"}, REMOTE_ADDR=address
        )
    response = client.post(
        "/login/", {"login": "PLAYER", "password": TEST_PASSWORD}, REMOTE_ADDR="198.51.100.3"
    )
    assert response.status_code == 429
    assert logged_in_as(client) is None


def test_a_successful_login_gives_back_the_attempt_it_counted(client, player, settings):
    page_rates(settings, login_failed="100/m/ip,2/5m/key")
    client.post("/login/", {"login": "player", "password": "wrong-password"})
    for _ in range(3):
        assert (
            client.post("/login/", {"login": "player", "password": TEST_PASSWORD}).status_code
            == 302
        )
        client.logout()


def test_logout_asks_on_a_get_and_logs_out_on_a_post(client, player):
    client.force_login(player)
    page = client.get("/logout/")
    assert page.status_code == 200
    assert '<form method="post" action="/logout/"' in page.content.decode()
    assert logged_in_as(client) == player
    assert client.post("/logout/").status_code == 302
    assert logged_in_as(client) is None


# --- the account -----------------------------------------------------------------------------


def test_account_needs_a_log_in(client):
    response = client.get("/account/")
    assert response.status_code == 302
    assert response["Location"] == "/login/?next=/account/"


def test_account_shows_the_free_plan_its_limit_and_what_paying_unlocks(client, player):
    client.force_login(player)
    response = client.get("/account/")
    assert response.status_code == 200
    html = response.content.decode()
    assert '<span class="badge">Free</span>' in html
    assert "may take at most 16 entrants" in html
    assert "Championships of more than 16 entrants" in html
    assert "The reverse Quadrotone variant" in html
    assert html.count("(not in your plan)") == 4
    assert 'href="/players/player/"' in html
    assert 'href="/api/docs/"' in html


def test_account_shows_a_paid_plan_its_end_and_every_entitlement(client, make_user):
    until = timezone.now() + timedelta(days=40)
    user = make_user("payer", plan=Plan.PAID, plan_until=until)
    client.force_login(user)
    html = client.get("/account/").content.decode()
    assert '<span class="badge paid">Paid</span>' in html
    assert f'<time datetime="{until.isoformat()}">' in html
    assert html.count("(included in your plan)") == 4
    assert "may take any number of entrants" in html


def test_account_treats_an_ended_paid_plan_as_free(client, make_user):
    user = make_user("lapsed", plan=Plan.PAID, plan_until=timezone.now() - timedelta(days=1))
    client.force_login(user)
    html = client.get("/account/").content.decode()
    assert '<span class="badge">Free</span>' in html
    assert "may take at most 16 entrants" in html


def test_account_says_whether_an_api_token_exists(client, player):
    client.force_login(player)
    assert "You have no API token." in client.get("/account/").content.decode()
    Token.objects.create(user=player)
    html = client.get("/account/").content.decode()
    assert "You have a token" in html
    assert Token.objects.get(user=player).key not in html  # an existing key is never shown


def test_token_rotation_needs_a_log_in(client, player):
    response = client.post("/account/token/", {"action": "rotate"})
    assert response.status_code == 302
    assert response["Location"].startswith("/login/")
    assert not Token.objects.exists()


def test_token_rotation_needs_a_post(client, player):
    client.force_login(player)
    assert client.get("/account/token/").status_code == 405
    assert not Token.objects.exists()


def test_token_rotation_replaces_the_key_and_shows_the_new_one_once(client, player):
    old = Token.objects.create(user=player).key
    client.force_login(player)
    response = client.post("/account/token/", {"action": "rotate"})
    assert response.status_code == 302
    assert response["Location"] == "/account/#api-token"
    new = Token.objects.get(user=player).key
    assert new != old
    shown = client.get("/account/").content.decode()
    assert new in shown
    assert old not in shown
    assert new not in client.get("/account/").content.decode()


def test_making_a_first_token_shows_it(client, player):
    client.force_login(player)
    client.post("/account/token/", {"action": "create"})
    assert Token.objects.get(user=player).key in client.get("/account/").content.decode()


def test_revoking_the_token_leaves_none(client, player):
    Token.objects.create(user=player)
    client.force_login(player)
    response = client.post("/account/token/", {"action": "revoke"})
    assert response.status_code == 302
    assert not Token.objects.filter(user=player).exists()
    assert "Your API token is revoked" in client.get("/account/").content.decode()


# --- players' profiles -----------------------------------------------------------------------


def test_profile_of_an_unknown_or_inactive_player_is_404(client, make_user):
    assert client.get("/players/nobody/").status_code == 404
    make_user("gone", is_active=False)
    assert client.get("/players/gone/").status_code == 404


def test_profile_shows_name_plan_and_member_since_in_any_letter_case(client, make_user):
    user = make_user("Celina", plan=Plan.PAID)
    response = client.get("/players/celina/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Celina</h1>" in html
    assert '<span class="badge paid">Paid plan</span>' in html
    assert f'<time datetime="{user.date_joined.isoformat()}">' in html
    assert "No rated games yet." in html
    assert "No games yet." in html
    assert "Has not entered a championship yet." in html


def test_profile_shows_each_rating_with_an_svg_chart_of_its_history(client, make_user):
    anna, boris = make_user("anna"), make_user("boris")
    rating = Rating.objects.create(
        player=anna, game="kropki", rating=1587.4, rd=84.6, volatility=0.06, games=3
    )
    start = timezone.now() - timedelta(days=30)
    for day, (after, rd) in enumerate([(1662.3, 290.2), (1610.0, 180.0), (1587.4, 84.6)]):
        game = finished_game(anna, boris, winner="blue")
        RatingChange.objects.create(
            rating=rating, source=game, at=start + timedelta(days=day * 10),
            rating_before=1500, rd_before=350, volatility_before=0.06,
            rating_after=after, rd_after=rd, volatility_after=0.06,
        )  # fmt: skip
    html = client.get("/players/anna/").content.decode()
    assert "Kropki (Dots)" in html
    assert '<strong class="rating-value">1587</strong>' in html
    assert "provisional" not in html.split('id="games-heading"')[0]
    svg = re.search(r"<svg viewBox=\"0 0 480 200\".*?</svg>", html, re.S).group(0)
    assert 'role="img"' in svg
    assert re.search(r'<polyline class="line" points="[\d., ]+"', svg)
    assert re.search(r'<polygon class="band" points="[\d., ]+"', svg)
    title = unescape(re.search(r"<title id=\"chart-kropki-title\">(.*?)</title>", svg, re.S)[1])
    assert "over 3 rated games: from 1662 to 1587 (RD 85); lowest 1587, highest 1662" in title
    assert "max 1662" in svg and "min 1587" in svg
    assert 'href="/leaderboards/kropki/"' in html


def test_profile_marks_a_provisional_rating(client, make_user):
    anna = make_user("anna")
    Rating.objects.create(player=anna, game="kropki", rating=1650, rd=250, volatility=0.06, games=1)
    html = client.get("/players/anna/").content.decode()
    assert (
        '<strong class="rating-value">1650<span class="provisional-mark" title="Provisional' in html
    )
    assert "(Provisional: too few rated games yet for the rating to be settled)" in html
    assert "No rating history yet." in html


def test_profile_lists_recent_games_with_the_result_from_the_players_side(client, make_user):
    anna, boris = make_user("anna"), make_user("boris")
    won = finished_game(anna, boris, winner="blue", score={"blue": 9, "red": 4})
    lost = finished_game(boris, anna, winner="blue", score={"blue": 6, "red": 2}, reason="time")
    drawn = finished_game(anna, boris, winner="", reason="agreement", score={"blue": 3, "red": 3})
    practice = finished_game(anna, None, winner="blue")
    active = finished_game(anna, boris, status=Game.Status.ACTIVE, reason="", score={})
    declined = finished_game(boris, anna, status=Game.Status.DECLINED, reason="")
    html = client.get("/players/anna/").content.decode()
    rows = {game_id: row for game_id, row in recent_games(html)}
    assert set(rows) == {won.pk, lost.pk, drawn.pk, practice.pk, active.pk}  # no declined
    assert declined.pk not in rows
    assert (
        '<span class="result won">Won</span> <span class="muted reason">(resignation)'
        in rows[won.pk]
    )
    assert "9 : 4" in rows[won.pk]
    assert '<a href="/players/boris/">boris</a>' in rows[won.pk]
    assert (
        '<span class="result lost">Lost</span> <span class="muted reason">(time ran out)'
        in rows[lost.pk]
    )
    assert "2 : 6" in rows[lost.pk]  # her points first
    assert '<span class="result drawn">Drawn</span>' in rows[drawn.pk]
    assert ">CPU<" in rows[practice.pk]
    assert '<span class="result active">In progress</span>' in rows[active.pk]
    assert f'href="/games/{won.pk}/"' in rows[won.pk]
    order = [game_id for game_id, _row in recent_games(html)]
    assert order == [active.pk, practice.pk, drawn.pk, lost.pk, won.pk]  # newest first


def test_profile_lists_at_most_twenty_games(client, make_user):
    anna, boris = make_user("anna"), make_user("boris")
    games = [finished_game(anna, boris, winner="blue") for _ in range(22)]
    html = client.get("/players/anna/").content.decode()
    listed = [game_id for game_id, _row in recent_games(html)]
    assert listed == [game.pk for game in reversed(games)][:20]


def test_profile_queries_do_not_grow_with_the_games_listed(client, make_user):
    anna, boris = make_user("anna"), make_user("boris")
    client.get("/players/anna/")  # warm up the session and anything cached per process
    finished_game(anna, boris, winner="blue")
    with CaptureQueriesContext(connection) as one:
        client.get("/players/anna/")
    for _ in range(10):
        finished_game(anna, boris, winner="red")
    with CaptureQueriesContext(connection) as eleven:
        client.get("/players/anna/")
    assert len(eleven) == len(one)


def test_profile_lists_championships_entered_that_the_visitor_may_see(client, make_user):
    anna, organiser, viewer = make_user("anna"), make_user("org"), make_user("viewer")
    public = Championship.objects.create(name="Spring Cup", game="kropki", organiser=organiser)
    secret = Championship.objects.create(
        name="Closed Cup", game="kropki", organiser=organiser,
        visibility=Championship.Visibility.PRIVATE,
    )  # fmt: skip
    Entry.objects.create(championship=public, player=anna)
    Entry.objects.create(championship=secret, player=anna)
    html = client.get("/players/anna/").content.decode()
    assert f'<a href="/championships/{public.pk}/">Spring Cup</a>' in html
    assert "Closed Cup" not in html
    client.force_login(viewer)
    assert "Closed Cup" not in client.get("/players/anna/").content.decode()
    client.force_login(anna)
    assert "Closed Cup" in client.get("/players/anna/").content.decode()
