"""Quadrotone game options: the variant, the scoring settings and the seeded start.

`deal` (main variant) and `board` (reverse variant) are the start as a game
record gives it; they are authoritative over `seed`, which only makes a start
when neither is given. The service stores neither: it stores the seed.
"""

from dataclasses import dataclass
from typing import Any

from games.catalog.quadrotone.engine.deal import CELLS, deal, random_board
from games.catalog.quadrotone.engine.tiles import TILES
from games.engines.base import OptionError, refuse_unknown_options

VARIANTS = ("main", "reverse")
CATALOGUES = ("default",)
# Championships pass their stage's format to every game; it changes nothing in play.
FORMATS = (None, "express", "extended", "full")
SETTINGS = ("rotations", "chains", "enclosure")
KNOWN = ("variant", *SETTINGS, "catalogue", "seed", "format", "deal", "board")
HALF = TILES // 2
# Seeds stay within the numbers every JSON reader holds exactly.
MAX_SEED = 2**53 - 1


@dataclass(frozen=True)
class QuadrotoneOptions:
    variant: str = "main"
    rotations: bool = False
    chains: bool = False
    enclosure: bool = False
    catalogue: str = "default"
    seed: int = 0
    format: str | None = None
    deal: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    board: tuple[tuple[int, int], ...] | None = None

    @property
    def reverse(self) -> bool:
        return self.variant == "reverse"

    def as_dict(self, *, start: bool = True) -> dict[str, Any]:
        """The options as JSON; `start=False` leaves out a given deal or board."""
        options: dict[str, Any] = {
            "variant": self.variant,
            "rotations": self.rotations,
            "chains": self.chains,
            "enclosure": self.enclosure,
            "catalogue": self.catalogue,
            "seed": self.seed,
        }
        if self.format is not None:
            options["format"] = self.format
        if start and self.deal is not None:
            options["deal"] = {"first": list(self.deal[0]), "second": list(self.deal[1])}
        if start and self.board is not None:
            options["board"] = [list(entry) for entry in self.board]
        return options

    def start_deal(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The hands at the start (main variant): the given deal, else the seed's."""
        if self.deal is not None:
            return self.deal
        first, second = deal(self.seed)
        return tuple(first), tuple(second)

    def start_board(self) -> tuple[tuple[int, int], ...]:
        """The full board at the start (reverse variant): the given one, else the seed's."""
        if self.board is not None:
            return self.board
        return tuple(random_board(self.seed))


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _flag(options: dict, name: str) -> bool:
    value = options.get(name, False)
    if not isinstance(value, bool):
        raise OptionError(name, "true or false")
    return value


def _deal(value: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    message = "{first: [128 tile ids], second: [128 tile ids]}, every id 0–255 once (Q4)"
    if not isinstance(value, dict) or set(value) != {"first", "second"}:
        raise OptionError("deal", message)
    hands = []
    for seat in ("first", "second"):
        hand = value[seat]
        if not isinstance(hand, list | tuple) or len(hand) != HALF:
            raise OptionError("deal", message)
        if not all(_whole(tile) and 0 <= tile < TILES for tile in hand):
            raise OptionError("deal", message)
        hands.append(tuple(sorted(hand)))
    if len(set(hands[0]) | set(hands[1])) != TILES:
        raise OptionError("deal", message)
    return hands[0], hands[1]


def _board(value: Any) -> tuple[tuple[int, int], ...]:
    message = "[[tile, turn] × 256] in cell order, every tile 0–255 once, turn 0–3 (Q21)"
    if not isinstance(value, list | tuple) or len(value) != CELLS:
        raise OptionError("board", message)
    board = []
    for entry in value:
        if not isinstance(entry, list | tuple) or len(entry) != 2:
            raise OptionError("board", message)
        tile, turn = entry
        if not (_whole(tile) and 0 <= tile < TILES and _whole(turn) and 0 <= turn < 4):
            raise OptionError("board", message)
        board.append((tile, turn))
    if len({tile for tile, _turn in board}) != TILES:
        raise OptionError("board", message)
    return tuple(board)


def parse_options(options: Any) -> QuadrotoneOptions:
    """Checked options; every fault names the option it is in."""
    if options is not None and not isinstance(options, dict):
        raise OptionError("options", "a JSON object")
    options = dict(options or {})
    refuse_unknown_options(options, KNOWN)
    variant = options.get("variant", "main")
    if variant not in VARIANTS:
        raise OptionError("variant", "main or reverse (Q21)")
    catalogue = options.get("catalogue", "default")
    if catalogue not in CATALOGUES:
        raise OptionError("catalogue", f"one of {', '.join(CATALOGUES)}")
    seed = options.get("seed", 0)
    if not _whole(seed) or not 0 <= seed <= MAX_SEED:
        raise OptionError("seed", f"a whole number from 0 to {MAX_SEED}")
    match_format = options.get("format")
    if match_format not in FORMATS:
        raise OptionError("format", "express, extended, full or null")
    given_deal = options.get("deal")
    given_board = options.get("board")
    if given_deal is not None and variant != "main":
        raise OptionError("deal", "only the main variant deals tiles; the reverse one has a board")
    if given_board is not None and variant != "reverse":
        raise OptionError("board", "only the reverse variant starts with a full board (Q21)")
    return QuadrotoneOptions(
        variant=variant,
        rotations=_flag(options, "rotations"),
        chains=_flag(options, "chains"),
        enclosure=_flag(options, "enclosure"),
        catalogue=catalogue,
        seed=seed,
        format=match_format,
        deal=None if given_deal is None else _deal(given_deal),
        board=None if given_board is None else _board(given_board),
    )
