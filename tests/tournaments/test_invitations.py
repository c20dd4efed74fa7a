"""The organiser invites, the player accepts or declines: nobody is entered without consent."""

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from freezegun import freeze_time

from accounts.models import Plan
from games.models import Game
from tests.conftest import client_with_token
from tests.support.championships import invite_and_accept
from tournaments import services
from tournaments.models import Championship, Decision, Entry, Invitation

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

MISSING = 987654


@pytest.fixture
def organiser(make_user):
    return make_user("olga")


@pytest.fixture
def boris(make_user):
    return make_user("boris")


@pytest.fixture
def boris_api(boris):
    return client_with_token(boris)


@pytest.fixture
def championship(organiser) -> Championship:
    return services.create_championship(
        organiser=organiser, name="Autumn Cup", game="kropki", options={"width": 5, "height": 5}
    )


def entries_url(championship) -> str:
    return f"/api/championships/{championship.pk}/entries/"


def invite(client, championship, username):
    return client.post(entries_url(championship), {"username": username}, format="json")


def state(championship) -> tuple:
    """Everything an entries request could change."""
    return (
        sorted(Entry.objects.filter(championship=championship).values_list("player", flat=True)),
        sorted(
            Invitation.objects.filter(championship=championship).values_list("player", "status")
        ),
        Decision.objects.filter(championship=championship).count(),
    )


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def page_text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


# -- inviting, accepting, declining ---------------------------------------------------


def test_the_organisers_entry_of_a_player_is_an_invitation_and_is_logged(
    organiser_api, organiser, championship, boris
):
    answer = invite(organiser_api, championship, "boris")
    assert answer.status_code == 201
    assert answer.json() == {"status": "invited", "username": "boris"}
    assert not Entry.objects.exists()
    assert Invitation.objects.get().status == Invitation.Status.INVITED
    decision = Decision.objects.get(championship=championship)
    assert (decision.action, decision.by) == (Decision.Action.INVITED, organiser)
    assert list(decision.players.all()) == [boris]


def test_the_invited_player_accepts_and_enters(organiser_api, boris_api, championship, boris):
    invite(organiser_api, championship, "boris")
    answer = boris_api.post(f"{entries_url(championship)}accept/")
    assert answer.status_code == 200
    assert answer.json() == {"status": "entered", "username": "boris"}
    assert Entry.objects.get(championship=championship).player == boris
    invitation = Invitation.objects.get()
    assert invitation.status == Invitation.Status.ACCEPTED and invitation.answered_at


def test_the_invited_player_declines_and_does_not_enter(organiser_api, boris_api, championship):
    invite(organiser_api, championship, "boris")
    answer = boris_api.post(f"{entries_url(championship)}decline/")
    assert (answer.status_code, answer.json()["status"]) == (200, "declined")
    assert not Entry.objects.exists()
    assert Invitation.objects.get().status == Invitation.Status.DECLINED
    # Declined: nothing left to accept, and the organiser may invite again.
    assert boris_api.post(f"{entries_url(championship)}accept/").status_code == 404
    assert invite(organiser_api, championship, "boris").status_code == 201


def test_a_player_entering_themselves_answers_their_invitation(
    organiser_api, boris_api, championship
):
    invite(organiser_api, championship, "boris")
    answer = boris_api.post(entries_url(championship), {}, format="json")
    assert answer.json() == {"status": "entered", "username": "boris"}
    assert Invitation.objects.get().status == Invitation.Status.ACCEPTED


def test_naming_yourself_enters_you(organiser_api, championship):
    answer = invite(organiser_api, championship, "OLGA")
    assert (answer.status_code, answer.json()["status"]) == (201, "entered")


def test_only_the_invited_player_answers(organiser_api, championship, make_user, boris):
    invite(organiser_api, championship, "boris")
    carol = client_with_token(make_user("carol"))
    before = state(championship)
    assert carol.post(f"{entries_url(championship)}accept/").status_code == 404
    assert carol.post(f"{entries_url(championship)}decline/").status_code == 404
    assert organiser_api.post(f"{entries_url(championship)}accept/").status_code == 404
    assert state(championship) == before


def test_only_the_organiser_invites(championship, boris_api, make_user):
    make_user("carol")
    answer = invite(boris_api, championship, "carol")
    assert answer.status_code == 403
    assert state(championship) == ([], [], 0)


