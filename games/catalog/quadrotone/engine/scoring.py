"""Scoring after a move (Q10–Q16): patterns, chains and enclosure on the 32×32 colour grid.

The grid is a numpy int8 array `grid[y, x]` (y up, Q1): -1 empty, 0 red,
1 green, 2 blue, 3 yellow. `score_move(before, after, memory, options,
catalogue)` scores the board after one move; what earlier moves scored lives
in a `ScoringMemory` that the caller keeps and passes back next time.

How it stays fast: the board's one-colour 8-connected components are labelled
once per move (`scipy.ndimage.label`). A one-colour pattern must be a whole
component (Q10), so a component can only be a pattern when its bounding box
and mask are exactly those of a catalogue orientation: one dict look-up per
component that contains a changed square. Two-colour patterns are looked up
the same way from part A, near the changed squares only. Sets of positions
(patterns, chains, enclosed squares) are Python ints with one bit per square,
bit 32·y + x, so "already scored here?" is a set look-up and "more than half
the same squares?" is one `&` and a popcount.

Order of the patterns a move scores (the page numbers them 1, 2, 3, …):
one-colour patterns by points of one copy (highest first), then catalogue
order, turn and squares, so the copies of one shape and orientation follow each
other and the k-th of them carries the ×k of Q12; then two-colour patterns
(largest first, then points, catalogue order, turn, squares); then chains by
their squares; then the move's one enclosure entry.

Choices the rules left open, made here:
- Two-colour patterns of one move are taken in that order and each marks its
  squares used at once, so one set of squares scores one two-colour pattern
  even when it reads two ways in the same move (2×2 blocks red|green with
  rotations on: A red with B right, or A green with B left, turned 180°).
- Q16 "when several areas tie for largest, none of them is [enclosed]": the
  tied largest areas are not enclosed, smaller areas of the same boundary
  still are. An area is enclosed exactly when it is smaller than the largest.
- Q11's marks use every orientation of every smaller catalogue shape, whether
  or not `rotations` is on, as the rule says.
"""

import json
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import numpy as np
from scipy import ndimage

from games.catalog.quadrotone.engine.catalogue import (
    Catalogue,
    Orientation,
    PairOrientation,
    Square,
)

SIZE = 32
EMPTY = -1
COLOURS = (0, 1, 2, 3)
TABLES_PATH = Path(__file__).with_name("tables.json")
EIGHT_CONNECTED = np.ones((3, 3), dtype=bool)
NEIGHBOURS = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)


@cache
def tables() -> tuple[dict[int, int], dict[int, int]]:
    """The chain (Q15) and enclosure (Q16) point tables: squares → points."""
    data = json.loads(TABLES_PATH.read_text(encoding="utf-8"))
    chains = {int(size): points for size, points in data["chains"].items()}
    enclosure = {int(size): points for size, points in data["enclosure"].items()}
    return chains, enclosure


# -- squares as bits ---------------------------------------------------------------


def mask_of(squares: np.ndarray) -> int:
    """The 32×32 boolean array as an int, bit 32·y + x."""
    packed = np.packbits(squares.ravel(), bitorder="little")
    return int.from_bytes(packed.tobytes(), "little")


