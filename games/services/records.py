"""A game's record, written in one of the formats its rules know."""

from games.engines import Record, engine
from games.models import Game, Move


def game_record(game: Game, form: str = "json") -> str:
    """The game's record: the rules file's JSON, or another of the engine's record formats."""
    from games.selectors import stand_in_moves

    rules = engine(game.game)
    accepted = game.moves.filter(status=Move.Status.ACCEPTED).order_by("seq")
    moves = list(accepted.values_list("payload", flat=True))
    counts = stand_in_moves(game)
    header = {"stand_in_moves": counts} if counts is not None else {}  # D11
    record = Record(game=game.game, options=game.options, moves=moves, header=header)
    return rules.write_record(record, form)