@pytest.mark.parametrize(
    ("setup", "username", "status", "code"),
    [
        (None, "nobody", 400, "invalid"),
        ("inactive", "boris", 400, "invalid"),
        ("entered", "boris", 409, "already_entered"),
        ("invited", "boris", 409, "already_invited"),
    ],
)
def test_a_bad_invitation_is_refused_naming_the_username(
    organiser_api, championship, boris, setup, username, status, code
):
    if setup == "inactive":
        boris.is_active = False
        boris.save()
    elif setup == "entered":
        services.enter(championship.pk, by=boris)
    elif setup == "invited":
        invite(organiser_api, championship, "boris")
    before = state(championship)
    answer = invite(organiser_api, championship, username)
    assert answer.status_code == status, answer.content
    assert answer.json()["error"]["code"] == code
    assert list(answer.json()["error"]["details"]) == ["username"]
    assert state(championship) == before


def test_pending_invitations_count_toward_the_entrant_limit(
    organiser_api, organiser, championship, make_user
):
    for n in range(10):
        services.enter(championship.pk, by=make_user(f"entrant{n}"))
    for n in range(6):
        assert (
            invite(organiser_api, championship, make_user(f"guest{n}").username).status_code == 201
        )
    make_user("one-too-many")
    answer = invite(organiser_api, championship, "one-too-many")
    assert (answer.status_code, answer.json()["error"]["code"]) == (409, "championship_full")
    organiser.plan = Plan.PAID
    organiser.save()
    assert invite(organiser_api, championship, "one-too-many").status_code == 201


def test_accepting_checks_the_limit_again(organiser, championship, make_user, boris, boris_api):
    services.invite(championship.pk, by=organiser, username="boris")
    # Players who enter themselves do not wait for the invited ones.
    for n in range(16):
        services.enter(championship.pk, by=make_user(f"entrant{n}"))
    answer = boris_api.post(f"{entries_url(championship)}accept/")
    assert (answer.status_code, answer.json()["error"]["code"]) == (409, "championship_full")
    assert not Entry.objects.filter(player=boris).exists()
    assert Invitation.objects.get(player=boris).status == Invitation.Status.INVITED


def test_the_detail_lists_pending_invitations_to_the_organiser_only(
    organiser_api, boris_api, championship, api
):
    invite(organiser_api, championship, "boris")
    url = f"/api/championships/{championship.pk}/"
    assert organiser_api.get(url).json()["invitations"] == ["boris"]
    assert boris_api.get(url).json()["invitations"] is None
    assert api.get(url).json()["invitations"] is None


# -- entries close -------------------------------------------------------------------------


def test_entries_close_at_entries_close_at(organiser, organiser_api, make_user, boris):
    closes = (timezone.now() + timedelta(days=1)).replace(microsecond=0)
    championship = services.create_championship(
        organiser=organiser, name="Closing Cup", game="kropki", entries_close_at=closes
    )
    services.invite(championship.pk, by=organiser, username="boris")
    anna = client_with_token(make_user("anna"))
    with freeze_time(closes - timedelta(seconds=1)):
        assert anna.post(entries_url(championship), {}, format="json").status_code == 201
    make_user("carol")
    with freeze_time(closes):
        before = state(championship)
        for answer in (
            client_with_token(make_user("dora")).post(entries_url(championship), {}, format="json"),
            client_with_token(boris).post(f"{entries_url(championship)}accept/"),
            invite(organiser_api, championship, "carol"),
        ):
            assert answer.status_code == 409, answer.content
            assert answer.json()["error"]["code"] == "entries_closed"
            assert "Entries closed at" in answer.json()["error"]["message"]
        assert state(championship) == before
        # Declining still works: it enters nobody.
        assert (
            client_with_token(boris).post(f"{entries_url(championship)}decline/").status_code == 200
        )


def test_the_page_says_entries_are_closed(organiser, make_user):
    closes = timezone.now() + timedelta(hours=2)
    championship = services.create_championship(
        organiser=organiser, name="Closing Cup", game="kropki", entries_close_at=closes
    )
    client = logged_in(make_user("anna"))
    assert "Enter this championship" in page_text(client.get(championship.get_absolute_url()))
    with freeze_time(closes + timedelta(minutes=1)):
        content = page_text(client.get(championship.get_absolute_url()))
    assert "Entries are closed" in content
    assert "Enter this championship" not in content


# -- removing, cancelling, withdrawing -------------------------------------------------


