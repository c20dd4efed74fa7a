"""The organiser decides a game: POST /api/games/{id}/adjudicate/, and what follows."""

from datetime import timedelta

import pytest
from django.utils import timezone
from freezegun import freeze_time

from accounts.models import Plan
from games import services as game_services
from games.models import Game
from ratings.models import Rating, RatingChange
from tests.conftest import client_with_token
from tests.tournaments.deadline_support import (
    level_final,
    past_the_deadline,
    play_a_move,
    player_to_move,
    running_games,
    started_championship,
)
from tournaments import selectors, services
from tournaments.models import Championship, Decision, Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


@pytest.fixture
def organiser(make_user):
    return make_user("organiser", plan=Plan.PAID)


@pytest.fixture
def players(make_user):
    return [make_user(name) for name in ("anna", "boris", "clara", "dmitri")]


def adjudicate(client, game, **body):
    return client.post(f"/api/games/{game.pk}/adjudicate/", body, format="json")


def test_the_organiser_gives_a_running_game_to_a_player(organiser, organiser_api, players):
    championship = started_championship(organiser, players[:2])
    (game,) = running_games(championship)
    winner = game.seats.get(seat="red").user
    answer = adjudicate(
        organiser_api, game, outcome="win", winner=winner.username.upper(), reason="Rule 4."
    )
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert (body["action"], body["by"], body["reason"]) == ("adjudicated", "organiser", "Rule 4.")
    assert body["before"]["status"] == "active"
    assert body["after"] == {
        "status": "finished", "winner": winner.username, "reason": "adjudicated",
        "score": game.score, "outcome": "win",
    }  # fmt: skip
    game.refresh_from_db()
    assert (game.status, game.winner, game.result_reason) == ("finished", "red", "adjudicated")
    match = Match.objects.get(pk=game.match_id)
    assert match.status == Match.Status.FINISHED and match.winner.player == winner
    championship.refresh_from_db()
    assert championship.winner == winner


def test_only_the_organiser_decides(organiser, players, make_user):
    championship = started_championship(organiser, players[:2])
    (game,) = running_games(championship)
    for user in (players[0], make_user("stranger")):
        answer = adjudicate(client_with_token(user), game, outcome="draw", reason="Mine.")
        assert answer.status_code == 403
        assert answer.json()["error"]["code"] == "permission_denied"
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert not Decision.objects.filter(action="adjudicated").exists()


def test_a_private_championships_game_is_404_to_an_outsider(organiser, players, make_user):
    championship = started_championship(organiser, players[:2], visibility="private")
    (game,) = running_games(championship)
    answer = adjudicate(client_with_token(make_user("outsider")), game, outcome="draw", reason="x")
    assert answer.status_code == 404
    answer = client_with_token(make_user("another")).get(
        f"/api/championships/{championship.pk}/log/"
    )
    assert answer.status_code == 404


def test_a_friendly_game_is_not_a_championship_game(organiser_api, alice, bob):
    game = game_services.create_game(
        creator=alice, game="kropki", options={}, format="express", opponent=bob.username
    )
    answer = adjudicate(organiser_api, game, outcome="draw", reason="No.")
    assert answer.status_code == 404


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"outcome": "victory", "reason": "x"}, "outcome"),
        ({"outcome": "win", "reason": "x"}, "winner"),
        ({"outcome": "win", "winner": "nobody", "reason": "x"}, "winner"),
        ({"outcome": "draw", "winner": "anna", "reason": "x"}, "winner"),
        ({"outcome": "draw"}, "reason"),
        ({"outcome": "draw", "reason": "   "}, "reason"),
        ({"outcome": "draw", "reason": "x" * 1001}, "reason"),
        ({"outcome": ["draw"], "reason": "x"}, "outcome"),
        ({"outcome": "draw", "reason": 7}, "reason"),
    ],
)
def test_a_wrong_decision_is_400_naming_the_field_and_changes_nothing(
    organiser, organiser_api, players, body, field
):
    championship = started_championship(organiser, players[:2])
    (game,) = running_games(championship)
    answer = adjudicate(organiser_api, game, **body)
    assert answer.status_code == 400, answer.content
    assert field in answer.json()["error"]["details"]
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert not Decision.objects.filter(action="adjudicated").exists()


