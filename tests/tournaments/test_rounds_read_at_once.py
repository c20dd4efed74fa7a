"""`GET …/rounds/` of a big event: every round read in the same few queries, however many
rounds and pairings there are, the players named as their games seat them."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Plan, User
from games import selectors as game_selectors
from games import services as game_services
from games.models import Game
from tests.support.championships import small_championship
from tournaments import services
from tournaments.models import Entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def queries_to_read_rounds(api, championship) -> tuple[int, list[dict]]:
    with CaptureQueriesContext(connection) as queries:
        answer = api.get(f"/api/championships/{championship.pk}/rounds/")
    assert answer.status_code == 200, answer.content
    return len(queries), answer.json()


def play_the_round(championship) -> None:
    """Every game being played is resigned by the player in its first seat."""
    for game in Game.objects.filter(
        match__stage__championship=championship, status=Game.Status.ACTIVE
    ):
        first = next(iter(game_selectors.players_by_seat(game).values()))
        game_services.resign(game.pk, User.objects.get(pk=first))


def test_reading_every_round_costs_as_many_queries_after_three_rounds_as_after_one(make_user, api):
    organiser = make_user("organiser", plan=Plan.PAID)
    championship = small_championship(organiser, system="swiss", swiss_rounds=3)
    players = [make_user(f"p{n}") for n in range(10)]
    Entry.objects.bulk_create(Entry(championship=championship, player=p) for p in players)
    services.start(championship.pk, by=organiser)
    api.force_authenticate(organiser)

    after_one, rounds = queries_to_read_rounds(api, championship)
    play_the_round(championship)
    play_the_round(championship)
    after_three, rounds = queries_to_read_rounds(api, championship)

    assert after_three == after_one
    assert [view["round"] for view in rounds] == [1, 2, 3]
    for view in rounds:
        assert len(view["pairings"]) == 5
        for pairing in view["pairings"]:
            game = Game.objects.get(pk=pairing["game"])
            seated = {
                seat: User.objects.get(pk=user_id).username
                for seat, user_id in game_selectors.players_by_seat(game).items()
            }
            assert pairing["players"] == seated
