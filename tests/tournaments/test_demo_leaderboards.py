"""`make demo` plays rated games: the leaderboards it leaves show the demo players."""

import pytest
from django.urls import reverse

from ratings.selectors import leaderboard
from tournaments.demo import create_demo_championship, demo_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def test_the_demo_leaves_the_leaderboards_with_rated_games(client, make_user):
    players = [make_user(f"demo{n}") for n in range(8)]
    championship = create_demo_championship(make_user("admin"), players, rounds_played=1)
    assert championship.rated
    game = demo_game().name
    rows = leaderboard(game)
    assert {row["username"] for row in rows} == {player.username for player in players}
    assert all(row["games"] >= 1 for row in rows)
    page = client.get(reverse("leaderboards")).content.decode()
    assert all(player.username in page for player in players)