def test_the_organiser_removes_an_entry_before_the_start_and_it_is_logged(
    organiser_api, organiser, championship, boris
):
    invite_and_accept(championship, organiser, boris)
    answer = organiser_api.delete(entries_url(championship), {"username": "boris"}, format="json")
    assert answer.status_code == 204
    assert not Entry.objects.exists()
    decision = Decision.objects.get(action=Decision.Action.REMOVED)
    assert decision.by == organiser and list(decision.players.all()) == [boris]


def test_the_organiser_cancels_an_invitation(organiser_api, championship, boris, boris_api):
    invite(organiser_api, championship, "boris")
    answer = organiser_api.delete(entries_url(championship), {"username": "boris"}, format="json")
    assert answer.status_code == 204
    assert Invitation.objects.get().status == Invitation.Status.CANCELLED
    assert list(Decision.objects.get(action=Decision.Action.REMOVED).players.all()) == [boris]
    assert boris_api.post(f"{entries_url(championship)}accept/").status_code == 404


def test_a_player_leaving_by_themselves_is_not_an_organisers_decision(
    organiser, championship, boris, boris_api
):
    invite_and_accept(championship, organiser, boris)
    assert boris_api.delete(entries_url(championship), {}, format="json").status_code == 204
    assert not Decision.objects.exclude(action=Decision.Action.INVITED).exists()


def test_after_the_start_the_organiser_withdraws_and_it_is_logged(
    organiser_api, organiser, championship, boris, make_user
):
    invite_and_accept(championship, organiser, boris, make_user("anna"))
    services.start(championship.pk, by=organiser)
    answer = organiser_api.delete(entries_url(championship), {"username": "boris"}, format="json")
    assert answer.status_code == 204
    assert Entry.objects.get(player=boris).withdrawn_at is not None
    decision = Decision.objects.get(action=Decision.Action.WITHDREW)
    assert list(decision.players.all()) == [boris]
    assert Game.objects.get(seats__user=boris).result_reason == "forfeit"


def test_the_start_cancels_the_invitations_nobody_answered(
    organiser, championship, make_user, boris, boris_api
):
    invite_and_accept(championship, organiser, make_user("anna"), make_user("carol"))
    services.invite(championship.pk, by=organiser, username="boris")
    services.start(championship.pk, by=organiser)
    assert Invitation.objects.get(player=boris).status == Invitation.Status.CANCELLED
    assert boris_api.post(f"{entries_url(championship)}accept/").status_code == 404
    assert not Entry.objects.filter(player=boris).exists()


# -- private championships -------------------------------------------------------------


@pytest.fixture
def private(make_user, boris) -> Championship:
    owner = make_user("paula", plan=Plan.PAID)
    championship = services.create_championship(
        organiser=owner, name="Hidden Cup", game="kropki", visibility="private"
    )
    services.invite(championship.pk, by=owner, username="boris")
    return championship


def test_an_invited_player_sees_the_private_championship_until_declining(private, boris_api):
    url = f"/api/championships/{private.pk}/"
    assert boris_api.get(url).status_code == 200
    assert boris_api.post(f"{entries_url(private)}decline/").status_code == 200
    assert boris_api.get(url).status_code == 404


def test_an_invited_player_enters_a_private_championship(private, boris_api, boris):
    assert boris_api.post(f"{entries_url(private)}accept/").status_code == 200
    assert private.entries.get().player == boris


@pytest.mark.parametrize("answer", ["accept/", "decline/"])
def test_answering_for_a_private_championship_is_404_to_a_stranger(private, make_user, answer):
    stranger = client_with_token(make_user("stranger"))
    missing = stranger.post(f"/api/championships/{MISSING}/entries/{answer}")
    refused = stranger.post(f"{entries_url(private)}{answer}")
    assert (refused.status_code, refused.json()) == (404, missing.json())
    assert Invitation.objects.get().status == Invitation.Status.INVITED


@pytest.mark.parametrize("name", ["championship-accept", "championship-decline"])
def test_the_page_answers_for_a_private_championship_are_404_to_a_stranger(
    private, make_user, name
):
    assert (
        logged_in(make_user("stranger")).post(reverse(name, args=[private.pk])).status_code == 404
    )
    assert Invitation.objects.get().status == Invitation.Status.INVITED


# -- pages --------------------------------------------------------------------------------


