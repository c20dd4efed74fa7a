"""The game page offers an action exactly when the service would accept it: both ask the
same rules (may_undo, may_set_away, may_offer_draw, may_rematch in games/services)."""

from collections.abc import Callable

import pytest
from django.db import transaction
from django.test import Client

from games import services
from games.models import Game
from infrastructure.errors import DomainError
from tournaments import services as championships

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

KROPKI = {"game": "kropki", "options": {"width": 10, "height": 10, "start": "empty"}}
BOXES = {"game": "dots_and_boxes", "options": {"columns": 2, "rows": 2}}

# What the page's context says it offers → the service the offer runs (the away form
# leaves, or comes back when the player is away).
OFFERS: dict[str, Callable] = {
    "allows_undo": lambda game_id, user, page: services.undo(game_id, user),
    "stand_in": lambda game_id, user, page: services.set_away(game_id, user, not page["away"]),
    "draw_offers": lambda game_id, user, page: services.offer_draw(game_id, user),
    "can_rematch": lambda game_id, user, page: services.another_game(game_id, user),
}


class _Undo(Exception):
    """Raised to roll the service's change back once it has been accepted."""


def accepted(offer: Callable, game_id: int, user, page) -> bool:
    """Whether the service accepts the action; whatever it changed is rolled back."""
    try:
        with transaction.atomic():
            offer(game_id, user, page)
            raise _Undo
    except _Undo:
        return True
    except DomainError:
        return False


def friendly(people, kind: dict, **extra) -> int:
    alice, bob = people["alice"], people["bob"]
    game = services.create_game(creator=alice, format=None, opponent="bob", **kind, **extra)
    services.accept_invitation(game.pk, bob)
    return game.pk


def move(people, game_id: int, payload) -> None:
    game = Game.objects.get(pk=game_id)
    user = game.seats.get(seat=game.to_move).user
    services.submit_move(game_id=game_id, user=user, seq=game.move_count + 1, payload=payload)


def kropki_invitation(people) -> int:
    return services.create_game(creator=people["alice"], format=None, opponent="bob", **KROPKI).pk


def kropki_declined(people) -> int:
    game_id = kropki_invitation(people)
    services.decline_invitation(game_id, people["bob"])
    return game_id


def kropki_friendly_draw_offered(people) -> int:
    game_id = friendly(people, KROPKI)
    services.offer_draw(game_id, people["alice"])
    return game_id


def kropki_practice(people) -> int:
    return services.create_game(creator=people["alice"], format=None, opponent="cpu", **KROPKI).pk


def boxes_after_a_move(people) -> int:
    game_id = friendly(people, BOXES)
    move(people, game_id, ["h", 0, 0])
    return game_id


def boxes_undo_asked(people) -> int:
    game_id = boxes_after_a_move(people)
    services.undo(game_id, people["alice"])
    return game_id


def boxes_a_player_away(people) -> int:
    game_id = boxes_after_a_move(people)
    services.set_away(game_id, people["bob"], True)  # the CPU answers for Bob at once
    return game_id


def boxes_practice_after_a_move(people) -> int:
    game = services.create_game(creator=people["alice"], format=None, opponent="cpu", **BOXES)
    move(people, game.pk, ["h", 0, 0])
    return game.pk


def boxes_rated_before_a_move(people) -> int:
    return friendly(people, BOXES, rated=True)  # D11 holds the stand-in back


def boxes_championship_game(people) -> int:
    alice = people["alice"]
    championship = championships.create_championship(
        organiser=alice, name="Boxes Cup", game="dots_and_boxes", options=BOXES["options"]
    )
    for player in (people["alice"], people["bob"]):
        championships.enter(championship.pk, by=player)
    championships.start(championship.pk, by=alice)
    return Game.objects.get(match__stage__championship=championship).pk


def boxes_resigned(people) -> int:
    game_id = boxes_after_a_move(people)
    services.resign(game_id, people["bob"])
    return game_id


def quadrotone_draw_offered(people) -> int:
    game_id = friendly(people, {"game": "quadrotone", "options": {}})
    services.offer_draw(game_id, people["alice"])  # Q19: the next offer waits ten minutes
    return game_id


def quadramids_four_players(people) -> int:
    game = services.create_game(
        creator=people["alice"],
        game="quadramids",
        options={"players": 4},
        format=None,
        opponents=["bob", "carol", "dave"],
    )
    for name in ("bob", "carol", "dave"):
        services.accept_invitation(game.pk, people[name])
    return game.pk


SITUATIONS = [
    kropki_invitation,
    kropki_declined,
    kropki_friendly_draw_offered,
    kropki_practice,
    boxes_after_a_move,
    boxes_undo_asked,
    boxes_a_player_away,
    boxes_practice_after_a_move,
    boxes_rated_before_a_move,
    boxes_championship_game,
    boxes_resigned,
    quadrotone_draw_offered,
    quadramids_four_players,
]


@pytest.mark.parametrize("situation", SITUATIONS, ids=lambda situation: situation.__name__)
def test_the_page_offers_an_action_exactly_when_the_service_accepts_it(situation, make_user):
    people = {name: make_user(name) for name in ("alice", "bob", "carol", "dave", "eve")}
    game_id = situation(people)
    for name, user in people.items():  # the players, and eve who watches
        client = Client()
        client.force_login(user)
        page = client.get(f"/games/{game_id}/").context
        for flag, offer in OFFERS.items():
            assert bool(page[flag]) == accepted(offer, game_id, user, page), (name, flag)


def test_each_action_is_offered_in_some_situation_and_refused_in_another(make_user):
    """The comparison above is not vacuous: every action is both offered and not."""
    people = {name: make_user(name) for name in ("alice", "bob", "carol", "dave", "eve")}
    seen: dict[str, set[bool]] = {flag: set() for flag in OFFERS}
    for situation in SITUATIONS:
        game_id = situation(people)
        client = Client()
        client.force_login(people["alice"])
        page = client.get(f"/games/{game_id}/").context
        for flag in OFFERS:
            seen[flag].add(bool(page[flag]))
    assert seen == {flag: {True, False} for flag in OFFERS}
