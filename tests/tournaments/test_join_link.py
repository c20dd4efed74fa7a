"""The join link: whoever has it enters while entries are open, a private championship too;
only the organiser sees it, and a new one stops the old one at once."""

import re
from datetime import timedelta
from html import unescape
from urllib.parse import quote

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from freezegun import freeze_time

from accounts.models import Plan
from tests.conftest import TEST_PASSWORD, client_with_token
from tournaments import services
from tournaments.models import Championship, Entry, Invitation

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

MISSING = 987654


@pytest.fixture
def organiser(make_user):
    return make_user("olga", plan=Plan.PAID)


@pytest.fixture
def championship(organiser) -> Championship:
    return services.create_championship(
        organiser=organiser, name="Autumn Cup", game="kropki", options={"width": 5, "height": 5}
    )


@pytest.fixture
def private(organiser) -> Championship:
    return services.create_championship(
        organiser=organiser, name="Hidden Cup", game="kropki", visibility="private"
    )


@pytest.fixture
def carla(make_user):
    return make_user("carla")


@pytest.fixture
def carla_api(carla):
    return client_with_token(carla)


def entries_url(championship) -> str:
    return f"/api/championships/{championship.pk}/entries/"


def join_by_code(client, championship, code):
    return client.post(entries_url(championship), {"code": code}, format="json")


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def page_text(response) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())))


def join_path(championship, code: str | None = None) -> str:
    return reverse("championship-join", args=[championship.pk, code or current_code(championship)])


def current_code(championship) -> str:
    return Championship.objects.get(pk=championship.pk).join_code


# -- the code ---------------------------------------------------------------------------


def test_every_championship_has_its_own_long_random_join_code(organiser):
    codes = {
        services.create_championship(organiser=organiser, name=f"Cup {n}", game="kropki").join_code
        for n in range(5)
    }
    assert len(codes) == 5
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{22,}", code) for code in codes)


def test_the_organiser_sees_the_join_link_and_code_and_nobody_else(
    organiser_api, championship, carla_api, api, make_user
):
    url = f"/api/championships/{championship.pk}/"
    mine = organiser_api.get(url).json()
    assert mine["join_code"] == current_code(championship)
    assert (
        mine["join_url"]
        == f"http://testserver/championships/{championship.pk}/join/{mine['join_code']}/"
    )
    referee = make_user("rita")
    services.name_co_organisers(championship.pk, by=championship.organiser, usernames=["rita"])
    for client in (
        carla_api,
        api,
        client_with_token(referee),
        client_with_token(make_user("sam", staff=True)),
    ):
        body = client.get(url).json()
        assert (body["join_url"], body["join_code"]) == (None, None)
        assert current_code(championship) not in str(body)
    # Nor in the list of championships.
    assert current_code(championship) not in carla_api.get("/api/championships/").content.decode()


# -- entering by the code -----------------------------------------------------------------


def test_a_player_enters_by_the_join_code(carla_api, championship, carla):
    answer = join_by_code(carla_api, championship, current_code(championship))
    assert answer.status_code == 201, answer.content
    assert answer.json() == {"status": "entered", "username": "carla"}
    assert Entry.objects.get(championship=championship).player == carla


def test_entering_by_the_code_answers_a_pending_invitation(
    organiser, carla_api, championship, carla
):
    services.invite(championship.pk, by=organiser, username="carla")
    assert join_by_code(carla_api, championship, current_code(championship)).status_code == 201
    assert Invitation.objects.get(player=carla).status == Invitation.Status.ACCEPTED


def test_a_private_championship_is_entered_by_its_code_and_then_seen(carla_api, private, carla):
    url = f"/api/championships/{private.pk}/"
    assert carla_api.get(url).status_code == 404
    answer = join_by_code(carla_api, private, current_code(private))
    assert answer.status_code == 201, answer.content
    assert carla_api.get(url).status_code == 200
    assert carla_api.get(url).json()["join_code"] is None


def test_a_wrong_code_to_a_championship_one_sees_is_403_naming_the_code(carla_api, championship):
    answer = join_by_code(carla_api, championship, "not-the-code")
    assert answer.status_code == 403
    error = answer.json()["error"]
    assert error["code"] == "wrong_join_code"
    assert list(error["details"]) == ["code"]
    assert current_code(championship) not in answer.content.decode()
    assert not Entry.objects.exists()


