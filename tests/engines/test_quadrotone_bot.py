"""The Quadrotone bot: legal moves, the obvious points, a pass when it must (small budgets)."""

import json

from games.catalog.quadrotone.engine import ENGINE
from games.catalog.quadrotone.engine.tiles import tile_id
from tests.engines.test_quadrotone_rules import deal_giving, edited, no_limits

R, G, B, Y = 0, 1, 2, 3
BUDGET = 0.1
# Where the test is about which move the bot finds, its candidate list runs out before the
# time does (in well under a second); a busy machine must not stop the search first.
TO_THE_END = 30.0


def test_the_bot_plays_a_legal_move_in_both_variants():
    for options in ({"seed": 1}, {"variant": "reverse", "seed": 1, "chains": True}):
        state = ENGINE.new(options)
        for _ in range(4):
            move = ENGINE.suggest(state, budget=BUDGET)
            state, _step = ENGINE.apply(state, move)  # refused moves would raise
        assert ENGINE.view(state)["moves_made"] == {"first": 2, "second": 2}


def test_the_bot_completes_a_line_when_one_tile_does_it():
    # First has a red line of 6 along the bottom (tops G G, B B, Y Y) and holds tile
    # R R Y Y, which turned twice (Y Y over R R) on (3, 0) makes the line 8 long.
    lined = [tile_id(G, G, R, R), tile_id(B, B, R, R), tile_id(Y, Y, R, R)]
    completing = tile_id(R, R, Y, Y)
    state = ENGINE.new(deal_giving([*lined, completing]))
    second = sorted(state.hands[1])[0]
    state, _step = ENGINE.apply(state, {"place": [[t, c, 0, 0] for c, t in enumerate(lined)]})
    state, _step = ENGINE.apply(state, {"place": [[second, 12, 12, 0]]})
    move = ENGINE.suggest(state, budget=TO_THE_END)
    _after, step = ENGINE.apply(state, move)
    assert [completing, 3, 0, 2] in move["place"]
    assert "line8" in [pattern["key"] for pattern in step.extra["patterns"]]
    assert step.points >= 160


def test_the_bot_is_deterministic_for_a_position():
    state = ENGINE.new({"seed": 3})
    state, _step = ENGINE.apply(state, ENGINE.suggest(state, budget=TO_THE_END))
    assert ENGINE.suggest(state, budget=TO_THE_END) == ENGINE.suggest(state, budget=TO_THE_END)


def _limits(state) -> list[dict]:
    return json.loads(ENGINE.dump(state))["limits"]


def test_the_bot_passes_when_it_has_no_move():
    for options in ({"seed": 1}, {"variant": "reverse", "seed": 1}):
        state = ENGINE.new(options)
        empty = no_limits(reverse=options.get("variant") == "reverse")
        state = edited(state, limits=[empty, _limits(state)[1]])
        move = ENGINE.suggest(state, budget=BUDGET)
        assert move == {"pass": "no_moves"}
        ENGINE.apply(state, move)


def test_the_bot_rearranges_when_it_can_place_no_more():
    state = ENGINE.new({"seed": 6})
    first, second = sorted(state.hands[0]), sorted(state.hands[1])
    state, _step = ENGINE.apply(state, {"place": [[first[0], 0, 0, 0], [first[1], 1, 0, 1]]})
    state, _step = ENGINE.apply(state, {"place": [[second[0], 4, 4, 0]]})
    limits = _limits(state)
    state = edited(state, limits=[{**limits[0], "place": [0] * 9}, limits[1]])
    move = ENGINE.suggest(state, budget=BUDGET)
    assert "rearrange" in move
    ENGINE.apply(state, move)
