"""A Swiss as a FIDE Tournament Report File (TRF-16 with the 2026 extensions), the text the
endorsed pairing programs read (bbpPairings, JaVaFo) to check a round's pairing.

Pure: plain data in, text out. Every line is at most a few fields in fixed columns; a
player line (code 001) holds the pairing number in columns 5-8, the name in 15-47, the
rating in 49-52, the points in 81-84, the place in 86-89, then ten columns per round from
column 92: the opponent's pairing number in the first four (0000 for none), the colour
(w, b or -) in the sixth and the result code in the eighth.
The extension lines name what a pairing program needs besides: the rounds the Swiss has
(XXR and 142), the colour pairing number 1 got in round one (XXC and 152), the points of
each result (162) and the pairing system of the edition in force (192).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Literal

from tournaments.systems.swiss.pairing import edition

Colour = Literal["w", "b", "-"]

# Result codes of TRF-16: a game played, a forfeit, or a round without a game.
WIN, DRAW, LOSS = "1", "=", "0"
FORFEIT_WIN, FORFEIT_LOSS = "+", "-"
PAIRING_BYE, ZERO_BYE = "U", "Z"
RESULT_CODES = frozenset({WIN, DRAW, LOSS, FORFEIT_WIN, FORFEIT_LOSS, PAIRING_BYE, ZERO_BYE})

# The pairing system line (192) of the edition in force, as the endorsed programs name it.
DUTCH_SYSTEM = "FIDE_DUTCH_2025"
NAME_WIDTH = 33


@dataclass(frozen=True)
class RoundEntry:
    """One player's round: the opponent's pairing number (None: no opponent), the colour
    and the result code."""

    opponent: int | None
    colour: Colour
    result: str


@dataclass(frozen=True)
class PlayerRecord:
    number: int  # the pairing number (TPN)
    name: str
    rating: int | None
    points: Fraction  # after the rounds written
    place: int
    rounds: tuple[RoundEntry, ...]


@dataclass(frozen=True)
class PointValues:
    """The points of each result, in the championship's system."""

    win: Fraction
    draw: Fraction
    loss: Fraction
    pairing_bye: Fraction
    absent: Fraction  # a round without a game that gives nothing (a zero-point bye)


@dataclass(frozen=True)
class Tournament:
    name: str
    starts: date | None
    ends: date | None
    rounds: int  # the rounds the Swiss plays in all
    white_for_number_one: bool  # the colour of pairing number 1 in round one
    points: PointValues
    players: tuple[PlayerRecord, ...]
    arbiter: str = ""


def points_text(points: Fraction) -> str:
    """Points as TRF writes them: one decimal, right-aligned in four columns."""
    text = f"{float(points):.1f}"
    if len(text) > 4:
        raise ValueError(f"points {points} do not fit the four columns of a TRF")
    return text.rjust(4)


def one_line(text: str, width: int) -> str:
    """Text cut to `width` characters, with no line breaks nor tabs."""
    cleaned = " ".join(text.split())
    return cleaned[:width]


def player_line(player: PlayerRecord) -> str:
    if not 1 <= player.number <= 9999 or not 1 <= player.place <= 9999:
        raise ValueError("pairing numbers and places run from 1 to 9999")
    rating = "" if player.rating is None else str(max(0, min(9999, player.rating)))
    head = (
        "001"
        + f"{player.number:>5}"  # columns 4-8
        + " " * 6  # sex (10), title (11-13), spaces
        + one_line(player.name, NAME_WIDTH).ljust(NAME_WIDTH)  # 15-47
        + " "
        + rating.rjust(4)  # 49-52
        + " " * 28  # federation (54-56), FIDE id (58-68), birth date (70-79)
        + points_text(player.points)  # 81-84
        + " "
        + f"{player.place:>4}"  # 86-89
    )
    blocks = []
    for entry in player.rounds:
        if entry.result not in RESULT_CODES:
            raise ValueError(f"unknown TRF result code {entry.result!r}")
        opponent = "0000" if entry.opponent is None else f"{entry.opponent:>4}"
        blocks.append(f"  {opponent} {entry.colour} {entry.result}")
    return (head + "".join(blocks)).rstrip()


def _date(value: date | None) -> str:
    return "" if value is None else value.strftime("%Y/%m/%d")


def point_system_line(points: PointValues) -> str:
    """Line 162: each result's letter (from column 6) and its points, nine columns apart."""
    fields = (
        ("W", points.win),
        ("D", points.draw),
        ("L", points.loss),
        ("Z", points.absent),
        ("P", points.pairing_bye),
    )
    text = "".join(f"{letter}{points_text(value)}    " for letter, value in fields)
    return ("162  " + text).rstrip()


def write(tournament: Tournament) -> str:
    """The tournament as a TRF, lines ending with a line feed."""
    lines = [
        f"012 {one_line(tournament.name, 80)}",
        f"042 {_date(tournament.starts)}".rstrip(),
        f"052 {_date(tournament.ends)}".rstrip(),
        f"062 {len(tournament.players)}",
        f"092 Swiss, {edition.NAME}",
    ]
    if tournament.arbiter:
        lines.append(f"102 {one_line(tournament.arbiter, 80)}")
    lines += [player_line(player) for player in sorted(tournament.players, key=lambda p: p.number)]
    white = tournament.white_for_number_one
    lines += [
        f"XXR {tournament.rounds}",
        f"142 {tournament.rounds}",
        f"XXC {'white1' if white else 'black1'}",
        f"152 {'W' if white else 'B'}",
        point_system_line(tournament.points),
        f"192 {DUTCH_SYSTEM}",
    ]
    return "\n".join(lines) + "\n"


def standings_places(players: Sequence[tuple[int, Fraction]]) -> dict[int, int]:
    """Places by points, then pairing number: the order a pairing program ranks by."""
    ordered = sorted(players, key=lambda p: (-p[1], p[0]))
    return {number: place for place, (number, _) in enumerate(ordered, start=1)}
