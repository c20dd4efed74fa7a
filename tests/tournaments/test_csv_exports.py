"""CSV files of a championship: its standings and its games, matching the JSON row for row."""

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Plan
from games import services as game_services
from games.models import Game
from tests.conftest import TEST_PASSWORD
from tests.support.championships import small_championship as championship_of
from tournaments import csv_exports, services
from tournaments.models import Championship

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

# Names a spreadsheet would take for formulas; the site's usernames may start with + - @.
FORMULA_NAMES = ["=HYPERLINK(evil)", "+cmd", "-2+3", "@SUM(A1)"]


@pytest.fixture
def organiser(make_user):
    return make_user("olga", plan=Plan.PAID)


def entered(championship, make_user, names) -> list:
    players = [make_user(name) for name in names]
    for player in players:
        services.enter(championship.pk, by=player)
    return players


def decide_every_game(championship) -> None:
    """Until nothing is left to play, the second seat of every game in play resigns."""
    while True:
        playing = list(
            Game.objects.filter(match__stage__championship=championship, status=Game.Status.ACTIVE)
        )
        if not playing:
            return
        for game in playing:
            game_services.resign(game.pk, game.seats.order_by("order")[1].user)


def csv_rows(answer) -> list[dict[str, str]]:
    assert answer.status_code == 200, answer.content
    assert answer["Content-Type"] == "text/csv; charset=utf-8"
    return list(csv.DictReader(io.StringIO(answer.content.decode("utf-8"))))


def logged_in(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=TEST_PASSWORD)
    return client


@pytest.fixture
def finished(organiser, make_user) -> Championship:
    """Two groups of three, the top two of each in the playoff, played to the end."""
    championship = championship_of(
        organiser, group_size=3, tiebreaks=["wins", "sonneborn_berger", "direct_encounter"]
    )
    entered(championship, make_user, ["anna", "boris", "clara", *FORMULA_NAMES[:3]])
    services.start(championship.pk, by=organiser)
    drawn = Game.objects.filter(match__stage__championship=championship).order_by("id").first()
    for seat in drawn.seats.order_by("order"):
        game_services.offer_draw(drawn.pk, seat.user)  # offered, then accepted
    decide_every_game(championship)
    championship.refresh_from_db()
    assert championship.status == Championship.Status.FINISHED
    return championship


# -- the cells ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ("=HYPERLINK(evil)", "'=HYPERLINK(evil)"),
        ("+cmd", "'+cmd"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("anna", "anna"),
        ("a=b", "a=b"),
        (-3, "-3"),  # a number the service wrote is a number, not a formula
        (-1.5, "-1.5"),
        (4.0, "4"),
        (2.5, "2.5"),
        (None, ""),
    ],
)
def test_a_cell_that_a_spreadsheet_would_run_as_a_formula_is_written_as_text(value, written):
    assert csv_exports.cell(value) == written


# -- the standings -----------------------------------------------------------------------


def test_the_standings_csv_matches_the_json_row_for_row(client, finished):
    url = reverse("api-standings", args=[finished.pk])
    body = client.get(url).json()
    answer = client.get(url, {"format": "csv"})
    assert answer["Content-Disposition"] == (
        f'attachment; filename="championship-{finished.pk}-standings.csv"'
    )
    text = answer.content.decode()
    header = text.splitlines()[0].split(",")
    tiebreaks = ["wins", "sonneborn_berger", "direct_encounter", "lots"]
    assert header == [*csv_exports.STANDINGS_COLUMNS, *tiebreaks]
    rows = csv_rows(answer)

    groups = [row for row in rows if row["stage"] == "groups"]
    expected = [(group["name"], row) for group in body["groups"] for row in group["rows"]]
    assert len(groups) == len(expected) == 6
    assert sum(row["drawn"] for _group, row in expected) == 2  # one game drawn, by both
    for got, (group, row) in zip(groups, expected, strict=True):
        assert got["group"] == group
        assert int(got["rank"]) == row["rank"]
        assert got["username"].removeprefix("'") == row["username"]
        assert float(got["points"]) == row["points"]
        for column in ("played", "won", "drawn", "lost", "forfeits"):
            assert int(got[column]) == row[column]
        for name in tiebreaks:
            assert float(got[name]) == row["tiebreaks"][name]

    final = [row for row in rows if row["stage"] == "final"]
    assert [(int(r["rank"]), r["username"].removeprefix("'")) for r in final] == [
        (r["rank"], r["username"]) for r in body["final"]
    ]
    assert len(final) == 6
    assert all(r["group"] == "" and r["points"] == "" for r in final)


def test_usernames_that_look_like_formulas_are_escaped_in_both_files(client, finished):
    standings = client.get(
        reverse("api-standings", args=[finished.pk]), {"format": "csv"}
    ).content.decode()
    games = client.get(
        reverse("api-championship-games", args=[finished.pk]), {"format": "csv"}
    ).content.decode()
    for name in FORMULA_NAMES[:3]:
        assert f"'{name}" in standings and f"'{name}" in games
    names = {row["username"] for row in csv.DictReader(io.StringIO(standings))}
    assert not any(name.startswith(("=", "+", "-", "@")) for name in names)


