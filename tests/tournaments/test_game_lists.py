"""Lists of championship games read them in a fixed number of queries, however many there are."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games import services as game_services
from tournaments import selectors, services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

KROPKI = {"width": 5, "height": 5}


def started_championship(organiser, players, name="Autumn Cup"):
    championship = services.create_championship(
        organiser=organiser, name=name, game="kropki", options=KROPKI, group_size=8, rated=False
    )
    for player in players:
        services.enter(championship.pk, by=player)
    return services.start(championship.pk, by=organiser)


def resign_one_game(championship) -> None:
    """One game of round one ends, so the tables and the schedule show a result."""
    game = selectors.championship_games(championship).first()
    game_services.resign(game.pk, game.seats.get(seat="blue").user)


def queries(client: Client, url: str) -> int:
    client.get(url)  # anything loaded once per process is loaded now
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def championship_reads(client: Client, championship_id: int) -> dict[str, int]:
    urls = {
        "page": f"/championships/{championship_id}/",
        "games": f"/api/championships/{championship_id}/games/",
        "standings": f"/api/championships/{championship_id}/standings/",
    }
    return {name: queries(client, url) for name, url in urls.items()}


def test_championship_page_games_and_standings_take_the_same_queries_for_more_games(make_user):
    organiser = make_user("organiser")
    players = [make_user(f"player{n:02d}") for n in range(8)]
    small = started_championship(organiser, players[:4], "Small Cup")  # 2 games a round
    large = started_championship(organiser, players, "Large Cup")  # 4 games a round
    for championship in (small, large):
        resign_one_game(championship)
    client = Client()
    assert championship_reads(client, large.pk) == championship_reads(client, small.pk)


def test_home_page_takes_the_same_queries_for_more_championship_games(make_user):
    organiser, alice, bob = make_user("organiser"), make_user("alice"), make_user("bob")
    client = Client()
    client.force_login(alice)
    started_championship(organiser, [alice, bob], "Cup 1")
    one = queries(client, "/")
    for number in range(2, 6):
        started_championship(organiser, [alice, bob], f"Cup {number}")
    five = queries(client, "/")
    page = client.get("/").content.decode()
    assert "Cup 5" in page  # the home page names each game's championship
    assert five == one
