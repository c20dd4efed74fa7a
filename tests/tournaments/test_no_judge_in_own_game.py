"""Nobody decides, corrects or forfeits a game they play in: not the organiser, not a
co-organiser, not staff. The co-organisers (referees) decide the organiser's games, and
staff when no co-organiser can; the "needs you" notice goes to whoever may decide."""

import json

import pytest
from django.db.models import Q
from django.test import Client
from freezegun import freeze_time

from accounts.models import Plan, User
from games import services as game_services
from games.models import Game
from notifications.models import Notification
from ratings.models import Rating, RatingChange
from tests.conftest import TEST_PASSWORD, client_with_token
from tests.support.mfa import give_totp, log_in_with_second_factor
from tests.tournaments.deadline_support import (
    past_the_deadline,
    play_a_move,
    player_to_move,
    running_games,
    started_championship,
)
from tournaments import services
from tournaments.models import Championship, Decision, Entry, Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


@pytest.fixture
def organiser(make_user):
    return make_user("organiser", plan=Plan.PAID)


@pytest.fixture
def players(make_user):
    return [make_user(name) for name in ("anna", "boris", "clara")]


@pytest.fixture
def referee(make_user):
    return make_user("referee")


@pytest.fixture
def staff_member(make_user):
    member = make_user("staffer", staff=True)
    give_totp(member)  # staff powers come with a second factor
    return member


def adjudicate(user, game, **body):
    return client_with_token(user).post(f"/api/games/{game.pk}/adjudicate/", body, format="json")


def browser(user) -> Client:
    client = Client()
    if user.is_staff:  # staff powers need a session that passed the second factor
        return log_in_with_second_factor(client, user)
    client.force_login(user)
    return client


def own_game_first(championship, user) -> Game:
    """The user's first running game."""
    return next(game for game in running_games(championship) if game.seats.filter(user=user))


def opponent_in(game, user):
    return game.seats.exclude(user=user).get().user


def name_co_organisers(championship, organiser, *users) -> None:
    services.name_co_organisers(
        championship.pk, by=organiser, usernames=[user.username for user in users]
    )


def assert_refused_as_conflict(answer) -> None:
    assert answer.status_code == 403, answer.content
    assert answer.json()["error"]["code"] == "conflict_of_interest"


def test_an_organiser_cannot_decide_a_game_they_play(organiser, players):
    championship = started_championship(organiser, [organiser, players[0]])
    (game,) = running_games(championship)
    answer = adjudicate(organiser, game, outcome="win", winner="organiser", reason="Mine.")
    assert_refused_as_conflict(answer)
    game.refresh_from_db()
    assert (game.status, game.winner) == (Game.Status.ACTIVE, "")
    assert not Decision.objects.filter(action=Decision.Action.ADJUDICATED).exists()


def test_an_organiser_cannot_decide_a_game_they_play_on_the_page(organiser, players):
    championship = started_championship(organiser, [organiser, players[0]])
    (game,) = running_games(championship)
    url = f"/championships/{championship.pk}/games/{game.pk}/decide/"
    client = browser(organiser)
    page = client.get(url)
    assert page.status_code == 403
    text = page.content.decode()
    assert "You play in this game or in its group or bracket, so you cannot decide it" in text
    assert 'name="result"' not in text
    answer = client.post(url, {"result": "win:organiser", "reason": "Mine."})
    assert answer.status_code == 403
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    organise = client.get(f"/championships/{championship.pk}/organise/").content.decode()
    assert url not in organise and "it concerns you as a player" in organise


def test_an_organiser_cannot_correct_a_result_of_their_own_game(organiser, players):
    championship = started_championship(organiser, [organiser, players[0]], rated=True)
    (game,) = running_games(championship)
    play_a_move(game)
    game_services.resign(game.pk, organiser)
    answer = adjudicate(organiser, game, outcome="win", winner="organiser", reason="Appeal.")
    assert_refused_as_conflict(answer)
    game.refresh_from_db()
    assert game.winner == game.seats.get(user=players[0]).seat
    championship.refresh_from_db()
    assert championship.winner == players[0]


