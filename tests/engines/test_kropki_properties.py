"""Random Kropki games: the fast engine agrees with a literal reading of the rules."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.catalog.kropki.engine import ENGINE
from games.engines import IllegalMove
from tests.engines.kropki_reference import BLUE, RED, ReferenceBoard
from tests.support.examples import examples

COLOURS = {"blue": BLUE, "red": RED}
LETTERS = {0: ".", BLUE: "b", RED: "r"}


def reference_view(board: ReferenceBoard) -> tuple[list[str], list[str]]:
    rows = range(1, board.height + 1)
    columns = range(1, board.width + 1)
    dots = ["".join(LETTERS[board.dot[(x, y)]] for x in columns) for y in rows]
    owners = ["".join(LETTERS[board.owner[(x, y)]] for x in columns) for y in rows]
    return dots, owners


def free_points(board: ReferenceBoard) -> list[tuple[int, int]]:
    return sorted(p for p in board.dot if board.dot[p] == 0 and board.owner[p] == 0)


random_games = st.fixed_dictionaries(
    {
        "width": st.integers(4, 9),
        "height": st.integers(4, 9),
        # Sometimes one side plays several dots running, as imported records do:
        # that builds far more captures, nested territories and empty contours.
        "free_hand": st.booleans(),
    }
)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=random_games, data=st.data())
def test_random_games_match_the_literal_rules(game, data):
    state = ENGINE.new({"width": game["width"], "height": game["height"], "start": "empty"})
    reference = ReferenceBoard(game["width"], game["height"])
    turn = "blue"
    while free := free_points(reference):
        x, y = data.draw(st.sampled_from(free))
        player = data.draw(st.sampled_from(["blue", "red"])) if game["free_hand"] else turn
        state, _step = ENGINE.apply(state, [x, y, player], record=True)
        reference.play((x, y), COLOURS[player])
        view = ENGINE.view(state)
        assert (view["dots"], view["owners"]) == reference_view(reference)
        # K11: the score is exactly the count of enemy dots on owned points.
        assert ENGINE.score(state) == {"blue": reference.score(BLUE), "red": reference.score(RED)}
        assert view["secured"] == reference.secured()
        turn = "red" if player == "blue" else "blue"
    assert ENGINE.result(state).over  # a single game ends by a secured lead or a full board


@settings(max_examples=60, deadline=None)
@given(width=st.integers(4, 9), height=st.integers(4, 9), data=st.data())
def test_no_dot_is_ever_put_on_an_owned_point(width, height, data):
    state = ENGINE.new({"width": width, "height": height, "start": "empty"})
    for _ in range(width * height):
        view = ENGINE.view(state)
        owned = [
            (x, y)
            for y in range(1, height + 1)
            for x in range(1, width + 1)
            if view["owners"][y - 1][x - 1] != "."
        ]
        for x, y in owned:
            for player in ("blue", "red"):
                try:
                    ENGINE.apply(state, [x, y, player], record=True)
                except IllegalMove as refusal:
                    assert refusal.code == "owned"
                else:
                    raise AssertionError(f"{x}-{y} is owned but took a dot")
        free = [
            (x, y)
            for y in range(1, height + 1)
            for x in range(1, width + 1)
            if view["owners"][y - 1][x - 1] == "." and view["dots"][y - 1][x - 1] == "."
        ]
        if not free:
            break
        x, y = data.draw(st.sampled_from(free))
        state, _step = ENGINE.apply(
            state, [x, y, data.draw(st.sampled_from(["blue", "red"]))], record=True
        )


@settings(max_examples=60, deadline=None)
@given(
    size=st.integers(5, 12),
    data=st.data(),
    format_=st.sampled_from([None, "express", {"limit": 30, "until_secured": True}]),
)
def test_snapshot_dump_load_continue_is_the_same_game(size, data, format_):
    options = {"width": size, "height": size, "format": format_}
    straight = ENGINE.new(options)
    moves = []
    for _ in range(size * size):
        view = ENGINE.view(straight)
        free = [
            [x, y]
            for y in range(1, size + 1)
            for x in range(1, size + 1)
            if view["owners"][y - 1][x - 1] == "." and view["dots"][y - 1][x - 1] == "."
        ]
        if not free or ENGINE.result(straight).over:
            break
        move = data.draw(st.sampled_from(free))
        moves.append(move)
        straight, _step = ENGINE.apply(straight, move)
    cut = data.draw(st.integers(0, len(moves)))
    resumed = ENGINE.new(options)
    for move in moves[:cut]:
        resumed, _step = ENGINE.apply(resumed, move)
    resumed = ENGINE.load(ENGINE.dump(resumed))
    for move in moves[cut:]:
        resumed, _step = ENGINE.apply(resumed, move)
    assert ENGINE.dump(resumed) == ENGINE.dump(straight)
    assert ENGINE.view(resumed) == ENGINE.view(straight)
    assert ENGINE.result(resumed) == ENGINE.result(straight)
    assert ENGINE.to_move(resumed) == ENGINE.to_move(straight)
