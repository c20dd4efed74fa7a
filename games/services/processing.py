"""The worker's turn: pending moves decided in order, the CPU's and stand-ins' moves, what a
run-out clock does; and the task that runs it, which every change that wants the worker
sends (a reader's hand-over, the clock's booked check, a move, the sweep)."""

from datetime import datetime, timedelta

from celery import shared_task
from celery.result import EagerResult
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from games import clocks, waiting_moves
from games.engines import DEFAULT_CPU_LEVEL, IllegalMove, engine
from games.engines.base import seats_in_play
from games.models import Game, Move
from games.outcomes import ResultReason, TimeOut
from games.services import deadlines, endings, move_counts, seats, verdicts
from games.services.updates import locked_row, pending_moves, save_and_publish
from games.signals import turn_passed

# The columns a move, a clock or an ending can change.
PLAY_FIELDS = [
    "status", "to_move", "move_count", "score", "secured", "winner", "result_reason",
    "snapshot", "draw_offer", "undo_request", "clocks", "turn_started_at", "deadline", "version",
    "finished_at", "places",
]  # fmt: skip

# A reader asks the worker once per version of the game; if the game still waits after
# this long (a lost message, a worker down), the next reader asks again. The sweep looks too.
ASK_AGAIN_AFTER_S = 5


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
                state = time_out(game, rules, state, events, tuple(pending))
            if move.status == Move.Status.PENDING:
                state = decide(game, rules, state, move, now, events)
            decided.append(move)
        cpu_next = decided and game.status == Game.Status.ACTIVE and game.to_move in cpu_seats
        if not cpu_next:
            state = play_for_absent(game, rules, state, cpu_seats, events)
        game.snapshot = rules.dump(state)
        over = game.status == Game.Status.FINISHED
        results = {move.id: verdicts.answer(move, over) for move in decided}
        save_and_publish(game, events, fields=PLAY_FIELDS, decided=results)
        players = [move.player_id for move in decided if move.player_id is not None]
        if players:
            transaction.on_commit(lambda: waiting_moves.count_decided(game_id, players))
        turn_passed.send(sender=Game, game=game, before=turn_before)
        if cpu_next:
            # The player hears the verdict first (published above, after the commit); the
            # CPU thinks in the next task, also after the commit.
            process_game_task.delay(game_id)


@shared_task(name="games.process_game", ignore_result=True)
def process_game_task(game_id: int) -> None:
    """The worker's entry point: decide the game's pending moves, play the CPU's replies and
    watch its clock."""
    process_game(game_id)


def play_for_absent(game: Game, rules, state, cpu_seats: set[str], events: list[dict]):
    """The CPU's moves for its seats, and whatever clocks have run out in the meantime."""
    while game.status == Game.Status.ACTIVE:
        if game.to_move in cpu_seats:
            state = cpu_move(game, rules, state, events)
        elif deadlines.clock_overdue(game):
            state = time_out(game, rules, state, events)
        else:
            break
    return state


def cpu_move(game: Game, rules, state, events: list[dict], overtaken: tuple[Move, ...] = ()):
    """The CPU's move for the side to move: its own, at the game's level, or a player's it
    stands in for (at its easiest where S4 holds the stand-in back, else at the normal
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
            verdicts.refuse(game, move, IllegalMove("too_late", "Time ran out for this move."))
            events.append(verdicts.move_event(game, move))
    move = Move.objects.create(
        game=game, seq=game.move_count + 1, seat=game.to_move, payload=payload
    )
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
        verdicts.refuse(game, move, refusal)
        events.append(verdicts.move_event(game, move))
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
    move.save(update_fields=["status", "points", "score_after", "processed_at"])
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
    events.append(verdicts.move_event(game, move))
    result = rules.result(state)
    if result.over:
        endings.finish(game, result.winner, result.reason, now, events, state)
    return state


def not_in_play(game: Game) -> IllegalMove:
    """Why a game that is not being played refuses a move."""
    if game.status == Game.Status.INVITED:
        return IllegalMove("not_started", "The game starts when every invited player accepts.")
    return IllegalMove("game_over", "The game is over.")  # finished, or declined: for good


def time_out(game: Game, rules, state, events: list[dict], pending: tuple = ()):
    """The side to move let its time run out. By the game's rules (the engine's `time_out`)
    it loses, the CPU moves for it, or its turn passes (in practice, against the CPU, it
    loses)."""
    if deadlines.never_showed_up(game, rules):
        # A player who has not made one move is not there: they lose at their first
        # time-out, whatever the rules do with a later one (S4 says so for its rated
        # games; a championship says so for all of its games).
        opponent = seats.sole_opponent(game, game.to_move)
        endings.finish(game, opponent, ResultReason.NO_SHOW, game.deadline, events)
        return state
    if rules.time_out == TimeOut.CPU_MOVES:
        return cpu_move(game, rules, state, events, overtaken=pending)
    if rules.time_out == TimeOut.LOSE and len(seats_in_play(rules, game.options)) > 2:
        # With more than two players the one out of time leaves; the others play on.
        resign = rules.resign_move(game.to_move)
        return system_move(game, rules, state, events, resign, pending)
    if rules.time_out == TimeOut.PASS and game.kind != Game.Kind.PRACTICE:
        seat = game.to_move
        left = game.clocks.get(seat)
        spent = (game.deadline - game.turn_started_at).total_seconds()
        if left is not None and left - spent <= 0.001:
            # The whole game's time is gone: the rules skip this player from now on.
            game.clocks[seat] = 0.0
            out = rules.out_of_time_move(seat)
            return system_move(game, rules, state, events, out, pending)
        passed = rules.pass_on_time_move(seat)
        return system_move(game, rules, state, events, passed, pending)
    endings.finish_on_time(game, game.deadline, events)
    return state


def ask_worker_if_due(game: Game) -> Game:
    """For readers, who never change a game: one that waits for the worker is handed to it.

    The game is returned as it stands (the clock shows the time run out, see
    games.selectors.clocks_now); the worker ends it or moves it on and publishes the change.
    Embedded, the task runs here and now, so the reader sees its result at once.
    """
    if not deadlines.waits_for_worker(game):
        return game
    if not cache.add(f"games:worker-asked:{game.pk}:{game.version}", 1, ASK_AGAIN_AFTER_S):
        return game  # another reader has asked already
    sent = process_game_task.delay(game.pk)
    if isinstance(sent, EagerResult):
        game.refresh_from_db()
    return game


# How far ahead a deadline gets a check of its own. A task booked further ahead would wait
# in a worker, unacknowledged, past the broker's visibility timeout and be delivered again;
# and a round of a thousand games on a day's clock would book a thousand such tasks ahead
# of the championship's own. The sweep (games.sweep, every few seconds) finds any deadline
# that has passed, so a later one is left to it.
CLOCK_CHECK_HORIZON = timedelta(seconds=60)


def book_clock_check(sender, game_id: int, deadline: datetime, **kwargs) -> None:
    """clock_running's receiver: the worker looks at the game just after a deadline that
    is near; the sweep finds the others."""
    if process_game_task.app.conf.task_always_eager:
        return  # embedded: the next reader of the game hands it to the in-process worker
    if deadline - timezone.now() > CLOCK_CHECK_HORIZON:
        return
    process_game_task.apply_async((game_id,), eta=deadline + timedelta(milliseconds=50))
