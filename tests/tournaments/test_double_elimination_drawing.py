"""The geometry of a double elimination's drawing (pure: no database)."""

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.bracket_drawing import BOX_HEIGHT, draw_double_elimination
from tournaments.systems.double_elimination import plan as double_elimination


def bracket_of(entrants: int, with_reset: bool = False) -> dict:
    """The bracket as `bracket_view` gives it, from the plan, with nobody placed yet."""
    planned = double_elimination.plan(entrants)
    last = {}
    for match in planned:
        key = match.key
        last[key.bracket] = max(last.get(key.bracket, 0), key.round)
    rounds: dict[tuple, dict] = {}
    order = {"winners": 0, "losers": 1, "final": 2}
    for match in sorted(planned, key=lambda m: (order[m.key.bracket], m.key.round, m.key.index)):
        key = match.key
        if match.is_reset and not with_reset:
            continue
        round_ = rounds.setdefault(
            (key.bracket, key.round),
            {"name": f"{key.bracket} {key.round}", "bracket": key.bracket, "round": key.round,
             "matches": []},
        )  # fmt: skip

        def source(planned_source):
            if planned_source.kind == "seed":
                return None
            fed = planned_source.match
            return {
                "bracket": fed.bracket,
                "round": fed.round,
                "rounds": last[fed.bracket],
                "match": fed.index + 1,
                "result": planned_source.kind,
                "label": f"{planned_source.kind} of {fed}",
            }

        sources = {"a": source(match.first), "b": source(match.second)}
        round_["matches"].append(
            {"id": len(rounds) * 100 + key.index, "a": None, "b": None, "winner": None,
             "forfeit": False, "games": [], "from": sources, "sources": sources}
        )  # fmt: skip
    return {"rounds": list(rounds.values())}


def overlap(one, other) -> bool:
    return not (
        one.right <= other.x
        or other.right <= one.x
        or one.y + one.height <= other.y
        or other.y + other.height <= one.y
    )


def centre(box):
    return box.y + box.height / 2


def test_8_players_draw_winners_above_losers_and_the_grand_final_after_both():
    drawing = draw_double_elimination(bracket_of(8), {"winners": "W", "losers": "L"})
    brackets = {name: [b for b in drawing.boxes if b.bracket == name] for name in ("winners",
                "losers", "final")}  # fmt: skip
    assert [len(brackets[name]) for name in ("winners", "losers", "final")] == [7, 6, 1]
    lowest_winner = max(b.y + b.height for b in brackets["winners"])
    assert all(b.y > lowest_winner for b in brackets["losers"])
    (grand_final,) = brackets["final"]
    assert all(grand_final.x > b.right for b in brackets["winners"] + brackets["losers"])
    assert [t.text for t in drawing.titles] == ["W", "L"]
    assert drawing.titles[1].y > lowest_winner


def test_the_grand_final_sits_between_the_two_brackets_finals_and_is_fed_by_both():
    drawing = draw_double_elimination(bracket_of(8))
    final = next(b for b in drawing.boxes if b.bracket == "final")
    winners_final = next(b for b in drawing.boxes if (b.bracket, b.round_index) == ("winners", 2))
    losers_final = next(b for b in drawing.boxes if (b.bracket, b.round_index) == ("losers", 3))
    assert centre(final) == (centre(winners_final) + centre(losers_final)) / 2
    into_final = {
        drawing.boxes[c.source].match_id
        for c in drawing.connectors
        if drawing.boxes[c.target] is final
    }
    assert into_final == {winners_final.match_id, losers_final.match_id}


def test_a_line_runs_along_every_winner_route_and_none_along_a_loser_route():
    bracket = bracket_of(8)
    drawing = draw_double_elimination(bracket)
    winner_routes = sum(
        1
        for round_ in bracket["rounds"]
        for match in round_["matches"]
        for source in match["sources"].values()
        if source and source["result"] == "winner"
    )
    assert len(drawing.connectors) == winner_routes == 6 + 5 + 2  # winners, losers, final
    for connector in drawing.connectors:
        source, target = drawing.boxes[connector.source], drawing.boxes[connector.target]
        assert source.bracket == target.bracket or target.bracket == "final"
        assert target.x > source.right
        assert connector.path.startswith(f"M{source.right:g} {centre(source):g}")
        assert connector.path.endswith(f"V{centre(target):g}H{target.x:g}")


