"""Options of every game, given hostile values: an OptionError naming the option, or a game.

Whatever JSON a client sends as options, an engine either starts a game or refuses
with OptionError whose field is the option at fault (the API answers 400 naming it);
nothing else may escape (a TypeError would be a 500).
"""

import importlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import engines
from games.engines import GAMES, OptionError, engine

HOSTILE = [
    None, True, False, 0, -1, 1, 2, 3, 4, 16, 32, 2**31, 2**63, 2**64, 10**30, -(2**63),
    1.5, 2.0, -0.0, 1e308, "", "x", "express", "cross", "main", "reverse",
    [], {}, [None], [1], [1, 2], [[1, 2]], [[1, 2, 3]], [["1", "2"]], [[True, 1]],
    {"x": None}, {"limit": 5}, {"first": [], "second": []},
]  # fmt: skip


def known_options(game: str) -> tuple[str, ...]:
    return importlib.import_module(f"{engines.package(game)}.engine.options").KNOWN


def nested(value) -> list[dict]:
    """The option values that put `value` one level down, where options have a shape."""
    return [
        {"start": {"blue": value}},
        {"start": {"red": [value]}},
        {"start": {"blue": [[value, value]]}},
        {"format": {"limit": value}},
        {"format": {"limit": 5, "until_secured": value}},
        {"deal": {"first": value, "second": value}},
        {"deal": {"first": [value] * 128, "second": [value] * 128}},
        {"variant": "reverse", "board": [value] * 256},
        {"variant": "reverse", "board": [[value, value]] * 256},
    ]


def starts_or_names_the_option(game: str, options: dict) -> None:
    try:
        engine(game).new(options)
    except OptionError as refusal:
        given_names = set(options) - {"variant"} or set(options)
        assert refusal.field.split(".")[0] in given_names | {"options"}, (options, refusal)


@pytest.mark.parametrize("game", GAMES)
def test_every_option_of_every_game_refuses_hostile_values_naming_the_option(game):
    for name in known_options(game):
        for value in HOSTILE:
            starts_or_names_the_option(game, {name: value})
    for value in HOSTILE:
        for options in nested(value):
            if set(options) - {"variant"} <= set(known_options(game)):
                starts_or_names_the_option(game, options)


@pytest.mark.parametrize("colour", ["blue", "red"])
@pytest.mark.parametrize("value", [5, None, "1-1", {"x": 1}, True])
def test_kropki_start_with_a_non_list_is_an_option_error_naming_the_colour(colour, value):
    with pytest.raises(OptionError) as refusal:
        engine("kropki").new({"start": {colour: value}})
    assert refusal.value.field == f"start.{colour}"


@pytest.mark.parametrize("limit", [0, 3601, 2**63, 10**30])
def test_kropki_format_limit_beyond_any_board_is_refused(limit):
    with pytest.raises(OptionError) as refusal:
        engine("kropki").new({"format": {"limit": limit}})
    assert refusal.value.field == "format.limit"


def test_kropki_format_limit_of_the_largest_board_is_accepted():
    engine("kropki").new({"format": {"limit": 60 * 60}})


@pytest.mark.parametrize("seed", [-1, 2**53, 2**64, 10**30])
def test_quadrotone_seed_outside_the_exact_json_range_is_refused(seed):
    with pytest.raises(OptionError) as refusal:
        engine("quadrotone").new({"seed": seed})
    assert refusal.value.field == "seed"


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=12,
)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_any_json_as_an_option_starts_a_game_or_names_the_option(game, data):
    name = data.draw(st.sampled_from(known_options(game)))
    starts_or_names_the_option(game, {name: data.draw(JSON)})
