"""Leaderboard pages: settled ratings per game, best first, then provisional ones marked "?"."""

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


def test_leaderboard_lists_provisional_players_after_settled_ones_marked_with_a_question_mark(
    client, make_user
):
    rate(make_user("anna"), 1700, 60)
    rate(make_user("newcomer"), 1900, policy.PROVISIONAL_RD, games=1)
    rate(make_user("novice"), 1450, 300, games=1)
    html = client.get("/leaderboards/kropki/").content.decode()
    rows = table_rows(html)
    assert [(row[0], row[1]) for row in rows] == [("1", "anna"), ("2", "newcomer"), ("3", "novice")]
    assert rows[0][2] == "1700"
    mark = "Provisional: too few rated games yet for the rating to be settled"
    assert rows[1][2] == f"1900? ({mark})"  # the "?" and the words a screen reader says
    assert html.count('class="provisional-mark"') == 2
    assert f'title="{mark}" aria-hidden="true">?</span>' in html
    assert f"is still {round(policy.PROVISIONAL_RD)} or more" in html


def test_leaderboard_shows_a_player_after_their_first_rated_game(client, make_user):
    rate(make_user("newcomer"), 1662.3, 290.2, games=1)
    html = client.get("/leaderboards/kropki/").content.decode()
    assert [row[:2] for row in table_rows(html)] == [["1", "newcomer"]]
    assert "Nobody has" not in html


def test_leaderboard_without_any_rated_player_shows_an_empty_state(client, make_user):
    rate(make_user("newcomer"), 1900, 300, game="dots_and_boxes")
    html = client.get("/leaderboards/kropki/").content.decode()
    assert "<table" not in html
    assert "Nobody has a Kropki (Dots) rating yet." in html


def test_home_page_leaders_mark_a_provisional_rating(client, make_user):
    rate(make_user("anna"), 1700, 60)
    rate(make_user("newcomer"), 1900, 300, games=1)
    html = client.get("/").content.decode()
    leaders = html.split('id="leaders"')[1].split("</ol>")[0]
    assert leaders.index("anna") < leaders.index("newcomer")
    assert leaders.count('class="provisional-mark"') == 1


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
