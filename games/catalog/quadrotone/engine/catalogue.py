"""The pattern catalogue (Q10–Q14 and the rules' "Default pattern catalogue"): shapes as data.

The original rules' pictures of the winning patterns were lost, so the shapes
and their points are a data file the engine loads, not code: `catalogue.json`
beside this module is the project's default, and organisers may load another.
Squares are small-square offsets (x, y) with y up, as on the board. Each entry
is written once, in its base orientation; the 90/180/270-degree turns are
derived here (they score only with `rotations`, Q14), which is why the loader
refuses an entry that is another entry turned: it would score twice.

A two-colour entry keeps its parts A and B in one frame (offsets normalised
over A ∪ B), so their relative position is part of the shape.
"""

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DEFAULT_PATH = Path(__file__).with_name("catalogue.json")

Square = tuple[int, int]


class CatalogueError(ValueError):
    """A catalogue the engine cannot use; the message names the entry and the fault."""


def normalised(squares: Iterable[Square]) -> frozenset[Square]:
    """The squares shifted so that the lowest x and the lowest y are 0."""
    squares = tuple(squares)
    if not squares:
        return frozenset()
    low_x = min(x for x, _y in squares)
    low_y = min(y for _x, y in squares)
    return frozenset((x - low_x, y - low_y) for x, y in squares)


def turned(squares: Iterable[Square], quarter_turns: int) -> frozenset[Square]:
    """The squares turned clockwise by `quarter_turns` × 90 degrees (y up), not normalised."""
    result = frozenset(squares)
    for _ in range(quarter_turns % 4):
        result = frozenset((y, -x) for x, y in result)
    return result


def is_connected(squares: frozenset[Square]) -> bool:
    """True when the squares form one group touching by side or corner (8-connected)."""
    if not squares:
        return False
    start = next(iter(squares))
    seen = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                near = (x + dx, y + dy)
                if near in squares and near not in seen:
                    seen.add(near)
                    todo.append(near)
    return len(seen) == len(squares)


@dataclass(frozen=True)
class Shape:
    """A named set of small-square offsets (x, y), y up."""

    name: str
    squares: frozenset[Square]

    @property
    def size(self) -> int:
        return len(self.squares)

    def sorted_squares(self) -> list[list[int]]:
        return [[x, y] for x, y in sorted(self.squares)]


@dataclass(frozen=True)
class Pattern:
    """A one-colour catalogue entry (Q10): its shape in base orientation and its points."""

    key: str
    name: str
    shape: Shape
    points: int

    def orientations(self, rotations: bool) -> tuple["Orientation", ...]:
        """The base orientation, and with `rotations` the distinct 90/180/270 turns (Q14)."""
        found: list[Orientation] = []
        seen: set[frozenset[Square]] = set()
        for turn in range(4 if rotations else 1):
            squares = normalised(turned(self.shape.squares, turn))
            if squares not in seen:
                seen.add(squares)
                found.append(Orientation(self, turn, Shape(self.shape.name, squares)))
        return tuple(found)


@dataclass(frozen=True)
class Orientation:
    """One way a one-colour pattern lies on the board: `turn` quarter turns clockwise."""

    pattern: Pattern
    turn: int
    shape: Shape


@dataclass(frozen=True)
class PairPattern:
    """A two-colour catalogue entry (Q13): parts A and B in their fixed relative position."""

    key: str
    name: str
    part_a: Shape
    part_b: Shape
    points: int

    @property
    def size(self) -> int:
        return self.part_a.size + self.part_b.size

    def orientations(self, rotations: bool) -> tuple["PairOrientation", ...]:
        """Base orientation, and with `rotations` the distinct turns of A and B together."""
        found: list[PairOrientation] = []
        seen: set[tuple[frozenset[Square], frozenset[Square]]] = set()
        for turn in range(4 if rotations else 1):
            part_a, part_b = _pair_turned(self.part_a.squares, self.part_b.squares, turn)
            if (part_a, part_b) not in seen:
                seen.add((part_a, part_b))
                found.append(
                    PairOrientation(
                        self,
                        turn,
                        Shape(self.part_a.name, part_a),
                        Shape(self.part_b.name, part_b),
                    )
                )
        return tuple(found)


