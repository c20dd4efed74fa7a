"""Many invitations at once: the organiser sends a list of names (in the API, or pasted and
uploaded on the organise page); each name is invited on its own and its outcome told."""

import re
from datetime import timedelta
from html import unescape

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from freezegun import freeze_time

from accounts.models import Plan
from tests.conftest import client_with_token
from tests.support.budgets import set_rates
from tournaments import services
from tournaments.models import Championship, Decision, Entry, Invitation

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


@pytest.fixture
def organiser(make_user):
    return make_user("olga")


@pytest.fixture
def championship(organiser) -> Championship:
    return services.create_championship(
        organiser=organiser, name="Autumn Cup", game="kropki", options={"width": 5, "height": 5}
    )


@pytest.fixture
def players(make_user):
    return [make_user(name) for name in ("anna", "boris", "clara")]


def invite_list(client, championship, usernames):
    return client.post(
        f"/api/championships/{championship.pk}/entries/", {"usernames": usernames}, format="json"
    )


def state(championship) -> tuple:
    """Everything a list of invitations could change."""
    return (
        sorted(Entry.objects.filter(championship=championship).values_list("player", flat=True)),
        sorted(
            Invitation.objects.filter(championship=championship).values_list("player", "status")
        ),
        Decision.objects.filter(championship=championship).count(),
    )


def invited(championship) -> list[str]:
    return sorted(
        championship.invitations.filter(status=Invitation.Status.INVITED).values_list(
            "player__username", flat=True
        )
    )


# -- the API --------------------------------------------------------------------------------


def test_a_list_of_good_names_is_invited_and_answered_201_in_the_order_sent(
    organiser_api, championship, players
):
    answer = invite_list(organiser_api, championship, ["clara", "Anna", "boris"])
    assert answer.status_code == 201, answer.content
    assert answer.json() == {
        "results": [
            {"username": "clara", "status": "invited"},
            {"username": "Anna", "status": "invited"},
            {"username": "boris", "status": "invited"},
        ]
    }
    assert invited(championship) == ["anna", "boris", "clara"]
    assert Decision.objects.filter(action=Decision.Action.INVITED).count() == 3


def test_the_organisers_own_name_in_the_list_enters_them(organiser_api, championship, players):
    answer = invite_list(organiser_api, championship, ["anna", "OLGA"])
    assert answer.status_code == 201
    assert [row["status"] for row in answer.json()["results"]] == ["invited", "entered"]
    assert Entry.objects.get(championship=championship).player == championship.organiser


def test_mixed_outcomes_answer_207_with_each_names_refusal(
    organiser_api, championship, players, make_user
):
    services.enter(championship.pk, by=players[1])  # boris has entered
    services.invite(championship.pk, by=championship.organiser, username="clara")
    closed = make_user("dora", is_active=False)
    guest = make_user("guest-0123456789", is_guest=True)
    answer = invite_list(
        organiser_api,
        championship,
        ["anna", "nobody", "boris", "clara", closed.username, guest.username],
    )
    assert answer.status_code == 207, answer.content
    assert answer.json()["results"] == [
        {"username": "anna", "status": "invited"},
        {
            "username": "nobody",
            "status": "error",
            "code": "invalid",
            "detail": "There is no player called nobody.",
        },
        {
            "username": "boris",
            "status": "error",
            "code": "already_entered",
            "detail": "boris has already entered.",
        },
        {
            "username": "clara",
            "status": "error",
            "code": "already_invited",
            "detail": "clara is already invited.",
        },
        {
            "username": "dora",
            "status": "error",
            "code": "invalid",
            "detail": "There is no player called dora.",
        },
        {
            "username": guest.username,
            "status": "error",
            "code": "invalid",
            "detail": f"There is no player called {guest.username}.",
        },
    ]
    # The good name went through; the refused ones changed nothing.
    assert invited(championship) == ["anna", "clara"]


def test_names_beyond_the_entrant_limit_are_refused_one_by_one(
    organiser_api, championship, make_user
):
    for n in range(14):
        services.enter(championship.pk, by=make_user(f"entrant{n}"))
    for name in ("anna", "boris", "clara"):
        make_user(name)
    answer = invite_list(organiser_api, championship, ["anna", "boris", "clara"])
    assert answer.status_code == 207
    results = answer.json()["results"]
    assert [row["status"] for row in results] == ["invited", "invited", "error"]
    assert results[2]["code"] == "championship_full"
    assert invited(championship) == ["anna", "boris"]


