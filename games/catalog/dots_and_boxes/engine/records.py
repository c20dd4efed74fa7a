"""Dots and Boxes game records: the JSON record of rules/dots-and-boxes.md."""

from games.catalog.dots_and_boxes.engine.options import parse_options
from games.engines import json_records
from games.engines.base import Record

GAME = "dots_and_boxes"


def read(text: str, filename: str = "") -> Record:
    """A record from its JSON text; the moves are checked when the game is replayed."""
    return json_records.read(text, GAME, parse_options)


def write(record: Record, form: str = "json") -> str:
    return json_records.write(record, form, GAME, parse_options)
