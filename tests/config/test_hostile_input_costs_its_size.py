"""No input costs the server more than its size: every place where what a client sends
meets a regular expression or a parser is fed the shapes known to make scanners go back
over the text (quotes and escapes never closed, runs of separators, brackets by the
thousand, blanks) at 1×, 4× and 16× a base size, and its time may grow no faster than
the size. Each check is a ratio, whatever the machine's speed."""

import contextlib
import itertools
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from accounts.services import USERNAME_PATTERN, canonical_username
from games.catalog.kropki.engine import records as kropki_records
from games.engines.base import RecordError
from infrastructure import text
from infrastructure.parsers import MAX_DEPTH, nesting_depth
from tests.support.scaling import assert_grows_with_size
from tournaments.forms import InvitationsForm

# The shapes that make a scanner backtrack or rescan, each one unit long.
JSON_SHAPES = {
    "escaped quotes never closed": ('"', '\\"'),
    "quotes alone": ("", '"'),
    "backslashes": ('"', "\\"),
    "brackets opened and closed": ("", "[]"),
    "brackets in strings": ("[", '"[{",'),
    "escaped backslashes and quotes": ("", '["\\\\'),
}
BASE_BYTES = 15 * 1024  # 16× this is just under the largest body the site takes (256 KiB)


def _body(shape: tuple[str, str], factor: int) -> str:
    head, unit = shape
    return head + unit * (BASE_BYTES * factor // len(unit))


@pytest.mark.parametrize("shape", JSON_SHAPES.values(), ids=JSON_SHAPES.keys())
def test_measuring_a_bodys_nesting_takes_time_in_proportion_to_its_size(shape):
    assert_grows_with_size(
        lambda body: nesting_depth(body, limit=MAX_DEPTH),
        lambda factor: _body(shape, factor),
        what="nesting_depth",
    )


def test_a_string_never_closed_hides_no_bracket_and_counts_none():
    assert nesting_depth('"' + '\\"' * 1000 + "[[[") == 0
    assert nesting_depth('[["a\\"]"]]') == 2
    assert nesting_depth('["abc\\') == 1


@pytest.mark.django_db
@pytest.mark.parametrize("shape", JSON_SHAPES.values(), ids=JSON_SHAPES.keys())
def test_a_hostile_log_in_body_costs_the_site_no_more_than_its_size(api, shape):
    addresses = (f"10.1.{n // 250}.{n % 250}" for n in itertools.count())

    def log_in(body: str) -> None:
        # Each from an address of its own: the measure is the parsing, not the budget.
        response = api.post(
            "/api/accounts/token/",
            data=body,
            content_type="application/json",
            REMOTE_ADDR=next(addresses),
        )
        assert response.status_code == 400, response.content

    assert_grows_with_size(
        log_in, lambda factor: _body(shape, factor), what="POST /api/accounts/token/"
    )


@pytest.mark.django_db
def test_the_log_in_budget_is_spent_before_the_body_is_read(api, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "token": "2/minute",
        },
    }
    body = _body(JSON_SHAPES["escaped quotes never closed"], 1)
    answers = [
        api.post("/api/accounts/token/", data=body, content_type="application/json")
        for _ in range(3)
    ]
    assert [answer.status_code for answer in answers] == [400, 400, 429]
    assert answers[2]["Retry-After"]


LIST_SHAPES = {
    "separators only": ",\n",
    "blanks only": " \t",
    "names and separators": "ann,\n",
    "commas": ",",
}


@pytest.mark.django_db
@pytest.mark.parametrize("unit", LIST_SHAPES.values(), ids=LIST_SHAPES.keys())
def test_a_pasted_list_of_names_costs_no_more_than_its_size(unit):
    def read(typed: str) -> None:
        InvitationsForm(data={"usernames": typed}).is_valid()

    assert_grows_with_size(
        read, lambda factor: unit * (4000 * factor // len(unit)), what="the pasted list"
    )


CSV_SHAPES = {
    "a quote never closed": ('"', '""'),
    "empty quoted fields": ("", '"",'),
    "line breaks": ("", "\r\n"),
}


@pytest.mark.django_db
@pytest.mark.parametrize("shape", CSV_SHAPES.values(), ids=CSV_SHAPES.keys())
def test_a_csv_file_of_names_costs_no_more_than_its_size(shape):
    head, unit = shape

    def read(content: bytes) -> None:
        upload = SimpleUploadedFile("names.csv", content, content_type="text/csv")
        InvitationsForm(data={}, files={"file": upload}).is_valid()

    assert_grows_with_size(
        read,
        lambda factor: (head + unit * (1000 * factor // len(unit))).encode(),
        what="the CSV file of names",
    )


TEXT_SHAPES = {
    "blanks": " \n",
    "combining marks": "a\u0301\u0302",
    "joiners": "\u200d\u200c",
    "letters": "x",
}


@pytest.mark.parametrize("unit", TEXT_SHAPES.values(), ids=TEXT_SHAPES.keys())
def test_checking_what_people_write_costs_no_more_than_its_size(unit):
    def check(written: str) -> None:
        text.multi_line(written)
        text.one_line(written)
        canonical_username(written)
        USERNAME_PATTERN.match(written)

    assert_grows_with_size(
        check, lambda factor: unit * (4000 * factor // len(unit)), what="the text rules"
    )


SGF_SHAPES = {
    "many moves": ("(;GM[40]SZ[39:32]", ";B[aa]", ")"),
    "a value never closed": ("(;GM[40]C[", "\\]", ""),
    "blanks between tokens": ("(;GM[40]SZ[39:32]", " \n", ";B[aa])"),
    "many values": ("(;GM[40]SZ[39:32];AB", "[aa]", ")"),
}


@pytest.mark.parametrize("shape", SGF_SHAPES.values(), ids=SGF_SHAPES.keys())
def test_reading_an_sgf_record_costs_no_more_than_its_size(shape):
    head, unit, tail = shape

    def read(record: str) -> None:
        with contextlib.suppress(RecordError):
            kropki_records.read_sgf(record)

    assert_grows_with_size(
        read,
        lambda factor: head + unit * (3000 * factor // len(unit)) + tail,
        what="an SGF record",
    )


def test_a_json_record_nested_too_deep_is_refused_as_a_record():
    with pytest.raises(RecordError, match="nested too deep"):
        kropki_records.read_json('{"moves": ' + "[" * 100_000 + "]" * 100_000 + "}")


def test_an_sgf_record_with_trailing_blanks_still_reads():
    record = kropki_records.read_sgf("(;GM[40]SZ[10:10];B[aa];W[bb])\n \n")
    assert len(record.moves) == 2


@pytest.mark.django_db
@pytest.mark.parametrize("unit", ["a", "%", "\\"], ids=["letters", "percent", "backslash"])
def test_a_long_query_string_costs_no_more_than_its_size(alice_api, unit):
    def search(value: str) -> None:
        response = alice_api.get("/api/players/", {"search": value})
        assert response.status_code in (200, 400), response.content

    assert_grows_with_size(
        search, lambda factor: unit * (4000 * factor), what="GET /api/players/?search="
    )


def test_the_shapes_are_what_their_names_say():
    # A body of the first shape is one string never closed: the shape the scanner once
    # read again from every quote.
    body = _body(JSON_SHAPES["escaped quotes never closed"], 1)
    with pytest.raises(json.JSONDecodeError, match="Unterminated string"):
        json.loads(body)