def test_a_wrong_code_to_a_private_championship_is_404_as_for_a_missing_one(carla_api, private):
    missing = carla_api.post(
        f"/api/championships/{MISSING}/entries/", {"code": "anything"}, format="json"
    )
    refused = join_by_code(carla_api, private, "not-the-code")
    assert (refused.status_code, refused.json()) == (404, missing.json())
    assert not Entry.objects.exists()


def test_a_replaced_code_stops_working_at_once(organiser_api, carla_api, championship):
    old = current_code(championship)
    answer = organiser_api.post(f"/api/championships/{championship.pk}/join-code/")
    assert answer.status_code == 200
    new = answer.json()["join_code"]
    assert new != old and new == current_code(championship)
    assert answer.json()["join_url"].endswith(f"/championships/{championship.pk}/join/{new}/")
    refused = join_by_code(carla_api, championship, old)
    assert (refused.status_code, refused.json()["error"]["code"]) == (403, "wrong_join_code")
    assert join_by_code(carla_api, championship, new).status_code == 201


def test_only_the_organiser_replaces_the_code(championship, carla_api, make_user):
    old = current_code(championship)
    referee = make_user("rita")
    services.name_co_organisers(championship.pk, by=championship.organiser, usernames=["rita"])
    url = f"/api/championships/{championship.pk}/join-code/"
    for client in (carla_api, client_with_token(referee)):
        answer = client.post(url)
        assert answer.status_code == 403
        assert old not in answer.content.decode()
    assert current_code(championship) == old


def test_replacing_the_code_of_a_private_championship_one_cannot_see_is_404(private, carla_api):
    old = current_code(private)
    assert carla_api.post(f"/api/championships/{private.pk}/join-code/").status_code == 404
    assert current_code(private) == old


def test_asking_for_the_code_needs_a_login(api, championship):
    assert api.post(f"/api/championships/{championship.pk}/join-code/").status_code == 401
    assert join_by_code(api, championship, current_code(championship)).status_code == 401


def test_entries_closed_refuse_the_code_as_they_refuse_entering(organiser, carla_api):
    closes = (timezone.now() + timedelta(days=1)).replace(microsecond=0)
    championship = services.create_championship(
        organiser=organiser, name="Closing Cup", game="kropki", entries_close_at=closes
    )
    with freeze_time(closes):
        answer = join_by_code(carla_api, championship, current_code(championship))
    assert (answer.status_code, answer.json()["error"]["code"]) == (409, "entries_closed")
    assert not Entry.objects.exists()


def test_a_started_championship_refuses_the_code(organiser, championship, carla_api, make_user):
    for name in ("anna", "boris"):
        services.enter(championship.pk, by=make_user(name))
    services.start(championship.pk, by=organiser)
    answer = join_by_code(carla_api, championship, current_code(championship))
    assert (answer.status_code, answer.json()["error"]["code"]) == (409, "registration_closed")


def test_a_full_championship_refuses_the_code(make_user, carla_api):
    free_organiser = make_user("fred")
    championship = services.create_championship(
        organiser=free_organiser, name="Free Cup", game="kropki"
    )
    for n in range(16):
        services.enter(championship.pk, by=make_user(f"entrant{n}"))
    answer = join_by_code(carla_api, championship, current_code(championship))
    assert (answer.status_code, answer.json()["error"]["code"]) == (409, "championship_full")


def test_a_guest_cannot_enter_by_the_code(make_user, championship):
    guest = make_user("guest-0123456789", is_guest=True)
    answer = join_by_code(client_with_token(guest), championship, current_code(championship))
    assert (answer.status_code, answer.json()["error"]["code"]) == (403, "guest_account")
    assert not Entry.objects.exists()


def test_entering_twice_by_the_code_is_refused(carla_api, championship):
    assert join_by_code(carla_api, championship, current_code(championship)).status_code == 201
    again = join_by_code(carla_api, championship, current_code(championship))
    assert (again.status_code, again.json()["error"]["code"]) == (409, "already_entered")


@pytest.mark.parametrize(
    "body",
    [
        {"code": "x", "username": "carla"},
        {"code": "x", "usernames": ["carla"]},
    ],
)
def test_the_code_goes_alone(carla_api, championship, body):
    answer = carla_api.post(entries_url(championship), body, format="json")
    assert answer.status_code == 400
    assert "code" in answer.json()["error"]["details"]
    assert not Entry.objects.exists()


