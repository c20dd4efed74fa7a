"""The Kropki board drawn as Kropki sites draw it: captures as closed filled contours, no
lines between dots unless the reader asks, and a secured lead explained."""

import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone

from games.boards import board_svg
from games.catalog.kropki.engine import ENGINE, KropkiState
from games.models import Game, Move, Seat
from games.titles import result_reason
from tests.engines.kropki_helpers import blue, play, red

REAL_GAMES = Path(__file__).resolve().parents[1] / "engines" / "data" / "kropki"
ZAGRAM = "zagram352562.sgf"
BOARD_CSS = (
    Path(__file__).resolve().parents[2] / "games/catalog/kropki/static/kropki/board.css"
).read_text(encoding="utf-8")
POLYGON = re.compile(r'<path class="area (blue|red)" d="M([^"]*)Z"/>')
# Blue's two grounded diamonds take two red dots; blue's lone 8-8 could still be taken.
SECURED_WITH_A_DOT_AT_STAKE = (
    *red((3, 3), (6, 3)),
    *blue((3, 2), (2, 3), (4, 3), (3, 4), (6, 2), (5, 3), (7, 3), (6, 4)),
    *blue((8, 8), (3, 1), (6, 1)),
)


def record_moves(name: str) -> tuple[dict, list[tuple[list, object]], KropkiState]:
    """A real game's options, its moves with their steps, and its last state."""
    record = ENGINE.read_record((REAL_GAMES / name).read_text(encoding="utf-8"), name)
    state = ENGINE.new(record.options)
    played = []
    for move in record.moves:
        state, step = ENGINE.apply(state, move, record=True)
        played.append((move, step))
    return record.options, played, state


def kropki_game_from_record(name: str, blue_player, red_player) -> Game:
    """A finished friendly game holding a real game's moves, written straight to the database."""
    options, played, state = record_moves(name)
    result = ENGINE.result(state)
    now = timezone.now()
    game = Game.objects.create(
        game="kropki", kind=Game.Kind.FRIENDLY, options=options, created_by=blue_player,
        status=Game.Status.FINISHED, winner=result.winner or "", result_reason=result.reason,
        score=ENGINE.score(state), secured=ENGINE.secured(state), snapshot=ENGINE.dump(state),
        move_count=len(played), version=len(played) + 1, started_at=now, finished_at=now,
    )  # fmt: skip
    Seat.objects.create(game=game, seat="blue", order=0, user=blue_player)
    Seat.objects.create(game=game, seat="red", order=1, user=red_player)
    players = {"blue": blue_player, "red": red_player}
    Move.objects.bulk_create(
        Move(
            game=game,
            seq=seq,
            seat=step.player,
            player=players[step.player],
            payload=step.move,
            status=Move.Status.ACCEPTED,
            points=step.points,
            processed_at=now,
        )
        for seq, (_move, step) in enumerate(played, start=1)
    )
    return game


def polygons(svg: str) -> list[tuple[str, list[tuple[int, int]]]]:
    return [
        (owner, [tuple(int(n) for n in spot.split()) for spot in path.split("L")])
        for owner, path in POLYGON.findall(svg)
    ]


def links_group(svg: str) -> str:
    return re.search(r'<g class="links"[^>]*>.*?</g>', svg).group(0)


def test_zagram_board_draws_each_capture_as_one_closed_polygon_through_its_contour():
    _options, _played, state = record_moves(ZAGRAM)
    view = ENGINE.view(state)
    svg = board_svg("kropki", view)
    drawn = polygons(svg)
    assert len(drawn) == len(view["contours"]) == svg.count('class="area ')
    assert {owner for owner, _points in drawn} == {"blue", "red"}
    # Each polygon's corners are its contour's dots, at their places on the board.
    dots = {
        (int(cx), int(cy)): colour
        for colour, cx, cy in re.findall(r'class="dot (blue|red)[^"]*" cx="(\d+)" cy="(\d+)"', svg)
    }
    for owner, corners in drawn:
        assert len(corners) >= 4
        assert all(dots.get(corner) == owner for corner in corners)
    largest = max(len(c["points"]) for c in view["contours"])
    assert len(drawn[0][1]) == largest  # the largest is drawn first, smaller ones over it


def test_zagram_board_draws_no_link_lines_by_default():
    _options, _played, state = record_moves(ZAGRAM)
    svg = board_svg("kropki", ENGINE.view(state))
    # The only lines between dots are the contours; the links are drawn hidden.
    assert re.fullmatch(r'<g class="links" display="none">.*</g>', links_group(svg))
    assert not re.search(r"<(line|polyline)\b", svg)
    assert re.search(r'<input type="checkbox" class="show-links" id="([^"]+)">', svg)
    assert "checked" not in svg.split("<svg", 1)[0]


def test_show_links_draws_the_links_between_linked_dots():
    svg = board_svg("kropki", ENGINE.view(play(*blue((2, 2), (3, 3), (4, 3)), *red((6, 6)))))
    group = links_group(svg)
    blue_links = re.search(r'<path class="blue" d="([^"]*)"', group).group(1)
    assert blue_links.count("M") == 2  # 2-2 to 3-3 and 3-3 to 4-3
    assert re.search(r'<path class="red" d=""', group)  # a lone dot links to nothing
    # The box before the board shows them: its checked state overrides display="none".
    assert re.search(
        r'<label class="board-option"><input [^>]*class="show-links"[^>]*> Show links</label>', svg
    )
    assert re.search(
        r":has\(> \.board-option \.show-links:checked\) > \.board-kropki \.links "
        r"\{ display: inline; \}",
        BOARD_CSS,
    )


