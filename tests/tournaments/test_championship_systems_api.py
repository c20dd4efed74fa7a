"""The systems through the API: their settings and refusals, the rounds with why each
pairing is so, a Swiss's standings, a late entrant, a double elimination's bracket."""

import pytest
from django.db.models import Q

from tests.conftest import client_with_token
from tournaments.models import Championship, Match
from tournaments.systems.swiss.pairing import REASON_CODES

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def create(client, **fields):
    body = {
        "name": "Open",
        "game": "kropki",
        "options": {"width": 5, "height": 5},
        "rated": False,
        **fields,
    }
    return client.post("/api/championships/", body, format="json")


def started(organiser_api, make_user, count: int, **fields) -> int:
    answer = create(organiser_api, **fields)
    assert answer.status_code == 201, answer.content
    championship_id = answer.json()["id"]
    for n in range(count):
        entered = client_with_token(make_user(f"player{n}")).post(
            f"/api/championships/{championship_id}/entries/", {}, format="json"
        )
        assert entered.status_code == 201, entered.content
    assert organiser_api.post(f"/api/championships/{championship_id}/start/").status_code == 200
    return championship_id


def test_a_swiss_is_created_with_its_own_tiebreaks_and_settings(organiser_api):
    body = create(organiser_api, system="swiss", swiss_rounds=5, playoff_players=4).json()
    assert (body["system"], body["swiss_rounds"], body["playoff_players"]) == ("swiss", 5, 4)
    assert body["tiebreaks"] == [
        "buchholz_cut1", "buchholz", "sonneborn_berger", "direct_encounter", "wins",
    ]  # fmt: skip
    groups = create(organiser_api).json()
    assert groups["system"] == "groups" and "buchholz" not in groups["tiebreaks"]


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"system": "round_robin"}, "system"),
        ({"system": "swiss", "swiss_rounds": 2}, "swiss_rounds"),
        ({"system": "swiss", "playoff_players": 1}, "playoff_players"),
        ({"system": "swiss", "tiebreaks": ["koya"]}, "tiebreaks"),
        ({"tiebreaks": ["buchholz"]}, "tiebreaks"),
        ({"system": "double_elimination", "grand_final_reset": "yes"}, "grand_final_reset"),
    ],
)
def test_a_wrong_system_setting_is_named_and_nothing_is_created(organiser_api, fields, field):
    answer = create(organiser_api, **fields)
    assert answer.status_code == 400, answer.content
    assert list(answer.json()["error"]["details"]) == [field]
    assert not Championship.objects.exists()


def test_the_swiss_rounds_say_why_each_pairing_and_the_bye_are_so(organiser_api, make_user):
    championship_id = started(organiser_api, make_user, 5, system="swiss")
    championship = Championship.objects.get(pk=championship_id)
    # ⌈log2 5⌉ + 2 = 5 rounds, but never as many as the five entrants.
    assert championship.swiss_rounds == 4
    rounds = organiser_api.get(f"/api/championships/{championship_id}/rounds/").json()
    assert len(rounds) == 1
    first = rounds[0]
    assert (first["round"], first["stage"]) == (1, "swiss")
    assert len(first["pairings"]) == 2 and len(first["byes"]) == 1
    for pairing in first["pairings"]:
        assert pairing["score_group"] == 0 and pairing["floats"] == {}
        assert set(pairing["players"]) == {"red", "blue"}
        assert pairing["game"] is not None and pairing["why"]
    bye = first["byes"][0]
    assert bye["username"] == "player4"  # the lowest-ranked of five, all level at 0
    assert bye["why"] and "bye_" not in bye["why"]  # in words, not codes
    games = organiser_api.get(f"/api/championships/{championship_id}/games/").json()
    assert sorted(game["round"] for game in games) == [1, 1]