@pytest.mark.parametrize("who", ["organiser", "referee", "staff"])
def test_nobody_decides_their_own_game_refusal_changes_nothing(
    who, organiser, players, referee, staff_member
):
    judge = {"organiser": organiser, "referee": referee, "staff": staff_member}[who]
    championship = started_championship(organiser, [judge, *players], group_size=4, rated=True)
    name_co_organisers(championship, organiser, referee)
    game = own_game_first(championship, judge)
    opponent = opponent_in(game, judge)
    play_a_move(game)
    game_services.resign(game.pk, judge)
    ratings = list(Rating.objects.order_by("pk").values_list("player", "rating", "rd"))
    changes = RatingChange.objects.count()
    decisions = Decision.objects.count()
    answer = adjudicate(judge, game, outcome="win", winner=judge.username, reason="Appeal.")
    assert_refused_as_conflict(answer)
    game.refresh_from_db()
    assert (game.status, game.winner, game.result_reason) == (
        Game.Status.FINISHED,
        game.seats.get(user=opponent).seat,
        "resignation",
    )
    assert list(Rating.objects.order_by("pk").values_list("player", "rating", "rd")) == ratings
    assert RatingChange.objects.count() == changes
    assert Decision.objects.count() == decisions
    match = Match.objects.get(pk=game.match_id)
    assert match.winner.player == opponent


def test_a_group_rival_cannot_decide_a_game_of_their_group(organiser, players):
    championship = started_championship(organiser, [organiser, *players], group_size=4)
    others = [game for game in running_games(championship) if not game.seats.filter(user=organiser)]
    game = others[0]
    answer = adjudicate(organiser, game, outcome="draw", reason="Theirs.")
    assert_refused_as_conflict(answer)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE


def test_an_organiser_decides_a_game_of_a_group_they_are_not_in(organiser, players, make_user):
    field = [organiser, *players, make_user("dmitri")]
    championship = started_championship(organiser, field, group_size=3)
    organisers_groups = set(
        Match.objects.filter(stage__championship=championship)
        .filter(Q(first__player=organiser) | Q(second__player=organiser))
        .values_list("group_id", flat=True)
    )
    game = next(
        game
        for game in running_games(championship)
        if Match.objects.get(pk=game.match_id).group_id not in organisers_groups
    )
    answer = adjudicate(organiser, game, outcome="draw", reason="Both absent.")
    assert answer.status_code == 200, answer.content


def test_an_organiser_cannot_withdraw_their_opponent(organiser, players):
    championship = started_championship(organiser, [organiser, *players], group_size=4)
    game = own_game_first(championship, organiser)
    opponent = opponent_in(game, organiser)
    answer = client_with_token(organiser).delete(
        f"/api/championships/{championship.pk}/entries/",
        {"username": opponent.username},
        format="json",
    )
    assert_refused_as_conflict(answer)
    assert Entry.objects.get(championship=championship, player=opponent).withdrawn_at is None
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert not Decision.objects.filter(action=Decision.Action.WITHDREW).exists()


def test_a_referee_withdraws_the_organisers_opponent(organiser, players, referee):
    championship = started_championship(organiser, [organiser, players[0]])
    name_co_organisers(championship, organiser, referee)
    (game,) = running_games(championship)
    answer = client_with_token(referee).delete(
        f"/api/championships/{championship.pk}/entries/", {"username": "anna"}, format="json"
    )
    assert answer.status_code == 204, answer.content
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.winner == game.seats.get(user=organiser).seat
    assert Decision.objects.get(action=Decision.Action.WITHDREW).by == referee


def test_an_organiser_cannot_move_the_deadline_of_their_own_game_after_the_start(
    organiser, players
):
    championship = started_championship(organiser, [organiser, players[0]])
    (game,) = running_games(championship)
    deadline = Match.objects.get(pk=game.match_id).deadline
    answer = client_with_token(organiser).patch(
        f"/api/championships/{championship.pk}/",
        {"round_deadline_s": 30 * 86_400},
        format="json",
    )
    assert answer.status_code == 409
    assert Match.objects.get(pk=game.match_id).deadline == deadline
    championship.refresh_from_db()
    assert championship.round_deadline_s == 60
    # Nor by a draw that gives the match a new round's time: that is a decision too.
    answer = adjudicate(organiser, game, outcome="draw", reason="Again.")
    assert_refused_as_conflict(answer)
    assert Match.objects.get(pk=game.match_id).deadline == deadline


def test_the_admin_changes_no_game_match_result_or_rating_by_hand(client, staff_member, players):
    staff_member.is_superuser = True
    staff_member.save(update_fields=["is_superuser"])
    championship = started_championship(staff_member, players[:2])
    (game,) = running_games(championship)
    rating = Rating.objects.create(
        player=staff_member, game="kropki", rating=1500, rd=350, volatility=0.06
    )
    log_in_with_second_factor(client, staff_member)
    for url in (
        f"/admin/games/game/{game.pk}/change/",
        f"/admin/tournaments/match/{game.match_id}/change/",
        f"/admin/ratings/rating/{rating.pk}/change/",
    ):
        assert client.get(url).status_code == 200  # to read
        answer = client.post(url, {"status": "finished", "winner": "red", "rating": 1662})
        assert answer.status_code == 403
    rating.refresh_from_db()
    assert rating.rating == 1500
    game.refresh_from_db()
    assert (game.status, game.winner) == (Game.Status.ACTIVE, "")
    assert Match.objects.get(pk=game.match_id).status == Match.Status.PLAYING