def test_a_minor_losers_round_match_is_level_with_the_match_that_feeds_it():
    drawing = draw_double_elimination(bracket_of(8))
    losers = {(b.round_index, b.index): b for b in drawing.boxes if b.bracket == "losers"}
    # Losers' round 2 takes round 1's survivors against players dropped from the winners.
    assert centre(losers[(1, 0)]) == centre(losers[(0, 0)])
    assert centre(losers[(1, 1)]) == centre(losers[(0, 1)])
    # Round 3 sets the two survivors against each other: centred between them.
    assert centre(losers[(2, 0)]) == (centre(losers[(1, 0)]) + centre(losers[(1, 1)])) / 2


def test_the_reset_is_drawn_below_the_grand_final_in_its_column():
    without = draw_double_elimination(bracket_of(4))
    drawing = draw_double_elimination(bracket_of(4, with_reset=True))
    finals = [b for b in drawing.boxes if b.bracket == "final"]
    assert len(finals) == 2 and len([b for b in without.boxes if b.bracket == "final"]) == 1
    grand_final, reset = finals
    assert reset.x == grand_final.x and reset.y > grand_final.y + grand_final.height
    # The reset takes no column of its own: the drawing is no wider for it.
    assert drawing.width == without.width
    assert [h.text for h in drawing.headings][-2:] == ["final 1", "final 2"]
    reset_heading = drawing.headings[-1]
    assert grand_final.y + grand_final.height < reset_heading.y < reset.y


def test_the_reset_box_says_it_is_played_only_if_necessary():
    bracket = bracket_of(4, with_reset=True)
    reset_round = bracket["rounds"][-1]
    reset_round["matches"][0]["if_necessary"] = True
    boxes = draw_double_elimination(bracket).boxes
    assert [box.if_necessary for box in boxes if box.bracket == "final"] == [False, True]


def test_two_players_draw_one_match_and_the_grand_final_level_with_it():
    drawing = draw_double_elimination(bracket_of(2))
    first, final = drawing.boxes
    assert (first.bracket, final.bracket) == ("winners", "final")
    assert final.y == first.y and [t.text for t in drawing.titles] == ["Winners' bracket"]


def test_an_empty_side_says_where_its_player_comes_from_and_is_never_a_bye():
    drawing = draw_double_elimination(bracket_of(5))
    for box in drawing.boxes:
        for slot in box.slots:
            assert slot.empty != "bye"
            if box.bracket != "winners" or box.round_index > 0:
                assert slot.empty == "tbd"
    dropped = next(b for b in drawing.boxes if b.bracket == "losers")
    assert dropped.top.source.startswith("loser of")


def test_no_double_elimination_draws_nothing():
    assert draw_double_elimination({"rounds": []}).empty
    assert draw_double_elimination({}).empty


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=2, max_value=70), st.booleans())
def test_no_two_boxes_overlap_and_every_box_is_inside_the_drawing(entrants, with_reset):
    drawing = draw_double_elimination(bracket_of(entrants, with_reset))
    for one, other in combinations(drawing.boxes, 2):
        assert not overlap(one, other)
    assert all(box.x >= 0 and box.y >= 0 for box in drawing.boxes)
    assert all(box.right <= drawing.width for box in drawing.boxes)
    assert all(box.y + box.height <= drawing.height for box in drawing.boxes)
    # A heading never sits on a box of its own column.
    for heading in drawing.headings:
        for box in drawing.boxes:
            if box.x <= heading.x <= box.right:
                assert not box.y - 4 < heading.y < box.y + BOX_HEIGHT
