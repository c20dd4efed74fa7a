"""Every championship game ends: at its round's deadline the worker decides it."""

from datetime import timedelta

import pytest
from freezegun import freeze_time

from games.models import Game, Move
from tests.tournaments.deadline_support import (
    past_the_deadline,
    play_a_move,
    player_to_move,
    running_games,
    started_championship,
)
from tournaments import services
from tournaments.models import Championship, Decision, Match
from tournaments.services import create_championship, enter

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


@pytest.fixture
def people(make_user):
    return make_user("organiser"), [make_user(f"player{n}") for n in range(4)]


def test_a_round_opens_with_its_deadline_counted_from_its_opening(people):
    organiser, players = people
    with freeze_time("2026-03-01 10:00:00"):
        championship = started_championship(organiser, players[:2], round_deadline_s=3600)
    match = Match.objects.get(stage__championship=championship)
    assert match.opened_at.isoformat() == "2026-03-01T10:00:00+00:00"
    assert match.deadline - match.opened_at == timedelta(seconds=3600)


def test_the_next_rounds_deadline_counts_from_its_own_opening(people):
    organiser, players = people
    with freeze_time("2026-03-01 10:00:00") as frozen:
        championship = started_championship(
            organiser, players[:3], group_size=3, round_deadline_s=600
        )
        past_the_deadline(championship, frozen)
        second = Match.objects.get(stage__championship=championship, round=2)
        assert second.status == Match.Status.PLAYING
        assert second.opened_at.isoformat() == "2026-03-01T10:10:01+00:00"
        assert second.deadline == second.opened_at + timedelta(seconds=600)


def test_a_player_who_never_moved_loses_by_forfeit_at_the_deadline(people):
    organiser, players = people
    with freeze_time("2026-03-01 10:00:00") as frozen:
        championship = started_championship(organiser, players[:2])
        (game,) = running_games(championship)
        absent = player_to_move(game)
        past_the_deadline(championship, frozen)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.result_reason == "no_show"
    assert game.seats.get(seat=game.winner).user != absent
    match = Match.objects.get(pk=game.match_id)
    assert match.forfeit and match.winner.player != absent


def test_a_slow_game_is_decided_by_the_score_at_the_deadline(people):
    organiser, players = people
    with freeze_time("2026-03-01 10:00:00") as frozen:
        championship = started_championship(organiser, players[:2])
        (game,) = running_games(championship)
        play_a_move(game)
        play_a_move(game)
        game.refresh_from_db()
        leader = "red" if game.to_move == "blue" else "blue"
        # The game's own score at the deadline: the leader wins.
        Game.objects.filter(pk=game.pk).update(score={leader: 3, game.to_move: 1})
        past_the_deadline(championship, frozen)
    game.refresh_from_db()
    assert (game.status, game.winner, game.result_reason) == ("finished", leader, "deadline")
    decision = Decision.objects.get(championship=championship, action="deadline")
    assert decision.by is None
    assert decision.after["winner"] == game.seats.get(seat=leader).user.username


def test_a_level_group_game_at_the_deadline_is_a_draw(people):
    organiser, players = people
    with freeze_time("2026-03-01 10:00:00") as frozen:
        championship = started_championship(organiser, players[:2])
        (game,) = running_games(championship)
        play_a_move(game)
        play_a_move(game)
        past_the_deadline(championship, frozen)
    game.refresh_from_db()
    assert (game.winner, game.result_reason) == ("", "deadline")
    match = Match.objects.get(pk=game.match_id)
    assert match.status == Match.Status.FINISHED and match.drawn
    championship.refresh_from_db()
    assert championship.status == Championship.Status.FINISHED


def test_a_move_sent_in_time_counts_and_one_sent_after_the_deadline_is_refused(people):
    organiser, players = people
    with freeze_time("2026-03-01 10:00:00") as frozen:
        championship = started_championship(organiser, players[:2])
        (game,) = running_games(championship)
        play_a_move(game)
        match = Match.objects.get(pk=game.match_id)
        game.refresh_from_db()
        second = game.seats.get(seat=game.to_move)
        in_time = Move.objects.create(
            game=game, seq=2, seat=second.seat, player=second.user, payload=[5, 5]
        )
        frozen.move_to(match.deadline + timedelta(seconds=5))
        late = Move.objects.create(
            game=game, seq=3, seat=game.seats.exclude(pk=second.pk).get().seat,
            player=game.seats.exclude(pk=second.pk).get().user, payload=[7, 7],
        )  # fmt: skip
        services.sweep()
    in_time.refresh_from_db()
    late.refresh_from_db()
    assert in_time.status == Move.Status.ACCEPTED
    assert (late.status, late.refusal_code) == (Move.Status.REFUSED, "round_over")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.move_count == 2


def test_a_level_playoff_game_waits_for_the_organiser(people):
    organiser, players = people
    with freeze_time("2026-03-01 10:00:00") as frozen:
        championship = started_championship(
            organiser, players, group_size=2, playoff_players_per_group=1
        )
        past_the_deadline(championship, frozen)  # both group games: no-shows
        championship.refresh_from_db()
        assert championship.status == "playoff"
        (final,) = running_games(championship)
        play_a_move(final)
        play_a_move(final)
        past_the_deadline(championship, frozen)
        match = Match.objects.get(pk=final.match_id)
        assert match.status == Match.Status.AWAITING
        assert not running_games(championship)  # no replay: the organiser decides
        services.sweep()
        services.advance(championship.pk)
        match.refresh_from_db()
        assert match.status == Match.Status.AWAITING
        winner = final.seats.first().user
        services.adjudicate(
            final.pk, by=organiser, outcome="win", winner=winner.username, reason="On tempo."
        )
    championship.refresh_from_db()
    assert championship.status == Championship.Status.FINISHED
    assert championship.winner == winner


def test_a_scheduled_championship_starts_at_its_time(people):
    organiser, players = people
    with freeze_time("2026-03-01 10:00:00") as frozen:
        championship = create_championship(organiser=organiser, name="Cup", game="kropki")
        Championship.objects.filter(pk=championship.pk).update(
            starts_at="2026-03-02T09:00:00+00:00"
        )
        for player in players[:2]:
            enter(championship.pk, by=player)
        services.sweep()
        championship.refresh_from_db()
        assert championship.status == Championship.Status.REGISTRATION
        frozen.move_to("2026-03-02 09:00:05")
        services.sweep()
    championship.refresh_from_db()
    assert championship.status == "groups"
    assert Decision.objects.filter(championship=championship, action="started", by=None).exists()


def test_a_scheduled_start_with_too_few_entrants_is_postponed_and_logged(people):
    organiser, players = people
    with freeze_time("2026-03-01 10:00:00") as frozen:
        championship = create_championship(organiser=organiser, name="Cup", game="kropki")
        Championship.objects.filter(pk=championship.pk).update(
            starts_at="2026-03-01T12:00:00+00:00"
        )
        enter(championship.pk, by=players[0])
        frozen.move_to("2026-03-01 12:00:01")
        services.sweep()
    championship.refresh_from_db()
    assert championship.status == Championship.Status.REGISTRATION
    assert championship.starts_at.isoformat() == "2026-03-02T12:00:01+00:00"
    decision = Decision.objects.get(championship=championship)
    assert decision.action == "postponed" and decision.after["entrants"] == 1
    assert decision.by is None
