"""A Swiss with a playoff and a double elimination run to their champions from the pages
(the organiser's forms) and from the API, each with a player who never shows up (their
games lost at the round's deadline) and the organiser deciding the others."""

import pytest
from django.urls import reverse
from freezegun import freeze_time

from accounts.models import User
from games import registry
from games import selectors as game_selectors
from games import services as game_services
from games.models import Game
from tests.conftest import client_with_token
from tests.support.championships import to_the_next_deadline
from tests.tournaments.test_pages import form_data
from tournaments.models import Championship, Decision, FinalRank

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

SWISS_FORM = {
    "system": "swiss", "swiss_rounds": "3", "playoff_players": "2",
    "tiebreak_1": "buchholz_cut1", "tiebreak_2": "buchholz", "tiebreak_3": "wins",
}  # fmt: skip
DOUBLE_FORM = {"system": "double_elimination", "grand_final_reset": "on"}


def running_games(championship) -> list[Game]:
    return list(
        Game.objects.filter(
            match__stage__championship=championship, status=Game.Status.ACTIVE
        ).order_by("pk")
    )


def move_if_present(game: Game, absent: str) -> bool:
    """The present player's move when it is theirs to make and they have not moved yet."""
    player = User.objects.get(pk=game_selectors.players_by_seat(game)[game.to_move])
    if player.username == absent or game.moves.filter(player=player).exists():
        return False
    rules = registry.declaration(game.game).engine
    move = rules.suggest(rules.load(bytes(game.snapshot)))
    game_services.submit_move(game_id=game.pk, user=player, seq=game.move_count + 1, payload=move)
    return True


def decide_all(championship, absent: str, decide) -> None:
    """Every running game without the absent player goes to its first seat's player by the
    organiser's decision; then the clock runs to the deadline, which decides the absent
    player's games. Until the championship is over."""
    with freeze_time("2026-05-04 10:00:00") as frozen:
        for _step in range(60):
            championship.refresh_from_db()
            if championship.status == Championship.Status.FINISHED:
                return
            games = running_games(championship)
            present = [g for g in games if absent not in game_selectors.seat_names(g).values()]
            for game in present:
                decide(game, next(iter(game_selectors.seat_names(game).values())))
            # Against the absent player, the other makes their first move and waits.
            moved = [
                game for game in games if game not in present and move_if_present(game, absent)
            ]
            if present or moved:
                continue
            to_the_next_deadline(championship, frozen)
    raise AssertionError("the championship did not finish")


def assert_finished_past_the_no_show(championship, absent: str, organiser) -> None:
    championship.refresh_from_db()
    assert championship.status == Championship.Status.FINISHED
    assert championship.winner.username != absent
    absent_games = Game.objects.filter(
        match__stage__championship=championship, seats__user__username=absent
    )
    assert absent_games.exists()
    assert all(game.result_reason == "no_show" for game in absent_games)
    assert Decision.objects.filter(championship=championship, by=organiser, action="adjudicated")
    assert FinalRank.objects.filter(championship=championship).count() == 5


@pytest.mark.parametrize("system_form", [SWISS_FORM, DOUBLE_FORM], ids=["swiss", "double"])
def test_a_championship_runs_to_its_champion_from_the_pages(client, make_user, system_form):
    organiser = make_user("organiser")
    client.force_login(organiser)
    created = client.post(
        reverse("championship-new"),
        form_data(
            width="5", height="5", stage_format="express", playoff_format="express",
            rated="", clock="default", initial_minutes="", increment_seconds="", **system_form,
        ),
    )  # fmt: skip
    assert created.status_code == 302, created.content.decode()[:2000]
    championship = Championship.objects.get(organiser=organiser)
    assert championship.system == system_form["system"]
    players = [make_user(f"player{n}") for n in range(5)]
    for player in players:
        client.force_login(player)
        client.post(reverse("championship-enter", args=[championship.pk]))
    assert championship.entries.count() == 5
    client.force_login(organiser)
    client.post(reverse("championship-start", args=[championship.pk]), {"next": "organise"})

    def decide(game: Game, winner: str) -> None:
        client.force_login(organiser)  # the clock runs weeks on: a session would expire
        page = reverse("championship-decide", args=[championship.pk, game.pk])
        answer = client.post(page, {"result": f"win:{winner}", "reason": "Agreed on the phone."})
        assert answer.status_code == 302, answer.content.decode()[:2000]
        assert answer["Location"] == reverse("championship-organise", args=[championship.pk])

    decide_all(championship, "player2", decide)
    assert_finished_past_the_no_show(championship, "player2", organiser)


@pytest.mark.parametrize(
    "system",
    [
        {"system": "swiss", "swiss_rounds": 3, "playoff_players": 2},
        {"system": "double_elimination"},
    ],
    ids=["swiss", "double"],
)
def test_a_championship_runs_to_its_champion_from_the_api(make_user, system):
    organiser = make_user("organiser")
    api = client_with_token(organiser)
    body = {
        "name": "Open", "game": "kropki", "options": {"width": 5, "height": 5},
        "stage_format": "express", "playoff_format": "express", "rated": False, **system,
    }  # fmt: skip
    created = api.post("/api/championships/", body, format="json")
    assert created.status_code == 201, created.content
    championship = Championship.objects.get(pk=created.json()["id"])
    for n in range(5):
        entered = client_with_token(make_user(f"player{n}")).post(
            f"/api/championships/{championship.pk}/entries/", {}, format="json"
        )
        assert entered.status_code == 201
    assert api.post(f"/api/championships/{championship.pk}/start/").status_code == 200

    def decide(game: Game, winner: str) -> None:
        answer = api.post(
            f"/api/games/{game.pk}/adjudicate/",
            {"outcome": "win", "winner": winner, "reason": "Agreed on the phone."},
            format="json",
        )
        assert answer.status_code == 200, answer.content

    decide_all(championship, "player2", decide)
    assert_finished_past_the_no_show(championship, "player2", organiser)
    final = api.get(f"/api/championships/{championship.pk}/standings/").json()["final"]
    assert final[0]["username"] == championship.winner.username
