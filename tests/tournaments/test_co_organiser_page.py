"""A co-organiser's organise page offers only what a co-organiser may do, and each thing it
offers works; its banner says the same."""

import re
from html import unescape

import pytest
from django.urls import reverse

from tournaments import selectors, services
from tournaments.models import Championship

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def page(client, user, championship) -> str:
    client.force_login(user)
    answer = client.get(reverse("championship-organise", args=[championship.pk]))
    assert answer.status_code == 200
    return answer.content.decode()


def text(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


@pytest.fixture
def helper(make_user):
    return make_user("helper")


@pytest.fixture
def championship(organiser, helper, make_user) -> Championship:
    championship = services.create_championship(
        organiser=organiser, name="Cup", game="kropki", co_organisers=[helper.username]
    )
    for name in ("anna", "boris", "clara"):
        services.enter(championship.pk, by=make_user(name))
    services.invite(championship.pk, by=organiser, username=make_user("dmitri").username)
    return championship


def test_a_co_organiser_is_offered_no_start_no_invitation_and_no_removal(
    client, helper, championship
):
    html = page(client, helper, championship)
    assert reverse("championship-start", args=[championship.pk]) not in html
    assert reverse("championship-enter", args=[championship.pk]) not in html
    assert reverse("championship-invite-many", args=[championship.pk]) not in html
    assert reverse("championship-withdraw", args=[championship.pk]) not in html
    assert reverse("championship-edit", args=[championship.pk]) not in html
    words = text(html)
    assert "Only the organiser starts the championship." in words
    assert "dmitri" in words  # the invitation is shown, without a way to cancel it
    assert "Only the organiser invites players, changes the settings and starts" in words


def test_what_a_co_organiser_is_offered_works(client, helper, championship):
    html = page(client, helper, championship)
    assert "order the seeds before it and make announcements" in text(html)
    seeds = reverse("championship-seeds", args=[championship.pk])
    assert f'action="{seeds}"' in html
    last = services.set_seeds(championship.pk, by=helper, order=[])[-1].player.username
    moved = client.post(seeds, {"username": last, "direction": "up"})
    assert moved.status_code == 302
    order = [entry.player.username for entry in selectors.seeds_of(championship)]
    assert order.index(last) == len(order) - 2
    announce = reverse("championship-announce", args=[championship.pk])
    assert f'action="{announce}"' in html
    assert client.post(announce, {"text": "Round one tonight."}).status_code == 302
    assert championship.announcements.filter(text="Round one tonight.").exists()


def test_after_the_start_a_co_organiser_may_withdraw_a_player(
    client, organiser, helper, championship
):
    services.start(championship.pk, by=organiser)
    html = page(client, helper, championship)
    withdraw = reverse("championship-withdraw", args=[championship.pk])
    assert f'action="{withdraw}"' in html
    client.post(withdraw, {"username": "anna", "next": "organise"})
    assert championship.entries.get(player__username="anna").withdrawn_at is not None


def test_the_organiser_is_offered_everything(client, organiser, championship):
    html = page(client, organiser, championship)
    for name in ("championship-start", "championship-enter", "championship-withdraw"):
        assert reverse(name, args=[championship.pk]) in html
    assert "You are a co-organiser" not in text(html)