def test_a_referee_decides_the_organisers_game(organiser, players, referee):
    body = {"name": "Cup", "game": "kropki", "co_organisers": ["REFEREE"]}
    answer = client_with_token(organiser).post("/api/championships/", body, format="json")
    assert answer.status_code == 201, answer.content
    assert answer.json()["co_organisers"] == ["referee"]
    championship = Championship.objects.get(pk=answer.json()["id"])
    for player in (organiser, players[0]):
        services.enter(championship.pk, by=player)
    services.start(championship.pk, by=organiser)
    (game,) = running_games(championship)
    answer = adjudicate(referee, game, outcome="win", winner="anna", reason="Organiser absent.")
    assert answer.status_code == 200, answer.content
    assert answer.json()["by"] == "referee"
    game.refresh_from_db()
    assert game.winner == game.seats.get(user=players[0]).seat
    # The decide page is the referee's too.
    url = f"/championships/{championship.pk}/games/{game.pk}/decide/"
    assert browser(referee).get(url).status_code == 200


def test_a_referee_cannot_decide_a_game_they_play(organiser, players, referee):
    championship = started_championship(organiser, [referee, players[0]])
    name_co_organisers(championship, organiser, referee)
    (game,) = running_games(championship)
    answer = adjudicate(referee, game, outcome="win", winner="referee", reason="Mine.")
    assert_refused_as_conflict(answer)
    url = f"/championships/{championship.pk}/games/{game.pk}/decide/"
    assert browser(referee).get(url).status_code == 403
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    # The organiser, who does not play in it, decides it.
    answer = adjudicate(organiser, game, outcome="win", winner="anna", reason="Referee absent.")
    assert answer.status_code == 200, answer.content


def test_someone_without_a_say_still_may_not_decide(organiser, players, make_user):
    championship = started_championship(organiser, players[:2])
    (game,) = running_games(championship)
    answer = adjudicate(make_user("stranger"), game, outcome="draw", reason="x")
    assert answer.status_code == 403
    assert answer.json()["error"]["code"] == "permission_denied"


def final_of_the_organiser(organiser, players, frozen) -> tuple[Championship, Game]:
    """Four players in groups of two, the organiser among them: the organiser moves in
    their group game and so wins it when the round's time is up; the final is running."""
    championship = started_championship(
        organiser, [organiser, *players], playoff_players_per_group=1
    )
    group_game = own_game_first(championship, organiser)
    if player_to_move(group_game) == organiser:
        play_a_move(group_game)
    past_the_deadline(championship, frozen)
    (final,) = running_games(championship)
    assert final.seats.filter(user=organiser).exists()
    return championship, final


def level_at_its_deadline(championship, final, frozen) -> None:
    """The final's players make a move each and stop: level at the round's deadline."""
    play_a_move(final)
    play_a_move(final)
    past_the_deadline(championship, frozen)
    assert Match.objects.get(pk=final.match_id).status == Match.Status.AWAITING


def needs(user) -> list[Notification]:
    return list(Notification.objects.filter(user=user, kind="organiser_needed"))


def test_the_needs_you_notice_goes_to_the_referees_when_the_organiser_plays(
    organiser, players, referee
):
    with freeze_time("2026-03-01 10:00:00") as frozen:
        championship, final = final_of_the_organiser(organiser, players, frozen)
        name_co_organisers(championship, organiser, referee)  # after the start too
        level_at_its_deadline(championship, final, frozen)
        (need,) = needs(referee)
        assert need.url == f"/championships/{championship.pk}/organise/"
        assert not needs(organiser)
        page = browser(referee).get(need.url).content.decode()
        decide_url = f"/championships/{championship.pk}/games/{final.pk}/decide/"
        assert "Level playoff games to decide" in page and decide_url in page
        winner = opponent_in(final, organiser)
        answer = adjudicate(referee, final, outcome="win", winner=winner.username, reason="Tempo.")
        assert answer.status_code == 200, answer.content
    championship.refresh_from_db()
    assert championship.winner == winner