def test_names_beyond_the_budget_of_invitations_are_refused_with_retry_after(
    settings, organiser_api, championship, players
):
    set_rates(settings, championship_invitations="2/hour")
    answer = invite_list(organiser_api, championship, ["anna", "nobody", "boris", "clara"])
    assert answer.status_code == 207
    results = answer.json()["results"]
    assert [row["status"] for row in results] == ["invited", "error", "invited", "error"]
    # A wrong name costs nothing: refused for what it is, not for the budget.
    assert results[1]["code"] == "invalid"
    assert results[3]["code"] == "throttled"
    assert results[3]["detail"].startswith("Too many invitations sent.")
    assert int(answer["Retry-After"]) >= 1
    assert invited(championship) == ["anna", "boris"]


@pytest.mark.parametrize(
    "usernames",
    [
        "anna",
        [],
        [["anna"]],
        [""],
        ["anna", 7],
        ["x" * 151],
        [f"player{n}" for n in range(201)],
        ["anna", "ANNA"],
        ["anna", "anna "],
        None,
        {"anna": True},
    ],
    ids=[
        "not-a-list",
        "empty",
        "a-list-in-the-list",
        "an-empty-name",
        "a-number",
        "a-name-too-long",
        "more-than-200",
        "twice-in-another-case",
        "twice-with-a-space",
        "null",
        "an-object",
    ],
)
def test_a_malformed_list_is_400_naming_usernames_and_changes_nothing(
    organiser_api, championship, players, usernames
):
    before = state(championship)
    answer = invite_list(organiser_api, championship, usernames)
    assert answer.status_code == 400, answer.content
    assert list(answer.json()["error"]["details"]) == ["usernames"]
    assert state(championship) == before


def test_a_list_of_200_names_is_taken(organiser, organiser_api, championship, make_user):
    organiser.plan = Plan.PAID
    organiser.save()
    answer = invite_list(organiser_api, championship, [f"player{n}" for n in range(200)])
    assert answer.status_code == 207
    assert len(answer.json()["results"]) == 200


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ({"username": "anna", "usernames": ["boris"]}, "usernames"),
        ({"usernames": ["boris"], "code": "x"}, "code"),
    ],
)
def test_username_usernames_and_code_go_one_at_a_time(
    organiser_api, championship, players, body, named
):
    before = state(championship)
    answer = organiser_api.post(
        f"/api/championships/{championship.pk}/entries/", body, format="json"
    )
    assert answer.status_code == 400
    assert list(answer.json()["error"]["details"]) == [named]
    assert state(championship) == before


def test_only_the_organiser_sends_a_list(championship, players, make_user):
    referee = make_user("rita")
    services.name_co_organisers(championship.pk, by=championship.organiser, usernames=["rita"])
    for client in (client_with_token(players[0]), client_with_token(referee)):
        answer = invite_list(client, championship, ["boris"])
        assert answer.status_code == 403
    assert state(championship) == ([], [], 1)  # only the naming of the co-organiser


def test_a_private_championship_answers_a_strangers_list_404(organiser, make_user, players):
    organiser.plan = Plan.PAID
    organiser.save()
    private = services.create_championship(
        organiser=organiser, name="Hidden Cup", game="kropki", visibility="private"
    )
    answer = invite_list(client_with_token(make_user("stranger")), private, ["anna"])
    assert answer.status_code == 404
    assert not Invitation.objects.exists()


def test_a_list_after_entries_close_is_409_for_the_whole_list(organiser, organiser_api, players):
    closes = (timezone.now() + timedelta(days=1)).replace(microsecond=0)
    championship = services.create_championship(
        organiser=organiser, name="Closing Cup", game="kropki", entries_close_at=closes
    )
    with freeze_time(closes):
        answer = invite_list(organiser_api, championship, ["anna", "boris"])
    assert (answer.status_code, answer.json()["error"]["code"]) == (409, "entries_closed")
    assert not Invitation.objects.exists()


