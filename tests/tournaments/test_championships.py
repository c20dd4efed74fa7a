"""Championships through the API and the pipeline (tasks in-process)."""

import os
import random
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import Plan
from games import services as game_services
from games.models import Game
from tests.conftest import client_with_token
from tournaments import services
from tournaments.demo import play_for_both
from tournaments.models import Championship, Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def create(client, **fields):
    body = {"name": "Autumn Cup", "game": "kropki", **fields}
    return client.post("/api/championships/", body, format="json")


def enter_players(championship_id, organiser_api, make_user, count):
    """The organiser invites `count` players, and each accepts."""
    players = [make_user(f"player{n:02d}") for n in range(count)]
    for player in players:
        answer = organiser_api.post(
            f"/api/championships/{championship_id}/entries/",
            {"username": player.username},
            format="json",
        )
        assert answer.status_code == 201, answer.content
        accepted = client_with_token(player).post(
            f"/api/championships/{championship_id}/entries/accept/"
        )
        assert accepted.status_code == 200, accepted.content
    return players


def play_out(game_id: int) -> None:
    """Both players play through the move pipeline: mostly the CPU's choice, sometimes a
    random point (the CPU against itself never loses a dot, and every game would be drawn)."""
    play_for_both(game_id, random.Random(game_id), wait=10)


