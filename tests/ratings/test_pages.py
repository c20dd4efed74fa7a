"""Leaderboard pages: established players per game, best first; provisional ones left out."""

import re

import pytest

from games.engines import GAMES
from games.titles import game_title
from ratings import policy
from ratings.models import Rating

pytestmark = pytest.mark.django_db


def rate(user, rating: float, rd: float, games: int = 10, game: str = "kropki") -> Rating:
    return Rating.objects.create(
        player=user, game=game, rating=rating, rd=rd, volatility=0.06, games=games
    )


def table_rows(html: str) -> list[list[str]]:
    body = re.search(r"<tbody>(.*?)</tbody>", html, re.S)
    if not body:
        return []
    return [
        [
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body.group(1), re.S)
    ]


def test_leaderboard_lists_established_players_best_first(client, make_user):
    rate(make_user("anna"), 1712.3, 62.3, games=31)
    rate(make_user("boris"), 1804.0, 55.0, games=40)
    rate(make_user("celina"), 1650.0, 109.9, games=8)
    response = client.get("/leaderboards/kropki/")
    assert response.status_code == 200
    html = response.content.decode()
    assert table_rows(html) == [
        ["1", "boris", "1804", "55", "40"],
        ["2", "anna", "1712", "62", "31"],
        ["3", "celina", "1650", "110", "8"],
    ]
    assert '<a href="/players/anna/">anna</a>' in html


def test_leaderboard_leaves_out_provisional_players_and_says_why(client, make_user):
    rate(make_user("anna"), 1700, 60)
    rate(make_user("newcomer"), 1900, policy.PROVISIONAL_RD)
    html = client.get("/leaderboards/kropki/").content.decode()
    assert [row[1] for row in table_rows(html)] == ["anna"]
    assert "newcomer" not in html
    assert f"is {round(policy.PROVISIONAL_RD)} or more" in html


def test_leaderboard_without_established_players_shows_an_empty_state(client, make_user):
    rate(make_user("newcomer"), 1900, 300)
    html = client.get("/leaderboards/kropki/").content.decode()
    assert "<table" not in html
    assert "Nobody has an established Kropki (Dots) rating yet." in html


def test_leaderboards_index_shows_the_first_game(client, make_user):
    rate(make_user("anna"), 1700, 60)
    response = client.get("/leaderboards/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<h2 id="leaderboard-heading">{game_title(GAMES[0])}</h2>' in html
    assert [row[1] for row in table_rows(html)] == ["anna"]


def test_leaderboard_has_a_tab_per_game_marking_the_current_one(client):
    html = client.get("/leaderboards/kropki/").content.decode()
    for game in GAMES:
        assert f'href="/leaderboards/{game}/"' in html
    assert 'href="/leaderboards/kropki/" aria-current="page">Kropki (Dots)</a>' in html


def test_leaderboard_of_an_unknown_game_is_404(client):
    assert client.get("/leaderboards/chess/").status_code == 404


def test_leaderboard_highlights_the_visitors_own_row(client, make_user):
    anna = make_user("anna")
    rate(anna, 1700, 60)
    rate(make_user("boris"), 1600, 60)
    client.force_login(anna)
    html = client.get("/leaderboards/kropki/").content.decode()
    assert re.search(r'<tr class="highlight">\s*<td class="number">1</td>', html)
    assert html.count('class="highlight"') == 1