def test_a_double_forfeit_in_a_group_is_a_loss_for_both(organiser, organiser_api, players):
    championship = started_championship(organiser, players[:3], group_size=3)
    first = running_games(championship)[0]
    answer = adjudicate(organiser_api, first, outcome="double_forfeit", reason="Both absent.")
    assert answer.status_code == 200, answer.content
    first.refresh_from_db()
    assert (first.winner, first.result_reason) == ("", "double_forfeit")
    (table,) = selectors.standings(championship)["groups"]
    rows = {row["username"]: row for row in table["rows"]}
    both = [seat.user.username for seat in first.seats.all()]
    for name in both:
        assert (rows[name]["points"], rows[name]["lost"], rows[name]["won"]) == (0, 1, 0)


def test_a_double_forfeit_in_the_playoff_is_refused(organiser, organiser_api, players):
    with freeze_time("2026-03-01 10:00:00") as frozen:
        championship = started_championship(
            organiser, players, group_size=2, playoff_players_per_group=1
        )
        past_the_deadline(championship, frozen)
        (final,) = running_games(championship)
        answer = adjudicate(organiser_api, final, outcome="double_forfeit", reason="Both gone.")
    assert answer.status_code == 400
    assert "outcome" in str(answer.json())


def test_a_group_result_stands_once_the_playoff_has_begun(organiser, organiser_api, players):
    with freeze_time("2026-03-01 10:00:00") as frozen:
        championship = started_championship(
            organiser, players, group_size=2, playoff_players_per_group=1
        )
        group_game = running_games(championship)[0]
        past_the_deadline(championship, frozen)
        answer = adjudicate(organiser_api, group_game, outcome="draw", reason="Late appeal.")
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "stage_over"


