"""A round's games made in one go: each starts from its own options' position, a board the
rules lay out alike shared by all, a deal drawn for each game."""

import pytest

from games import services as game_services
from games.engines import engine
from games.models import Game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def round_of(game: str, options: dict, players: list, games: int) -> list[Game]:
    wanted = [
        game_services.MatchGame(
            match_id=None,
            game=game,
            options=options,
            players=players,
            rated=False,
            time_control=None,
        )
        for _ in range(games)
    ]
    made = game_services.create_match_games(wanted)
    return list(Game.objects.filter(pk__in=[game.pk for game in made]).order_by("pk"))


def test_every_kropki_game_of_a_round_starts_from_the_position_its_options_give(alice, bob):
    options = {"width": 5, "height": 5, "format": "express"}
    rules = engine("kropki")
    state = rules.new(options)

    games = round_of("kropki", options, [alice, bob], 4)

    for game in games:
        assert bytes(game.snapshot) == rules.dump(state)
        assert game.score == rules.score(state)
        assert game.to_move == (rules.to_move(state) or "")
        assert game.status == Game.Status.ACTIVE


def test_a_games_score_is_its_own_though_the_round_shares_a_starting_position(alice, bob):
    games = game_services.create_match_games(
        [
            game_services.MatchGame(
                match_id=None,
                game="kropki",
                options={"width": 5, "height": 5},
                players=[alice, bob],
                rated=False,
                time_control=None,
            )
        ]
        * 2
    )

    games[0].score["red"] = 7

    assert games[1].score["red"] == 0


def test_every_quadrotone_game_of_a_round_is_dealt_its_own_board(alice, bob):
    games = round_of("quadrotone", {"format": "express"}, [alice, bob], 3)

    assert len({game.options["seed"] for game in games}) == 3
    assert len({bytes(game.snapshot) for game in games}) == 3
