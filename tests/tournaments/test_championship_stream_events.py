"""What a championship's stream is told as its games end, round after round: the standings
at each result, a round's closing and the next one's opening, the bracket's changes. Each
advance reads only the matches it can change, so these are checked well past the first
round, where the finished rounds are no longer read."""

from unittest.mock import patch

import pytest

from games import services as games
from games.models import Game
from tests.support.championships import started_small
from tournaments import streams
from tournaments.models import Match

pytestmark = pytest.mark.usefixtures("embedded")


@pytest.fixture
def told(django_capture_on_commit_callbacks):
    """The events each change tells the championship's streams, one list per change."""
    heard: list[list[dict]] = []
    publish = streams.publishing.publish

    def heard_and_published(topic, events, *args, **kwargs):
        if topic.kind == streams.KIND:
            heard.append([dict(event) for event in events])
        return publish(topic, events, *args, **kwargs)

    with patch.object(streams.publishing, "publish", heard_and_published):
        yield heard


def end_one_game(championship, django_capture_on_commit_callbacks) -> None:
    """The first game in play ends: its second seat resigns."""
    game = (
        Game.objects.filter(match__stage__championship=championship, status=Game.Status.ACTIVE)
        .order_by("pk")
        .first()
    )
    loser = max(game.seats.all(), key=lambda seat: seat.order).user
    with django_capture_on_commit_callbacks(execute=True):
        games.resign(game.pk, loser)


def kinds(events: list[dict]) -> list[str]:
    return [event["type"] for event in events]


def test_a_swiss_stream_hears_the_standings_at_each_result_and_each_new_round(
    make_user, told, django_capture_on_commit_callbacks
):
    championship = started_small(make_user("org"), make_user, 6, system="swiss", swiss_rounds=3)
    matches = Match.objects.filter(stage__championship=championship)
    for round_number in (1, 2, 3):
        for game_left in (3, 2, 1):
            told.clear()
            end_one_game(championship, django_capture_on_commit_callbacks)
            heard = [kind for events in told for kind in kinds(events)]
            assert "standings" in heard, (round_number, game_left, told)
            if game_left > 1:
                assert "round_opened" not in heard
        if round_number < 3:
            # The round's last result pairs the next one: its stream hears it open.
            opened = [e for events in told for e in events if e["type"] == "round_opened"]
            assert [e["round"] for e in opened] == [round_number + 1], told
            assert matches.filter(round=round_number + 1).count() == 3
    championship.refresh_from_db()
    assert championship.status != "swiss"
    assert any(e["type"] == "status" for events in told for e in events)


def test_a_double_elimination_stream_hears_the_bracket_change_at_every_result(
    make_user, told, django_capture_on_commit_callbacks
):
    championship = started_small(make_user("org"), make_user, 4, system="double_elimination")
    results = 0
    while Game.objects.filter(
        match__stage__championship=championship, status=Game.Status.ACTIVE
    ).exists():
        told.clear()
        end_one_game(championship, django_capture_on_commit_callbacks)
        results += 1
        heard = [kind for events in told for kind in kinds(events)]
        assert "bracket" in heard, (results, told)
    assert results >= 5  # two rounds of winners, the losers' bracket, the final
