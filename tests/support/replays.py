"""Games played to their end through the services, for the replay's tests: the player
plays the CPU's own suggestions against the CPU (both at the easy level), then resigns if
the game is still on."""

import time

from accounts.models import User
from games import services
from games.engines import engine
from games.models import Game, Move

# Each game on a board small enough to play quickly, with moves that score.
OPTIONS = {
    "kropki": {"width": 8, "height": 8},
    "dots_and_boxes": {"columns": 3, "rows": 3},
    "quadramids": {},
    "quadrotone": {},
}


def players_turn(game_id: int, player: User, seconds: float = 30) -> Game:
    """The game once it is the player's move again or over (a worker may still be deciding
    the CPU's answer)."""
    deadline = time.monotonic() + seconds
    while True:
        game = Game.objects.get(pk=game_id)
        mine = game.seats.get(user=player).seat
        settled = not game.moves.filter(status=Move.Status.PENDING).exists()
        if settled and (game.status != Game.Status.ACTIVE or game.to_move == mine):
            return game
        assert time.monotonic() < deadline, "the CPU never answered"
        time.sleep(0.05)


def finished_game(player: User, game: str, own_moves: int = 6) -> Game:
    """A finished practice game of `game` with `own_moves` of the player's moves at most."""
    # The CPU's easy level: what is replayed is any game's moves, and the easy level finds
    # them without the search the stronger levels spend seconds on.
    game_id = services.create_game(
        creator=player,
        game=game,
        options=OPTIONS[game],
        format=None,
        opponent="cpu",
        cpu_level="easy",
    ).pk
    rules = engine(game)
    for _ in range(own_moves):
        current = players_turn(game_id, player)
        if current.status != Game.Status.ACTIVE:
            break
        move = rules.suggest(rules.load(bytes(current.snapshot)), "easy")
        services.submit_move(game_id=game_id, user=player, seq=current.move_count + 1, payload=move)
    if players_turn(game_id, player).status == Game.Status.ACTIVE:
        services.resign(game_id, player)
    return Game.objects.get(pk=game_id)


def replayed_view(game: Game, number: int) -> dict:
    """The engine's view after move `number`, from the game's own JSON record."""
    from games.services.records import game_record

    rules = engine(game.game)
    record = rules.read_record(game_record(game))
    state = rules.new(record.options)
    for move in record.moves[:number]:
        state, _step = rules.apply(state, move, record=True)
    return rules.view(state)


def replayed_views(game: Game) -> list[dict]:
    """The engine's view before the first move and after each, from the game's own JSON
    record read once and replayed once."""
    from games.services.records import game_record

    rules = engine(game.game)
    record = rules.read_record(game_record(game))
    state = rules.new(record.options)
    views = [rules.view(state)]
    for move in record.moves:
        state, _step = rules.apply(state, move, record=True)
        views.append(rules.view(state))
    return views
