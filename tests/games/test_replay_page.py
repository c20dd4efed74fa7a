"""What the game page says around the board as the game goes: the help on moving only
while there is a move to make, and taking back only once there is a move to take back."""

import pytest
from django.test import Client

from games import services
from games.models import Game
from tests.conftest import client_with_token
from tests.support.replays import finished_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

BOXES = {"game": "dots_and_boxes", "options": {"columns": 2, "rows": 2}}


def page_for(user, game_id: int) -> str:
    client = Client()
    client.force_login(user)
    return client.get(f"/games/{game_id}/").content.decode()


@pytest.mark.parametrize("name", ["kropki", "dots_and_boxes", "quadramids", "quadrotone"])
def test_the_help_on_moving_is_gone_once_the_game_is_over(name, make_user):
    from games import registry

    lena = make_user("lena")
    game = finished_game(lena, name)
    help_text = str(registry.declaration(name).board_help)
    assert help_text
    assert help_text not in page_for(lena, game.pk)
    assert (
        "it updates as the players move"
        not in Client().get(game.get_absolute_url()).content.decode()
    )


@pytest.mark.parametrize("seat", ["first", "second"])
def test_take_back_is_offered_only_once_the_player_has_a_move_of_their_own(seat, make_user):
    lena = make_user("lena")
    game = services.create_game(creator=lena, format=None, opponent="cpu", seat=seat, **BOXES)
    api = client_with_token(lena)
    # Before their first move (the CPU may have made its own): nothing to take back.
    assert "Take back my move" not in page_for(lena, game.pk)
    refused = api.post(f"/api/games/{game.pk}/undo/")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "nothing_to_undo"
    game = Game.objects.get(pk=game.pk)
    services.submit_move(game_id=game.pk, user=lena, seq=game.move_count + 1, payload=["h", 1, 2])
    assert "Take back my move" in page_for(lena, game.pk)
    assert api.post(f"/api/games/{game.pk}/undo/").status_code == 200
    # The move taken back, there is again nothing to take back.
    assert "Take back my move" not in page_for(lena, game.pk)
