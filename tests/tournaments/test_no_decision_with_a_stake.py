"""Nobody decides a game that shapes a contest they are in: an organiser or co-organiser
entered in a group, a Swiss or a bracket still to be settled decides none of its games,
corrects none of its results and withdraws none of its players, even once their own game
is over, after a bye or after withdrawing; another decider who plays no part may."""

import pytest
from django.db.models import Q
from django.utils import timezone

from accounts.models import Plan
from games import services as game_services
from games.models import Game
from tests.conftest import client_with_token
from tests.tournaments.deadline_support import play_a_move, running_games
from tournaments import selectors, services
from tournaments.models import Championship, Decision, Entry, Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

SYSTEMS = {
    "groups": {"system": "groups", "group_size": 4, "playoff_players_per_group": 2},
    "swiss": {"system": "swiss", "swiss_rounds": 3},
    "double_elimination": {"system": "double_elimination"},
}


@pytest.fixture
def cast(make_user):
    """The organiser, a co-organiser, a neutral co-organiser who plays no game, and three
    other players."""
    return {
        "organiser": make_user("organiser", plan=Plan.PAID),
        "co_organiser": make_user("referee"),
        "neutral": make_user("neutral"),
        "players": [make_user(name) for name in ("anna", "boris", "clara")],
    }


def started(cast, judge_role: str, system: str) -> tuple[Championship, object]:
    """A championship of four: the judge (the organiser or a co-organiser) and the three
    players; the neutral co-organiser plays no game. The judge's own first game is over."""
    judge = cast[judge_role]
    championship = services.create_championship(
        organiser=cast["organiser"], name="Stake Cup", game="kropki", **SYSTEMS[system]
    )
    services.name_co_organisers(
        championship.pk,
        by=cast["organiser"],
        usernames=[cast["co_organiser"].username, cast["neutral"].username],
    )
    for player in [judge, *cast["players"]]:
        services.enter(championship.pk, by=player)
    championship = services.start(championship.pk, by=cast["organiser"])
    own = next(game for game in running_games(championship) if game.seats.filter(user=judge))
    play_a_move(own)
    game_services.resign(own.pk, own.seats.exclude(user=judge).get().user)
    return championship, judge


def a_rivals_game(championship: Championship, judge) -> Game:
    return next(game for game in running_games(championship) if not game.seats.filter(user=judge))


def adjudicate(user, game: Game, **body):
    return client_with_token(user).post(f"/api/games/{game.pk}/adjudicate/", body, format="json")


def withdraw(user, championship: Championship, username: str):
    return client_with_token(user).delete(
        f"/api/championships/{championship.pk}/entries/", {"username": username}, format="json"
    )


def assert_conflict(answer) -> None:
    assert answer.status_code == 403, answer.content
    assert answer.json()["error"]["code"] == "conflict_of_interest"


ROLES = ["organiser", "co_organiser"]


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("role", ROLES)
def test_a_player_whose_own_game_is_over_decides_no_rivals_game(cast, role, system):
    championship, judge = started(cast, role, system)
    game = a_rivals_game(championship, judge)
    decisions = Decision.objects.count()
    answer = adjudicate(judge, game, outcome="draw", reason="Both slow.")
    assert_conflict(answer)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert Decision.objects.count() == decisions
    # The needs-you lists and the game's page offer the judge nothing to decide there.
    waiting = selectors.needs_attention(championship, timezone.now(), reader=judge)
    assert not [item for item in waiting.running if item.game.pk == game.pk and item.may_decide]
    # One who plays no part decides it.
    assert adjudicate(cast["neutral"], game, outcome="draw", reason="Both slow.").status_code == 200


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("role", ROLES)
def test_a_player_corrects_no_result_of_a_rivals_game(cast, role, system):
    championship, judge = started(cast, role, system)
    game = a_rivals_game(championship, judge)
    play_a_move(game)
    loser = game.seats.order_by("seat").first().user
    game_services.resign(game.pk, loser)
    game.refresh_from_db()
    winner = game.winner
    answer = adjudicate(judge, game, outcome="win", winner=loser.username, reason="Appeal.")
    assert_conflict(answer)
    game.refresh_from_db()
    assert (game.winner, game.result_reason) == (winner, "resignation")


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("role", ROLES)
def test_a_player_withdraws_no_rival_even_between_their_games(cast, role, system):
    championship, judge = started(cast, role, system)
    rival = cast["players"][2]
    answer = withdraw(judge, championship, rival.username)
    assert_conflict(answer)
    assert Entry.objects.get(championship=championship, player=rival).withdrawn_at is None
    assert withdraw(cast["neutral"], championship, rival.username).status_code == 204


@pytest.mark.parametrize("role", ROLES)
def test_withdrawing_from_a_swiss_does_not_end_the_stake_in_it(cast, role):
    championship, judge = started(cast, role, "swiss")
    assert withdraw(judge, championship, judge.username).status_code == 204
    game = a_rivals_game(championship, judge)
    assert_conflict(adjudicate(judge, game, outcome="draw", reason="Both slow."))


def test_an_organiser_out_of_a_double_elimination_may_decide_its_games(cast):
    """Knocked out of the bracket (two lost matches), the organiser has no more stake in
    the games still to be played there."""
    championship, judge = started(cast, "organiser", "double_elimination")
    entry = Entry.objects.get(championship=championship, player=judge)
    for _ in range(10):
        lost = Match.objects.filter(Q(first=entry) | Q(second=entry), status="finished")
        if lost.exclude(winner=entry).count() == 2:
            break
        games = running_games(championship)
        own = [game for game in games if game.seats.filter(user=judge)]
        game = own[0] if own else games[0]
        play_a_move(game)
        game_services.resign(game.pk, judge if own else game.seats.order_by("seat")[0].user)
    game = a_rivals_game(championship, judge)
    assert adjudicate(judge, game, outcome="draw", reason="Both slow.").status_code == 200


@pytest.mark.parametrize("role", ROLES)
def test_after_a_swiss_ends_its_players_correct_none_of_its_results(cast, role):
    championship, judge = started(cast, role, "swiss")
    for _ in range(10):
        games = running_games(championship)
        if not games:
            break
        for game in games:
            play_a_move(game)
            game_services.resign(game.pk, game.seats.order_by("seat")[0].user)
    championship.refresh_from_db()
    assert championship.status == Championship.Status.FINISHED
    last = (
        Game.objects.filter(match__stage__championship=championship)
        .exclude(seats__user=judge)
        .order_by("-match__round", "-pk")
        .first()
    )
    answer = adjudicate(judge, last, outcome="draw", reason="Appeal.")
    assert_conflict(answer)
    assert adjudicate(cast["neutral"], last, outcome="draw", reason="Appeal.").status_code == 200
