"""A Swiss with a playoff and a double elimination, in every game, each run to its champion
with a player who never shows up and one organiser's decision on the way."""

import random

import pytest
from freezegun import freeze_time

from accounts.models import User
from games import registry
from games import selectors as game_selectors
from games import services as game_services
from games.engines.base import DEFAULT_CPU_LEVEL as NORMAL
from games.models import Game
from tests.support.championships import to_the_next_deadline
from tests.tournaments.systems_support import GAME_OPTIONS
from tournaments import services
from tournaments.models import Championship, Decision, FinalRank, Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

ROUND_S = 3600
GAMES = list(GAME_OPTIONS)
# Quadrotone's games run to some 250 moves: a few each, and the deadline decides the rest.
MOVES_PER_GAME = {"quadrotone": 6}
# The moves only have to be legal: Quadrotone's easy CPU chooses one in a thirtieth of a
# second, its normal one in a tenth and more.
CPU_LEVEL = {"quadrotone": "easy"}


def to_move(game: Game) -> User:
    return User.objects.get(pk=game_selectors.players_by_seat(game)[game.to_move])


def play_what_the_present_play(championship, absent, chooser) -> bool:
    """Everyone there plays on (in a game whose every move is slow to choose, a few moves,
    and the clock or the round's deadline decides it); True if anyone moved."""
    moved = False
    declared = registry.declaration(championship.game)
    most = MOVES_PER_GAME.get(championship.game)
    for game in Game.objects.filter(
        match__stage__championship=championship, status=Game.Status.ACTIVE
    ):
        while game.status == Game.Status.ACTIVE:
            player = to_move(game)
            if player in absent or (most is not None and game.move_count >= most):
                break
            state = declared.engine.load(bytes(game.snapshot))
            move = declared.engine.suggest(state, CPU_LEVEL.get(championship.game, NORMAL))
            if declared.demo_move is not None and chooser.random() < 0.3:
                move = declared.demo_move(state, chooser)
            game_services.submit_move(
                game_id=game.pk, user=player, seq=game.move_count + 1, payload=move
            )
            moved = True
            game.refresh_from_db()
    return moved


def decide_one_game(championship, organiser, absent) -> Game:
    """The organiser gives the first running game of two present players to its first
    seat's player."""
    running = Game.objects.filter(
        match__stage__championship=championship, status=Game.Status.ACTIVE
    ).exclude(seats__user__in=absent)
    game = running.order_by("pk").first()
    seats = game_selectors.seat_names(game)
    winner = next(iter(seats.values()))
    services.adjudicate(
        game.pk, by=organiser, outcome="win", winner=winner,
        reason="Agreed by both players over the phone.",
    )  # fmt: skip
    return game


def run_to_the_end(championship, organiser, absent, chooser) -> Game:
    """Play it through: the present play, the absent lose at each round's deadline, and the
    organiser decides one game in the second round. The decided game."""
    decided = None
    with freeze_time("2026-04-01 09:00:00") as frozen:
        services.start(championship.pk, by=organiser)
        for _step in range(400):
            championship.refresh_from_db()
            if championship.status == Championship.Status.FINISHED:
                break
            second_round = Game.objects.filter(
                match__stage__championship=championship, match__round=2, status="active"
            ).exclude(seats__user__in=absent)
            if decided is None and second_round.exists():
                decided = decide_one_game(championship, organiser, absent)
                continue
            if play_what_the_present_play(championship, absent, chooser):
                continue
            waiting = Match.objects.filter(
                stage__championship=championship, status=Match.Status.AWAITING
            )
            for match in waiting:
                game = match.games.order_by("pk").last()
                present = [
                    name for name in game_selectors.seat_names(game).values()
                    if name not in {player.username for player in absent}
                ]  # fmt: skip
                services.adjudicate(
                    game.pk, by=organiser, outcome="win", winner=present[0],
                    reason="Level at the deadline; the player who was there goes on.",
                )  # fmt: skip
            if waiting:
                continue
            to_the_next_deadline(championship, frozen)
    championship.refresh_from_db()
    assert decided is not None
    return decided


def assert_no_show_not_champion(championship, absent) -> None:
    """The player who never showed up is not the champion, in a game that ends a player's
    turn at their clock (Quadrotone passes it instead: the server moves for the absent one,
    whose score may then lead)."""
    if getattr(registry.declaration(championship.game).engine, "pass_on_time_move", None) is None:
        assert championship.winner not in absent