def test_no_capture_no_polygon_and_captured_dots_are_faded():
    svg = board_svg("kropki", ENGINE.view(play(*blue((3, 2), (2, 3), (4, 3), (3, 4)))))
    assert 'class="area' not in svg  # an empty contour is no capture (K7)
    captured = board_svg(
        "kropki", ENGINE.view(play(*red((3, 3)), *blue((3, 2), (2, 3), (4, 3), (3, 4))))
    )
    assert re.search(r'class="dot red captured"[^>]*data-point="3-3"', captured)
    assert not re.search(r'class="dot blue captured"', captured)


def test_K8_absorbed_capture_is_drawn_as_the_outer_polygon_only():
    blue_capture = (*red((4, 4)), *blue((4, 3), (3, 4), (5, 4), (4, 5)))
    red_ring = red((4, 2), (5, 3), (6, 4), (5, 5), (4, 6), (3, 5), (2, 4), (3, 3))
    svg = board_svg("kropki", ENGINE.view(play(*blue_capture, *red_ring, width=7, height=7)))
    ((owner, corners),) = polygons(svg)
    assert owner == "red" and len(corners) == 8


@pytest.mark.parametrize("name", sorted(path.name for path in REAL_GAMES.glob("*.sgf")))
def test_each_real_games_board_renders_with_every_dot_and_capture(name):
    _options, _played, state = record_moves(name)
    view = ENGINE.view(state)
    svg = board_svg("kropki", view, label=name)
    assert svg.count("<svg") == 1 and "</svg>" in svg
    dots = sum(row.count("b") + row.count("r") for row in view["dots"])
    assert len(re.findall(r'<circle class="dot ', svg)) == dots
    assert len(polygons(svg)) == len(view["contours"])
    labels = re.findall(r"<text [^>]*>(\d+)</text>", svg)
    assert len(labels) == view["width"] + view["height"]  # coordinates along two edges
    assert re.search(r'class="last-move"[^>]*data-point="{}-{}"'.format(*view["last"]), svg)


def test_zagram_game_ended_by_a_secured_lead_says_why_and_rings_what_blue_could_still_win():
    _options, _played, state = record_moves(ZAGRAM)
    view = ENGINE.view(state)
    svg = board_svg("kropki", view)
    rings = re.findall(r'<circle class="at-stake blue"[^>]*data-point="(\d+-\d+)"', svg)
    assert sorted(rings) == sorted(f"{x}-{y}" for x, y in view["at_stake"]) and rings
    note = re.search(r'<p class="board-note secured-note">(.*?)</p>', svg).group(1)
    assert "Red leads by 57" in note and f"only {len(rings)} dots" in note
    assert f'<a href="{reverse("rules-game", args=["kropki"])}#K13">' in note


def test_a_10_by_10_game_ended_by_K13_rings_the_dot_the_loser_could_still_win():
    state = play(*SECURED_WITH_A_DOT_AT_STAKE, width=10, height=10)
    assert ENGINE.result(state).reason == "secured_lead"
    svg = board_svg("kropki", ENGINE.view(state))
    assert re.findall(r'class="at-stake red"[^>]*data-point="(\d+-\d+)"', svg) == ["8-8"]
    note = re.search(r'<p class="board-note secured-note">(.*?)</p>', svg).group(1)
    assert "Blue leads by 2" in note and "only 1 dot, ringed on the board" in note
    assert 'href="/rules/kropki/#K13"' in note


def test_a_secured_lead_with_nothing_at_stake_says_the_trailer_can_take_nothing():
    state = play(*red((3, 3)), *blue((3, 2), (2, 3), (4, 3), (3, 4), (3, 1)), width=10, height=10)
    svg = board_svg("kropki", ENGINE.view(state))
    assert "at-stake" not in svg
    assert "joined to the edge, so Red can take none of it" in svg


def test_a_game_not_ended_by_K13_has_no_note_and_no_rings():
    _options, _played, state = record_moves("zagram_2022-02-21_stop_draw.sgf")
    svg = board_svg("kropki", ENGINE.view(state))
    assert "board-note" not in svg and "at-stake" not in svg


def test_K13_rule_anchor_the_note_links_to_exists_on_the_rules_page(client):
    html = client.get(reverse("rules-game", args=["kropki"])).content.decode()
    assert 'id="K13"' in html


def test_the_rules_pages_drawings_are_the_same_board_without_the_box_or_note(client):
    html = client.get(reverse("rules-game", args=["kropki"])).content.decode()
    assert html.count('class="board board-kropki') >= 5
    assert 'class="area blue"' in html  # the capture examples draw their contours
    assert "show-links" not in html and "board-note" not in html
    assert 'kropki/board.css"' in html


def test_secured_lead_reason_names_the_rule():
    assert "K13" in result_reason("secured_lead", "kropki")


def test_game_page_of_the_zagram_game_shows_the_board_with_its_box_and_note(client, make_user):
    game = kropki_game_from_record(ZAGRAM, make_user("mithrandir"), make_user("roman"))
    html = client.get(game.get_absolute_url()).content.decode()
    assert len(POLYGON.findall(html)) == len(ENGINE.view(record_moves(ZAGRAM)[2])["contours"])
    assert 'class="show-links"' in html and "secured-note" in html
    assert "kropki/board.css" in html and "kropki/board.js" in html
    assert "K13" in html.split("game-over", 1)[1]
