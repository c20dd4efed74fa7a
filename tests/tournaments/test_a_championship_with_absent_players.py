"""Eight players, two who never show up and one who stops moving half-way: the
championship runs to its champion with no human action but the organiser's decisions on
the level playoff games the player who stopped left behind."""

import random

import pytest
from django.core import mail
from freezegun import freeze_time

from accounts.models import User
from games import registry
from games import selectors as game_selectors
from games import services as game_services
from games.models import Game
from notifications.models import Notification
from tests.support.championships import to_the_next_deadline
from tournaments import services
from tournaments.models import Championship, Decision, Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

ROUND_S = 3600


def to_move(game: Game) -> User:
    return User.objects.get(pk=game_selectors.players_by_seat(game)[game.to_move])


def play_what_the_willing_play(championship, absent, quitter, chooser) -> bool:
    """Every player who is there plays their games on as far as they go; True if anyone
    moved. The quitter plays the group stage whole, and one move of the playoff."""
    moved = False
    declared = registry.declaration(championship.game)
    rules = declared.engine
    for game in Game.objects.filter(
        match__stage__championship=championship, status=Game.Status.ACTIVE
    ).select_related("match__stage"):
        while game.status == Game.Status.ACTIVE:
            player = to_move(game)
            if player in absent:
                break
            stopped = player == quitter and game.match.stage.kind == "playoff"
            if stopped and game.moves.filter(player=quitter, status="accepted").exists():
                break  # stopped moving half-way
            state = rules.load(bytes(game.snapshot))
            move = rules.suggest(state)
            if chooser.random() < 0.3:
                move = declared.demo_move(state, chooser)
            game_services.submit_move(
                game_id=game.pk, user=player, seq=game.move_count + 1, payload=move
            )
            moved = True
            game.refresh_from_db()
    return moved


def test_eight_players_two_no_shows_and_one_who_stops_reach_a_champion(make_user):
    organiser = make_user("organiser")
    players = [make_user(f"player{n:02d}", email=f"player{n:02d}@example.org") for n in range(8)]
    # Seeds follow the order of entry: group A is seeds 1, 4, 5 and 8.
    quitter, absent = players[0], {players[3], players[4]}
    championship = services.create_championship(
        organiser=organiser, name="Spring Cup", game="kropki", rated=False,
        options={"width": 7, "height": 7}, stage_format="express", playoff_format="express",
    )  # fmt: skip
    Championship.objects.filter(pk=championship.pk).update(round_deadline_s=ROUND_S)
    for player in players:
        services.enter(championship.pk, by=player)
    chooser = random.Random(2026)
    organiser_decisions = 0
    with freeze_time("2026-04-01 09:00:00") as frozen:
        services.start(championship.pk, by=organiser)
        for _step in range(200):
            championship.refresh_from_db()
            if championship.status == Championship.Status.FINISHED:
                break
            if play_what_the_willing_play(championship, absent, quitter, chooser):
                continue
            waiting = Match.objects.filter(
                stage__championship=championship, status=Match.Status.AWAITING
            )
            for match in waiting:
                game = match.games.order_by("pk").last()
                other = next(s.user for s in game.seats.all() if s.user != quitter)
                services.adjudicate(
                    game.pk, by=organiser, outcome="win", winner=other.username,
                    reason="Stopped playing; the other player kept the game going.",
                )  # fmt: skip
                organiser_decisions += 1
            if waiting:
                continue
            to_the_next_deadline(championship, frozen)
    championship.refresh_from_db()
    assert championship.status == Championship.Status.FINISHED
    assert championship.winner not in absent | {quitter}
    # The quitter's semi-final, then their match for third place: each level at its
    # deadline, each decided by the organiser.
    assert organiser_decisions == 2
    # The organiser's only decisions: the start, and those two games.
    decided = Decision.objects.filter(championship=championship, by=organiser)
    assert sorted(decided.values_list("action", flat=True)) == [
        "adjudicated", "adjudicated", "started",
    ]  # fmt: skip
    for decision in decided.filter(action="adjudicated"):
        assert quitter in decision.players.all() and decision.game.match.stage.kind == "playoff"
    for player in absent:
        games = Game.objects.filter(match__stage__championship=championship, seats__user=player)
        assert games.count() == 3  # their group's round robin, then out
        assert all(game.result_reason == "no_show" for game in games)
        lost = [game for game in games if game.seats.get(seat=game.winner).user != player]
        assert len(lost) >= 2  # at most the game between the two no-shows went their way
    # Every player was told of every game of theirs as it opened, in the site and by e-mail.
    for player in players:
        games = Game.objects.filter(match__stage__championship=championship, seats__user=player)
        told = Notification.objects.filter(user=player, kind="round_started")
        assert sorted(note.url for note in told) == sorted(g.get_absolute_url() for g in games)
        mailed = [m for m in mail.outbox if m.to == [player.email]]
        for game in games:
            assert any(game.get_absolute_url() in message.body for message in mailed)
        finished = Notification.objects.get(user=player, kind="championship_finished")
        assert (finished.params["place"] == 1) == (player == championship.winner)