def new_championship(organiser, players, game, **settings) -> Championship:
    championship = services.create_championship(
        organiser=organiser, name="Open", game=game, options=GAME_OPTIONS[game], rated=False,
        stage_format="express", playoff_format="express", **settings,
    )  # fmt: skip
    Championship.objects.filter(pk=championship.pk).update(round_deadline_s=ROUND_S)
    for player in players:
        services.enter(championship.pk, by=player)
    return championship


@pytest.mark.parametrize("game", GAMES)
def test_a_swiss_with_a_playoff_runs_to_its_champion_past_a_no_show_and_a_decision(make_user, game):
    organiser = make_user("organiser")
    players = [make_user(f"player{n}") for n in range(5)]
    absent = {players[3]}
    championship = new_championship(
        organiser, players, game, system="swiss", swiss_rounds=3, playoff_players=4
    )
    decided = run_to_the_end(championship, organiser, absent, random.Random(7))
    assert championship.status == Championship.Status.FINISHED
    assert championship.winner is not None
    assert_no_show_not_champion(championship, absent)
    swiss = championship.stages.get(kind="swiss")
    assert sorted(set(swiss.matches.values_list("round", flat=True))) == [1, 2, 3]
    # Five players: every round one bye, never twice to the same player.
    byes = list(swiss.matches.filter(second__isnull=True).values_list("first", flat=True))
    assert len(byes) == 3 and len(set(byes)) == 3
    playoff = championship.stages.get(kind="playoff")
    assert playoff.matches.filter(round=1).count() == 2  # the top four: two semi-finals
    assert Decision.objects.filter(
        championship=championship, by=organiser, action="adjudicated", game=decided
    ).exists()
    ranks = list(FinalRank.objects.filter(championship=championship).values_list("rank", flat=True))
    assert ranks == list(range(1, 6))


@pytest.mark.parametrize("game", GAMES)
def test_a_double_elimination_runs_to_its_champion_past_a_no_show_and_a_decision(make_user, game):
    organiser = make_user("organiser")
    players = [make_user(f"player{n}") for n in range(5)]
    absent = {players[3]}
    championship = new_championship(organiser, players, game, system="double_elimination")
    decided = run_to_the_end(championship, organiser, absent, random.Random(6))
    assert championship.status == Championship.Status.FINISHED
    assert championship.winner is not None
    assert_no_show_not_champion(championship, absent)
    stage = championship.stages.get(kind="double_elimination")
    # Everyone but the champion lost exactly two matches, the champion at most one (or
    # one and then the reset).
    losses: dict[int, int] = {}
    for match in stage.matches.filter(status=Match.Status.FINISHED, second__isnull=False):
        loser = match.second_id if match.winner_id == match.first_id else match.first_id
        losses[loser] = losses.get(loser, 0) + 1
    champion = championship.entries.get(player=championship.winner).pk
    assert all(count == 2 for entry, count in losses.items() if entry != champion)
    assert losses.get(champion, 0) <= 1
    assert Decision.objects.filter(championship=championship, game=decided).exists()
    places = dict(FinalRank.objects.filter(championship=championship).values_list("entry", "rank"))
    assert places[champion] == 1 and sorted(places.values())[:2] == [1, 2]


def test_a_double_elimination_goes_on_when_both_players_of_a_match_withdraw(make_user):
    organiser = make_user("organiser")
    players = [make_user(f"player{n}") for n in range(4)]
    championship = new_championship(organiser, players, "kropki", system="double_elimination")
    services.start(championship.pk, by=organiser)
    # Seeds 2 and 3 meet in the first round; both leave before playing a move.
    for player in players[1:3]:
        services.withdraw(championship.pk, by=player)
    chooser = random.Random(4)
    for _step in range(50):
        championship.refresh_from_db()
        if championship.status == Championship.Status.FINISHED:
            break
        assert play_what_the_present_play(championship, set(), chooser)
    assert championship.status == Championship.Status.FINISHED
    assert championship.winner in (players[0], players[3])
    places = dict(
        FinalRank.objects.filter(championship=championship).values_list("entry__player", "rank")
    )
    assert sorted(places) == sorted(player.pk for player in players)
    assert {places[players[0].pk], places[players[3].pk]} == {1, 2}