def play_everything(championship_id: int, seconds: float = 300) -> None:
    """Play every game the championship opens until it is finished."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if Championship.objects.get(pk=championship_id).status == Championship.Status.FINISHED:
            return
        active = list(
            Game.objects.filter(
                match__stage__championship_id=championship_id, status=Game.Status.ACTIVE
            ).values_list("id", flat=True)
        )
        if not active:
            time.sleep(0.05)  # a worker may still be opening the next round
        for game_id in active:
            play_out(game_id)
    raise AssertionError("the championship did not finish")


def test_create_with_defaults_names_the_organiser(organiser_api):
    answer = create(organiser_api)
    assert answer.status_code == 201
    body = answer.json()
    assert body["status"] == "registration"
    assert body["organiser"] == "organiser"
    assert (body["group_size"], body["playoff_players_per_group"]) == (4, 2)
    assert (body["stage_format"], body["playoff_format"]) == ("express", "full")
    assert body["page"].endswith(f"/championships/{body['id']}/")


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"game": "go"}, "game"),
        ({"group_size": 1}, "group_size"),
        ({"playoff_players_per_group": 5}, "playoff_players_per_group"),
        ({"stage_format": "blitz"}, "stage_format"),
        ({"options": {"width": 2}}, "options.width"),
        ({"points_system": "5-0"}, "points_system"),
        ({"tiebreaks": ["coin"]}, "tiebreaks"),
        ({"time_control": {"move_s": 0}}, "time_control.move_s"),
    ],
)
def test_bad_settings_are_named_and_nothing_is_created(organiser_api, fields, field):
    answer = create(organiser_api, **fields)
    assert answer.status_code == 400
    assert list(answer.json()["error"]["details"]) == [field]
    assert not Championship.objects.exists()


def test_private_championships_need_a_paid_plan(organiser_api, organiser):
    assert create(organiser_api, visibility="private").status_code == 403
    organiser.plan = Plan.PAID
    organiser.save()
    assert create(organiser_api, visibility="private").status_code == 201


def test_players_enter_themselves_and_only_the_organiser_enters_others(organiser_api, make_user):
    championship = create(organiser_api).json()
    url = f"/api/championships/{championship['id']}/entries/"
    anna = client_with_token(make_user("anna"))
    make_user("boris")
    assert anna.post(url, {}, format="json").status_code == 201
    assert anna.post(url, {}, format="json").status_code == 409
    assert anna.post(url, {"username": "boris"}, format="json").status_code == 403
    invited = organiser_api.post(url, {"username": "boris"}, format="json")
    assert (invited.status_code, invited.json()["status"]) == (201, "invited")
    detail = organiser_api.get(f"/api/championships/{championship['id']}/").json()
    assert (detail["entrants"], detail["invitations"]) == (["anna"], ["boris"])


def test_free_organisers_are_limited_to_16_entrants(organiser_api, organiser, make_user):
    championship = create(organiser_api).json()
    enter_players(championship["id"], organiser_api, make_user, 16)
    extra = make_user("seventeenth")
    answer = organiser_api.post(
        f"/api/championships/{championship['id']}/entries/",
        {"username": extra.username},
        format="json",
    )
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "championship_full"
    organiser.plan = Plan.PAID
    organiser.save()
    answer = organiser_api.post(
        f"/api/championships/{championship['id']}/entries/",
        {"username": extra.username},
        format="json",
    )
    assert answer.status_code == 201


def test_only_the_organiser_starts(organiser_api, make_user):
    championship = create(organiser_api).json()
    players = enter_players(championship["id"], organiser_api, make_user, 4)
    stranger = client_with_token(players[0])
    assert stranger.post(f"/api/championships/{championship['id']}/start/").status_code == 403
    started = organiser_api.post(f"/api/championships/{championship['id']}/start/")
    assert started.status_code == 200
    assert started.json()["status"] == "groups"
    again = organiser_api.post(f"/api/championships/{championship['id']}/start/")
    assert again.status_code == 409


def test_start_draws_snake_groups_and_opens_round_one(organiser_api, make_user):
    championship = create(organiser_api, options={"width": 8, "height": 8}).json()
    enter_players(championship["id"], organiser_api, make_user, 16)
    organiser_api.post(f"/api/championships/{championship['id']}/start/")
    standings = organiser_api.get(f"/api/championships/{championship['id']}/standings/").json()
    groups = {g["name"]: sorted(r["username"] for r in g["rows"]) for g in standings["groups"]}
    assert groups == {
        "A": ["player00", "player07", "player08", "player15"],
        "B": ["player01", "player06", "player09", "player14"],
        "C": ["player02", "player05", "player10", "player13"],
        "D": ["player03", "player04", "player11", "player12"],
    }
    games = organiser_api.get(f"/api/championships/{championship['id']}/games/").json()
    assert len(games) == 8  # round one: two games in each group of four
    assert {game["round"] for game in games} == {1}
    assert Match.objects.filter(stage__kind="groups").count() == 24


def test_a_whole_8_player_championship_played_by_cpu_players(organiser_api, make_user):
    whole_championship(organiser_api, make_user)


# Transactional: the worker is another process, which reads only what is committed.
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("real_worker")
def test_a_whole_8_player_championship_through_the_real_worker(organiser_api, make_user, settings):
    from config.celery import app

    # Undo the module's embedded mode: moves and progression go through Redis.
    app.conf.task_always_eager = False
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.REDIS_URL = os.environ["REDIS_URL"]
    whole_championship(organiser_api, make_user)


def whole_championship(organiser_api, make_user) -> None:
    """Eight players: two groups of four, then semi-finals, the final and third place."""
    championship = create(
        organiser_api,
        options={"width": 7, "height": 7},
        stage_format="express",
        playoff_format="express",
        rated=False,
    ).json()
    championship_id = championship["id"]
    enter_players(championship_id, organiser_api, make_user, 8)
    organiser_api.post(f"/api/championships/{championship_id}/start/")
    play_everything(championship_id)

    detail = organiser_api.get(f"/api/championships/{championship_id}/").json()
    assert detail["status"] == "finished"
    standings = organiser_api.get(f"/api/championships/{championship_id}/standings/").json()
    for group in standings["groups"]:
        assert [row["played"] for row in group["rows"]] == [3, 3, 3, 3]
        points = [row["points"] for row in group["rows"]]
        assert points == sorted(points, reverse=True)
    final = standings["final"]
    assert [row["rank"] for row in final] == list(range(1, 9))
    assert final[0]["username"] == detail["winner"]

    bracket = organiser_api.get(f"/api/championships/{championship_id}/bracket/").json()
    names = [r["name"] for r in bracket["rounds"]]
    assert names == ["Semi-finals", "Final", "Third place"]
    # The champion won every playoff match; finalists and third place are ranked so.
    champion = detail["winner"]
    played = [
        m for r in bracket["rounds"][:2] for m in r["matches"] if champion in (m["a"], m["b"])
    ]
    assert len(played) == 2 and all(m["winner"] == champion for m in played)
    final_match = bracket["rounds"][1]["matches"][0]
    runner_up = final_match["a"] if final_match["winner"] == final_match["b"] else final_match["b"]
    assert final[1]["username"] == runner_up
    third_match = bracket["rounds"][2]["matches"][0]
    assert final[2]["username"] == third_match["winner"]
    # Semi-finals: group winners met runners-up of the other group.
    winners = {g["rows"][0]["username"]: g["name"] for g in standings["groups"]}
    seconds = {g["rows"][1]["username"]: g["name"] for g in standings["groups"]}
    for match in bracket["rounds"][0]["matches"]:
        pair = {match["a"], match["b"]}
        winner = pair & set(winners)
        second = pair & set(seconds)
        assert len(winner) == 1 and len(second) == 1
        assert winners[winner.pop()] != seconds[second.pop()]


def kropki_final(organiser_api, make_user) -> tuple[int, Game]:
    """A Kropki championship of two groups of two, played to its final: (its id, the final)."""
    championship_id = create(
        organiser_api, group_size=2, playoff_players_per_group=1, options={"width": 8, "height": 8}
    ).json()["id"]
    enter_players(championship_id, organiser_api, make_user, 4)
    organiser_api.post(f"/api/championships/{championship_id}/start/")
    for game in Game.objects.filter(status=Game.Status.ACTIVE):
        game_services.resign(game.pk, game.seats.get(seat="red").user)
    return championship_id, Game.objects.get(match__stage__kind="playoff", status="active")


def test_K16_every_replay_is_express_with_colours_swapped_each_time(organiser_api, make_user):
    _championship_id, final = kropki_final(organiser_api, make_user)
    first_blue = final.seats.get(seat="blue").user
    seen = []
    for _ in range(4):
        game = Game.objects.get(match__stage__kind="playoff", status=Game.Status.ACTIVE)
        blue, red = game.seats.get(seat="blue").user, game.seats.get(seat="red").user
        seen.append((game.options["format"], blue))
        game_services.offer_draw(game.pk, blue)
        game_services.offer_draw(game.pk, red)
    second_blue = next(user for format_, user in seen if user != first_blue)
    assert seen == [
        ("full", first_blue),
        ("express", second_blue),
        ("express", first_blue),
        ("express", second_blue),
    ]


def test_advancing_twice_changes_nothing(organiser_api, make_user):
    championship = create(organiser_api, options={"width": 6, "height": 6}).json()
    enter_players(championship["id"], organiser_api, make_user, 4)
    organiser_api.post(f"/api/championships/{championship['id']}/start/")
    games_before = Game.objects.count()
    services.advance(championship["id"])
    services.advance(championship["id"])
    assert Game.objects.count() == games_before


def test_withdrawal_forfeits_the_remaining_games(organiser_api, make_user):
    championship = create(organiser_api, options={"width": 6, "height": 6}).json()
    players = enter_players(championship["id"], organiser_api, make_user, 4)
    organiser_api.post(f"/api/championships/{championship['id']}/start/")
    quitter = client_with_token(players[0])
    answer = quitter.delete(f"/api/championships/{championship['id']}/entries/", {}, format="json")
    assert answer.status_code == 204
    play_everything(championship["id"])
    standings = organiser_api.get(f"/api/championships/{championship['id']}/standings/").json()
    row = next(r for g in standings["groups"] for r in g["rows"] if r["username"] == "player00")
    assert row["lost"] == 3 and row["forfeits"] == 3


def test_playoff_draw_goes_to_extra_time_then_a_replay_with_seats_swapped(organiser_api, make_user):
    championship_id, final = kropki_final(organiser_api, make_user)
    # K16: a level playoff game plays on in blocks of 20 moves.
    assert final.options["extra_time"] is True
    assert final.options["format"] == "full"
    blue, red = final.seats.get(seat="blue").user, final.seats.get(seat="red").user
    game_services.offer_draw(final.pk, blue)
    game_services.offer_draw(final.pk, red)
    replay = Game.objects.get(match__stage__kind="playoff", status=Game.Status.ACTIVE)
    assert replay.match_id == final.match_id
    assert replay.options["format"] == "express"
    assert (replay.seats.get(seat="blue").user, replay.seats.get(seat="red").user) == (red, blue)
    game_services.resign(replay.pk, blue)
    detail = organiser_api.get(f"/api/championships/{championship_id}/").json()
    assert detail["status"] == "finished"
    assert detail["winner"] == red.username
    bracket = organiser_api.get(f"/api/championships/{championship_id}/bracket/").json()
    assert bracket["rounds"][0]["matches"][0]["games"] == [final.pk, replay.pk]


def test_the_organiser_invites_and_removes_a_player_by_any_spelling_of_the_name(
    organiser_api, make_user
):
    anna = make_user("Anna")
    championship_id = create(organiser_api).json()["id"]
    entries = f"/api/championships/{championship_id}/entries/"
    invited = organiser_api.post(entries, {"username": " ＡＮＮＡ"}, format="json")
    assert invited.status_code == 201, invited.content
    assert invited.json() == {"status": "invited", "username": "Anna"}
    assert client_with_token(anna).post(f"{entries}accept/").status_code == 200
    assert Championship.objects.get(pk=championship_id).entries.get().player == anna
    withdrawn = organiser_api.delete(entries, {"username": "anna\t"}, format="json")
    assert withdrawn.status_code in (200, 204), withdrawn.content
    assert not Championship.objects.get(pk=championship_id).entries.exists()


def first_game_on_the_clock(organiser_api, make_user) -> Game:
    championship = create(
        organiser_api, options={"width": 6, "height": 6}, time_control={"move_s": 60}
    ).json()
    enter_players(championship["id"], organiser_api, make_user, 4)
    organiser_api.post(f"/api/championships/{championship['id']}/start/")
    return Game.objects.filter(match__stage__championship_id=championship["id"]).first()


def run_out_the_clock(game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    game_services.process_game(game.pk)


def test_a_player_who_never_moved_loses_by_forfeit_at_their_first_timeout(organiser_api, make_user):
    game = first_game_on_the_clock(organiser_api, make_user)
    run_out_the_clock(game)
    game.refresh_from_db()
    assert game.result_reason == "no_show"
    match = Match.objects.get(pk=game.match_id)
    assert match.status == Match.Status.FINISHED and match.forfeit is True


def test_a_player_who_moved_and_lost_on_time_loses_the_match_without_forfeit(
    organiser_api, make_user
):
    game = first_game_on_the_clock(organiser_api, make_user)
    for seq, point in enumerate([[1, 1], [6, 6]], start=1):
        game.refresh_from_db()
        player = game.seats.get(seat=game.to_move).user
        game_services.submit_move(game_id=game.pk, user=player, seq=seq, payload=point)
    game.refresh_from_db()
    assert game.move_count == 2
    run_out_the_clock(game)
    game.refresh_from_db()
    assert game.result_reason == "time"
    match = Match.objects.get(pk=game.match_id)
    assert match.status == Match.Status.FINISHED and match.forfeit is False
