"""The organiser's seeds and the check-in hold in a Swiss and a double elimination as in
groups: the Swiss's pairing numbers and the double elimination's first round follow the
seeds, and whoever did not check in is left out of either."""

from datetime import timedelta

import pytest
from django.utils import timezone
from freezegun import freeze_time

from tests.conftest import client_with_token
from tests.support.championships import small_championship
from tournaments import services
from tournaments.models import Entry, Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

NAMES = ["anna", "boris", "clara", "dmitri", "ewa", "fedor"]


def entered(championship, make_user, names=NAMES):
    for name in names:
        services.enter(championship.pk, by=make_user(name))


def seeded(organiser, championship, order):
    answer = client_with_token(organiser).put(
        f"/api/championships/{championship.pk}/seeds/", {"order": order}, format="json"
    )
    assert answer.status_code == 200, answer.json()


def test_a_swiss_gives_pairing_numbers_in_the_organisers_order(organiser, make_user):
    championship = small_championship(organiser, system="swiss")
    entered(championship, make_user)
    seeded(organiser, championship, ["fedor", "ewa"])
    services.start(championship.pk, by=organiser)
    numbers = dict(
        Entry.objects.filter(championship=championship).values_list(
            "player__username", "pairing_number"
        )
    )
    assert numbers == {"fedor": 1, "ewa": 2, "anna": 3, "boris": 4, "clara": 5, "dmitri": 6}


def test_a_double_elimination_seeds_its_first_round_in_the_organisers_order(organiser, make_user):
    championship = small_championship(organiser, system="double_elimination")
    entered(championship, make_user, NAMES[:4])
    seeded(organiser, championship, ["dmitri", "clara"])
    services.start(championship.pk, by=organiser)
    first_round = Match.objects.filter(
        stage__championship=championship, bracket="winners", round=1
    ).order_by("index")
    pairs = [{match.first.player.username, match.second.player.username} for match in first_round]
    # Seed 1 meets seed 4 and seed 2 meets seed 3: dmitri, clara, then anna and boris by rating.
    assert pairs == [{"dmitri", "boris"}, {"clara", "anna"}]


@pytest.mark.parametrize("system", ["swiss", "double_elimination"])
def test_who_did_not_check_in_is_left_out_of_every_system(organiser, make_user, system):
    starts = (timezone.now() + timedelta(days=1)).replace(microsecond=0)
    championship = small_championship(organiser, system=system, starts_at=starts, check_in_s=3600)
    entered(championship, make_user, NAMES[:5])
    with freeze_time(starts - timedelta(minutes=30)):
        for name in NAMES[:4]:
            player = Entry.objects.get(championship=championship, player__username=name).player
            answer = client_with_token(player).post(
                f"/api/championships/{championship.pk}/check-in/"
            )
            assert answer.status_code == 200, answer.json()
    with freeze_time(starts):
        services.start(championship.pk, by=organiser)
    # Left out before the draw, as in groups: no entry, and in no match.
    assert not Entry.objects.filter(championship=championship, player__username="ewa").exists()
    playing = Match.objects.filter(stage__championship=championship)
    players = {
        name
        for pair in playing.values_list("first__player__username", "second__player__username")
        for name in pair
        if name
    }
    assert players == set(NAMES[:4])