def test_every_reason_the_pairing_gives_is_put_into_words():
    from tournaments.systems.swiss import explanations as pairing_explanations

    for code in REASON_CODES:
        params = {key: "1" for key in ("player", "opponent", "first", "second", "score",
                                        "opponent_score", "score_group", "games_back", "count",
                                        "pairing_number", "players", "seat", "initial_seat",
                                        "strength")}  # fmt: skip
        params.update(seat="first", initial_seat="second", strength="strong")
        text = pairing_explanations.sentence(
            {"code": code, "params": params}, lambda pk: f"name{pk}", {"first": "red"}
        )
        assert text != code and "%(" not in text


def test_a_swiss_standings_row_gives_points_and_the_tiebreaks(organiser_api, make_user):
    championship_id = started(organiser_api, make_user, 4, system="swiss")
    body = organiser_api.get(f"/api/championships/{championship_id}/standings/").json()
    assert body["groups"] == []
    rows = body["swiss"]
    # Before any round is over everyone is level: they share place 1, by pairing number.
    assert [(row["rank"], row["shared"]) for row in rows] == [(1, True)] * 4
    assert [row["pairing_number"] for row in rows] == [1, 2, 3, 4]
    for row in rows:
        assert row["points"] == 0
        assert list(row["tiebreaks"]) == [
            "buchholz_cut1", "buchholz", "sonneborn_berger", "direct_encounter", "wins",
        ]  # fmt: skip
    csv = organiser_api.get(f"/api/championships/{championship_id}/standings/?format=csv")
    assert csv.status_code == 200
    header = csv.content.decode().splitlines()[0]
    assert "buchholz_cut1" in header and "points" in header


def test_a_late_entrant_joins_a_running_swiss_with_nothing_for_the_missed_round(
    organiser_api, make_user
):
    championship_id = started(organiser_api, make_user, 4, system="swiss")
    late = client_with_token(make_user("latecomer"))
    answer = late.post(f"/api/championships/{championship_id}/entries/", {}, format="json")
    assert answer.status_code == 201, answer.content
    championship = Championship.objects.get(pk=championship_id)
    stage = championship.stages.get(kind="swiss")
    first_round = list(stage.matches.filter(round=1))
    for match in first_round:
        game = match.games.get()
        seats = list(game.seats.order_by("order"))
        answer = organiser_api.post(
            f"/api/games/{game.pk}/adjudicate/",
            {"outcome": "win", "winner": seats[0].user.username, "reason": "Played on paper."},
            format="json",
        )
        assert answer.status_code == 200, answer.content
    second = stage.matches.filter(round=2)
    paired = {m.first.player.username for m in second} | {
        m.second.player.username for m in second if m.second
    }
    assert "latecomer" in paired
    # Five now: the bye goes to the lowest score (C5), and of those (the two who lost round
    # one and the latecomer) to one who played round one: the fewest rounds without a
    # game (C9, FIDE C.04.3 in force from 1 February 2026). It is worth a win (2 points).
    bye = second.get(second__isnull=True)
    losers = {m.games.get().seats.order_by("order")[1].user.username for m in first_round}
    assert bye.first.player.username in losers
    standings_url = f"/api/championships/{championship_id}/standings/"
    by_name = {row["username"]: row for row in organiser_api.get(standings_url).json()["swiss"]}
    latecomer = by_name["latecomer"]
    assert (latecomer["points"], latecomer["played"], latecomer["pairing_number"]) == (0, 0, 5)
    # Round 2 is being played: it shows in the rounds but counts once it is over.
    assert latecomer["rounds"][0] == {
        "round": 1, "opponent": None, "opponent_pairing_number": None, "seat": None,
        "result": "absent", "counted": True,
    }  # fmt: skip
    assert latecomer["rounds"][1]["counted"] is False
    taker = bye.first.player.username
    points_before = by_name[taker]["points"]
    for match in second.exclude(second__isnull=True):
        game = match.games.get()
        organiser_api.post(
            f"/api/games/{game.pk}/adjudicate/",
            {"outcome": "draw", "reason": "Played on paper."},
            format="json",
        )
    by_name = {row["username"]: row for row in organiser_api.get(standings_url).json()["swiss"]}
    # The bye is worth a win (2 points here) once its round is over.
    assert by_name[taker]["points"] == points_before + 2
    assert by_name["latecomer"]["rounds"][1]["counted"] is True


