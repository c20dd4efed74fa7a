"""A game's record, written in one of the formats its rules know, with what the game's page
tells about the game: its players, result, dates, clocks and championship.

The engines write the record from a `Record` and its header (games/engines/base.py says
what the header holds); everything in the header is public wherever the game is: names as
others see them, never an account's e-mail or anything else of its own.
"""

from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.utils import translation

from games import clocks, visibility
from games.engines import Record, engine
from games.models import Game, Move
from games.selectors import clocks_now, stand_in_moves

# How a record names the CPU's seat.
CPU_NAME = "CPU"


def game_record(game: Game, form: str = "json") -> str:
    """The game's record: the rules file's JSON, or another of the engine's record formats."""
    rules = engine(game.game)
    accepted = list(
        game.moves.filter(status=Move.Status.ACCEPTED)
        .order_by("seq")
        .only("seq", "seat", "payload", "received_at", "processed_at")
    )
    moves = [move.payload for move in accepted]
    record = Record(
        game=game.game, options=game.options, moves=moves, header=header(game, accepted)
    )
    return rules.write_record(record, form)


def header(game: Game, accepted: list[Move]) -> dict:
    """What a record tells beside its options and moves (see `Record`)."""
    facts: dict = {
        "id": game.pk,
        "page": settings.SITE_URL + game.get_absolute_url(),
        "kind": game.kind,
        "rated": game.rated,
        "players": players(game),
    }
    event = championship_event(game)
    if event:
        facts["event"] = event
    facts["result"] = result(game)
    facts["dates"] = {
        "created": timestamp(game.created_at),
        "started": timestamp(game.started_at),
        "finished": timestamp(game.finished_at),
    }
    facts["clocks"] = game_clocks(game, accepted)
    counts = stand_in_moves(game)
    if counts is not None:
        facts["stand_in_moves"] = counts  # S4
    return facts


def players(game: Game) -> dict[str, str]:
    """seat → the player's name as the site shows it to everyone, in seat order."""
    seats = sorted(game.seats.all(), key=lambda seat: seat.order)
    # A record reads the same whoever downloads it: in the site's own language.
    with translation.override(settings.LANGUAGE_CODE):
        return {seat.seat: seat.user.shown_name if seat.user_id else CPU_NAME for seat in seats}


def championship_event(game: Game) -> dict | None:
    """The championship the game is played for, and its round; None for a game of its own."""
    owner = visibility.belongs_to(game)
    if owner is None:
        return None
    event = {"name": owner.name, "page": settings.SITE_URL + owner.get_absolute_url()}
    round_name = visibility.round_of(game)
    if round_name:
        event["round"] = round_name
    return event


def result(game: Game) -> dict:
    """How the game stands: the winning seat (None: a draw, or not over), why, the score."""
    rules = engine(game.game)
    finished = game.status == Game.Status.FINISHED
    outcome: dict = {
        "status": game.status,
        "winner": (game.winner or None) if finished else None,
        "reason": (game.result_reason or None) if finished else None,
        "score": dict(game.score),
    }
    if rules.ranks_places and finished and game.places:
        outcome["places"] = dict(game.places)
    return outcome


def game_clocks(game: Game, accepted: list[Move]) -> dict:
    """The time control, the clocks as they stand, and each move's time: when it was played,
    how long its player took and the time they had left after it."""
    control = clocks.parse_time_control(game.time_control)
    return {
        "time_control": control.as_dict() if control is not None else None,
        "left": clocks_now(game),
        "moves": move_times(game, accepted, control),
    }


def move_times(game: Game, accepted: list[Move], control: clocks.TimeControl | None) -> list[dict]:
    """Per accepted move, in order: its seat, when it was played, the seconds it took (from
    the turn's start, as the clocks charge it) and the seconds its player had left after it
    (the game clock, or what remained of the move's own limit)."""
    # A move taken back starts the turn again when it is taken back (undo.take_back).
    restarts = sorted(
        game.moves.filter(status=Move.Status.UNDONE, processed_at__isnull=False).values_list(
            "processed_at", flat=True
        )
    )
    left = dict(clocks.starting_clocks(control, tuple(game.clocks)))
    for seat in game.berserk:  # halved before the seat's first move (games.services.berserk)
        if seat in left:
            left[seat] /= 2
    turn_started = game.started_at
    times = []
    for move in accepted:
        played = move.processed_at
        if played is not None:
            starts = [t for t in (turn_started, *restarts) if t is not None and t < played]
            turn_started = max(starts, default=turn_started)
        seconds = None
        if turn_started is not None and move.received_at is not None:
            seconds = max(move.received_at, turn_started) - turn_started
        entry: dict = {"seat": move.seat, "at": timestamp(played), "seconds": rounded(seconds)}
        if control is not None and seconds is not None:
            if move.seat in left:
                left[move.seat] = clocks.after_move(control, left[move.seat], seconds)
                entry["left"] = round(left[move.seat], 1)
            elif control.move_s is not None:
                entry["left"] = round(max(0.0, control.move_s - seconds.total_seconds()), 1)
        times.append(entry)
        if played is not None:
            turn_started = played
    return times


def rounded(span: timedelta | None) -> float | None:
    return None if span is None else round(span.total_seconds(), 1)


def timestamp(moment: datetime | None) -> str | None:
    """ISO 8601 in UTC to the second: 2026-05-01T12:00:00Z."""
    if moment is None:
        return None
    return moment.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