def test_staff_decide_when_no_referee_can(organiser, players, staff_member):
    with freeze_time("2026-03-01 10:00:00") as frozen:
        championship, final = final_of_the_organiser(organiser, players, frozen)
        # The only co-organiser is the organiser's opponent in the final.
        name_co_organisers(championship, organiser, opponent_in(final, organiser))
        level_at_its_deadline(championship, final, frozen)
        (need,) = needs(staff_member)
        assert not needs(organiser) and not needs(opponent_in(final, organiser))
        decide_url = f"/championships/{championship.pk}/games/{final.pk}/decide/"
        assert decide_url in browser(staff_member).get(need.url).content.decode()
        winner = opponent_in(final, organiser)
        answer = adjudicate(
            staff_member, final, outcome="win", winner=winner.username, reason="Tempo."
        )
        assert answer.status_code == 200, answer.content
    championship.refresh_from_db()
    assert championship.winner == winner
    assert Decision.objects.get(action=Decision.Action.ADJUDICATED).by == staff_member


@pytest.mark.parametrize(
    "names",
    [["nobody"], ["organiser"], ["anna", 7], "anna", ["x" * 200], ["p"] * 11],
)
def test_a_wrong_co_organiser_is_400_naming_the_field_and_changes_nothing(
    organiser, players, names
):
    client = client_with_token(organiser)
    body = {"name": "Cup", "game": "kropki", "co_organisers": names}
    answer = client.post("/api/championships/", body, format="json")
    assert answer.status_code == 400, answer.content
    assert "co_organisers" in answer.json()["error"]["details"]
    assert not Championship.objects.exists()
    championship = services.create_championship(organiser=organiser, name="Cup", game="kropki")
    url = f"/api/championships/{championship.pk}/"
    answer = client.patch(url, {"co_organisers": names, "name": "Other"}, format="json")
    assert answer.status_code == 400, answer.content
    championship.refresh_from_db()
    assert championship.name == "Cup" and not championship.co_organisers.exists()


def test_co_organisers_are_named_after_the_start_and_nothing_else_changes(
    organiser, players, referee
):
    championship = started_championship(organiser, players[:2])
    url = f"/api/championships/{championship.pk}/"
    client = client_with_token(organiser)
    answer = client.patch(url, {"co_organisers": ["referee"], "name": "Late"}, format="json")
    assert answer.status_code == 409
    assert not championship.co_organisers.exists()
    answer = client.patch(url, {"co_organisers": ["referee", "Referee"]}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["co_organisers"] == ["referee"]
    (logged,) = Decision.objects.filter(action=Decision.Action.EDITED)
    assert (logged.by, logged.after) == (organiser, {"co_organisers": ["referee"]})
    # Naming them is the organiser's alone, not a co-organiser's.
    answer = client_with_token(referee).patch(url, {"co_organisers": []}, format="json")
    assert answer.status_code == 403
    assert list(championship.co_organisers.all()) == [referee]


def test_the_organiser_names_co_organisers_on_the_organise_page(organiser, players, referee):
    championship = started_championship(organiser, players[:2])
    client = browser(organiser)
    answer = client.post(
        f"/championships/{championship.pk}/co-organisers/", {"usernames": "referee, anna"}
    )
    assert answer.status_code == 302
    assert set(championship.co_organisers.all()) == {referee, players[0]}
    page = browser(referee).get(f"/championships/{championship.pk}/organise/")
    assert page.status_code == 200
    assert "You are a co-organiser" in page.content.decode()
    answer = browser(referee).post(
        f"/championships/{championship.pk}/co-organisers/", {"usernames": ""}
    )
    assert set(championship.co_organisers.all()) == {referee, players[0]}


def test_a_deleted_account_is_no_ones_co_organiser_any_more(organiser, players, referee):
    championship = started_championship(organiser, players[:2])
    name_co_organisers(championship, organiser, referee)
    answer = client_with_token(referee).delete(
        "/api/accounts/me/", {"password": TEST_PASSWORD}, format="json"
    )
    assert answer.status_code == 204, answer.content
    assert not championship.co_organisers.exists()
    (logged,) = Decision.objects.filter(action=Decision.Action.EDITED)
    assert logged.after == {"co_organisers": [User.objects.get(pk=referee.pk).username]}
    log = client_with_token(organiser).get(f"/api/championships/{championship.pk}/log/").json()
    assert "referee" not in json.dumps(log)


def test_a_co_organiser_sees_a_private_championship_until_dropped(organiser, players, referee):
    championship = started_championship(organiser, [organiser, players[0]])
    Championship.objects.filter(pk=championship.pk).update(
        visibility=Championship.Visibility.PRIVATE
    )
    url = f"/api/championships/{championship.pk}/"
    assert client_with_token(referee).get(url).status_code == 404
    name_co_organisers(championship, organiser, referee)
    assert client_with_token(referee).get(url).status_code == 200
    (game,) = running_games(championship)
    assert client_with_token(referee).get(f"/api/games/{game.pk}/").status_code == 200
    name_co_organisers(championship, organiser)
    assert client_with_token(referee).get(url).status_code == 404
