"""Building Kropki positions by moves, for the tests."""

from games.catalog.kropki.engine import ENGINE, KropkiState


def play(*moves, width: int = 12, height: int = 12, start="empty", **options) -> KropkiState:
    """Replay moves as a record would: [x, y] alternates from blue, [x, y, colour] names it."""
    state = ENGINE.new({"width": width, "height": height, "start": start, **options})
    for move in moves:
        state, _step = ENGINE.apply(state, list(move), record=True)
    return state


def blue(*points):
    return [[x, y, "blue"] for x, y in points]


def red(*points):
    return [[x, y, "red"] for x, y in points]


def dot_at(state: KropkiState, x: int, y: int) -> str:
    return ENGINE.view(state)["dots"][y - 1][x - 1]


def owner_at(state: KropkiState, x: int, y: int) -> str:
    return ENGINE.view(state)["owners"][y - 1][x - 1]


def score(state: KropkiState) -> tuple[int, int]:
    result = ENGINE.score(state)
    return result["blue"], result["red"]


def quiet_moves(count: int, width: int = 39, height: int = 32, skip=frozenset()):
    """Alternating moves that take nothing: blue fills rows from the bottom, red from the top."""
    blue_points = [(x, y) for y in range(1, height + 1) for x in range(1, width + 1)]
    red_points = [(x, y) for y in range(height, 0, -1) for x in range(1, width + 1)]
    blue_points = [p for p in blue_points if p not in skip]
    red_points = [p for p in red_points if p not in skip]
    moves = []
    for n in range(count):
        moves.append(list(blue_points[n // 2] if n % 2 == 0 else red_points[n // 2]))
    return moves