def array_of(mask: int) -> np.ndarray:
    """The int of `mask_of` back as a 32×32 boolean array."""
    raw = np.frombuffer(mask.to_bytes(SIZE * SIZE // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little").astype(bool).reshape(SIZE, SIZE)


def indices_of(mask: int) -> list[int]:
    return [int(i) for i in np.flatnonzero(array_of(mask))]


def mask_from_indices(indices: Any) -> int:
    if not isinstance(indices, list):
        raise ValueError("a set of squares must be a list of indices 32·y + x")
    mask = 0
    for index in indices:
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < SIZE * SIZE:
            raise ValueError(f"{index!r} is not a square index from 0 to {SIZE * SIZE - 1}")
        mask |= 1 << index
    return mask


def squares_of(mask: int) -> tuple[Square, ...]:
    """Board positions (x, y) of the mask, sorted."""
    return tuple(sorted((i % SIZE, i // SIZE) for i in indices_of(mask)))


def _relative_mask(squares: frozenset[Square]) -> int:
    """Offsets (x, y ≥ 0) as bits 32·y + x: shifting by 32·y0 + x0 puts them at (x0, y0)."""
    mask = 0
    for x, y in squares:
        mask |= 1 << (y * SIZE + x)
    return mask


def _shape_key(squares: frozenset[Square]) -> tuple[int, int, bytes]:
    """(height, width, mask bytes) of normalised offsets, as a component's box gives it."""
    height = max(y for _x, y in squares) + 1
    width = max(x for x, _y in squares) + 1
    box = np.zeros((height, width), dtype=bool)
    for x, y in squares:
        box[y, x] = True
    return height, width, box.tobytes()


# -- options, memory, results ------------------------------------------------------


@dataclass(frozen=True)
class ScoringOptions:
    rotations: bool = False  # Q14
    chains: bool = False  # Q15
    enclosure: bool = False  # Q16


@dataclass(frozen=True)
class ScoringMemory:
    """What later scoring must know about earlier scoring, by either player.

    Sets of squares are ints, bit 32·y + x (`mask_of`). Immutable: a move's
    scoring returns a new memory and the old one stays valid (cheap to keep
    per position).
    """

    one_colour: frozenset[int] = (
        frozenset()
    )  # Q11: scored positions and every smaller shape in them
    two_colour: frozenset[int] = frozenset()  # Q13 [decision]: the same for A ∪ B
    chains: tuple[tuple[int, int], ...] = ()  # Q15: (colour, squares) of every scored chain
    enclosed: int = 0  # Q16: every position enclosed by a scoring move

    @classmethod
    def empty(cls) -> "ScoringMemory":
        return cls()

    def as_json(self) -> dict[str, Any]:
        """Plain JSON: squares as sorted lists of indices 32·y + x."""
        return {
            "one_colour": sorted(indices_of(mask) for mask in self.one_colour),
            "two_colour": sorted(indices_of(mask) for mask in self.two_colour),
            "chains": [[colour, indices_of(mask)] for colour, mask in self.chains],
            "enclosed": indices_of(self.enclosed),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "ScoringMemory":
        if not isinstance(data, dict):
            raise ValueError("scoring memory must be an object")
        chains = []
        for entry in data.get("chains", []):
            if not isinstance(entry, list) or len(entry) != 2 or entry[0] not in COLOURS:
                raise ValueError(f"a chain must be [colour 0–3, squares], not {entry!r}")
            chains.append((entry[0], mask_from_indices(entry[1])))
        return cls(
            one_colour=frozenset(mask_from_indices(s) for s in data.get("one_colour", [])),
            two_colour=frozenset(mask_from_indices(s) for s in data.get("two_colour", [])),
            chains=tuple(chains),
            enclosed=mask_from_indices(data.get("enclosed", [])),
        )


@dataclass(frozen=True)
class ScoredPattern:
    """One thing a move scored. `turn` and `multiplier` (Q12's ×k) say how it was counted."""

    kind: str  # "one_colour" | "two_colour" | "chain" | "enclosure"
    key: str
    name: str
    colours: tuple[int, ...]
    squares: tuple[Square, ...]  # board positions (x, y), sorted
    points: int
    turn: int = 0  # quarter turns clockwise from the catalogue's base orientation
    multiplier: int = 1

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "key": self.key,
            "name": self.name,
            "colours": list(self.colours),
            "squares": [list(square) for square in self.squares],
            "points": self.points,
            "turn": self.turn,
            "multiplier": self.multiplier,
        }


@dataclass(frozen=True)
class MoveScore:
    points: int
    patterns: tuple[ScoredPattern, ...]
    memory: ScoringMemory


# -- the catalogue, indexed for matching -------------------------------------------


@dataclass(frozen=True)
class _OneEntry:
    orientation: Orientation
    order: int  # the pattern's place in the catalogue
    mask: int  # relative to the box's lower-left corner
    inner: tuple[int, ...]  # every smaller catalogue shape inside, any orientation (Q11)


@dataclass(frozen=True)
class _PairEntry:
    orientation: PairOrientation
    order: int
    a_mask: int  # relative to the joint frame's corner
    b_offsets: tuple[Square, ...]  # part B relative to A's box corner
    b_mask: int
    corner: Square  # A's box corner in the joint frame
    inner: tuple[int, ...]  # every smaller two-colour shape inside A ∪ B ([decision] of Q13)


@dataclass(frozen=True)
class _Index:
    one_colour: dict[tuple[int, int, bytes], _OneEntry]
    pairs: dict[tuple[int, int, bytes], tuple[_PairEntry, ...]]
    pair_a_sizes: tuple[int, ...]
    pair_reach: int  # A ∪ B spans at most this many squares more than one, either way


def _placements_inside(
    outer: frozenset[Square], shapes: list[frozenset[Square]]
) -> tuple[int, ...]:
    """Relative masks of every placement of each shape that lies inside `outer`."""
    width = max(x for x, _y in outer) + 1
    height = max(y for _x, y in outer) + 1
    found = set()
    for shape in shapes:
        if len(shape) >= len(outer):
            continue
        shape_width = max(x for x, _y in shape) + 1
        shape_height = max(y for _x, y in shape) + 1
        for dy in range(height - shape_height + 1):
            for dx in range(width - shape_width + 1):
                placed = frozenset((x + dx, y + dy) for x, y in shape)
                if placed <= outer:
                    found.add(_relative_mask(placed))
    return tuple(sorted(found))


@lru_cache(maxsize=16)
def _index(catalogue: Catalogue, rotations: bool) -> _Index:
    every_one = [o.shape.squares for o in catalogue.one_colour_orientations(True)]
    order = {p.key: i for i, p in enumerate((*catalogue.one_colour, *catalogue.two_colour))}
    one_colour = {}
    for o in catalogue.one_colour_orientations(rotations):
        squares = o.shape.squares
        one_colour[_shape_key(squares)] = _OneEntry(
            o, order[o.pattern.key], _relative_mask(squares), _placements_inside(squares, every_one)
        )
    every_pair = [o.squares for o in catalogue.two_colour_orientations(True)]
    pairs: dict[tuple[int, int, bytes], list[_PairEntry]] = {}
    reach = 0
    for o in catalogue.two_colour_orientations(rotations):
        a, b = o.part_a.squares, o.part_b.squares
        corner = (min(x for x, _y in a), min(y for _x, y in a))
        a_normal = frozenset((x - corner[0], y - corner[1]) for x, y in a)
        b_offsets = tuple(sorted((x - corner[0], y - corner[1]) for x, y in b))
        entry = _PairEntry(
            o,
            order[o.pattern.key],
            _relative_mask(a),
            b_offsets,
            _relative_mask(b),
            corner,
            _placements_inside(o.squares, every_pair),
        )
        pairs.setdefault(_shape_key(a_normal), []).append(entry)
        both = o.squares
        reach = max(reach, max(x for x, _y in both), max(y for _x, y in both))
    sizes = sorted({o.part_a.size for o in catalogue.two_colour_orientations(rotations)})
    return _Index(
        one_colour,
        {key: tuple(entries) for key, entries in pairs.items()},
        tuple(sizes),
        reach,
    )


# -- the board after the move ------------------------------------------------------


class _Components:
    """The 8-connected one-colour components of a grid, all colours in one label array."""

    def __init__(self, grid: np.ndarray) -> None:
        labels = np.zeros(grid.shape, dtype=np.int32)
        colours = [EMPTY]
        count = 0
        for colour in COLOURS:
            found, n = ndimage.label(grid == colour, structure=EIGHT_CONNECTED)
            if n:
                labels += np.where(found > 0, found + count, 0).astype(np.int32)
                colours.extend([colour] * n)
                count += n
        self.grid = grid
        self.labels = labels
        self.colour = colours
        self.sizes = np.bincount(labels.ravel(), minlength=count + 1)
        self.slices = ndimage.find_objects(labels)

    def box(self, label: int) -> tuple[int, int, tuple[int, int, bytes]]:
        """(x0, y0, shape key) of the component's bounding box."""
        rows, columns = self.slices[label - 1]
        inside = self.labels[rows, columns] == label
        return columns.start, rows.start, (*inside.shape, inside.tobytes())

    def mask(self, label: int) -> int:
        return mask_of(self.labels == label)


def score_move(
    before: np.ndarray,
    after: np.ndarray,
    memory: ScoringMemory,
    options: ScoringOptions,
    catalogue: Catalogue,
) -> MoveScore:
    """Everything the board after a move scores (Q10–Q16), and the memory to keep."""
    before, after = np.asarray(before), np.asarray(after)
    if before.shape != (SIZE, SIZE) or after.shape != (SIZE, SIZE):
        raise ValueError(f"colour grids must be {SIZE}×{SIZE}")
    changed = before != after
    if not changed.any():  # [decision]: a move that changes no colour scores nothing
        return MoveScore(0, (), memory)
    board = _Components(after)
    changed_labels = sorted(int(label) for label in np.unique(board.labels[changed]) if label)
    index = _index(catalogue, options.rotations)

    one, used_one = _one_colour(board, changed_labels, index, memory.one_colour)
    two, used_two = _two_colour(board, changed, index, memory.two_colour)
    scored = [*one, *two]
    chains = memory.chains
    if options.chains:
        found, chains = _chains(board, changed_labels, chains)
        scored.extend(found)
    enclosed = memory.enclosed
    if options.enclosure:
        found_enclosure = _enclosure(board, changed_labels, enclosed)
        if found_enclosure is not None:
            pattern, mask = found_enclosure
            scored.append(pattern)
            enclosed |= mask
    new_memory = replace(
        memory, one_colour=used_one, two_colour=used_two, chains=chains, enclosed=enclosed
    )
    return MoveScore(sum(p.points for p in scored), tuple(scored), new_memory)


def _one_colour(
    board: _Components, changed_labels: list[int], index: _Index, used: frozenset[int]
) -> tuple[list[ScoredPattern], frozenset[int]]:
    """Q10–Q12: whole components shaped as a catalogue orientation, new positions only."""
    found = []
    for label in changed_labels:
        x0, y0, key = board.box(label)
        entry = index.one_colour.get(key)
        if entry is None:
            continue
        origin = y0 * SIZE + x0
        mask = entry.mask << origin
        if mask in used:
            continue
        found.append((entry, mask, origin, board.colour[label], squares_of(mask)))
    if not found:
        return [], used
    found.sort(
        key=lambda f: (-f[0].orientation.pattern.points, f[0].order, f[0].orientation.turn, f[4])
    )
    copies: dict[tuple[str, int], int] = {}
    marks = set(used)
    scored = []
    for entry, mask, origin, colour, squares in found:
        pattern, turn = entry.orientation.pattern, entry.orientation.turn
        copy = copies[pattern.key, turn] = copies.get((pattern.key, turn), 0) + 1
        scored.append(
            ScoredPattern(
                "one_colour",
                pattern.key,
                pattern.name,
                (colour,),
                squares,
                pattern.points * copy,
                turn,
                copy,
            )
        )
        marks.add(mask)
        marks.update(inner << origin for inner in entry.inner)
    return scored, frozenset(marks)


def _two_colour(
    board: _Components, changed: np.ndarray, index: _Index, used: frozenset[int]
) -> tuple[list[ScoredPattern], frozenset[int]]:
    """Q13: A a whole component of colour a, B of b ≠ a, neither touched by the other's colour."""
    if not index.pairs:
        return [], used
    near = ndimage.binary_dilation(changed, structure=np.ones((2 * index.pair_reach + 1,) * 2))
    labels, grid = board.labels, board.grid
    candidates = np.unique(labels[near])
    candidates = candidates[np.isin(board.sizes[candidates], index.pair_a_sizes)]
    changed_mask = mask_of(changed)
    found = []
    for label_a in candidates.tolist():
        if not label_a:
            continue
        x0, y0, key = board.box(label_a)
        entries = index.pairs.get(key)
        if not entries:
            continue
        colour_a = board.colour[label_a]
        for entry in entries:
            b_squares = [(x0 + dx, y0 + dy) for dx, dy in entry.b_offsets]
            if not all(0 <= x < SIZE and 0 <= y < SIZE for x, y in b_squares):
                continue
            bx, by = b_squares[0]
            label_b = int(labels[by, bx])
            colour_b = int(grid[by, bx])
            if (
                colour_b in (EMPTY, colour_a)
                or board.sizes[label_b] != len(b_squares)
                or any(labels[y, x] != label_b for x, y in b_squares)
            ):
                continue
            corner_x, corner_y = x0 - entry.corner[0], y0 - entry.corner[1]
            origin = corner_y * SIZE + corner_x
            a_mask, b_mask = entry.a_mask << origin, entry.b_mask << origin
            union = a_mask | b_mask
            if not union & changed_mask:
                continue
            if _touched(board, b_squares, colour_a, label_a) or _touched(
                board, _squares_in(a_mask), colour_b, label_b
            ):
                continue
            found.append((entry, union, origin, (colour_a, colour_b), squares_of(union)))
    if not found:
        return [], used
    found.sort(
        key=lambda f: (
            -f[0].orientation.pattern.size,
            -f[0].orientation.pattern.points,
            f[0].order,
            f[0].orientation.turn,
            f[4],
        )
    )
    marks = set(used)
    scored = []
    for entry, union, origin, colours, squares in found:
        if union in marks:  # also a pattern on the same squares scored earlier in this move
            continue
        pattern = entry.orientation.pattern
        scored.append(
            ScoredPattern(
                "two_colour",
                pattern.key,
                pattern.name,
                colours,
                squares,
                pattern.points,
                entry.orientation.turn,
            )
        )
        marks.add(union)
        marks.update(inner << origin for inner in entry.inner)
    return scored, frozenset(marks)


def _squares_in(mask: int) -> list[Square]:
    return list(squares_of(mask))


def _touched(board: _Components, part: list[Square], colour: int, own_label: int) -> bool:
    """True when a square of `colour` outside component `own_label` touches `part`."""
    grid, labels = board.grid, board.labels
    for x, y in part:
        for dx, dy in NEIGHBOURS:
            nx, ny = x + dx, y + dy
            if (
                0 <= nx < SIZE
                and 0 <= ny < SIZE
                and grid[ny, nx] == colour
                and labels[ny, nx] != own_label
            ):
                return True
    return False


def _chains(
    board: _Components, changed_labels: list[int], scored_before: tuple[tuple[int, int], ...]
) -> tuple[list[ScoredPattern], tuple[tuple[int, int], ...]]:
    """Q15: changed components of 5–117 squares, unless mostly a chain scored before."""
    table = tables()[0]
    found = []
    for label in changed_labels:
        size = int(board.sizes[label])
        if size not in table:
            continue
        colour = board.colour[label]
        mask = board.mask(label)
        if any(
            colour == old_colour and 2 * (mask & old).bit_count() > old.bit_count()
            for old_colour, old in scored_before
        ):
            continue
        found.append(
            ScoredPattern(
                "chain", "chain", f"chain of {size}", (colour,), squares_of(mask), table[size]
            )
        )
        scored_before = (*scored_before, (colour, mask))
    found.sort(key=lambda p: p.squares)
    return found, scored_before


def _enclosure(
    board: _Components, changed_labels: list[int], enclosed_before: int
) -> tuple[ScoredPattern, int] | None:
    """Q16: the tiles' squares cut off by the move's boundaries, united, from the table."""
    table = tables()[1]
    grid, labels = board.grid, board.labels
    occupied = grid != EMPTY
    earlier = array_of(enclosed_before) & occupied
    enclosed = np.zeros(grid.shape, dtype=bool)
    colours = set()
    for label in changed_labels:
        if board.sizes[label] < 2:  # one square never cuts the board
            continue
        colour = board.colour[label]
        areas, count = ndimage.label(labels != label)  # 4-connected
        if count < 2:
            continue
        sizes = np.bincount(areas.ravel(), minlength=count + 1)
        sizes[0] = 0
        small = sizes < sizes.max()  # every area but the largest (and all tied for largest)
        small[0] = False
        if not small.any():
            continue
        tiles = np.bincount(areas[occupied], minlength=count + 1)
        other_colour = np.bincount(areas[occupied & (grid != colour)], minlength=count + 1)
        before = np.bincount(areas[earlier], minlength=count + 1)
        counted = small & (other_colour > 0) & (2 * before <= tiles)
        if counted.any():
            enclosed |= counted[areas] & occupied
            colours.add(colour)
    total = int(enclosed.sum())
    if total not in table:  # none, or more than 60: nothing scored, nothing recorded
        return None
    mask = mask_of(enclosed)
    pattern = ScoredPattern(
        "enclosure",
        "enclosure",
        f"enclosure of {total}",
        tuple(sorted(colours)),
        squares_of(mask),
        table[total],
    )
    return pattern, mask