@dataclass(frozen=True)
class PairOrientation:
    """One way a two-colour pattern lies on the board; A and B share one frame."""

    pattern: PairPattern
    turn: int
    part_a: Shape
    part_b: Shape

    @property
    def squares(self) -> frozenset[Square]:
        return self.part_a.squares | self.part_b.squares


def _pair_turned(
    part_a: frozenset[Square], part_b: frozenset[Square], turn: int
) -> tuple[frozenset[Square], frozenset[Square]]:
    a, b = turned(part_a, turn), turned(part_b, turn)
    both = a | b
    low_x = min(x for x, _y in both)
    low_y = min(y for _x, y in both)
    return (
        frozenset((x - low_x, y - low_y) for x, y in a),
        frozenset((x - low_x, y - low_y) for x, y in b),
    )


@dataclass(frozen=True)
class Catalogue:
    """The patterns in force: one-colour (Q10) and two-colour (Q13), in file order."""

    one_colour: tuple[Pattern, ...]
    two_colour: tuple[PairPattern, ...]
    name: str = "custom"

    def one_colour_orientations(self, rotations: bool) -> tuple[Orientation, ...]:
        """Every orientation that scores: base only, or all distinct turns with `rotations`."""
        return tuple(o for p in self.one_colour for o in p.orientations(rotations))

    def two_colour_orientations(self, rotations: bool) -> tuple[PairOrientation, ...]:
        return tuple(o for p in self.two_colour for o in p.orientations(rotations))

    def pattern(self, key: str) -> Pattern | PairPattern:
        for entry in (*self.one_colour, *self.two_colour):
            if entry.key == key:
                return entry
        raise KeyError(key)

    def as_json(self) -> dict[str, Any]:
        """The catalogue as its file holds it (what the rules page draws)."""
        return {
            "name": self.name,
            "one_colour": [
                {
                    "key": p.key,
                    "name": p.name,
                    "points": p.points,
                    "squares": p.shape.sorted_squares(),
                }
                for p in self.one_colour
            ],
            "two_colour": [
                {
                    "key": p.key,
                    "name": p.name,
                    "points": p.points,
                    "a": {"name": p.part_a.name, "squares": p.part_a.sorted_squares()},
                    "b": {"name": p.part_b.name, "squares": p.part_b.sorted_squares()},
                }
                for p in self.two_colour
            ],
        }


# -- reading a catalogue -----------------------------------------------------------


def load_catalogue(path: str | Path | None = None) -> Catalogue:
    """The catalogue in the JSON file at `path`; None gives the default (shared, immutable)."""
    if path is None:
        return default_catalogue()
    return _read(Path(path))


@cache
def default_catalogue() -> Catalogue:
    return _read(DEFAULT_PATH)


def _read(path: Path) -> Catalogue:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise CatalogueError(f"{path}: cannot read the catalogue ({error})") from error
    return parse_catalogue(data)


def parse_catalogue(data: Any) -> Catalogue:
    """A catalogue from its JSON form, refusing what could not score as the rules mean."""
    if not isinstance(data, dict):
        raise CatalogueError("the catalogue must be an object with one_colour and two_colour")
    one_raw = data.get("one_colour")
    two_raw = data.get("two_colour", [])
    if not isinstance(one_raw, list) or not isinstance(two_raw, list):
        raise CatalogueError("one_colour and two_colour must be lists of entries")
    if not one_raw and not two_raw:
        raise CatalogueError("the catalogue has no patterns")
    keys: set[str] = set()
    one_colour = tuple(_one_colour_entry(raw, i, keys) for i, raw in enumerate(one_raw))
    two_colour = tuple(_two_colour_entry(raw, i, keys) for i, raw in enumerate(two_raw))
    _refuse_turned_repeats(
        [(p.key, p.shape.squares, frozenset()) for p in one_colour],
    )
    _refuse_turned_repeats([(p.key, p.part_a.squares, p.part_b.squares) for p in two_colour])
    name = data.get("name", "custom")
    if not isinstance(name, str) or not name:
        raise CatalogueError("name: a non-empty string")
    return Catalogue(one_colour, two_colour, name)


def _label(raw: dict, index: int, kind: str) -> str:
    key = raw.get("key") if isinstance(raw, dict) else None
    return f"{kind} entry {index + 1}" + (f" ({key!r})" if isinstance(key, str) else "")


