"""The organiser's seeds: set before the start, by the API and on the organise page; the draw
follows them; strangers, repeats, others and a started championship are refused."""

import pytest
from django.test import Client

from tests.conftest import client_with_token
from tournaments import services
from tournaments.models import Championship, GroupMember

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

NAMES = ["anna", "boris", "clara", "dmitri", "ewa", "fedor", "gosia", "hanna"]


@pytest.fixture
def organiser(make_user):
    return make_user("olga")


@pytest.fixture
def championship(organiser, make_user) -> Championship:
    championship = services.create_championship(
        organiser=organiser,
        name="Autumn Cup",
        game="kropki",
        options={"width": 5, "height": 5},
        group_size=4,
    )
    for name in NAMES:
        services.enter(championship.pk, by=make_user(name))
    return championship


def url(championship) -> str:
    return f"/api/championships/{championship.pk}/seeds/"


def put(user, championship, order):
    return client_with_token(user).put(url(championship), {"order": order}, format="json")


def shown(answer) -> list[tuple[str, str]]:
    return [(row["username"], row["by"]) for row in answer.json()["order"]]


def test_by_default_everyone_is_seeded_by_rating_then_by_entry(championship):
    answer = Client().get(url(championship))
    assert answer.status_code == 200
    assert shown(answer) == [(name, "rating") for name in NAMES]


def test_the_organiser_seeds_some_and_the_rest_follow(organiser, championship):
    answer = put(organiser, championship, ["Hanna", "ewa"])  # any letter case
    assert answer.status_code == 200, answer.json()
    assert shown(answer)[:3] == [("hanna", "organiser"), ("ewa", "organiser"), ("anna", "rating")]
    assert [row["seed"] for row in answer.json()["order"]] == list(range(1, 9))
    assert shown(Client().get(url(championship))) == shown(answer)


def test_the_draw_follows_the_seeds(organiser, championship):
    put(organiser, championship, ["hanna", "gosia", "fedor", "ewa"])
    services.start(championship.pk, by=organiser)
    seeds = dict(
        GroupMember.objects.filter(group__stage__championship=championship).values_list(
            "entry__player__username", "seed"
        )
    )
    assert seeds["hanna"] == 1 and seeds["gosia"] == 2 and seeds["anna"] == 5
    groups = {
        member.entry.player.username: member.group.name
        for member in GroupMember.objects.select_related("group", "entry__player")
    }
    assert groups["hanna"] != groups["gosia"]  # the top two seeds never meet in a group


def test_an_empty_order_puts_everyone_back_in_rating_order(organiser, championship):
    put(organiser, championship, ["hanna"])
    assert shown(put(organiser, championship, []))[0] == ("anna", "rating")


@pytest.mark.parametrize(
    "order, code",
    [
        (["anna", "stranger"], "not_an_entrant"),
        (["olga"], "not_an_entrant"),  # the organiser has not entered
        (["anna", "ANNA"], "duplicate"),
        ("anna", None),
        ([1, 2], None),
    ],
)
def test_a_bad_order_is_refused_naming_the_field_and_changes_nothing(
    organiser, championship, order, code
):
    put(organiser, championship, ["boris"])
    answer = put(organiser, championship, order)
    assert answer.status_code == 400, answer.json()
    error = answer.json()["error"]
    assert "order" in error["details"] or any(key.startswith("order") for key in error["details"])
    if code:
        assert error["code"] == code
    assert shown(Client().get(url(championship)))[0] == ("boris", "organiser")


def test_only_the_organisers_seed(championship, make_user):
    anna = championship.entries.get(player__username="anna").player
    assert put(anna, championship, ["anna"]).status_code == 403
    helper = make_user("helper")
    championship.co_organisers.add(helper)
    assert put(helper, championship, ["anna"]).status_code == 200
    anonymous = Client().put(url(championship), {"order": []}, content_type="application/json")
    assert anonymous.status_code == 401


def test_the_seeds_no_longer_change_after_the_draw(organiser, championship):
    services.start(championship.pk, by=organiser)
    answer = put(organiser, championship, ["hanna"])
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "already_started"


def test_the_organise_page_moves_an_entrant_and_resets(organiser, championship):
    client = Client()
    client.force_login(organiser)
    page = client.get(f"/championships/{championship.pk}/organise/").content.decode()
    assert 'id="seeds"' in page and "Move boris up" in page
    client.post(
        f"/championships/{championship.pk}/seeds/", {"username": "boris", "direction": "up"}
    )
    order = shown(Client().get(url(championship)))
    assert order[:2] == [("boris", "organiser"), ("anna", "organiser")]
    client.post(f"/championships/{championship.pk}/seeds/", {"reset": "1"})
    assert shown(Client().get(url(championship)))[0] == ("anna", "rating")
    refused = client.post(
        f"/championships/{championship.pk}/seeds/",
        {"username": "stranger", "direction": "up"},
        follow=True,
    )
    assert "not entered: stranger" in refused.content.decode()
