"""`GET /api/championships/{id}/trf/`: a Swiss as a FIDE Tournament Report File. The file
is read back here by the TRF-16 columns alone, so what a pairing checker reads is what the
championship played: pairing numbers, opponents, seats as colours, results, points, the
bye, and the extension lines of the edition (rounds, initial colour, points, system)."""

import subprocess
from fractions import Fraction

import pytest
from django.test import Client

from accounts.models import Plan, User
from games import selectors as game_selectors
from games import services as game_services
from games.models import Game
from tests.support.budgets import set_rates
from tests.support.championships import small_championship
from tests.swiss.independent_engine import engine_path
from tournaments import services
from tournaments.models import Entry, Match
from tournaments.systems.swiss import trf

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def field(line: str, first: int, last: int) -> str:
    """Columns `first` to `last` (counted from 1, as TRF-16 counts them)."""
    return line[first - 1 : last].strip()


def read_players(text: str) -> dict[int, dict]:
    """Each 001 line by its columns: number 5-8, name 15-47, points 81-84, place 86-89, and
    per round from column 92 the opponent (4 columns), colour and result."""
    players = {}
    for line in text.splitlines():
        if not line.startswith("001"):
            continue
        rounds = []
        start = 92
        while start <= len(line):
            opponent = field(line, start, start + 3)
            rounds.append((int(opponent), line[start + 4], line[start + 6]))
            start += 10
        players[int(field(line, 5, 8))] = {
            "name": field(line, 15, 47),
            "points": field(line, 81, 84),
            "place": int(field(line, 86, 89)),
            "rounds": rounds,
        }
    return players


def extension(text: str, code: str) -> str:
    (line,) = [line for line in text.splitlines() if line.startswith(code + " ")]
    return line[4:]


def test_a_player_line_holds_each_field_in_the_columns_of_trf16():
    record = trf.PlayerRecord(
        number=12,
        name="a name longer than the thirty-three columns it may take",
        rating=1634,
        points=Fraction(7, 2),
        place=3,
        rounds=(
            trf.RoundEntry(4, "w", trf.WIN),
            trf.RoundEntry(None, "-", trf.PAIRING_BYE),
            trf.RoundEntry(9, "b", trf.FORFEIT_LOSS),
        ),
    )
    line = trf.player_line(record)
    assert line[:3] == "001"
    assert field(line, 5, 8) == "12"
    assert field(line, 15, 47) == "a name longer than the thirty-thr"
    assert field(line, 49, 52) == "1634"
    assert field(line, 81, 84) == "3.5"
    assert field(line, 86, 89) == "3"
    assert (line[91:95], line[96], line[98]) == ("   4", "w", "1")
    assert (line[101:105], line[106], line[108]) == ("0000", "-", "U")
    assert (line[111:115], line[116], line[118]) == ("   9", "b", "-")


def test_the_point_system_line_gives_each_result_nine_columns_apart():
    line = trf.point_system_line(
        trf.PointValues(Fraction(3), Fraction(1), Fraction(0), Fraction(3), Fraction(0))
    )
    assert [line[5 + 9 * k] for k in range(5)] == ["W", "D", "L", "Z", "P"]
    assert [line[6 + 9 * k : 10 + 9 * k] for k in range(5)] == [
        " 3.0",
        " 1.0",
        " 0.0",
        " 0.0",
        " 3.0",
    ]


def play_the_round(championship) -> None:
    """Every game being played is resigned by the player in its second seat."""
    for game in Game.objects.filter(
        match__stage__championship=championship, status=Game.Status.ACTIVE
    ):
        second = list(game_selectors.players_by_seat(game).values())[1]
        game_services.resign(game.pk, User.objects.get(pk=second))


def started_swiss(make_user, players: int, rounds: int, **settings):
    organiser = make_user("organiser", plan=Plan.PAID)
    championship = small_championship(organiser, system="swiss", swiss_rounds=rounds, **settings)
    entrants = [make_user(f"p{n}") for n in range(players)]
    Entry.objects.bulk_create(Entry(championship=championship, player=p) for p in entrants)
    services.start(championship.pk, by=organiser)
    return organiser, championship


def test_the_trf_of_a_swiss_gives_every_round_as_played_with_seats_as_colours(make_user, api):
    organiser, championship = started_swiss(make_user, 7, 3)
    play_the_round(championship)
    play_the_round(championship)
    api.force_authenticate(organiser)

    answer = api.get(f"/api/championships/{championship.pk}/trf/")

    assert answer.status_code == 200, answer.content
    assert answer["Content-Type"].startswith("text/plain")
    text = answer.content.decode()
    players = read_players(text)
    entries = {e.pk: e for e in championship.entries.all()}
    number = {pk: entry.pairing_number for pk, entry in entries.items()}
    assert sorted(players) == list(range(1, 8))
    stage = championship.stages.get(kind="swiss")
    for match in stage.matches.filter(round__lte=2):
        first = players[number[match.first_id]]["rounds"][match.round - 1]
        if match.second_id is None:
            assert first == (0, "-", "U")  # the pairing-allocated bye
            continue
        second = players[number[match.second_id]]["rounds"][match.round - 1]
        assert first == (number[match.second_id], "w", "1")  # the second seat resigned
        assert second == (number[match.first_id], "b", "0")
    for entry in entries.values():
        row = players[entry.pairing_number]
        assert row["name"] == entry.player.username
        won = sum(result in ("1", "U") for _, _, result in row["rounds"][:2])
        assert Fraction(row["points"]) == 2 * won  # 2-1-0 points
    assert extension(text, "XXR") == extension(text, "142") == "3"
    white = stage.lots["initial_seat"] == "first"
    assert extension(text, "XXC") == ("white1" if white else "black1")
    assert extension(text, "152") == ("W" if white else "B")
    assert extension(text, "192") == "FIDE_DUTCH_2025"
    points = extension(text, "162").split()
    assert dict(zip(points[::2], points[1::2], strict=True)) == {
        "W": "2.0",
        "D": "1.0",
        "L": "0.0",
        "Z": "0.0",
        "P": "2.0",
    }