def test_a_swiss_takes_no_entrant_once_its_last_round_is_paired(organiser_api, make_user):
    championship_id = started(organiser_api, make_user, 2, system="swiss")
    # Two players: one round only, paired at the start.
    late = client_with_token(make_user("latecomer"))
    answer = late.post(f"/api/championships/{championship_id}/entries/", {}, format="json")
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "registration_closed"


def test_a_double_elimination_bracket_names_its_brackets(organiser_api, make_user):
    championship_id = started(organiser_api, make_user, 5, system="double_elimination")
    body = organiser_api.get(f"/api/championships/{championship_id}/bracket/").json()
    brackets = [round_["bracket"] for round_ in body["rounds"]]
    assert brackets[0] == "winners" and "losers" in brackets and brackets[-1] == "final"
    finals = [r["name"] for r in body["rounds"] if r["bracket"] == "final"]
    assert finals == ["Grand final", "Grand final reset"]
    first = body["rounds"][0]["matches"]
    # Five entrants: the top three seeds wait for round 2; seeds 4 and 5 play.
    assert len(first) == 1 and {first[0]["a"], first[0]["b"]} == {"player3", "player4"}
    waiting = body["rounds"][-2]["matches"][0]
    assert waiting["from"]["a"]["label"] == "Winner of the winners' final"
    assert Match.objects.filter(bracket="final").count() == 1  # the reset only if needed


def test_a_double_elimination_player_is_out_after_the_second_lost_match(organiser_api, make_user):
    from games import services as game_services
    from tournaments import selectors

    championship_id = started(organiser_api, make_user, 4, system="double_elimination")
    championship = Championship.objects.get(pk=championship_id)
    loser = championship.entries.get(player__username="player3")
    for expected_losses in (1, 2):
        others = Match.objects.filter(
            stage__championship=championship, status=Match.Status.PLAYING
        ).exclude(Q(first=loser) | Q(second=loser))
        for other in others:  # the rest of the round, so that the loser's next match opens
            game_services.resign(other.games.get().pk, other.first.player)
        match = Match.objects.get(
            Q(first=loser) | Q(second=loser),
            stage__championship=championship,
            status=Match.Status.PLAYING,
        )
        game_services.resign(match.games.get().pk, loser.player)
        state = selectors.entrant_states(championship)[loser.pk].state
        assert state == ("out" if expected_losses == 2 else "playing")


def test_the_rounds_can_be_read_one_at_a_time_and_a_wrong_round_is_named(organiser_api, make_user):
    championship_id = started(organiser_api, make_user, 4, system="swiss")
    path = f"/api/championships/{championship_id}/rounds/"
    assert [r["round"] for r in organiser_api.get(path, {"round": 1}).json()] == [1]
    assert organiser_api.get(path, {"round": 2}).json() == []
    wrong = organiser_api.get(path, {"round": "two"})
    assert wrong.status_code == 400 and list(wrong.json()["error"]["details"]) == ["round"]


def test_the_settings_old_names_are_still_taken_and_given_for_one_release(organiser_api):
    old = create(organiser_api, system="swiss", advance=4, group_format="full").json()
    assert (old["playoff_players"], old["stage_format"]) == (4, "full")
    assert (old["advance"], old["group_format"]) == (4, "full")
    groups = create(organiser_api, advance_per_group=1, group_size=3).json()
    assert groups["playoff_players_per_group"] == groups["advance_per_group"] == 1


def test_an_old_name_beside_its_new_one_or_wrong_is_named_as_sent(organiser_api):
    both = create(organiser_api, system="swiss", advance=4, playoff_players=4)
    assert both.status_code == 400
    assert "advance" in both.json()["error"]["details"]
    wrong = create(organiser_api, system="swiss", advance="many")
    assert wrong.status_code == 400
    assert list(wrong.json()["error"]["details"]) == ["advance"]