def _common(raw: Any, index: int, kind: str, keys: set[str]) -> tuple[str, str, int]:
    if not isinstance(raw, dict):
        raise CatalogueError(f"{kind} entry {index + 1}: must be an object")
    label = _label(raw, index, kind)
    key, name, points = raw.get("key"), raw.get("name"), raw.get("points")
    if not isinstance(key, str) or not key:
        raise CatalogueError(f"{label}: key must be a non-empty string")
    if key in keys:
        raise CatalogueError(f"{label}: the key {key!r} is used twice")
    keys.add(key)
    if not isinstance(name, str) or not name:
        raise CatalogueError(f"{label}: name must be a non-empty string")
    if not isinstance(points, int) or isinstance(points, bool) or points <= 0:
        raise CatalogueError(f"{label}: points must be a whole number above 0, not {points!r}")
    return key, name, points


def _squares(raw: Any, label: str) -> frozenset[Square]:
    if not isinstance(raw, list) or not raw:
        raise CatalogueError(f"{label}: squares must be a non-empty list of [x, y]")
    squares = []
    for square in raw:
        if (
            not isinstance(square, list | tuple)
            or len(square) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in square)
        ):
            raise CatalogueError(f"{label}: {square!r} is not an [x, y] pair of whole numbers")
        squares.append((square[0], square[1]))
    if len(set(squares)) != len(squares):
        raise CatalogueError(f"{label}: a square is listed twice")
    result = frozenset(squares)
    if not is_connected(result):
        raise CatalogueError(f"{label}: the squares are not 8-connected (side or corner)")
    return result


def _one_colour_entry(raw: Any, index: int, keys: set[str]) -> Pattern:
    key, name, points = _common(raw, index, "one_colour", keys)
    label = _label(raw, index, "one_colour")
    squares = normalised(_squares(raw.get("squares"), label))
    return Pattern(key, name, Shape(name, squares), points)


def _two_colour_entry(raw: Any, index: int, keys: set[str]) -> PairPattern:
    key, name, points = _common(raw, index, "two_colour", keys)
    label = _label(raw, index, "two_colour")
    parts = []
    for part in ("a", "b"):
        value = raw.get(part)
        if not isinstance(value, dict):
            raise CatalogueError(f"{label}: part {part} must be an object with name and squares")
        part_name = value.get("name", f"part {part.upper()}")
        if not isinstance(part_name, str) or not part_name:
            raise CatalogueError(f"{label}: part {part}'s name must be a non-empty string")
        parts.append((part_name, _squares(value.get("squares"), f"{label} part {part}")))
    (name_a, a), (name_b, b) = parts
    if a & b:
        raise CatalogueError(f"{label}: parts a and b share a square")
    if not is_connected(a | b):
        raise CatalogueError(f"{label}: parts a and b must touch (side or corner)")
    a, b = _pair_turned(a, b, 0)
    return PairPattern(key, name, Shape(name_a, a), Shape(name_b, b), points)


def _refuse_turned_repeats(entries: list[tuple[str, frozenset[Square], frozenset[Square]]]) -> None:
    """Refuse an entry equal to an earlier one, as written or turned: it would score twice.

    Two-colour entries are compared with their parts swapped too: a and b range
    over every pair of different colours, so "A in a, B in b" and "B in a, A in
    b" are one pattern on the board.
    """
    seen: dict[tuple, tuple[str, tuple, frozenset[tuple]]] = {}
    for key, a, b in entries:
        turns = [
            _pair_turned(a, b, turn) if b else (normalised(turned(a, turn)),) for turn in range(4)
        ]
        forms = [tuple(tuple(sorted(part)) for part in form) for form in turns]
        swapped = [form[::-1] for form in forms] if b else []
        canonical = min(forms + swapped)
        if canonical in seen:
            other, other_base, other_turns = seen[canonical]
            if forms[0] == other_base:
                how = "repeats"
            elif forms[0] in other_turns:
                how = "is a turn of"
            else:
                how = "swaps the parts of"
            raise CatalogueError(f"entry {key!r} {how} entry {other!r}")
        seen[canonical] = (key, forms[0], frozenset(forms))
