"""An Arena through the API: everyone free is paired at once, streaks and early draws
score as the rules say, pause and resume, a missed game pauses, the end at its time."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services as game_services
from tests.conftest import client_with_token
from tests.tournaments.systems_support import GAME_OPTIONS
from tournaments.models import Championship, Entry, Match
from tournaments.services.sweep import sweep as sweep_championships
from tournaments.systems.arena import ARENA

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def create(client, **fields):
    body = {
        "name": "Blitz Arena",
        "game": "kropki",
        "options": {"width": 5, "height": 5},
        "rated": False,
        "system": "arena",
        **fields,
    }
    return client.post("/api/championships/", body, format="json")


def started_arena(organiser_api, make_user, count: int, **fields) -> tuple[int, dict]:
    answer = create(organiser_api, **fields)
    assert answer.status_code == 201, answer.content
    championship_id = answer.json()["id"]
    clients = {}
    for n in range(count):
        player = make_user(f"arena{n}")
        clients[player.username] = client_with_token(player)
        entered = clients[player.username].post(
            f"/api/championships/{championship_id}/entries/", {}, format="json"
        )
        assert entered.status_code == 201, entered.content
    assert organiser_api.post(f"/api/championships/{championship_id}/start/").status_code == 200
    return championship_id, clients


def playing(championship_id: int) -> list[Match]:
    return list(
        Match.objects.filter(
            stage__championship_id=championship_id, status=Match.Status.PLAYING
        ).select_related("first__player", "second__player")
    )


def standings(client, championship_id: int) -> list[dict]:
    return client.get(f"/api/championships/{championship_id}/standings/").json()["arena"]


@pytest.mark.parametrize("minutes", [9, 721, "60", None])
def test_an_arena_length_out_of_range_is_named_and_nothing_is_created(organiser_api, minutes):
    before = Championship.objects.count()
    answer = create(organiser_api, arena_minutes=minutes)
    assert answer.status_code == 400
    assert "arena_minutes" in answer.json()["error"]["details"]
    assert Championship.objects.count() == before


def test_the_start_pairs_everyone_present_and_one_waits_when_odd(organiser_api, make_user):
    championship_id, _clients = started_arena(organiser_api, make_user, 5, arena_minutes=30)
    championship = Championship.objects.get(pk=championship_id)
    assert championship.status == ARENA
    matches = playing(championship_id)
    assert len(matches) == 2
    paired = {entry for match in matches for entry in (match.first_id, match.second_id)}
    assert len(paired) == 4
    stage = championship.stages.get()
    assert stage.ends_at - championship.started_at < timedelta(minutes=30, seconds=5)
    assert all(match.deadline is None for match in matches)  # the clocks decide, not a round


def test_players_freed_by_results_are_paired_at_once_never_with_the_one_just_played(
    organiser_api, make_user
):
    championship_id, _clients = started_arena(organiser_api, make_user, 4)
    first, second = playing(championship_id)
    game_services.resign(first.games.get().pk, first.second.player)
    # The two just freed wait for someone new rather than meet again.
    assert [match.pk for match in playing(championship_id)] == [second.pk]
    game_services.resign(second.games.get().pk, second.second.player)
    now = playing(championship_id)
    assert len(now) == 2
    for match in now:
        assert {match.first_id, match.second_id} not in (
            {first.first_id, first.second_id},
            {second.first_id, second.second_id},
        )


def test_points_a_streak_and_the_standings_rows(organiser_api, make_user):
    championship_id, _clients = started_arena(organiser_api, make_user, 2)
    winner = None
    for _game in range(3):
        (match,) = playing(championship_id)
        winner = winner or match.first
        loser = match.second if match.first_id == winner.pk else match.first
        game_services.resign(match.games.get().pk, loser.player)
    rows = standings(organiser_api, championship_id)
    top = rows[0]
    assert top["username"] == winner.player.username
    # 2 + 2, then the third win on a streak counts double: 4.
    assert (top["points"], top["games"], top["won"], top["streak"]) == (8, 3, 3, 3)
    assert top["on_streak"] is True and top["paused"] is False
    assert set(top) >= {"rank", "username", "points", "games", "won", "drawn", "lost",
                        "streak", "berserk", "paused"}  # fmt: skip
    assert rows[1]["points"] == 0 and rows[1]["lost"] == 3


def test_a_paused_player_is_not_paired_until_they_resume(organiser_api, make_user):
    championship_id, clients = started_arena(organiser_api, make_user, 2)
    (match,) = playing(championship_id)
    leaver = match.first.player.username
    answer = clients[leaver].post(f"/api/championships/{championship_id}/pause/")
    assert answer.status_code == 200 and answer.json() == {"username": leaver, "paused": True}
    game_services.resign(match.games.get().pk, match.second.player)
    assert playing(championship_id) == []
    assert [row["paused"] for row in standings(organiser_api, championship_id)
            if row["username"] == leaver] == [True]  # fmt: skip
    assert clients[leaver].post(f"/api/championships/{championship_id}/resume/").json() == {
        "username": leaver,
        "paused": False,
    }
    assert len(playing(championship_id)) == 1


def test_only_an_entrant_pauses_and_only_in_an_arena(organiser_api, make_user):
    championship_id, _clients = started_arena(organiser_api, make_user, 2)
    outsider = client_with_token(make_user("outsider"))
    assert outsider.post(f"/api/championships/{championship_id}/pause/").status_code == 403
    assert organiser_api.post("/api/championships/999999/pause/").status_code == 404
    groups = organiser_api.post(
        "/api/championships/", {"name": "Cup", "game": "kropki"}, format="json"
    ).json()["id"]
    entrant = make_user("cup-player")
    client_with_token(entrant).post(f"/api/championships/{groups}/entries/", {}, format="json")
    refused = client_with_token(entrant).post(f"/api/championships/{groups}/pause/")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_running"


def test_a_player_who_misses_a_game_is_paused_and_the_game_counts_for_nobody(
    organiser_api, make_user
):
    championship_id, _clients = started_arena(organiser_api, make_user, 2)
    (match,) = playing(championship_id)
    game = match.games.get()
    # The player to move never moves: the opponent wins without a game.
    from games.models import Game

    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    game_services.sweep()
    absent = Entry.objects.filter(pk__in=[match.first_id, match.second_id], paused_at__isnull=False)
    assert absent.count() == 1
    rows = standings(organiser_api, championship_id)
    assert [row["games"] for row in rows] == [0, 0]
    assert playing(championship_id) == []


def test_the_arena_ends_at_its_time_and_a_game_in_play_then_does_not_count(
    organiser_api, make_user
):
    championship_id, _clients = started_arena(organiser_api, make_user, 2)
    championship = Championship.objects.get(pk=championship_id)
    stage = championship.stages.get()
    stage.ends_at = timezone.now() - timedelta(seconds=1)
    stage.save(update_fields=["ends_at"])
    swept = sweep_championships()
    assert championship_id in swept.moved_on
    championship.refresh_from_db()
    assert championship.status == Championship.Status.FINISHED
    (match,) = playing(championship_id)  # still played to its end
    game_services.resign(match.games.get().pk, match.second.player)
    rows = standings(organiser_api, championship_id)
    assert [row["games"] for row in rows] == [0, 0]
    # The sweep does not take that late result for a lost advance, again and again.
    later = sweep_championships(timezone.now() + timedelta(minutes=5))
    assert championship_id not in later.moved_on
    final = organiser_api.get(f"/api/championships/{championship_id}/standings/").json()["final"]
    assert [row["rank"] for row in final] == [1, 2]


def test_the_page_shows_the_standings_the_players_own_game_and_the_podium(
    organiser_api, make_user, client
):
    championship_id, _clients = started_arena(organiser_api, make_user, 2)
    (match,) = playing(championship_id)
    client.force_login(match.first.player)
    page = client.get(f"/championships/{championship_id}/").content.decode()
    assert "Arena standings" in page and "Your game now" in page
    assert f"/games/{match.games.get().pk}/" in page
    paused = client.post(f"/championships/{championship_id}/pause/", follow=True)
    assert "Paused: you are not paired until you resume." in paused.content.decode()
    assert Entry.objects.get(pk=match.first_id).paused_at is not None
    assert client.post(f"/championships/{championship_id}/resume/").status_code == 302
    stage = Championship.objects.get(pk=championship_id).stages.get()
    stage.ends_at = timezone.now() - timedelta(seconds=1)
    stage.save(update_fields=["ends_at"])
    sweep_championships()
    finished = client.get(f"/championships/{championship_id}/").content.decode()
    assert 'class="podium"' in finished


def test_the_standings_csv_has_the_arena_rows(organiser_api, make_user):
    championship_id, _clients = started_arena(organiser_api, make_user, 2)
    (match,) = playing(championship_id)
    game_services.resign(match.games.get().pk, match.second.player)
    text = organiser_api.get(f"/api/championships/{championship_id}/standings/?format=csv").content
    lines = text.decode().splitlines()
    assert lines[1].startswith("arena,") and match.first.player.username in lines[1]


def test_a_berserk_win_earns_a_point_more(organiser_api, make_user):
    championship_id, clients = started_arena(
        organiser_api, make_user, 2, time_control={"initial_s": 300, "increment_s": 0}
    )
    (match,) = playing(championship_id)
    game = match.games.get()
    assert game.berserk_allowed
    berserker = match.first.player
    answer = clients[berserker.username].post(f"/api/games/{game.pk}/berserk/")
    assert answer.status_code == 200, answer.content
    game_services.resign(game.pk, match.second.player)
    top = standings(organiser_api, championship_id)[0]
    assert (top["username"], top["points"], top["berserk"]) == (berserker.username, 3, 1)


def test_games_of_other_systems_do_not_allow_berserk(organiser_api, make_user):
    answer = organiser_api.post(
        "/api/championships/", {"name": "Cup", "game": "kropki", "rated": False}, format="json"
    )
    championship_id = answer.json()["id"]
    for n in range(2):
        client_with_token(make_user(f"cup{n}")).post(
            f"/api/championships/{championship_id}/entries/", {}, format="json"
        )
    organiser_api.post(f"/api/championships/{championship_id}/start/")
    (match,) = playing(championship_id)
    assert match.games.get().berserk_allowed is False


@pytest.mark.parametrize("game", list(GAME_OPTIONS))
def test_every_game_of_two_players_runs_an_arena_to_its_end(organiser_api, make_user, game):
    championship_id, _clients = started_arena(
        organiser_api, make_user, 3, game=game, options=GAME_OPTIONS[game]
    )
    (match,) = playing(championship_id)
    assert match.games.get().seats.count() == 2
    waiting = (
        Entry.objects.filter(championship_id=championship_id)
        .exclude(pk__in=[match.first_id, match.second_id])
        .get()
    )
    game_services.resign(match.games.get().pk, match.second.player)
    (following,) = playing(championship_id)  # the one who waited meets the one freed first
    assert waiting.pk in (following.first_id, following.second_id)
    stage = Championship.objects.get(pk=championship_id).stages.get()
    stage.ends_at = timezone.now() - timedelta(seconds=1)
    stage.save(update_fields=["ends_at"])
    sweep_championships()
    championship = Championship.objects.get(pk=championship_id)
    assert championship.status == Championship.Status.FINISHED
    assert championship.winner == match.first.player


def test_the_calendar_holds_the_arena_from_its_start_to_its_end_not_each_wave(
    organiser_api, make_user, client
):
    import icalendar

    championship_id, _clients = started_arena(organiser_api, make_user, 4, arena_minutes=90)
    (first, second) = playing(championship_id)
    game_services.resign(first.games.get().pk, first.second.player)
    game_services.resign(second.games.get().pk, second.second.player)  # a second wave
    answer = client.get(f"/championships/{championship_id}/calendar.ics")
    assert answer.status_code == 200
    events = icalendar.Calendar.from_ical(answer.content).walk("VEVENT")
    summaries = [str(event["SUMMARY"]) for event in events]
    assert sorted(summaries) == ["Blitz Arena starts", "Blitz Arena: Arena"]
    arena = events[summaries.index("Blitz Arena: Arena")]
    length = arena["DTEND"].dt - arena["DTSTART"].dt
    assert timedelta(minutes=89) < length <= timedelta(minutes=90)


def test_the_first_wave_pairs_neighbours_in_the_organisers_seeding(organiser_api, make_user):
    answer = create(organiser_api)
    championship_id = answer.json()["id"]
    names = [f"seeded{n}" for n in range(4)]
    for name in names:
        client_with_token(make_user(name)).post(
            f"/api/championships/{championship_id}/entries/", {}, format="json"
        )
    order = [names[3], names[0], names[2], names[1]]
    seeds = organiser_api.put(
        f"/api/championships/{championship_id}/seeds/", {"order": order}, format="json"
    )
    assert seeds.status_code == 200, seeds.content
    organiser_api.post(f"/api/championships/{championship_id}/start/")
    pairs = {
        frozenset((match.first.player.username, match.second.player.username))
        for match in playing(championship_id)
    }
    assert pairs == {frozenset(order[:2]), frozenset(order[2:])}
    assert [row["username"] for row in standings(organiser_api, championship_id)] == order


def test_a_late_entrant_joins_a_running_arena_and_is_paired_at_once(organiser_api, make_user):
    championship_id, _clients = started_arena(organiser_api, make_user, 3)
    assert len(playing(championship_id)) == 1  # one of three waits
    late = client_with_token(make_user("latecomer")).post(
        f"/api/championships/{championship_id}/entries/", {}, format="json"
    )
    assert late.status_code == 201, late.content
    paired = {match.first.player.username for match in playing(championship_id)} | {
        match.second.player.username for match in playing(championship_id)
    }
    assert "latecomer" in paired and len(playing(championship_id)) == 2
    stage = Championship.objects.get(pk=championship_id).stages.get()
    stage.ends_at = timezone.now() - timedelta(seconds=1)
    stage.save(update_fields=["ends_at"])
    too_late = client_with_token(make_user("too-late")).post(
        f"/api/championships/{championship_id}/entries/", {}, format="json"
    )
    assert too_late.status_code == 409


def test_an_arena_reads_right_on_every_page_before_during_and_after(
    organiser_api, make_user, organiser, client
):
    answer = create(organiser_api, arena_minutes=45)
    championship_id = answer.json()["id"]
    for n in range(2):
        client_with_token(make_user(f"early{n}")).post(
            f"/api/championships/{championship_id}/entries/", {}, format="json"
        )
    client.force_login(organiser)
    pages = ("", "organise/", "start/", "rounds/", "edit/")
    for page in pages:
        before = client.get(f"/championships/{championship_id}/{page}")
        assert before.status_code == 200, page
    settings = client.get(f"/championships/{championship_id}/").content.decode()
    assert "Arena length" in settings and "45 minutes from the start" in settings
    assert "Time for each round" not in settings  # an Arena's games run on their clocks
    start_page = client.get(f"/championships/{championship_id}/start/").content.decode()
    assert "Everyone present paired at once" in start_page
    organiser_api.post(f"/api/championships/{championship_id}/start/")
    rounds = client.get(f"/championships/{championship_id}/rounds/").content.decode()
    assert "Arena, wave 1" in rounds
    organise = client.get(f"/championships/{championship_id}/organise/").content.decode()
    assert "Games open by themselves" in organise and "playing in the Arena" in organise
    stage = Championship.objects.get(pk=championship_id).stages.get()
    stage.ends_at = timezone.now() - timedelta(seconds=1)
    stage.save(update_fields=["ends_at"])
    sweep_championships()
    for page in ("", "organise/", "rounds/"):
        assert client.get(f"/championships/{championship_id}/{page}").status_code == 200, page
    for page in ("start/", "edit/"):  # over: back to the organise page, said why
        assert client.get(f"/championships/{championship_id}/{page}").status_code == 302, page
