"""The player's own data as a JSON file: every app's section, and nothing private of others."""

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from accounts import personal_data, services
from accounts.models import Plan
from games import services as game_services
from notifications.services import notify
from tests.accounts.personal_data_support import finished_championship, friendly_game
from tests.conftest import TEST_PASSWORD, client_with_token
from tests.support.championships import invite_and_accept, small_championship
from tournaments import services as championship_services
from tournaments.services.calendar_feeds import calendar_feed

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

EXPORT = "/api/accounts/me/export/"


def exported(client) -> dict:
    answer = client.get(EXPORT)
    assert answer.status_code == 200, answer.content
    return json.loads(answer.content)


@pytest.fixture
def carol(make_user):
    return make_user("carol", email="carol@example.org")


@pytest.fixture
def dave(make_user):
    return make_user("dave")


@pytest.fixture
def organiser(make_user):
    return make_user("organiser", email="organiser@example.org")


def test_the_export_is_a_json_file_to_download(alice_api):
    answer = alice_api.get(EXPORT)

    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("application/json")
    disposition = answer["Content-Disposition"]
    assert disposition.startswith("attachment;")
    assert disposition.endswith('.json"')
    assert "no-store" in answer["Cache-Control"]
    body = json.loads(answer.content)
    assert (body["format"], body["version"]) == ("championships-personal-data", 1)


def test_the_export_needs_the_person_logged_in(api):
    assert api.get(EXPORT).status_code == 401


def test_the_profile_and_the_plans_history(make_user, staff):
    anna = make_user("anna", email="anna@example.org", language="pl")
    services.change_plan(
        user=anna, plan=Plan.PAID, until=timezone.now() + timedelta(days=30), changed_by=staff
    )

    body = exported(client_with_token(anna))

    profile = body["profile"]
    assert (profile["username"], profile["email"], profile["language"]) == (
        "anna",
        "anna@example.org",
        "pl",
    )
    assert profile["plan"] == "paid" and profile["plan_in_force"] == "paid"
    assert profile["api_token_created"] is not None
    assert profile["page"] == "/players/anna/"
    assert [(c["plan"], c["changed_by"]) for c in body["plan_changes"]] == [("paid", "staff")]
    assert "organiser-staff" not in json.dumps(body)  # the staff member stays unnamed


def test_games_come_with_their_records(alice, bob, alice_api):
    game = friendly_game(alice, bob)
    game_services.submit_move(game_id=game.pk, user=alice, seq=1, payload=[2, 2])
    game_services.resign(game.pk, bob)
    game_services.create_game(
        creator=alice, game="dots_and_boxes", options={}, format=None, opponent="cpu"
    )

    games = exported(alice_api)["games"]

    assert [(g["game"], g["kind"]) for g in games] == [
        ("kropki", "friendly"),
        ("dots_and_boxes", "practice"),
    ]
    kropki = games[0]
    assert kropki["your_seat"] == "blue"
    assert kropki["players"] == {"blue": "alice", "red": "bob"}
    assert (kropki["status"], kropki["winner_seat"], kropki["result_reason"]) == (
        "finished",
        "blue",
        "resignation",
    )
    assert kropki["record"]["game"] == "kropki"
    assert kropki["record"]["moves"] == [[2, 2]]
    assert kropki["record"] == json.loads(alice_api.get(f"/api/games/{game.pk}/record/").content)
    # Every other format the game's rules write comes too (Kropki's SGF).
    sgf = alice_api.get(f"/api/games/{game.pk}/record/?format=sgf").content.decode()
    assert kropki["other_records"] == {"sgf": sgf}
    assert games[1]["record"]["game"] == "dots_and_boxes"


def test_ratings_with_their_history_and_championships(organiser, alice, bob, carol, dave):
    championship = finished_championship(organiser, [alice, bob, carol, dave])
    coming = small_championship(organiser, name="Next Cup")
    championship_services.invite(coming.pk, by=organiser, username="alice")
    own = small_championship(alice, name="Alice's Cup")
    calendar_feed(alice)

    body = exported(client_with_token(alice))

    [rating] = body["ratings"]
    assert rating["game"] == "kropki"
    assert rating["games"] == len(rating["history"]) > 0
    assert rating["history"][-1]["rating_after"] == rating["rating"]
    section = body["championships"]
    [entry] = section["entries"]
    assert entry["championship"]["id"] == championship.pk
    assert entry["final_rank"] == 1
    assert [(i["championship"]["name"], i["status"]) for i in section["invitations"]] == [
        ("Spring Cup", "accepted"),
        ("Next Cup", "invited"),
    ]
    assert [c["id"] for c in section["organised"]] == [own.pk]
    assert section["calendar_feed_created_at"] is not None


def test_notifications_in_the_persons_language_and_their_email_choices(make_user):
    anna = make_user("anna", language="pl")
    notify([anna], "championship_started", url="/", params={"championship": "Puchar"})
    client = client_with_token(anna)
    client.patch("/api/accounts/me/", {"notifications": {"your_move": False}}, format="json")

    section = exported(client)["notifications"]

    [told] = section["notifications"]
    assert told["kind"] == "championship_started"
    assert "Puchar" in told["text"]
    assert told["read_at"] is None
    assert section["email_preferences"]["your_move"] is False
    assert section["email_preferences"]["game_ended"] is True


def test_nothing_private_of_other_people_is_in_the_export(organiser, alice, bob, carol, dave):
    bob.email = "bob@example.org"
    bob.save()
    friendly_game(alice, bob)
    played = small_championship(organiser, name="Open Cup", group_size=4)
    invite_and_accept(played, organiser, alice, bob, carol, dave)
    championship_services.start(played.pk, by=organiser)
    organiser.plan = Plan.PAID
    organiser.save()
    hidden = small_championship(organiser, name="Secret Cup", visibility="private")
    invite_and_accept(hidden, organiser, bob, carol)
    notify([bob], "championship_started", url="/", params={"championship": "Bob's own news"})
    bob_token = services.api_token(bob).key

    text = json.dumps(exported(client_with_token(alice)))

    for secret in (
        "bob@example.org",
        "carol@example.org",
        "organiser@example.org",
        "Secret Cup",
        "Bob's own news",
        bob_token,
        services.api_token(alice).key,  # not even one's own: a file is easily shared
        TEST_PASSWORD,
    ):
        assert secret not in text
    assert "Open Cup" in text and "bob" in text  # the names everybody sees on the pages


def test_a_part_an_app_registers_is_one_more_section(alice_api, monkeypatch):
    monkeypatch.setattr(personal_data, "_parts", personal_data.parts())

    personal_data.register(personal_data.Part("billing", export=lambda user: {"invoices": []}))

    assert exported(alice_api)["billing"] == {"invoices": []}


def test_the_account_page_offers_the_download_and_the_deletion(alice):
    client = Client()
    client.login(username="alice", password=TEST_PASSWORD)

    html = client.get("/account/").content.decode()

    assert f'href="{EXPORT}"' in html
    assert 'href="/account/delete/"' in html
    download = client.get(EXPORT)
    assert download.status_code == 200
    assert json.loads(download.content)["profile"]["username"] == "alice"


def test_downloads_are_limited_per_account(alice_api, bob_api, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "personal_data_export": "1/hour",
        },
    }
    assert alice_api.get(EXPORT).status_code == 200

    refused = alice_api.get(EXPORT)

    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == "throttled"
    assert bob_api.get(EXPORT).status_code == 200
