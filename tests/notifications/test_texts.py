"""A notification's text is written when it is read: in the reader's language and time zone."""

import pytest
from django.utils import translation

from notifications import kinds, selectors
from notifications.kinds import Kind
from notifications.models import Notification

DEADLINE = "2026-12-08T14:30:00+00:00"

# One example of the params each kind documents (kinds.py).
EXAMPLES = {
    Kind.GAME_INVITED: {"game": "kropki", "by": "alice"},
    Kind.YOUR_MOVE: {"game": "kropki", "opponents": ["alice"]},
    Kind.GAME_ENDED: {
        "game": "kropki", "opponents": ["alice"], "outcome": "won", "winner": "bob",
        "place": None, "reason": "secured_lead",
    },
    Kind.CHAMPIONSHIP_INVITED: {"championship": "Spring Cup", "by": "olga"},
    Kind.CHAMPIONSHIP_STARTED: {"championship": "Spring Cup"},
    Kind.ROUND_STARTED: {
        "championship": "Spring Cup", "opponent": "alice", "stage": "groups", "round": 2,
        "deadline": DEADLINE,
    },
    Kind.DEADLINE_SOON: {
        "championship": "Spring Cup", "opponent": "alice", "hours": 24, "deadline": DEADLINE,
    },
    Kind.DECISION: {
        "championship": "Spring Cup", "action": "adjudicated", "outcome": "win",
        "winner": "alice", "reason": "Bob never answered.",
    },
    Kind.CHAMPIONSHIP_FINISHED: {"championship": "Spring Cup", "place": 3},
    Kind.ORGANISER_NEEDED: {
        "championship": "Spring Cup", "what": "level_playoff_game", "players": ["alice", "bob"],
        "entrants": 8,
    },
    Kind.PLAN_ENDING: {"until": "2026-05-01T12:00:00+00:00"},
    Kind.ANNOUNCEMENT: {"championship": "Spring Cup", "by": "olga", "text": "Round two at six."},
    Kind.CHECK_IN: {"championship": "Spring Cup", "what": "open", "closes": "2026-05-01T12:00:00Z"},
}  # fmt: skip


def read(kind: Kind, params: dict, reader) -> str:
    return selectors.notification_text(Notification(kind=kind, params=params), reader)


def test_every_kind_has_a_sentence_of_its_own():
    assert set(EXAMPLES) == set(Kind)
    general = kinds.text("no such kind", {})
    texts = {kind: kinds.text(kind, params) for kind, params in EXAMPLES.items()}
    assert general not in texts.values()
    assert len(set(texts.values())) == len(Kind)
    assert "Spring Cup" in texts[Kind.ROUND_STARTED] and "alice" in texts[Kind.ROUND_STARTED]


@pytest.mark.parametrize(
    ("language", "title", "reason"),
    [
        ("en", "Dots and Boxes", "every box is taken"),
        ("ru", "Точки и квадраты", "все клетки заняты"),
        ("pl", "Kropki i kwadraty", "wszystkie kwadraty są zajęte"),
    ],
)
def test_a_game_result_reads_in_the_readers_language(make_user, language, title, reason):
    reader = make_user("reader", language=language)
    # The reason is one the game's own declaration words (a Dots and Boxes ending).
    params = {**EXAMPLES[Kind.GAME_ENDED], "game": "dots_and_boxes", "reason": "all_boxes_taken"}
    with translation.override(language):
        text = read(Kind.GAME_ENDED, params, reader)
    assert title in text and reason in text


@pytest.mark.parametrize(
    ("language", "date"),
    [("en", "Dec. 8, 2026"), ("ru", "8 декабря 2026"), ("pl", "8 grudnia 2026")],
)
def test_a_deadline_is_written_the_readers_languages_way(make_user, language, date):
    reader = make_user("reader", language=language)
    with translation.override(language):
        text = read(Kind.ROUND_STARTED, EXAMPLES[Kind.ROUND_STARTED], reader)
    assert date in text and "UTC" in text


def test_a_deadline_is_shown_in_the_readers_own_time_zone(make_user):
    reader = make_user("reader")
    reader.time_zone = "Asia/Tokyo"  # where the account names one (UTC+9: 14:30 is 23:30)
    text = read(Kind.DEADLINE_SOON, EXAMPLES[Kind.DEADLINE_SOON], reader)
    assert "11:30 p.m." in text and "JST" in text
    reader.time_zone = "Nowhere/Never"
    assert "2:30 p.m. UTC" in read(Kind.DEADLINE_SOON, EXAMPLES[Kind.DEADLINE_SOON], reader)


def test_params_a_kind_cannot_read_still_read_as_a_notice():
    assert kinds.text(Kind.ROUND_STARTED, {"championship": "Spring Cup"}) == kinds.text(
        "retired_kind", {}
    )
    assert kinds.text(Kind.DEADLINE_SOON, {**EXAMPLES[Kind.DEADLINE_SOON], "deadline": "soon"})


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"outcome": "won"}, "You won your game of Kropki (Dots) against alice: the lead is"),
        ({"outcome": "lost", "winner": "alice"}, "You lost your game of Kropki (Dots) to alice"),
        ({"outcome": "lost", "winner": None, "reason": "double_forfeit"}, "You lost your game"),
        ({"outcome": "draw", "winner": None, "reason": "agreement"}, "ended in a draw"),
        ({"outcome": "placed", "place": 2, "opponents": ["a", "b", "c"]}, "your place: 2"),
    ],
)
def test_a_game_result_says_how_it_ended_for_the_reader(params, words):
    assert words in kinds.text(Kind.GAME_ENDED, {**EXAMPLES[Kind.GAME_ENDED], **params})


def test_a_decision_gives_the_organisers_reason():
    text = kinds.text(Kind.DECISION, EXAMPLES[Kind.DECISION])
    assert "alice wins" in text and "Reason: Bob never answered." in text
    removed = {**EXAMPLES[Kind.DECISION], "action": "removed", "outcome": None, "reason": ""}
    assert kinds.text(Kind.DECISION, removed) == (
        "The organiser removed your entry from Spring Cup."
    )


@pytest.mark.parametrize(
    ("stage", "bracket", "round_", "named"),
    [
        ("groups", None, 2, "Round 2 of the group stage of Spring Cup"),
        ("playoff", None, 1, "Round 1 of the playoff of Spring Cup"),
        ("swiss", None, 3, "Round 3 of the Swiss of Spring Cup"),
        ("double_elimination", "winners", 2, "Round 2 of the winners' bracket of Spring Cup"),
        ("double_elimination", "losers", 4, "Round 4 of the losers' bracket of Spring Cup"),
        ("double_elimination", "final", 1, "The grand final of Spring Cup"),
        ("double_elimination", "final", 2, "The grand final's deciding match of Spring Cup"),
    ],
)
def test_a_new_rounds_notice_names_the_round_as_its_system_does(stage, bracket, round_, named):
    params = {**EXAMPLES[Kind.ROUND_STARTED], "stage": stage, "bracket": bracket, "round": round_}
    text = kinds.text(Kind.ROUND_STARTED, params)
    assert text.startswith(named + ": your game against alice is ready.")


def test_a_swiss_rounds_notice_reads_in_russian(make_user):
    params = {**EXAMPLES[Kind.ROUND_STARTED], "stage": "swiss", "round": 3}
    text = read(Kind.ROUND_STARTED, params, make_user("reader", language="ru"))
    assert text.startswith("Тур 3 швейцарского этапа чемпионата «Spring Cup»")