def test_correcting_the_final_ranks_the_championship_again(organiser, organiser_api, players):
    championship = started_championship(
        organiser, players, group_size=2, playoff_players_per_group=1
    )
    for game in running_games(championship):
        game_services.resign(game.pk, player_to_move(game))
    (final,) = running_games(championship)
    loser = player_to_move(final)
    game_services.resign(final.pk, loser)
    championship.refresh_from_db()
    first_winner = championship.winner
    assert championship.status == Championship.Status.FINISHED and first_winner != loser
    answer = adjudicate(
        organiser_api, final, outcome="win", winner=loser.username, reason="Resigned by mistake."
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["before"]["winner"] == first_winner.username
    championship.refresh_from_db()
    assert championship.status == Championship.Status.FINISHED
    assert championship.winner == loser
    ranking = list(championship.final_ranking.values_list("entry__player__username", flat=True))
    assert ranking[:2] == [loser.username, first_winner.username]


def test_correcting_a_rated_game_re_rates_from_that_game_on(organiser, organiser_api, players):
    championship = started_championship(organiser, players[:3], group_size=3, rated=True)
    game = running_games(championship)[0]
    blue, red = (game.seats.get(seat=s).user for s in ("blue", "red"))
    play_a_move(game)
    game_services.resign(game.pk, red)
    assert Rating.objects.get(player=blue, game="kropki").rating > 1500
    answer = adjudicate(organiser_api, game, outcome="win", winner=red.username, reason="Appeal.")
    assert answer.status_code == 200
    assert Rating.objects.get(player=red, game="kropki").rating > 1500
    assert Rating.objects.get(player=blue, game="kropki").rating < 1500
    assert RatingChange.objects.filter(source=game).count() == 2


def test_a_double_forfeit_is_not_rated(organiser, organiser_api, players):
    championship = started_championship(organiser, players[:2], rated=True)
    (game,) = running_games(championship)
    adjudicate(organiser_api, game, outcome="double_forfeit", reason="Both absent.")
    assert not RatingChange.objects.filter(source=game).exists()


def test_a_semi_final_corrected_before_the_final_starts_sends_the_other_player_on(
    organiser, organiser_api, make_user
):
    players = [make_user(f"p{n}") for n in range(8)]
    championship = started_championship(
        organiser, players, group_size=2, playoff_players_per_group=1
    )
    # Group games: the player to move resigns, the bracket fills.
    while championship.status != Championship.Status.FINISHED:
        games = running_games(championship)
        semis = [g for g in games if g.match.stage.kind == "playoff" and g.match.round == 1]
        if semis:
            break
        for game in games:
            game_services.resign(game.pk, player_to_move(game))
        championship.refresh_from_db()
    semi = semis[0]
    loser = player_to_move(semi)
    game_services.resign(semi.pk, loser)
    final = Match.objects.get(
        stage__championship=championship, stage__kind="playoff", round=2, third_place=False
    )
    assert loser not in (final.first and final.first.player, final.second and final.second.player)
    answer = adjudicate(organiser_api, semi, outcome="win", winner=loser.username, reason="Clock.")
    assert answer.status_code == 200, answer.content
    final.refresh_from_db()
    assert loser in (final.first and final.first.player, final.second and final.second.player)


def test_the_log_lists_every_decision_newest_first(organiser, organiser_api, players, api):
    championship = started_championship(organiser, players[:3], group_size=3)
    first, *_rest = running_games(championship)
    adjudicate(organiser_api, first, outcome="draw", reason="Agreed by phone.")
    answer = api.get(f"/api/championships/{championship.pk}/log/")
    assert answer.status_code == 200
    entry, started = answer.json()  # newest first
    assert (started["action"], started["by"]) == ("started", "organiser")
    assert started["after"] == {"entrants": 3, "groups": 1}
    assert (entry["action"], entry["by"], entry["game"]) == ("adjudicated", "organiser", first.pk)
    assert entry["players"] == sorted(seat.user.username for seat in first.seats.all())
    assert entry["reason"] == "Agreed by phone."


def level_final_awaiting(organiser, players, frozen):
    championship, final = level_final(organiser, players, frozen)
    assert Match.objects.get(pk=final.match_id).status == Match.Status.AWAITING
    return championship, final


def test_a_level_final_the_organiser_calls_a_draw_is_replayed_with_a_rounds_time(
    organiser, organiser_api, players
):
    with freeze_time("2026-03-01 10:00:00") as frozen:
        championship, final = level_final_awaiting(organiser, players, frozen)
        answer = adjudicate(organiser_api, final, outcome="draw", reason="Play it again.")
        assert answer.status_code == 200, answer.content
        match = Match.objects.get(pk=final.match_id)
        assert match.status == Match.Status.PLAYING
        (replay,) = running_games(championship)
        assert replay.pk != final.pk and replay.format == "express"
        assert match.deadline == timezone.now() + timedelta(seconds=60)


def test_a_withdrawal_from_an_awaiting_match_sends_the_other_player_on(
    organiser, organiser_api, players
):
    with freeze_time("2026-03-01 10:00:00") as frozen:
        championship, final = level_final_awaiting(organiser, players, frozen)
        leaving, staying = (seat.user for seat in final.seats.order_by("order"))
        services.withdraw(championship.pk, by=organiser, username=leaving.username)
    match = Match.objects.get(pk=final.match_id)
    assert match.status == Match.Status.FINISHED and match.forfeit
    assert match.winner.player == staying
    championship.refresh_from_db()
    assert championship.winner == staying


def test_a_decision_sent_twice_is_made_and_logged_once(organiser, organiser_api, players):
    championship = started_championship(organiser, players[:3], group_size=3, rated=True)
    game = running_games(championship)[0]
    winner = game.seats.get(seat="blue").user.username
    body = {"outcome": "win", "winner": winner, "reason": "Rule 4."}
    first = adjudicate(organiser_api, game, **body)
    again = adjudicate(organiser_api, game, **body)
    assert (first.status_code, again.status_code) == (200, 200)
    assert again.json() == first.json()
    assert Decision.objects.filter(action="adjudicated").count() == 1
    changed = adjudicate(organiser_api, game, **{**body, "reason": "Rule 5, in fact."})
    assert changed.status_code == 200 and changed.json()["id"] != first.json()["id"]


def test_the_log_is_read_a_page_at_a_time(organiser, organiser_api, players, api):
    championship = started_championship(organiser, players[:3], group_size=3)
    game = running_games(championship)[0]
    for reason in ("One.", "Two.", "Three."):
        adjudicate(organiser_api, game, outcome="draw", reason=reason)
    url = f"/api/championships/{championship.pk}/log/"
    newest = api.get(url, {"limit": 2}).json()
    assert [entry["reason"] for entry in newest] == ["Three.", "Two."]
    older = api.get(url, {"limit": 2, "before": newest[-1]["id"]}).json()
    assert [entry["reason"] for entry in older] == ["One.", ""]  # then the start
    for bad in ({"limit": "-1"}, {"limit": "1001"}, {"before": "x"}):
        answer = api.get(url, bad)
        assert answer.status_code == 400
        assert set(answer.json()["error"]["details"]) == set(bad)
