"""The move list and the replay: each game's moves in its own notation with the points
they won, the position after any move rendered by the server (`?move=N`), what a wrong N
gets, and that a replayed position shows no more than the live page would."""

import re

import pytest
from django.test import Client

from games import registry, replay, services
from games.boards import board_svg
from games.engines import engine
from games.models import Game, Move
from tests.support.replays import finished_game, replayed_view, replayed_views

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

GAMES = ["kropki", "dots_and_boxes", "quadramids", "quadrotone"]


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def drawn_board(game: Game, number: int) -> str:
    """The board after move `number` as board_svg draws the engine's replay, without its
    root element and title (they carry the page's label)."""
    expected = board_svg(game.game, replayed_view(game, number))
    return expected[expected.index("</title>") + len("</title>") :]


@pytest.mark.parametrize("name", GAMES)
def test_the_permalink_draws_the_board_after_that_move_as_the_engine_replays_it(name, make_user):
    game = finished_game(make_user("lena"), name)
    assert game.move_count >= 3
    for number in (0, 1, game.move_count // 2, game.move_count):
        html = Client().get(f"/games/{game.pk}/?move={number}").content.decode()
        assert drawn_board(game, number) in html, number
        assert f'data-shown-move="{number}"' in html
        assert re.search(rf'href="\?move={number}"[^>]*aria-current="step"', html), number


@pytest.mark.parametrize("name", GAMES)
def test_the_move_list_writes_every_move_in_the_games_notation_with_its_points(name, make_user):
    game = finished_game(make_user("lena"), name)
    notation = registry.declaration(name).notation
    html = Client().get(f"/games/{game.pk}/").content.decode()
    html = re.sub(r'<span class="part">([^<]*)</span>', r"\1", html)  # a move's parts
    moves = list(game.moves.filter(status=Move.Status.ACCEPTED).order_by("seq"))
    lines = replay.move_list(game)
    assert [line.number for line in lines] == list(range(1, game.move_count + 1))
    for move, line in zip(moves, lines, strict=True):
        assert line.text == notation(move.payload)
        assert (line.points, line.score_after) == (move.points, move.score_after)
        assert f'<span class="move-text">{line.text}</span>' in html
    for line in lines:
        if line.points:
            assert f'<span class="move-points">+{line.points}</span>' in html


@pytest.mark.parametrize(
    ("name", "move", "written"),
    [
        ("kropki", [20, 16], "20-16"),
        ("dots_and_boxes", ["h", 0, 0], "a1–b1"),
        ("dots_and_boxes", ["v", 2, 1], "c2–c3"),
        ("quadramids", ["put", "d1"], "@d1"),
        ("quadramids", ["move", "d4", "d4+"], "d4–d4+"),
        ("quadramids", ["resign", "2"], "resigned"),
        ("quadrotone", {"place": [[17, 4, 2, 1], [3, 0, 0, 0]]}, "17@5-3↻90°, 3@1-1"),
        ("quadrotone", {"rearrange": [[4, 2, 5, 2, 0], [0, 0, 0, 0, 2]]}, "5-3→6-3, 1-1↻180°"),
        ("quadrotone", {"turn": [[15, 15, 3]]}, "16-16↻270°"),
        ("quadrotone", {"pass": "timeout"}, "pass (time ran out)"),
        ("quadrotone", {"draw": True}, "draw agreed"),
    ],
)
def test_each_game_writes_its_moves_as_its_players_do(name, move, written):
    assert replay.move_text(name, move) == written


def test_a_move_the_notation_does_not_know_is_written_as_the_record_has_it():
    assert replay.move_text("quadramids", ["wave", "a1"]) == '["wave","a1"]'


@pytest.mark.parametrize(
    ("asked", "shown", "note"),
    [
        ("abc", None, "move: give a whole number from 0 to"),
        ("1.5", None, "move: give a whole number from 0 to"),
        ("-3", 0, "there is no move before 0"),
        ("99999999999999999999", None, "the last is shown"),
    ],
)
def test_a_move_number_that_is_not_one_of_the_games_says_so_and_shows_the_nearest(
    asked, shown, note, make_user
):
    game = finished_game(make_user("lena"), "kropki")
    for address in (f"/games/{game.pk}/?move={asked}", f"/games/{game.pk}/live/?move={asked}"):
        response = Client().get(address)
        assert response.status_code == 200, address
        html = response.content.decode()
        assert f'data-shown-move="{game.move_count if shown is None else shown}"' in html
    page = Client().get(f"/games/{game.pk}/?move={asked}").content.decode()
    assert note in page
    assert replay.asked_move(asked, game.move_count).number == shown


def test_the_position_at_a_move_is_brought_into_the_game():
    assert replay.asked_move(None, 5) == replay.Asked(None)
    assert replay.asked_move("", 5) == replay.Asked(None)
    assert replay.asked_move(" 3 ", 5) == replay.Asked(3)
    assert replay.asked_move("5", 5) == replay.Asked(5)
    assert replay.asked_move("6", 5).number is None


def test_a_replayed_quadrotone_position_hides_the_tiles_in_other_hands(make_user):
    lena, tom = make_user("lena"), make_user("tom")
    game = finished_game(lena, "quadrotone")
    seat = game.seats.get(user=lena).seat
    other = next(s.seat for s in game.seats.all() if s.seat != seat)
    own = replay.position_at(game, 2, seat).view["hands"]
    assert set(own) == {seat} and len(own[seat]) > 100
    assert replay.position_at(game, 2, None).view["hands"] == {}
    assert other not in own
    # Nor does any page of a past position show a hand: not the player's, not a spectator's.
    for client in (logged_in(lena), logged_in(tom), Client()):
        html = client.get(f"/games/{game.pk}/?move=2").content.decode()
        assert "hand-tile" not in html and "Your tiles" not in html


def test_counted_hands_stay_in_a_replayed_position(make_user):
    game = finished_game(make_user("lena"), "quadramids")
    hands = replay.position_at(game, 2, None).view["hands"]
    assert hands == {"1": 15, "2": 15}
    assert "15 in hand" in Client().get(f"/games/{game.pk}/?move=2").content.decode()


def test_a_player_looking_back_in_a_game_under_way_gets_a_board_that_does_not_play(make_user):
    lena = make_user("lena")
    game = services.create_game(
        creator=lena, game="quadrotone", options={}, format=None, opponent="cpu"
    )
    game = Game.objects.get(pk=game.pk)  # the CPU has moved if it sits first
    rules = engine("quadrotone")
    move = rules.suggest(rules.load(bytes(game.snapshot)), "easy")
    services.submit_move(game_id=game.pk, user=lena, seq=game.move_count + 1, payload=move)
    live = logged_in(lena).get(f"/games/{game.pk}/").content.decode()
    assert "board-quadrotone playable" in live and "hand-tile" in live
    back = logged_in(lena).get(f"/games/{game.pk}/?move=1").content.decode()
    assert "board-quadrotone playable" not in back and "hand-tile" not in back
    assert "Back to the live position" in back
    assert 'data-replaying="1"' in back


def test_a_step_back_in_a_game_under_way_stays_there_as_new_moves_come(make_user):
    lena = make_user("lena")
    game_id = services.create_game(
        creator=lena, game="kropki", options={"width": 8, "height": 8}, format=None,
        opponent="cpu",
    ).pk  # fmt: skip
    services.submit_move(game_id=game_id, user=lena, seq=1, payload=[2, 2])
    client = logged_in(lena)
    version = Game.objects.get(pk=game_id).version
    assert client.get(f"/games/{game_id}/live/?version={version}&move=1").status_code == 204
    services.submit_move(game_id=game_id, user=lena, seq=3, payload=[7, 7])
    fragment = client.get(f"/games/{game_id}/live/?version={version}&move=1").content.decode()
    assert 'data-shown-move="1"' in fragment and 'data-total-moves="4"' in fragment
    assert 'href="?move=4"' in fragment  # the new moves are in the list
    assert 'data-point="7-7"' not in fragment  # the board stays at move 1
    assert 'data-point="7-7"' in client.get(f"/games/{game_id}/live/").content.decode()


@pytest.mark.parametrize("name", ["kropki", "quadrotone"])
def test_every_position_is_the_engines_whether_replayed_afresh_or_from_a_kept_state(
    name, make_user
):
    game = finished_game(make_user("lena"), name, own_moves=12)
    fresh = replayed_views(game)
    assert len(fresh) == game.move_count + 1
    for number in [game.move_count, *range(game.move_count, -1, -1), *range(game.move_count)]:
        shown = replay.position_at(game, number, None)
        assert shown.view == replay.visible_view(fresh[number], None), number
        assert shown.number == number and shown.total == game.move_count


def test_a_move_taken_back_and_played_again_is_replayed_as_played_now(make_user):
    lena = make_user("lena")
    game = services.create_game(
        creator=lena, game="dots_and_boxes", options={"columns": 2, "rows": 2}, format=None,
        opponent="cpu", seat="first",
    )  # fmt: skip
    services.submit_move(game_id=game.pk, user=lena, seq=1, payload=["h", 0, 0])
    game.refresh_from_db()
    before = replay.position_at(game, 1, None).view
    services.undo(game.pk, lena)
    services.submit_move(game_id=game.pk, user=lena, seq=1, payload=["v", 2, 1])
    game.refresh_from_db()
    after = replay.position_at(game, 1, None).view
    assert after != before and after == replayed_view(game, 1)


def test_a_game_without_a_notation_of_its_own_lists_its_moves_as_the_record_writes_them():
    # The test settings' game of noughts and crosses has no notation.py.
    assert registry.declaration("noughts_and_crosses").notation is None
    assert replay.move_text("noughts_and_crosses", [2, 3]) == "[2,3]"
