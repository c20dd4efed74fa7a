"""The geometry of the playoff bracket drawing (pure: no database)."""

from itertools import pairwise

from tournaments.bracket_drawing import (
    BOX_HEIGHT,
    BOX_WIDTH,
    NAME_WIDTH,
    draw,
    score_text,
    split_rounds,
)
from tournaments.bracket_text import text_width


def match(match_id, a=None, b=None, winner=None, games=(), forfeit=False):
    return {
        "id": match_id,
        "a": a,
        "b": b,
        "winner": winner,
        "forfeit": forfeit,
        "games": list(games),
    }


def eight_player_bracket(third_place=True):
    rounds = [
        {
            "name": "Quarter-finals",
            "matches": [
                match(1, "ann", "bob", winner="ann", games=[11]),
                match(2, "cid", "dan", winner="dan", games=[12, 19]),
                match(3, "eve", "fay", games=[13]),
                match(4, "gus", "hal"),
            ],
        },
        {"name": "Semi-finals", "matches": [match(5, "ann", "dan"), match(6)]},
        {"name": "Final", "matches": [match(7)]},
    ]
    if third_place:
        rounds.append({"name": "Third place", "matches": [match(8)]})
    return {"rounds": rounds}


def centre(box):
    return box.y + box.height / 2


def test_8_player_bracket_has_4_2_1_boxes_and_the_third_place_apart():
    drawing = draw(eight_player_bracket())
    per_round = [sum(1 for b in drawing.boxes if b.round_index == r) for r in range(4)]
    assert per_round == [4, 2, 1, 1]
    third = drawing.third_place
    assert third is not None and third.match_id == 8
    assert [b.match_id for b in drawing.boxes if b.third_place] == [8]
    assert [h.text for h in drawing.headings] == [
        "Quarter-finals",
        "Semi-finals",
        "Final",
        "Third place",
    ]


def test_each_later_box_is_centred_between_its_two_feeders():
    drawing = draw(eight_player_bracket())
    by_place = {(b.round_index, b.index): b for b in drawing.boxes if not b.third_place}
    for (round_index, index), box in by_place.items():
        if round_index == 0:
            continue
        upper = by_place[(round_index - 1, 2 * index)]
        lower = by_place[(round_index - 1, 2 * index + 1)]
        assert centre(box) == (centre(upper) + centre(lower)) / 2
        assert box.x > upper.x + BOX_WIDTH


def test_first_round_boxes_are_stacked_without_overlap():
    first = [b for b in draw(eight_player_bracket()).boxes if b.round_index == 0]
    for upper, lower in pairwise(first):
        assert lower.y >= upper.y + BOX_HEIGHT
        assert lower.x == upper.x


def test_one_connector_per_feeding_match_from_its_right_edge_to_the_next_box():
    drawing = draw(eight_player_bracket())
    assert len(drawing.connectors) == 4 + 2  # quarter-finals and semi-finals feed on
    for connector in drawing.connectors:
        source, target = drawing.boxes[connector.source], drawing.boxes[connector.target]
        assert target.round_index == source.round_index + 1
        assert target.index == source.index // 2
        start = f"M{source.x + source.width:g} {centre(source):g}"
        assert connector.path.startswith(start)
        assert connector.path.endswith(f"V{centre(target):g}H{target.x:g}")
    assert not any(
        drawing.boxes[c.target].third_place or drawing.boxes[c.source].third_place
        for c in drawing.connectors
    )


def test_third_place_box_sits_below_the_bracket_in_the_final_column():
    drawing = draw(eight_player_bracket())
    final = next(b for b in drawing.boxes if b.round_name == "Final")
    third = drawing.third_place
    lowest = max(b.y + b.height for b in drawing.boxes if not b.third_place)
    assert third.x == final.x
    assert third.y > lowest
    assert drawing.height >= third.y + third.height
    assert drawing.width >= final.x + BOX_WIDTH


def test_winners_are_marked_and_empty_slots_are_to_be_decided():
    drawing = draw(eight_player_bracket())
    first = drawing.boxes[0]
    assert first.top.winner and not first.bottom.winner
    assert first.decided
    undecided = next(b for b in drawing.boxes if b.match_id == 6)
    assert (undecided.top.name, undecided.top.empty) == (None, "tbd")
    assert (undecided.bottom.name, undecided.bottom.empty) == (None, "tbd")
    assert not undecided.decided


def test_a_first_round_match_with_one_player_and_a_winner_is_a_bye():
    bracket = {
        "rounds": [
            {"name": "Semi-finals", "matches": [match(1, "ann", None, winner="ann"), match(2)]},
            {"name": "Final", "matches": [match(3, "ann")]},
        ]
    }
    drawing = draw(bracket)
    assert drawing.boxes[0].bottom.empty == "bye"
    assert drawing.boxes[0].top.winner
    assert drawing.boxes[2].bottom.empty == "tbd"


def test_a_box_links_to_its_latest_game_and_keeps_every_game():
    drawing = draw(eight_player_bracket())
    replayed = next(b for b in drawing.boxes if b.match_id == 2)
    assert replayed.games == (12, 19)
    assert replayed.link_game == 19
    unplayed = next(b for b in drawing.boxes if b.match_id == 4)
    assert unplayed.link_game is None


def joined(slot) -> str:
    return "".join(line.text for line in slot.lines)


