"""Rated games change ratings once, by the policy; leaderboards and player data."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services as game_services
from games.models import Game
from ratings import glicko2, policy, services
from ratings.models import Rating, RatingChange

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def rated_game(creator, opponent) -> Game:
    game = game_services.create_game(
        creator=creator, game="kropki", options={"width": 8, "height": 8}, format=None,
        opponent=opponent.username, rated=True,
    )  # fmt: skip
    game_services.accept_invitation(game.pk, opponent)
    return game


def test_a_rated_game_changes_both_ratings_once(make_user):
    anna, boris = make_user("anna"), make_user("boris")
    game = rated_game(anna, boris)
    game_services.resign(game.pk, boris)  # the hook rates it after the commit
    winner = Rating.objects.get(player=anna, game="kropki")
    loser = Rating.objects.get(player=boris, game="kropki")
    expected = glicko2.rate(1500, 350, 0.06, [(1500, 350, 1.0)])
    assert winner.rating == pytest.approx(expected[0])
    assert loser.rating == pytest.approx(3000 - expected[0])
    assert winner.games == loser.games == 1
    assert services.rate_game(game.pk) is False  # applying it again changes nothing
    assert RatingChange.objects.filter(source=game).count() == 2
    assert Rating.objects.get(player=anna).rating == winner.rating


def test_unrated_and_practice_games_leave_ratings_alone(make_user):
    anna, boris = make_user("anna"), make_user("boris")
    game = game_services.create_game(
        creator=anna, game="kropki", options={}, format=None, opponent=boris.username
    )
    game_services.accept_invitation(game.pk, boris)
    game_services.resign(game.pk, boris)
    assert not Rating.objects.exists()


def test_draw_between_equals_changes_only_rd(make_user):
    anna, boris = make_user("anna"), make_user("boris")
    game = rated_game(anna, boris)
    game_services.offer_draw(game.pk, anna)
    game_services.offer_draw(game.pk, boris)
    for rating in Rating.objects.all():
        assert rating.rating == pytest.approx(1500)
        assert rating.rd < 350


def test_rd_grows_with_idle_time_within_the_clamps():
    assert policy.idle_periods(0) == 0
    year = policy.idle_periods(365 * 86_400)
    grown = glicko2.grow_rd(60.0, 0.06, year)
    assert grown == pytest.approx(110.0, abs=0.01)
    assert policy.clamp_rd(500) == 350 and policy.clamp_rd(10) == 45


def test_idle_time_before_a_game_widens_the_rd_first(make_user):
    anna, boris = make_user("anna"), make_user("boris")
    for rating_owner in (anna, boris):
        Rating.objects.create(
            player=rating_owner, game="kropki", rating=1600, rd=60, volatility=0.06, games=30,
            last_played_at=timezone.now() - timedelta(days=365),
        )  # fmt: skip
    game = rated_game(anna, boris)
    game_services.resign(game.pk, boris)
    change = RatingChange.objects.get(source=game, rating__player=anna)
    assert change.rd_before == pytest.approx(110, abs=0.5)


def test_leaderboard_api_ranks_settled_players_first_then_provisional_ones(make_user, api):
    for name, rating, rd in [("sure", 1700, 60), ("new", 1900, 200), ("steady", 1650, 80)]:
        Rating.objects.create(
            player=make_user(name), game="kropki", rating=rating, rd=rd, volatility=0.06, games=9
        )
    board = api.get("/api/ratings/kropki/").json()
    assert [(row["rank"], row["username"], row["provisional"]) for row in board] == [
        (1, "sure", False),
        (2, "steady", False),
        (3, "new", True),
    ]


def test_leaderboard_api_lists_both_players_after_their_first_rated_game(make_user, api):
    anna, boris = make_user("anna"), make_user("boris")
    game = rated_game(anna, boris)
    game_services.resign(game.pk, boris)
    board = api.get("/api/ratings/kropki/").json()
    assert [(row["username"], row["games"], row["provisional"]) for row in board] == [
        ("anna", 1, True),
        ("boris", 1, True),
    ]
    assert board[0]["rating"] > board[1]["rating"]


def test_leaderboard_api_leaves_out_guests_and_players_without_a_rated_game(make_user, api):
    guest = make_user("visitor", is_guest=True)
    for player, games in [(guest, 3), (make_user("idle"), 0), (make_user("anna"), 1)]:
        Rating.objects.create(
            player=player, game="kropki", rating=1500, rd=300, volatility=0.06, games=games
        )
    board = api.get("/api/ratings/kropki/").json()
    assert [row["username"] for row in board] == ["anna"]


def test_leaderboard_api_of_an_unknown_game_is_404_naming_the_games(api):
    response = api.get("/api/ratings/chess/")
    assert response.status_code == 404
    error = response.json()["error"]
    assert error["code"] == "not_found" and "kropki" in error["message"]


def test_player_data_carries_every_rating_and_its_history(make_user, api):
    anna, boris = make_user("anna"), make_user("boris")
    game = rated_game(anna, boris)
    game_services.resign(game.pk, boris)
    body = api.get("/api/players/anna/").json()
    kropki = body["ratings"]["kropki"]
    assert kropki["games"] == 1 and kropki["provisional"] is True
    assert len(kropki["history"]) == 1
    assert body["page"].endswith("/players/anna/")
    assert api.get("/api/players/nobody/").status_code == 404


def test_championship_seeding_follows_ratings(make_user):
    from tournaments import services as championships

    organiser = make_user("organiser")
    players = [make_user(f"p{n}") for n in range(4)]
    for player, rating in zip(players, [1400, 1800, None, 1600], strict=True):
        if rating is not None:
            Rating.objects.create(
                player=player, game="kropki", rating=rating, rd=60, volatility=0.06
            )
    championship = championships.create_championship(
        organiser=organiser, name="Seeded", game="kropki"
    )
    for player in players:
        championships.enter(championship.pk, by=player)
    order = championships.seeding_order(championship.entries.all(), "kropki")
    assert [entry.player.username for entry in order] == ["p1", "p3", "p0", "p2"]


def test_recompute_gives_the_ratings_the_games_gave_one_by_one(make_user):
    import random

    from django.core.management import call_command

    players = [make_user(f"r{n}") for n in range(6)]
    chooser = random.Random(3)
    for _ in range(20):
        a, b = chooser.sample(players, 2)
        game = rated_game(a, b)
        if chooser.random() < 0.2:
            game_services.offer_draw(game.pk, a)
            game_services.offer_draw(game.pk, b)
        else:
            game_services.resign(game.pk, chooser.choice([a, b]))
    stored = {r.player_id: (r.rating, r.rd, r.volatility, r.games) for r in Rating.objects.all()}
    history = RatingChange.objects.count()
    call_command("recompute_ratings", "--game", "kropki", stdout=None)
    again = {r.player_id: (r.rating, r.rd, r.volatility, r.games) for r in Rating.objects.all()}
    assert again.keys() == stored.keys()
    for player, values in stored.items():
        assert again[player][:3] == pytest.approx(values[:3], abs=1e-9)
        assert again[player][3] == values[3]
    assert RatingChange.objects.count() == history == 40