def test_the_standings_csv_of_a_championship_not_started_is_its_header(client, organiser):
    championship = championship_of(organiser)
    answer = client.get(reverse("api-standings", args=[championship.pk]), {"format": "csv"})
    assert csv_rows(answer) == []
    assert answer.content.decode().startswith("stage,group,rank,username,points,")


# -- the games ---------------------------------------------------------------------------


def test_the_games_csv_holds_every_game_with_its_players_result_and_page(client, finished):
    url = reverse("api-championship-games", args=[finished.pk])
    body = {game["id"]: game for game in client.get(url).json()}
    answer = client.get(url, {"format": "csv"})
    assert answer["Content-Disposition"] == (
        f'attachment; filename="championship-{finished.pk}-games.csv"'
    )
    rows = csv_rows(answer)
    assert list(rows[0]) == list(csv_exports.GAMES_COLUMNS)
    every_game = Game.objects.filter(match__stage__championship=finished)
    assert sorted(int(row["id"]) for row in rows) == sorted(every_game.values_list("id", flat=True))
    for row in rows:
        game = body[int(row["id"])]
        first, second = game["players"].values()
        assert (row["first"].removeprefix("'"), row["second"].removeprefix("'")) == (first, second)
        assert (row["stage"], int(row["round"]), row["status"]) == (
            game["stage"],
            int(game["round"]),
            "finished",
        )
        assert row["reason"] == game["result"]["reason"]
        if row["reason"] == "agreement":
            assert (row["result"], row["winner"], game["result"]["winner"]) == ("draw", "", None)
        else:
            assert row["winner"].removeprefix("'") == game["result"]["winner"] == first
            assert row["result"] == "first" and row["reason"] == "resignation"
        score = game["result"]["score"]
        assert (row["first_score"], row["second_score"]) == tuple(
            str(score[seat]) for seat in game["players"]
        )
        assert row["page"] == game["page"]
        assert row["started"] and row["finished"]
        assert (row["group"] != "") == (row["stage"] == "groups")
    groups = {row["group"] for row in rows if row["stage"] == "groups"}
    assert groups == {"A", "B"}
    assert [row["result"] for row in rows].count("draw") == 1


def test_the_games_csv_follows_the_status_filter(client, organiser, make_user):
    championship = championship_of(organiser)
    entered(championship, make_user, ["anna", "boris", "clara", "dora"])
    services.start(championship.pk, by=organiser)
    url = reverse("api-championship-games", args=[championship.pk])
    active = csv_rows(client.get(url, {"format": "csv", "status": "active"}))
    assert len(active) == 2
    assert all(row["status"] == "active" and row["result"] == "" for row in active)
    assert csv_rows(client.get(url, {"format": "csv", "status": "finished"})) == []


# -- who may read, and bad input -----------------------------------------------------------


def test_a_private_championships_csv_is_404_to_outsiders(organiser, make_user):
    championship = championship_of(organiser, visibility="private")
    entered(championship, make_user, ["anna", "boris"])
    services.start(championship.pk, by=organiser)
    paths = [
        reverse("api-standings", args=[championship.pk]),
        reverse("api-championship-games", args=[championship.pk]),
    ]
    stranger = logged_in(make_user("stranger"))
    entrant = logged_in(championship.entries.first().player)
    for path in paths:
        assert Client().get(path, {"format": "csv"}).status_code == 404
        assert stranger.get(path, {"format": "csv"}).status_code == 404
        assert entrant.get(path, {"format": "csv"}).status_code == 200


@pytest.mark.parametrize("path", ["api-standings", "api-championship-games"])
def test_an_unknown_format_is_400_naming_format(client, organiser, path):
    championship = championship_of(organiser)
    answer = client.get(reverse(path, args=[championship.pk]), {"format": "xlsx"})
    assert answer.status_code == 400
    assert list(answer.json()["error"]["details"]) == ["format"]
    assert client.get(reverse(path, args=[championship.pk]), {"format": "json"}).status_code == 200


def test_the_championship_page_links_the_downloads(client, organiser, make_user):
    championship = championship_of(organiser)
    entered(championship, make_user, ["anna", "boris"])
    page = reverse("championship", args=[championship.pk])
    html = client.get(page).content.decode()
    assert f'href="/championships/{championship.pk}/calendar.ics"' in html
    assert "standings/?format=csv" not in html  # nothing to download before the start
    services.start(championship.pk, by=organiser)
    html = client.get(page).content.decode()
    assert f'href="/api/championships/{championship.pk}/standings/?format=csv"' in html
    assert f'href="/api/championships/{championship.pk}/games/?format=csv"' in html