def test_a_long_name_is_drawn_whole_over_several_lines_that_fit_the_box():
    long_name = "aleksandra_wisniewska_from_krakow"
    drawing = draw({"rounds": [{"name": "Final", "matches": [match(1, long_name, "bob")]}]})
    box = drawing.boxes[0]
    assert joined(box.top) == long_name and len(box.top.lines) > 1
    assert all(text_width(line.text.rstrip(), 13) <= NAME_WIDTH for line in box.top.lines)
    # Every slot of the drawing grows alike, so the boxes stay aligned.
    assert box.top.height == box.bottom.height > BOX_HEIGHT / 2
    assert [line.y for line in box.top.lines] == sorted(line.y for line in box.top.lines)
    assert all(box.top.y < line.y <= box.top.y + box.top.height for line in box.top.lines)


def test_a_two_player_bracket_is_one_box_without_connectors():
    drawing = draw({"rounds": [{"name": "Final", "matches": [match(1, "ann", "bob")]}]})
    assert len(drawing.boxes) == 1 and drawing.connectors == []
    assert drawing.third_place is None


def test_no_playoff_draws_nothing():
    assert draw({"rounds": []}).empty
    assert draw({}).empty


def test_the_round_after_the_final_is_the_third_place_match():
    knockout, third = split_rounds(eight_player_bracket()["rounds"])
    assert [r["name"] for r in knockout] == ["Quarter-finals", "Semi-finals", "Final"]
    assert third["name"] == "Third place"
    knockout, third = split_rounds(eight_player_bracket(third_place=False)["rounds"])
    assert len(knockout) == 3 and third is None


def test_a_planned_bye_is_drawn_as_a_bye_and_its_seed_by_where_they_come_from():
    winner_a = {"group": "A", "place": 1, "label": "Winner of group A"}
    drawing = draw(
        {
            "rounds": [
                {
                    "name": "Semi-finals",
                    "matches": [
                        {"a": None, "b": None, "bye": True, "from": {"a": winner_a, "b": None}},
                        {"a": None, "b": None, "from": {"a": None, "b": None}},
                    ],
                },
                {"name": "Final", "matches": [{"from": {"a": winner_a, "b": None}}]},
            ]
        }
    )
    bye_match, other, final = drawing.boxes
    assert (bye_match.top.empty, bye_match.top.source) == ("tbd", "Winner of group A")
    assert joined(bye_match.top) == "Winner of group A"
    assert (bye_match.bottom.empty, bye_match.bottom.source) == ("bye", None)
    assert (other.top.empty, other.bottom.empty) == ("tbd", "tbd")
    assert final.top.source == "Winner of group A" and final.bottom.source is None


def test_a_long_source_is_drawn_whole_over_several_lines():
    source = {"label": "Winner of match 12 of the round of 64"}
    drawing = draw({"rounds": [{"name": "Final", "matches": [{"from": {"a": source}}]}]})
    (box,) = drawing.boxes
    assert box.top.source == source["label"]
    assert joined(box.top) == source["label"]
    assert all(line.small for line in box.top.lines)


def test_a_side_waiting_on_a_match_is_drawn_by_the_matchs_letter():
    semi = {"round": "Semi-finals", "match": 1, "result": "winner"}
    source = {**semi, "label": "Winner of semi-final 1", "short_label": "Winner of A"}
    bracket = {"rounds": [{"name": "Final", "matches": [{"label": "C", "from": {"a": source}}]}]}
    (box,) = draw(bracket).boxes
    assert box.label == "C"
    assert joined(box.top) == "Winner of A"
    assert box.top.source == "Winner of semi-final 1"  # the long words, for the description


def test_each_side_shows_its_score_in_the_box():
    final = {**match(1, "ann", "bob", winner="ann", games=[5]), "score": {"a": 13, "b": 9}}
    replayed = {**match(2, "cid", "dan", winner="dan", games=[6, 7]),
                "score": {"a": 0.5, "b": 1.5, "in": "games"}}  # fmt: skip
    drawing = draw({"rounds": [{"name": "Semi-finals", "matches": [final, replayed]},
                               {"name": "Final", "matches": [match(3)]}]})  # fmt: skip
    first, second, last = drawing.boxes
    assert (first.top.score, first.bottom.score) == ("13", "9")
    assert (second.top.score, second.bottom.score) == ("½", "1½")
    assert (last.top.score, last.bottom.score) == ("", "")


def test_half_points_are_written_with_a_half_sign():
    assert [score_text(v) for v in (0, 0.5, 1, 2.5, None)] == ["0", "½", "1", "2½", ""]


def test_the_readers_own_slot_and_match_are_marked():
    drawing = draw(eight_player_bracket(), me="dan")
    mine = [box.match_id for box in drawing.boxes if box.mine]
    assert mine == [2, 5]
    second = next(box for box in drawing.boxes if box.match_id == 2)
    assert (second.top.me, second.bottom.me) == (False, True)
    assert not any(box.mine for box in draw(eight_player_bracket()).boxes)


def test_before_the_draw_a_seeded_slot_shows_its_entrant_over_where_it_comes_from():
    seed = {"swiss_place": 1, "label": "Place 1 in the Swiss", "entrant": "anna"}
    other = {"swiss_place": 2, "label": "Place 2 in the Swiss", "entrant": "boris"}
    bracket = {"rounds": [{"name": "Final", "matches": [{"from": {"a": seed, "b": other}}]}]}
    (box,) = draw(bracket, me="anna").boxes
    assert box.top.provisional == "anna" and box.top.name is None
    assert [(line.text, line.small) for line in box.top.lines] == [
        ("anna", False),
        ("Place 1 in the Swiss", True),
    ]
    assert box.top.me and not box.bottom.me