def test_after_round_gives_the_rounds_up_to_it_and_who_pairs_the_next(make_user, api):
    organiser, championship = started_swiss(make_user, 6, 3)
    play_the_round(championship)
    api.force_authenticate(organiser)
    text = api.get(f"/api/championships/{championship.pk}/trf/?after_round=0").content.decode()
    assert all(row["rounds"] == [] for row in read_players(text).values())

    refused = api.get(f"/api/championships/{championship.pk}/trf/?after_round=2")
    assert refused.status_code == 400
    assert "after_round" in refused.json()["error"]["details"]


def test_a_player_withdrawn_is_absent_in_the_next_round_of_the_file(make_user, api):
    organiser, championship = started_swiss(make_user, 6, 3)
    gone = championship.entries.order_by("pairing_number").last()
    services.withdraw(championship.pk, by=gone.player)  # round 1's game is forfeited
    play_the_round(championship)
    api.force_authenticate(organiser)
    # Round 2 is paired without the player who withdrew: the file marks them absent in it,
    # so that a pairing program pairs round 2 from the same field.
    text = api.get(f"/api/championships/{championship.pk}/trf/").content.decode()
    rounds = read_players(text)[gone.pairing_number]["rounds"]
    assert rounds[0][1:] in (("w", "-"), ("b", "-"))
    assert rounds[1] == (0, "-", "Z")
    assert len(rounds) == 2


def test_only_a_started_swiss_has_a_trf(make_user, api):
    organiser = make_user("organiser", plan=Plan.PAID)
    groups = small_championship(organiser)
    api.force_authenticate(organiser)
    answer = api.get(f"/api/championships/{groups.pk}/trf/")
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "not_a_swiss"
    assert api.get("/api/championships/999999/trf/").status_code == 404


def test_a_round_in_play_is_written_once_its_games_are_decided(make_user, api):
    organiser, championship = started_swiss(make_user, 5, 3)
    api.force_authenticate(organiser)
    text = api.get(f"/api/championships/{championship.pk}/trf/").content.decode()
    assert all(row["rounds"] == [] for row in read_players(text).values())
    play_the_round(championship)
    text = api.get(f"/api/championships/{championship.pk}/trf/").content.decode()
    assert all(len(row["rounds"]) == 1 for row in read_players(text).values())
    assert Match.objects.filter(stage__championship=championship, round=1).count() == 3


def test_the_swiss_page_links_its_trf_once_started(client, make_user):
    organiser = make_user("organiser", plan=Plan.PAID)
    championship = small_championship(organiser, system="swiss", swiss_rounds=3)
    Entry.objects.bulk_create(
        Entry(championship=championship, player=make_user(f"p{n}")) for n in range(4)
    )
    page = f"/championships/{championship.pk}/"
    link = f'href="/api/championships/{championship.pk}/trf/"'
    assert link not in client.get(page).content.decode()
    services.start(championship.pk, by=organiser)
    assert link in client.get(page).content.decode()


def test_the_trf_is_on_the_clients_budget_of_downloads(settings, make_user):
    _, championship = started_swiss(make_user, 4, 3)
    set_rates(settings, downloads="1/hour")
    visitor = Client()
    url = f"/api/championships/{championship.pk}/trf/"
    assert visitor.get(url).status_code == 200
    refused = visitor.get(url)
    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == "throttled"


def test_a_private_swiss_trf_is_hidden_from_strangers(make_user, api):
    _, championship = started_swiss(make_user, 4, 3, visibility="private")
    api.force_authenticate(make_user("stranger"))
    assert api.get(f"/api/championships/{championship.pk}/trf/").status_code == 404


@pytest.mark.skipif(
    engine_path() is None,
    reason="bbpPairings is not installed; the file's columns are checked above",
)
def test_the_endorsed_checker_pairs_every_round_of_the_file_as_the_championship_did(
    make_user, api, tmp_path
):
    organiser, championship = started_swiss(make_user, 9, 4)
    for _ in range(3):
        play_the_round(championship)
    api.force_authenticate(organiser)
    report = tmp_path / "swiss.trf"
    report.write_bytes(api.get(f"/api/championships/{championship.pk}/trf/").content)
    checked = subprocess.run(
        [engine_path(), "--dutch", str(report), "-c"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    # A round the checker would pair otherwise is listed as "Checker pairings" beside the
    # file's "Tournament pairings".
    assert "Round #3" in checked.stdout
    assert "Checker pairings" not in checked.stdout
