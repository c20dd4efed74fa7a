"""Before starting, the start page names who has not checked in and will be withdrawn; the
withdrawals, every settings change and every seed move are in the decisions log, in words."""

import re
from datetime import timedelta
from html import unescape

import pytest
from django.urls import reverse
from django.utils import timezone
from freezegun import freeze_time

from tests.conftest import client_with_token
from tournaments import services
from tournaments.models import Decision

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def words(answer) -> str:
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", answer.content.decode(), flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def log_of(client, championship) -> str:
    html = client.get(reverse("championship", args=[championship.pk])).content.decode()
    start = html.index('<section id="log"')
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html[start:])))


@pytest.fixture
def starts():
    return (timezone.now() + timedelta(days=1)).replace(microsecond=0)


@pytest.fixture
def with_check_in(organiser, make_user, starts):
    championship = services.create_championship(
        organiser=organiser, name="Autumn Swiss", game="kropki", system="swiss",
        options={"width": 5, "height": 5}, starts_at=starts, check_in_s=3600,
    )  # fmt: skip
    for name in ("anna", "boris", "clara", "dmitri"):
        services.enter(championship.pk, by=make_user(name))
    return championship


def test_the_start_page_names_who_has_not_checked_in_and_will_be_withdrawn(
    client, organiser, with_check_in, starts
):
    with freeze_time(starts - timedelta(minutes=30)):
        for name in ("anna", "boris", "clara"):
            player = with_check_in.entries.get(player__username=name).player
            services.check_in(with_check_in.pk, by=player)
        client.force_login(organiser)
        page = client.get(reverse("championship-start", args=[with_check_in.pk]))
    text = words(page)
    assert "Not checked in: withdrawn at the start dmitri" in text
    assert "3 of the 4 entered play: those who have checked in" in text
    absent = re.search(r'<dd class="not-checked-in">(.*?)</dd>', page.content.decode(), re.S)
    assert "anna" not in absent.group(1) and "dmitri" in absent.group(1)


def test_the_start_page_says_when_everyone_has_checked_in(client, organiser, with_check_in, starts):
    with freeze_time(starts - timedelta(minutes=30)):
        for entry in with_check_in.entries.select_related("player"):
            services.check_in(with_check_in.pk, by=entry.player)
        client.force_login(organiser)
        text = words(client.get(reverse("championship-start", args=[with_check_in.pk])))
    assert "Nobody: every entrant has checked in." in text


def test_the_withdrawals_at_the_start_are_in_the_decisions_log(
    client, organiser, with_check_in, starts
):
    with freeze_time(starts - timedelta(minutes=30)):
        for name in ("anna", "boris"):
            player = with_check_in.entries.get(player__username=name).player
            services.check_in(with_check_in.pk, by=player)
        services.start(with_check_in.pk, by=organiser)
    removed = Decision.objects.get(championship=with_check_in, action="removed")
    assert removed.by is None
    assert sorted(p.username for p in removed.players.all()) == ["clara", "dmitri"]
    log = log_of(client, with_check_in)
    assert "by the rules: Removed an entry (clara, dmitri)" in log
    assert "they had not checked in by the start" in log
    api = client_with_token(organiser).get(f"/api/championships/{with_check_in.pk}/log/").json()
    assert any(item["action"] == "removed" and item["by"] is None for item in api)


def test_the_log_says_what_a_settings_change_changed(client, organiser):
    championship = services.create_championship(
        organiser=organiser, name="Cup", game="kropki", system="swiss", swiss_rounds=5
    )
    services.edit_championship(
        championship.pk, by=organiser, swiss_rounds=7, rated=False, stage_format="full",
        tiebreaks=["buchholz", "sonneborn_berger_cut1"],
    )  # fmt: skip
    log = log_of(client, championship)
    assert "Changed the settings" in log
    assert "Swiss rounds: 5 → 7" in log
    assert "Swiss rounds' format: Express → Full" in log and "Group" not in log
    assert "Rated: the games count for the players' ratings: yes → no" in log
    assert (
        "Tie-breaks: Buchholz cut 1, Buchholz, Sonneborn-Berger, Direct encounter, Wins → "
        "Buchholz, Sonneborn-Berger cut 1"
    ) in log


def test_the_log_keeps_every_seed_move_with_the_order_before_and_after(
    client, organiser, make_user
):
    championship = services.create_championship(organiser=organiser, name="Cup", game="kropki")
    for name in ("anna", "boris", "clara"):
        services.enter(championship.pk, by=make_user(name))
    before = [
        e.player.username for e in services.set_seeds(championship.pk, by=organiser, order=[])
    ]
    assert not Decision.objects.filter(championship=championship, action="edited").exists()
    services.move_seed(championship.pk, by=organiser, username=before[2], places=-1)
    moved = Decision.objects.get(championship=championship, action="edited")
    after = [before[0], before[2], before[1]]
    assert moved.before == {"seeds": before} and moved.after == {"seeds": after}
    assert f"Seeds: {', '.join(before)} → {', '.join(after)}" in log_of(client, championship)


def test_the_organise_page_names_who_would_be_withdrawn_by_a_start_now(
    client, organiser, with_check_in, starts
):
    with freeze_time(starts - timedelta(minutes=30)):
        player = with_check_in.entries.get(player__username="anna").player
        services.check_in(with_check_in.pk, by=player)
        client.force_login(organiser)
        html = client.get(reverse("championship-organise", args=[with_check_in.pk]))
    line = re.search(r'<p class="not-checked-in">(.*?)</p>', html.content.decode(), re.S)
    assert line and "withdrawn if the championship starts now" in unescape(line.group(1))
    assert "boris, clara, dmitri." in line.group(1) and "anna" not in line.group(1)