def test_a_list_after_the_start_is_409(organiser, organiser_api, championship, players):
    for player in players[:2]:
        services.enter(championship.pk, by=player)
    services.start(championship.pk, by=organiser)
    answer = invite_list(organiser_api, championship, ["clara"])
    assert (answer.status_code, answer.json()["error"]["code"]) == (409, "registration_closed")


def test_each_invited_player_is_told(organiser_api, championship, players):
    invite_list(organiser_api, championship, ["anna", "boris"])
    for player in players[:2]:
        notices = client_with_token(player).get("/api/notifications/").json()
        assert any("Autumn Cup" in notice["text"] for notice in notices)


# -- the organise page ----------------------------------------------------------------------


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def page_text(response) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())))


def send_list(client, championship, usernames: str = "", file=None):
    data = {"usernames": usernames}
    if file is not None:
        data["file"] = file
    return client.post(
        reverse("championship-invite-many", args=[championship.pk]), data, follow=True
    )


def test_a_pasted_list_is_invited_and_each_outcome_read_as_a_sentence(
    organiser, championship, players
):
    services.enter(championship.pk, by=players[1])
    answer = send_list(logged_in(organiser), championship, "anna\nboris, nobody\n\n olga ")
    content = page_text(answer)
    assert "2 of 4 names went through; each name's outcome is below." in content
    assert "anna : anna is invited and enters on accepting." in content
    assert "boris : boris has already entered." in content
    assert "nobody : There is no player called nobody." in content
    assert "olga : You have entered: that is your own name." in content
    assert invited(championship) == ["anna"]
    # Told once: the outcomes are gone on the next visit.
    again = logged_in(organiser).get(reverse("championship-organise", args=[championship.pk]))
    assert "What became of each name" not in page_text(again)


def test_a_csv_files_first_column_is_invited_and_its_header_skipped(
    organiser, championship, players
):
    upload = SimpleUploadedFile(
        "players.csv", b"\xef\xbb\xbfUsername,club\nanna,Warsaw\n\nboris,Lodz\n", "text/csv"
    )
    answer = send_list(logged_in(organiser), championship, "clara", upload)
    assert "3 of 3 names went through" in page_text(answer)
    assert invited(championship) == ["anna", "boris", "clara"]


@pytest.mark.parametrize(
    ("usernames", "content", "says"),
    [
        ("", None, "Write at least one username, or choose a file."),
        (", ,\n", None, "Write at least one username, or choose a file."),
        ("x" * 151, None, "is too long for a username."),
        ("\n".join(f"p{n}" for n in range(201)), None, "At most 200 names at once"),
        ("", b"\xff\xfe\x00a", "The file is not text in UTF-8."),
        ("", b"a" * (64 * 1024 + 1), "The file is too large"),
    ],
)
def test_a_list_the_page_cannot_take_is_refused_in_words_and_changes_nothing(
    organiser, championship, players, usernames, content, says
):
    upload = SimpleUploadedFile("names.csv", content, "text/csv") if content else None
    before = state(championship)
    answer = send_list(logged_in(organiser), championship, usernames, upload)
    assert says in page_text(answer)
    assert state(championship) == before


def test_the_same_name_twice_on_the_page_is_invited_once(organiser, championship, players):
    answer = send_list(logged_in(organiser), championship, "anna\nANNA\nanna")
    assert "1 of 1 name went through" in page_text(answer)
    assert invited(championship) == ["anna"]


def test_only_the_organiser_sends_a_list_from_the_page(championship, players):
    answer = send_list(logged_in(players[0]), championship, "boris")
    assert "Only the organiser invites other players." in page_text(answer)
    assert not Invitation.objects.exists()


def test_the_single_invitation_field_suggests_names_and_refuses_in_sentences(
    organiser, championship
):
    client = logged_in(organiser)
    organise = reverse("championship-organise", args=[championship.pk])
    html = client.get(organise).content.decode()
    field = re.search(r'<input[^>]*id="invite-username"[^>]*>', html).group(0)
    assert 'list="player-names"' in field
    assert f'data-player-search="{reverse("api-player-search")}"' in field
    assert '<datalist id="player-names">' in html and "js/player-names.js" in html
    answer = client.post(
        reverse("championship-enter", args=[championship.pk]),
        {"username": "nobody", "next": "organise"},
        follow=True,
    )
    assert "There is no player called nobody." in page_text(answer)
