"""Why two players of one score group met: the group's order, a rematch avoided, the seat
limits kept, or the order changed for the rest of the group (pure, no database)."""

from fractions import Fraction

from tournaments.systems.swiss import opponent_choices
from tournaments.systems.swiss.explanations import sentence
from tournaments.systems.swiss.pairing import Competitor


def player(number: int, points="1", met=(), seats=("first", "second")) -> Competitor:
    return Competitor(
        id=str(number),
        pairing_number=number,
        points=Fraction(points),
        opponents=frozenset(str(pk) for pk in met),
        seats=tuple(seats),
        floats=(None,) * len(seats),
        had_bye=False,
    )


def reasons(players, pairs):
    found = opponent_choices.opponent_reasons(players, pairs)
    return {tuple(sorted(pair)): explained for pair, explained in found.items()}


def test_the_top_half_of_a_score_group_meets_its_bottom_half_in_order():
    found = reasons([player(n) for n in range(1, 5)], [("1", "3"), ("4", "2")])
    first = found[("1", "3")]
    assert first.code == opponent_choices.ORDER
    assert first.params == {
        "player": "1", "opponent": "3", "score_group": "1", "place": "1",
        "opponent_place": "3", "size": "4",
    }  # fmt: skip
    second = found[("2", "4")]
    assert (second.params["player"], second.params["place"]) == ("2", "2")


def test_a_rematch_avoided_names_the_opponent_the_order_gave():
    players = [player(1, met=[3]), player(2), player(3, met=[1]), player(4)]
    found = reasons(players, [("1", "4"), ("2", "3")])
    assert found[("1", "4")].code == opponent_choices.REMATCH_AVOIDED
    assert found[("1", "4")].params["ordered"] == "3"


def test_two_players_held_to_the_same_seat_by_its_limits_are_not_paired():
    """Two seconds in a row: the next must be first for both, so they cannot meet."""
    both_second = ("second", "second")
    players = [player(1, seats=both_second), player(2), player(3, seats=both_second), player(4)]
    found = reasons(players, [("1", "4"), ("2", "3")])
    assert found[("1", "4")].code == opponent_choices.SEATS_KEPT
    assert found[("1", "4")].params["seat"] == "first"
    assert found[("1", "4")].params["ordered"] == "3"


def test_a_seat_preference_kept_names_the_seat_both_were_due():
    """One game each on the second seat: both are due the first; the others had the first."""
    players = [
        player(1, seats=["second"]), player(2, seats=["first"]),
        player(3, seats=["second"]), player(4, seats=["first"]),
    ]  # fmt: skip
    found = reasons(players, [("1", "4"), ("2", "3")])
    assert found[("1", "4")].code == opponent_choices.PREFERENCE_KEPT
    assert found[("1", "4")].params["seat"] == "first"
    assert found[("1", "4")].params["ordered"] == "3"


def test_an_order_changed_for_the_rest_of_the_group_says_so():
    found = reasons([player(n) for n in range(1, 5)], [("1", "4"), ("2", "3")])
    assert found[("1", "4")].code == opponent_choices.ORDER_CHANGED
    assert found[("2", "3")].code == opponent_choices.ORDER_CHANGED


def test_a_pair_across_score_groups_is_left_to_the_float_reasons():
    players = [player(1, points="2"), player(2), player(3), player(4)]
    found = reasons(players, [("1", "2"), ("3", "4")])
    assert ("1", "2") not in found
    # The other two are the only pair of their group: in order.
    assert found[("3", "4")].code == opponent_choices.ORDER


def test_every_opponent_reason_reads_as_a_sentence_with_names_and_seats():
    players = [
        player(1, seats=("second", "second")),
        player(2),
        player(3, seats=("second", "second")),
        player(4),
    ]
    names = {"1": "anna", "2": "boris", "3": "clara", "4": "dmitri"}
    for pairs in ([("1", "3"), ("2", "4")], [("1", "4"), ("2", "3")]):
        for explained in opponent_choices.opponent_reasons(players, pairs).values():
            text = sentence(explained.as_record(), names.get, {"first": "Blue", "second": "Red"})
            assert "%(" not in text and "_" not in text
            assert (
                explained.params["player"] in ("1", "2")
                and names[explained.params["player"]] in text
            )


def test_a_reason_without_words_of_its_own_reads_plainly_with_the_players_names():
    text = sentence(
        {"code": "opponent_new_rule", "params": {"player": "1", "opponent": "2"}},
        {"1": "anna", "2": "boris"}.get,
        {},
    )
    assert text == "Opponent new rule (player: anna, opponent: boris)."


def test_every_opponent_code_has_words_of_its_own():
    params = {
        "player": "1", "opponent": "2", "ordered": "3", "score_group": "1", "place": "1",
        "opponent_place": "3", "size": "4", "seat": "first",
    }  # fmt: skip
    names = {"1": "anna", "2": "boris", "3": "clara"}
    codes = [
        opponent_choices.ORDER, opponent_choices.REMATCH_AVOIDED, opponent_choices.SEATS_KEPT,
        opponent_choices.PREFERENCE_KEPT, opponent_choices.ORDER_CHANGED,
    ]  # fmt: skip
    for code in codes:
        text = sentence({"code": code, "params": params}, names.get, {"first": "Blue"})
        assert "anna" in text and "%(" not in text and not text.startswith("Opponent"), code