@pytest.mark.parametrize("code", ["", "x" * 65, 12, None])
def test_a_code_that_is_no_code_is_400(carla_api, championship, code):
    answer = carla_api.post(entries_url(championship), {"code": code}, format="json")
    assert answer.status_code == 400
    assert list(answer.json()["error"]["details"]) == ["code"]


# -- the join page ------------------------------------------------------------------------


def test_the_join_page_shows_the_championship_and_enters_the_player(championship, carla):
    client = logged_in(carla)
    page = client.get(join_path(championship))
    assert page.status_code == 200
    content = page_text(page)
    assert "Join Autumn Cup" in content and "Kropki" in content
    assert "When the organiser starts it." in content
    assert '<button type="submit">Enter</button>' in page.content.decode()
    answer = client.post(join_path(championship), follow=True)
    assert answer.redirect_chain[-1][0] == championship.get_absolute_url()
    assert "You have entered Autumn Cup." in page_text(answer)
    assert Entry.objects.get(championship=championship).player == carla
    assert "You have entered this championship." in page_text(client.get(join_path(championship)))


def test_the_join_page_opens_a_private_championship(private, carla):
    client = logged_in(carla)
    assert client.get(private.get_absolute_url()).status_code == 404
    assert "Join Hidden Cup" in page_text(client.get(join_path(private)))
    client.post(join_path(private))
    assert client.get(private.get_absolute_url()).status_code == 200


def test_a_visitor_logs_in_first_and_comes_back_to_the_join_page(championship, carla):
    answer = Client().get(join_path(championship))
    assert answer.status_code == 302
    assert answer["Location"] == f"{reverse('login')}?next={quote(join_path(championship))}"
    client = Client()
    back = client.post(
        answer["Location"], {"login": "carla", "password": TEST_PASSWORD}, follow=True
    )
    assert back.redirect_chain[-1][0] == join_path(championship)
    assert "Join Autumn Cup" in page_text(back)


@pytest.mark.parametrize("who", ["visitor", "player"])
def test_a_wrong_or_replaced_join_link_is_404(organiser, private, carla, who):
    client = Client() if who == "visitor" else logged_in(carla)
    old = join_path(private)
    services.replace_join_code(private.pk, by=organiser)
    assert client.get(old).status_code == 404
    assert client.post(old).status_code == 404
    assert client.get(join_path(private, "not-the-code")).status_code == 404
    assert client.get(f"/championships/{MISSING}/join/{current_code(private)}/").status_code == 404
    assert not Entry.objects.exists()


def test_the_join_page_says_when_entries_are_closed(organiser, carla):
    closes = timezone.now() + timedelta(hours=2)
    championship = services.create_championship(
        organiser=organiser, name="Closing Cup", game="kropki", entries_close_at=closes
    )
    with freeze_time(closes + timedelta(minutes=1)):
        page = logged_in(carla).get(join_path(championship))
        assert "Entries closed at" in page_text(page)
        assert '<button type="submit">Enter</button>' not in page.content.decode()
        assert logged_in(carla).post(join_path(championship)).status_code == 302
    assert not Entry.objects.exists()


def test_the_organise_page_shows_the_link_to_the_organiser_only(organiser, championship, make_user):
    link = f"http://testserver{join_path(championship)}"
    organise = reverse("championship-organise", args=[championship.pk])
    assert link in logged_in(organiser).get(organise).content.decode()
    referee = make_user("rita")
    services.name_co_organisers(championship.pk, by=organiser, usernames=["rita"])
    referee_page = logged_in(referee).get(organise)
    assert referee_page.status_code == 200
    assert current_code(championship) not in referee_page.content.decode()
    public_page = logged_in(organiser).get(championship.get_absolute_url())
    assert current_code(championship) not in public_page.content.decode()


def test_the_organiser_makes_a_new_link_on_the_organise_page(organiser, championship, carla):
    old = current_code(championship)
    answer = logged_in(organiser).post(
        reverse("championship-join-code", args=[championship.pk]), follow=True
    )
    assert "The join link is new: the old one no longer works." in page_text(answer)
    assert current_code(championship) != old
    assert current_code(championship) in answer.content.decode()
    # Anyone else who may see it is refused, and the code stays.
    now = current_code(championship)
    refused = logged_in(carla).post(
        reverse("championship-join-code", args=[championship.pk]), follow=True
    )
    assert "Only the organiser replaces the join link." in page_text(refused)
    assert current_code(championship) == now
