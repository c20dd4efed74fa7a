"""Geometry of the playoff bracket drawing, as a pure function over plain data.

Input is the shape `selectors.bracket_view` returns: `{"rounds": [{"name", "matches":
[{"id", "a", "b", "winner", "forfeit", "games"}]}]}` (a match may also say `"live": true`
while one of its games is being played, `"bye": true` for a first-round match of one
player, and give in `"from"` where a side without a player comes from: its `label`, the
`short_label` drawn instead when there is one ("Winner of C"), and before the draw the
`entrant` who holds the slot for now), each match's letter (`"label"`), its `"score"` by
side and whether it is played only `"if_necessary"`; the knockout rounds
first (each with half the matches of the one before, down to the final's one) and then, when
there is one, the third-place match as a round of its own. Output is boxes, round headings
and connector paths in SVG user units; the template only draws them. Nothing here imports
Django.

`draw_double_elimination` draws a double elimination's brackets with the same boxes.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tournaments.bracket_text import wrap

BOX_WIDTH = 180
SLOT_HEIGHT = 26  # a slot of one line; a drawing whose names wrap has taller slots
BOX_HEIGHT = 2 * SLOT_HEIGHT
COLUMN_GAP = 40  # between the columns of two rounds, where the connectors run
ROW_GAP = 18  # between two boxes of the first round
MARGIN = 8
HEADING_HEIGHT = 40  # room for the round names above the boxes
THIRD_PLACE_GAP = 40  # between the lowest box of the bracket and the third-place heading
LABEL_WIDTH = 22  # the match's letter, in a cell at the box's left
SCORE_WIDTH = 30  # the side's score, right-aligned at the box's right
NAME_SIZE, NAME_LINE = 13, 16  # a player's name: type size and line height
SOURCE_SIZE, SOURCE_LINE = 11, 14  # where a slot's player comes from, in a smaller type
SLOT_PADDING = 10  # above and below a slot's lines, together
NAME_WIDTH = BOX_WIDTH - LABEL_WIDTH - 8 - SCORE_WIDTH  # room for a line of a name
SOURCE_WIDTH = BOX_WIDTH - LABEL_WIDTH - 16  # a side without a player has no score


@dataclass(frozen=True)
class Line:
    """One line of a slot's text: a name's line, or (`small`) where the player comes from."""

    text: str
    y: float  # baseline
    small: bool = False


@dataclass(frozen=True)
class Slot:
    """One side of a match: a player, or empty (`empty` says why: "bye" or "tbd"; for "tbd",
    `source` may say where the player will come from, e.g. "Winner of group A", and
    `provisional` the entrant who holds the slot as the seeding stands before the draw)."""

    name: str | None
    winner: bool
    empty: str | None
    x: float
    y: float
    width: float
    height: float
    text_x: float  # start of the lines
    mark_x: float  # the score (or the winner's mark), right-aligned near the box's edge
    mark_y: float  # its baseline, in the middle of the slot
    lines: tuple[Line, ...] = ()  # the name, or the source, in full over as many lines as needed
    source: str | None = None  # in full words, for the drawing's description
    provisional: str | None = None
    score: str = ""
    me: bool = False  # the reader's own slot

    @property
    def fill_x(self) -> float:
        """Where the slot's shading starts: right of the match's letter."""
        return self.x + LABEL_WIDTH

    @property
    def fill_width(self) -> float:
        return self.width - LABEL_WIDTH


@dataclass(frozen=True)
class Box:
    match_id: int | None
    round_name: str
    round_index: int
    index: int
    x: float
    y: float
    width: float
    height: float
    top: Slot
    bottom: Slot
    games: tuple[int, ...]
    forfeit: bool
    live: bool = False  # a game of the match is being played
    third_place: bool = False
    bracket: str = ""  # a double elimination's: winners, losers or final
    label: str = ""  # the match's letter in the order of play
    if_necessary: bool = False  # played only if the grand final asks for it

    @property
    def link_game(self) -> int | None:
        """The game the box links to: the latest one (a replay after a drawn game)."""
        return self.games[-1] if self.games else None

    @property
    def decided(self) -> bool:
        return self.top.winner or self.bottom.winner

    @property
    def mine(self) -> bool:
        """The reader plays (or as the seeding stands, would play) in this match."""
        return self.top.me or self.bottom.me

    @property
    def slots(self) -> tuple[Slot, Slot]:
        return (self.top, self.bottom)

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def note_y(self) -> float:
        """Baseline of a small note written just above the box."""
        return self.y - 4

    @property
    def centre_y(self) -> float:
        return self.y + self.height / 2

    @property
    def divider_y(self) -> float:
        return self.y + self.height / 2

    @property
    def label_x(self) -> float:
        """The middle of the letter's cell."""
        return self.x + LABEL_WIDTH / 2

    @property
    def label_right(self) -> float:
        return self.x + LABEL_WIDTH

    @property
    def label_y(self) -> float:
        return self.centre_y + 4

    @property
    def bottom_y(self) -> float:
        return self.y + self.height


