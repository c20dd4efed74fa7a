"""A player's line of the crosstable, from the matches alone (no database)."""

from tournaments.crosstables import Meeting, meetings
from tournaments.models import Match

FINISHED, PLAYING = Match.Status.FINISHED, Match.Status.PLAYING


def match(round_number, first, second, status=FINISHED, **result) -> Match:
    return Match(round=round_number, first_id=first, second_id=second, status=status, **result)


def test_each_round_gives_the_opponent_the_seat_and_the_result_up_to_the_counted_round():
    played = [
        match(1, 1, 2, winner_id=1),
        match(1, 3, None, winner_id=3),  # the pairing bye
        match(2, 3, 1, drawn=True),
        match(2, 2, None, winner_id=2),
        match(3, 1, 3, status=PLAYING),
    ]
    lines = meetings(played, ["1", "2", "3"], counted=2, shown=3, absences=True)
    assert lines["1"] == [
        Meeting(1, "2", "first", "win", True),
        Meeting(2, "3", "second", "draw", True),
        # Being played: the opponent and the seat, no result, not counted.
        Meeting(3, "3", "first", None, False),
    ]
    assert lines["2"] == [
        Meeting(1, "1", "second", "loss", True),
        Meeting(2, None, None, "bye", True),
        Meeting(3, None, None, "absent", False),
    ]


def test_forfeits_and_a_loss_for_both_are_named_as_such():
    lines = meetings(
        [match(1, 1, 2, winner_id=2, forfeit=True), match(2, 1, 2, forfeit=True)],
        ["1", "2"],
        counted=2,
        shown=2,
        absences=True,
    )
    assert [m.result for m in lines["1"]] == ["forfeit_loss", "double_forfeit"]
    assert [m.result for m in lines["2"]] == ["forfeit_win", "double_forfeit"]


def test_a_groups_round_of_rest_is_left_out_where_a_swiss_round_unpaired_is_an_absence():
    played = [match(1, 1, 2, winner_id=1), match(2, 1, 3, winner_id=3)]
    group = meetings(played, ["2"], counted=2, shown=2, absences=False)
    swiss = meetings(played, ["2"], counted=2, shown=2, absences=True)
    assert [m.round for m in group["2"]] == [1]
    assert [(m.round, m.result) for m in swiss["2"]] == [(1, "loss"), (2, "absent")]


def test_rounds_after_the_shown_one_are_left_out():
    lines = meetings([match(1, 1, 2, drawn=True), match(2, 1, 2, drawn=True)], ["1"],
                     counted=1, shown=1, absences=True)  # fmt: skip
    assert [m.round for m in lines["1"]] == [1]