def test_the_invited_player_accepts_on_the_championship_page(organiser, championship, boris):
    services.invite(championship.pk, by=organiser, username="boris")
    client = logged_in(boris)
    html = client.get(championship.get_absolute_url()).content.decode()
    assert "olga invites you to play in this championship." in page_text_of(html)
    accept = reverse("championship-accept", args=[championship.pk])
    assert re.search(rf'<form method="post" action="{accept}"', html)
    assert "Enter this championship" not in html
    answer = client.post(accept, follow=True)
    assert "You have entered Autumn Cup." in page_text(answer)
    assert Entry.objects.filter(player=boris).exists()


def test_the_invited_player_declines_on_the_championship_page(organiser, championship, boris):
    services.invite(championship.pk, by=organiser, username="boris")
    answer = logged_in(boris).post(
        reverse("championship-decline", args=[championship.pk]), follow=True
    )
    assert "You have declined the invitation to Autumn Cup." in page_text(answer)
    assert Invitation.objects.get().status == Invitation.Status.DECLINED


def test_answering_from_the_page_needs_a_login_and_a_post(championship):
    accept = reverse("championship-accept", args=[championship.pk])
    assert "login" in Client().post(accept)["Location"]
    assert Client().get(accept).status_code == 405


def page_text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_organise_page_invites_lists_and_cancels_invitations(
    organiser, championship, boris, make_user
):
    client = logged_in(organiser)
    organise = reverse("championship-organise", args=[championship.pk])
    html = client.get(organise).content.decode()
    assert "Invite a player" in html and "Enter the player" not in html
    answer = client.post(
        reverse("championship-enter", args=[championship.pk]),
        {"username": "boris", "next": "organise"},
        follow=True,
    )
    content = page_text(answer)
    assert "boris is invited to Autumn Cup" in content
    assert "Waiting for an answer boris" in content
    assert "Cancel the invitation boris" in content
    answer = client.post(
        reverse("championship-withdraw", args=[championship.pk]),
        {"username": "boris", "next": "organise"},
        follow=True,
    )
    assert "The invitation of boris is cancelled." in page_text(answer)
    assert "No invitation is waiting." in page_text(answer)


def test_an_entrants_row_has_remove_before_the_start(organiser, championship, boris):
    invite_and_accept(championship, organiser, boris)
    content = page_text(
        logged_in(organiser).get(reverse("championship-organise", args=[championship.pk]))
    )
    assert "Remove boris" in content


def test_the_championships_list_shows_my_invitations(organiser, championship, boris, make_user):
    services.invite(championship.pk, by=organiser, username="boris")
    content = page_text(logged_in(boris).get(reverse("championships")))
    assert "Your invitations (1)" in content
    assert "Autumn Cup" in content.split("Your invitations", 1)[1].split("Being played", 1)[0]
    assert "Your invitations" not in page_text(
        logged_in(make_user("anna")).get(reverse("championships"))
    )


# -- the start's confirmation ---------------------------------------------------------


def test_start_asks_for_confirmation_with_what_it_will_do(organiser, championship, make_user):
    players = [make_user(f"player{n}") for n in range(5)]
    invite_and_accept(championship, organiser, *players)
    services.invite(championship.pk, by=organiser, username=make_user("late").username)
    client = logged_in(organiser)
    organise = client.get(reverse("championship-organise", args=[championship.pk])).content.decode()
    start = reverse("championship-start", args=[championship.pk])
    assert f'href="{start}"' in organise
    answer = client.get(start)
    assert answer.status_code == 200
    content = page_text(answer)
    assert "Start Autumn Cup?" in content
    assert "Entrants 5" in content
    assert "2 groups drawn by rating: 3 players, 2 players" in content
    assert "Invitations to be cancelled late" in content
    assert "Express" in content and "7 days" in content
    championship.refresh_from_db()
    assert championship.status == Championship.Status.REGISTRATION  # a GET starts nothing

    answer = client.post(start, {"next": "organise"}, follow=True)
    championship.refresh_from_db()
    assert championship.status == "groups"
    assert "2 groups are drawn" in page_text(answer)


def test_the_start_confirmation_is_for_the_organiser(organiser, championship, make_user):
    start = reverse("championship-start", args=[championship.pk])
    assert "login" in Client().get(start)["Location"]
    assert logged_in(make_user("anna")).get(start).status_code == 403


def test_the_start_confirmation_of_a_private_championship_is_404_to_a_stranger(private, make_user):
    start = reverse("championship-start", args=[private.pk])
    assert logged_in(make_user("stranger")).get(start).status_code == 404