@dataclass(frozen=True)
class Heading:
    text: str
    x: float  # centre of the text
    y: float  # baseline


@dataclass(frozen=True)
class Title:
    """A section's title over its rounds (a double elimination's brackets), left-aligned."""

    text: str
    x: float  # start of the text
    y: float  # baseline


@dataclass(frozen=True)
class Connector:
    """The line from a match to the one its winner goes to, as an SVG path."""

    source: int  # index into Drawing.boxes
    target: int
    path: str


@dataclass(frozen=True)
class Drawing:
    width: float
    height: float
    headings: list[Heading] = field(default_factory=list)
    boxes: list[Box] = field(default_factory=list)
    connectors: list[Connector] = field(default_factory=list)
    titles: list[Title] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not self.boxes

    @property
    def third_place(self) -> Box | None:
        return next((box for box in self.boxes if box.third_place), None)


def _number(value: float) -> str:
    """Coordinates for a path: whole numbers without a decimal point."""
    return f"{value:g}"


def score_text(value: float | None) -> str:
    """A score as the box shows it: 13, 1½, ½ (half points are games drawn in a match)."""
    if value is None:
        return ""
    whole, half = divmod(round(value * 2), 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


def _source_of(match: Mapping, side: str) -> Mapping:
    return (match.get("from") or {}).get(side) or {}


def _slot_text(match: Mapping, side: str) -> list[tuple[str, bool]]:
    """The lines a side needs, unplaced: (text, small). A player's name; before the draw
    the entrant holding the slot over where it comes from; else where it comes from."""
    name = match.get(side)
    if name:
        return [(line, False) for line in wrap(name, NAME_WIDTH, NAME_SIZE)]
    source = _source_of(match, side)
    shown = source.get("short_label") or source.get("label")
    lines = []
    if source.get("entrant"):
        lines += [(line, False) for line in wrap(source["entrant"], SOURCE_WIDTH, NAME_SIZE)]
    if shown:
        small = wrap(shown, SOURCE_WIDTH, SOURCE_SIZE, bold=False)
        lines += [(line, True) for line in small]
    return lines


def _lines_height(lines: Sequence[tuple[str, bool]]) -> float:
    return sum(SOURCE_LINE if small else NAME_LINE for _, small in lines)


def slot_height(rounds: Sequence[Mapping]) -> float:
    """The height of every slot of a drawing: room for its longest side's lines."""
    tallest = max(
        (
            _lines_height(_slot_text(match, side))
            for round_ in rounds
            for match in round_["matches"]
            for side in ("a", "b")
        ),
        default=0,
    )
    return max(SLOT_HEIGHT, SLOT_PADDING + tallest)


def _slot(
    match: Mapping,
    side: str,
    first_round: bool,
    x: float,
    y: float,
    height: float,
    me: str | None,
) -> Slot:
    name = match.get(side)
    winner = bool(name) and match.get("winner") == name
    empty = source = provisional = None
    if not name:
        # A side waiting for its player may say where they come from. In the first round an
        # empty side with no source, of a settled match or a planned bye, is a bye; any
        # other waits for the winner of an earlier match.
        source = _source_of(match, side).get("label")
        provisional = _source_of(match, side).get("entrant")
        bye = not source and first_round and (match.get("winner") or match.get("bye"))
        empty = "bye" if bye else "tbd"
    text = _slot_text(match, side)
    baseline = y + (height - _lines_height(text)) / 2
    lines = []
    for line, small in text:
        step = SOURCE_LINE if small else NAME_LINE
        lines.append(Line(text=line, y=baseline + step - 4, small=small))
        baseline += step
    score = (match.get("score") or {}).get(side)
    return Slot(
        name=name,
        source=source,
        provisional=provisional,
        winner=winner,
        empty=empty,
        x=x,
        y=y,
        width=BOX_WIDTH,
        height=height,
        text_x=x + LABEL_WIDTH + 8,
        mark_x=x + BOX_WIDTH - 8,
        mark_y=y + height / 2 + 5,
        lines=tuple(lines),
        score=score_text(score),
        me=bool(me) and me in (name, provisional),
    )


@dataclass(frozen=True)
class _Style:
    """What every box of one drawing shares: the slots' height and the reader's name."""

    slot_height: float = SLOT_HEIGHT
    me: str | None = None

    @property
    def box_height(self) -> float:
        return 2 * self.slot_height


def _box(
    match: Mapping,
    round_name: str,
    round_index: int,
    index: int,
    x: float,
    y: float,
    style: _Style,
    third_place: bool = False,
    bracket: str = "",
) -> Box:
    # A double elimination plans no byes: an empty side always waits for a player.
    first_round = round_index == 0 and not bracket
    height = style.slot_height
    return Box(
        match_id=match.get("id"),
        round_name=round_name,
        round_index=round_index,
        index=index,
        x=x,
        y=y,
        width=BOX_WIDTH,
        height=2 * height,
        top=_slot(match, "a", first_round, x, y, height, style.me),
        bottom=_slot(match, "b", first_round, x, y + height, height, style.me),
        games=tuple(match.get("games") or ()),
        forfeit=bool(match.get("forfeit")),
        live=bool(match.get("live")),
        third_place=third_place,
        bracket=bracket,
        label=match.get("label") or "",
        if_necessary=bool(match.get("if_necessary")),
    )


def split_rounds(rounds: Sequence[Mapping]) -> tuple[list[Mapping], Mapping | None]:
    """The knockout rounds up to the final, and the third-place round (or None).

    The final is the first round with a single match; a round after it is the third-place
    match.
    """
    knockout: list[Mapping] = []
    third = None
    for round_ in rounds:
        if knockout and len(knockout[-1]["matches"]) == 1:
            third = round_
            break
        knockout.append(round_)
    return knockout, third


def column_x(round_index: int) -> float:
    return MARGIN + round_index * (BOX_WIDTH + COLUMN_GAP)


def draw(bracket: Mapping, me: str | None = None) -> Drawing:
    """Boxes, round headings and connectors of the bracket; an empty drawing for none.
    `me`: the reader's name, whose slots and matches are marked."""
    knockout, third = split_rounds(bracket.get("rounds") or [])
    if not knockout or not any(round_["matches"] for round_ in knockout):
        return Drawing(width=0, height=0)
    style = _Style(slot_height(bracket["rounds"]), me)
    box_height = style.box_height
    headings: list[Heading] = []
    boxes: list[Box] = []
    connectors: list[Connector] = []
    top = MARGIN + HEADING_HEIGHT
    # Box position in `boxes` by (round index, match index), for the connectors.
    placed: dict[tuple[int, int], int] = {}
    for round_index, round_ in enumerate(knockout):
        x = column_x(round_index)
        headings.append(Heading(text=round_["name"], x=x + BOX_WIDTH / 2, y=MARGIN + 18))
        for index, match in enumerate(round_["matches"]):
            feeders = [placed.get((round_index - 1, 2 * index + side)) for side in (0, 1)]
            if round_index > 0 and all(f is not None for f in feeders):
                # Centred between the two matches whose winners meet here.
                centre = (boxes[feeders[0]].centre_y + boxes[feeders[1]].centre_y) / 2
                y = centre - box_height / 2
            else:
                # The first round, or a later match without both feeders drawn: evenly
                # spaced at the pitch of its round.
                pitch = (box_height + ROW_GAP) * 2**round_index
                y = top + index * pitch + (pitch - box_height - ROW_GAP) / 2
            box = _box(match, round_["name"], round_index, index, x, y, style)
            placed[(round_index, index)] = len(boxes)
            boxes.append(box)
            for feeder in feeders:
                if round_index > 0 and feeder is not None:
                    connectors.append(_connector(boxes, feeder, len(boxes) - 1))
    bottom = max(box.y + box.height for box in boxes)
    width = column_x(len(knockout) - 1) + BOX_WIDTH + MARGIN
    if third and third["matches"]:
        final = boxes[-1]
        heading_y = bottom + THIRD_PLACE_GAP
        headings.append(Heading(text=third["name"], x=final.x + BOX_WIDTH / 2, y=heading_y))
        box = _box(
            third["matches"][0],
            third["name"],
            len(knockout),
            0,
            final.x,
            heading_y + 16,
            style,
            True,
        )
        boxes.append(box)
        bottom = box.y + box.height
    return Drawing(
        width=width,
        height=bottom + MARGIN,
        headings=headings,
        boxes=boxes,
        connectors=connectors,
    )


def _connector(boxes: list[Box], source: int, target: int) -> Connector:
    start, end = boxes[source], boxes[target]
    x1, y1 = start.x + start.width, start.centre_y
    x2, y2 = end.x, end.centre_y
    # The turn is in the gap just before the target, so a line that skips empty columns
    # (the winners' final to the grand final) runs level through them.
    middle = x2 - COLUMN_GAP / 2
    path = f"M{_number(x1)} {_number(y1)}H{_number(middle)}V{_number(y2)}H{_number(x2)}"
    return Connector(source=source, target=target, path=path)


# -- a double elimination ----------------------------------------------------------------

SECTION_TITLE_HEIGHT = 26  # a bracket's title, above its round headings
SECTION_GAP = 36  # between the lowest box of the winners' bracket and the losers' title
FINAL_HEADING_RISE = 22  # a grand final's heading sits this far above its box
RESET_GAP = 40  # between the grand final and its reset below it, room for the reset's heading
BRACKET_TITLES = {"winners": "Winners' bracket", "losers": "Losers' bracket"}

MatchPlace = tuple[str, int, int]  # bracket, round (from 1), index in the round (from 0)


def _fed_by(match: Mapping, bracket: str | None = None) -> list[MatchPlace]:
    """The matches whose winners play in `match` (only those of `bracket` when given), side
    a first."""
    fed = []
    for side in ("a", "b"):
        source = (match.get("sources") or {}).get(side)
        if not source or source.get("result") != "winner":
            continue
        if bracket is None or source["bracket"] == bracket:
            fed.append((source["bracket"], source["round"], source["match"] - 1))
    return fed


def _tree_rows(bracket: str, rounds: Sequence[Mapping]) -> dict[tuple[int, int], float]:
    """The row of every match of one bracket, (round, index) → row from 0: the matches no
    winner of the bracket feeds take the rows one after another, top to bottom in the order
    of the routes, and any other sits level with the middle of those that feed it."""
    matches = {
        (round_["round"], index): match
        for round_ in rounds
        for index, match in enumerate(round_["matches"])
    }
    children = {
        place: [(r, i) for _, r, i in _fed_by(match, bracket) if (r, i) in matches]
        for place, match in matches.items()
    }
    fed_on = {child for kids in children.values() for child in kids}
    # The bracket's last match is the root; any other match nothing leads from follows it.
    roots = sorted((p for p in matches if p not in fed_on), key=lambda p: (-p[0], p[1]))
    rows: dict[tuple[int, int], float] = {}
    next_row = 0

    def place(at: tuple[int, int]) -> float:
        nonlocal next_row
        kids = children[at]
        if kids:
            kid_rows = [place(kid) for kid in kids]
            rows[at] = (kid_rows[0] + kid_rows[-1]) / 2
        else:
            rows[at] = next_row
            next_row += 1
        return rows[at]

    for root in roots:
        place(root)
    return rows


def draw_double_elimination(
    bracket: Mapping, titles: Mapping[str, str] | None = None, me: str | None = None
) -> Drawing:
    """The winners' bracket above the losers' bracket, each round a column, and the grand
    final in the column after both with its reset below it; lines follow every winner's
    route from column to column.

    Input is `selectors.bracket_view` of a double elimination: rounds with `bracket`
    (winners, losers, final) and `round`, each match with `sources` {a, b} (`{bracket,
    round, match (from 1), result}` or null for a seed). `titles`: the brackets' titles
    in the reader's language; `me`: the reader's name, whose slots and matches are marked.
    """
    rounds = [round_ for round_ in bracket.get("rounds") or [] if round_["matches"]]
    if not rounds:
        return Drawing(width=0, height=0)
    style = _Style(slot_height(rounds), me)
    titles = {**BRACKET_TITLES, **(titles or {})}
    by_bracket: dict[str, list[Mapping]] = {}
    for round_ in sorted(rounds, key=lambda r: r["round"]):
        by_bracket.setdefault(round_["bracket"], []).append(round_)
    pitch = style.box_height + ROW_GAP
    headings: list[Heading] = []
    section_titles: list[Title] = []
    boxes: list[Box] = []
    matches: list[Mapping] = []  # the match each box draws, for the lines
    placed: dict[MatchPlace, int] = {}
    top, columns = MARGIN, 0
    for name in ("winners", "losers"):
        section = by_bracket.get(name)
        if not section:
            continue
        section_titles.append(Title(text=titles[name], x=MARGIN, y=top + 18))
        boxes_top = top + SECTION_TITLE_HEIGHT + HEADING_HEIGHT
        rows = _tree_rows(name, section)
        for column, round_ in enumerate(section):
            x = column_x(column)
            headings.append(
                Heading(text=round_["name"], x=x + BOX_WIDTH / 2, y=top + SECTION_TITLE_HEIGHT + 18)
            )
            for index, match in enumerate(round_["matches"]):
                y = boxes_top + rows[(round_["round"], index)] * pitch
                placed[(name, round_["round"], index)] = len(boxes)
                boxes.append(_box(match, round_["name"], column, index, x, y, style, bracket=name))
                matches.append(match)
        columns = max(columns, len(section))
        top = max(box.y + box.height for box in boxes) + SECTION_GAP
    # The grand final in the column after both brackets, and its reset (played only if
    # necessary) below it, in the same column, as a knockout's match for third place.
    x = column_x(columns)
    for round_ in by_bracket.get("final", []):
        for index, match in enumerate(round_["matches"]):
            feeders = [placed[f] for f in _fed_by(match) if f in placed]
            if boxes and boxes[-1].bracket == "final":
                y = boxes[-1].y + boxes[-1].height + RESET_GAP
            elif feeders:
                centre = sum(boxes[f].centre_y for f in feeders) / len(feeders)
                y = centre - style.box_height / 2
            else:
                y = MARGIN + SECTION_TITLE_HEIGHT + HEADING_HEIGHT
            headings.append(
                Heading(text=round_["name"], x=x + BOX_WIDTH / 2, y=y - FINAL_HEADING_RISE)
            )
            placed[("final", round_["round"], index)] = len(boxes)
            boxes.append(_box(match, round_["name"], columns, index, x, y, style, bracket="final"))
            matches.append(match)
    connectors = [
        _connector(boxes, placed[feeder], target)
        for target, match in enumerate(matches)
        for feeder in _fed_by(match)
        # The reset sits under the grand final: no line runs within a column.
        if feeder in placed and boxes[target].x > boxes[placed[feeder]].right
    ]
    right = max(box.right for box in boxes)
    bottom = max(box.y + box.height for box in boxes)
    return Drawing(
        width=right + MARGIN,
        height=bottom + MARGIN,
        headings=headings,
        boxes=boxes,
        connectors=connectors,
        titles=section_titles,
    )
