"""The worker's turn: pending moves decided in order, the CPU's and stand-ins' moves."""

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from config import rows
from games import clocks, tasks
from games.engines import DEFAULT_CPU_LEVEL, IllegalMove, engine
from games.models import Game, Move
from games.outcomes import ResultReason
from games.services import deadlines, endings, move_counts, moves, seats
from games.services.updates import locked_row, pending_moves, save_and_publish
from notifications import game_hooks

# The columns a move, a clock or an ending can change.
PLAY_FIELDS = [
    "status", "to_move", "move_count", "score", "secured", "winner", "result_reason",
    "snapshot", "draw_offer", "undo_request", "clocks", "turn_started_at", "deadline", "version",
    "finished_at", "places",
]  # fmt: skip


def process_game(game_id: int) -> None:
    """The worker's turn: decide pending moves in order, play the CPU, watch the clock.

    Idempotent: with nothing pending and no deadline passed it changes nothing.
    """
    events: list[dict] = []
    decided: list[Move] = []
    with transaction.atomic():
        game = locked_row(game_id)
        if game is None:
            return
        pending = pending_moves(game)
        turn_before = game.to_move
        now = timezone.now()
        rules = engine(game.game)
        cpu_seats = seats.cpu_seats(game, rules)
        cpu_due = game.status == Game.Status.ACTIVE and game.to_move in cpu_seats
        gone = seats.disconnected_seat(game, rules)
        if not pending and not cpu_due and not gone and not deadlines.clock_overdue(game, now):
            return
        if gone:
            winner = seats.sole_opponent(game, gone)
            endings.finish(game, winner, ResultReason.DISCONNECTION, now, events)
        state = rules.load(bytes(game.snapshot))
        for move in pending:
            if deadlines.clock_overdue(game, move.received_at):
                state = deadlines.time_out(game, rules, state, events, tuple(pending))
            if move.status == Move.Status.PENDING:
                state = decide(game, rules, state, move, now, events)
            decided.append(move)
        cpu_next = decided and game.status == Game.Status.ACTIVE and game.to_move in cpu_seats
        if not cpu_next:
            state = play_for_absent(game, rules, state, cpu_seats, events)
        game.snapshot = rules.dump(state)
        over = game.status == Game.Status.FINISHED
        results = {move.id: moves.answer(move, over) for move in decided}
        save_and_publish(game, events, fields=PLAY_FIELDS, decided=results)
        game_hooks.turn_passed(game, turn_before)  # "your move" for a player who is away
        if cpu_next:
            # The player hears the verdict first (published above, after the commit); the
            # CPU thinks in the next task, also after the commit.
            tasks.process_game.delay(game_id)


def play_for_absent(game: Game, rules, state, cpu_seats: set[str], events: list[dict]):
    """The CPU's moves for its seats, and whatever clocks have run out in the meantime."""
    while game.status == Game.Status.ACTIVE:
        if game.to_move in cpu_seats:
            state = cpu_move(game, rules, state, events)
        elif deadlines.clock_overdue(game):
            state = deadlines.time_out(game, rules, state, events)
        else:
            break
    return state


def cpu_move(game: Game, rules, state, events: list[dict], overtaken: tuple[Move, ...] = ()):
    """The CPU's move for the side to move: its own, at the game's level, or a player's it
    stands in for (at its easiest where D11 holds the stand-in back, else at the normal
    level, whatever the level of a practice game's CPU)."""
    for_a_player = any(s.seat == game.to_move and not s.is_cpu for s in game.seats.all())
    if for_a_player and seats.stand_in_limited(game, rules):
        payload = rules.stand_in_move(state)
    elif for_a_player:
        payload = rules.suggest(state, level=DEFAULT_CPU_LEVEL)
    else:
        payload = rules.suggest(state, level=game.cpu_level or DEFAULT_CPU_LEVEL)
    return system_move(game, rules, state, events, payload, overtaken)


def system_move(
    game: Game, rules, state, events: list[dict], payload, overtaken: tuple[Move, ...] = ()
):
    """A move the server makes for the side to move (the CPU's, or a pass on time);
    `overtaken` pending moves holding its number are refused first (they came too late)."""
    for move in overtaken:
        if move.status == Move.Status.PENDING and move.seq == game.move_count + 1:
            move.processed_at = timezone.now()
            moves.refuse(game, move, IllegalMove("too_late", "Time ran out for this move."))
            events.append(moves.move_event(game, move))
    move = rows.insert(Move(game=game, seq=game.move_count + 1, seat=game.to_move, payload=payload))
    return decide(game, rules, state, move, timezone.now(), events)


def decide(game: Game, rules, state, move: Move, now: datetime, events: list[dict]):
    """Accept or refuse one move; returns the state after it."""
    refusal = None
    if game.status != Game.Status.ACTIVE:
        refusal = not_in_play(game)
    elif move.seq != game.move_count + 1:
        refusal = IllegalMove("wrong_seq", f"The next move is number {game.move_count + 1}.")
    elif move.seat != game.to_move:
        refusal = IllegalMove("not_your_turn", "It is not your move.")
    else:
        try:
            if move.player_id is not None:
                rules.validate_move(move.payload)  # a player's move, queued by an older check
            state, step = rules.apply(state, move.payload, move.seat)
        except IllegalMove as illegal:
            refusal = illegal
    move.processed_at = now
    if refusal is not None:
        moves.refuse(game, move, refusal)
        events.append(moves.move_event(game, move))
        return state

    control = deadlines.time_control(game)
    mover = move.seat
    if control is not None and game.turn_started_at is not None:
        thinking = max(move.received_at, game.turn_started_at) - game.turn_started_at
        if mover in game.clocks:
            game.clocks[mover] = clocks.after_move(control, game.clocks[mover], thinking)
    move.status = Move.Status.ACCEPTED
    move.points = step.points
    move.score_after = rules.score(state)
    rows.update(move, ["status", "points", "score_after", "processed_at"])
    move_counts.count_decision(move, now)
    game.move_count += 1
    game.score = move.score_after
    game.secured = bool(step.extra.get("secured", False))
    game.to_move = rules.to_move(state) or ""
    if game.draw_offer and game.draw_offer != mover:
        game.draw_offer = ""  # answering with a move declines the offer
    game.undo_request = ""  # and a move answers a request to take one back
    game.turn_started_at = now
    game.deadline = clocks.deadline(control, game.clocks.get(game.to_move), now)
    events.append(moves.move_event(game, move))
    result = rules.result(state)
    if result.over:
        endings.finish(game, result.winner, result.reason, now, events, state)
    return state


def not_in_play(game: Game) -> IllegalMove:
    """Why a game that is not being played refuses a move."""
    if game.status == Game.Status.INVITED:
        return IllegalMove("not_started", "The game starts when every invited player accepts.")
    return IllegalMove("game_over", "The game is over.")  # finished, or declined: for good
