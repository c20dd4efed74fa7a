"""Starting a Swiss or a double elimination from the organiser's pages: what the start
page says it will do, and what the start did."""

import pytest
from django.urls import reverse

from tests.tournaments.test_pages import championship_of, messages_of, text, with_players
from tournaments.models import Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def test_the_start_page_of_a_swiss_counts_its_rounds_and_the_start_pairs_round_one(
    client, organiser, make_user
):
    championship = championship_of(organiser, system="swiss", playoff_players=4)
    with_players(championship, organiser, make_user, 9)
    client.force_login(organiser)
    organise = text(client.get(reverse("championship-organise", args=[championship.pk])))
    assert "FIDE Dutch" in organise and "this makes" not in organise
    shown = text(client.get(reverse("championship-start", args=[championship.pk])))
    # ⌈log2 9⌉ + 2 = 6 rounds.
    assert "6 rounds, each paired when the one before is over" in shown
    assert "then a playoff of the top 4" in shown
    answer = client.post(
        reverse("championship-start", args=[championship.pk]), {"next": "organise"}, follow=True
    )
    assert "round one of its 6 Swiss rounds is paired" in " ".join(messages_of(answer))
    championship.refresh_from_db()
    assert championship.status == "swiss"
    round_one = Match.objects.filter(stage__championship=championship, round=1)
    assert round_one.filter(second__isnull=True).count() == 1  # nine players: one bye
    assert round_one.filter(status=Match.Status.PLAYING).count() == 4


def test_the_start_of_a_double_elimination_draws_the_brackets(client, organiser, make_user):
    championship = championship_of(organiser, system="double_elimination")
    with_players(championship, organiser, make_user, 6)
    client.force_login(organiser)
    shown = text(client.get(reverse("championship-start", args=[championship.pk])))
    assert "a reset if the losers' bracket winner wins it" in shown
    answer = client.post(
        reverse("championship-start", args=[championship.pk]), {"next": "organise"}, follow=True
    )
    assert "the brackets are drawn" in " ".join(messages_of(answer))
    championship.refresh_from_db()
    assert championship.status == "double_elimination"
    # Six players in a bracket of eight: seeds 1 and 2 wait, seeds 3-6 play.
    playing = Match.objects.filter(stage__championship=championship, status="playing")
    assert playing.count() == 2 and set(playing.values_list("bracket", flat=True)) == {"winners"}
