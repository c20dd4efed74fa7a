"""Game operations: creating games, moves through the worker, clocks, resign and draws.

Every change of a game happens here, inside a transaction holding the game's
row lock; listeners hear of it after the commit.
"""

import json
import secrets
from collections.abc import Callable
from contextlib import nullcontext
from datetime import datetime, timedelta

from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from config.errors import Conflict, DomainError, NotAllowed, NotFound
from games import clocks, live, plan_rules, presence, selectors
from games.engines import GAMES, IllegalMove, OptionError, engine
from games.engines.base import seats_in_play
from games.models import CPU_PLAYER, Game, Move, Seat
from games.refusals import refusal_message

# Pending moves older than this are handed to a worker again by the sweep.
SWEEP_AFTER = timedelta(seconds=3)
# The largest move of any game (a Quadrotone rearrangement of 8 tiles) is far below this.
MAX_MOVE_CHARS = 2000
# What a refused move keeps of its payload, so that refusals cannot fill the database.
MAX_REFUSED_PAYLOAD_CHARS = 300

# Called inside the transaction that ends a game; championships and ratings register here.
GAME_FINISHED_HANDLERS: list[Callable[[Game], None]] = []


# -- creating games --------------------------------------------------------------


def create_game(
    *,
    creator: User,
    game: str,
    options: dict | None,
    format: str | None,
    opponent: str = "",
    seat: str | None = None,
    rated: bool = False,
    time_control: dict | None = None,
    opponents: list[str] | None = None,
) -> Game:
    """A practice game against the CPU (opponent "cpu": every other seat is the CPU's) or a
    friendly invitation to `opponent` (or, for more seats, to all of `opponents`)."""
    try:
        rules = engine(game)
    except KeyError:
        raise DomainError(_("unknown game %(game)r") % {"game": game}, field="game") from None
    practice = opponent == CPU_PLAYER
    if practice and rated:
        raise DomainError(_("games against the CPU are not rated"), field="rated")
    options = options or {}
    if not practice:
        refuse_luck_options(rules, options)
    options = plan_rules.options_for_creator(game, options, creator)
    options = _with_random_setup(rules, options)
    if format:
        options["format"] = format
    try:
        state = rules.new(options)
    except OptionError as error:
        raise DomainError(error.message, field=f"options.{error.field}") from None
    try:
        control = clocks.parse_time_control(
            time_control, rules.move_time_limits, rules.fixed_time_control
        )
    except clocks.TimeControlError as error:
        raise DomainError(error.message, field=error.field) from None
    seats = seats_in_play(rules, options)
    if seat is not None and seat not in seats:
        raise DomainError(_("choose one of %(seats)s") % {"seats": ", ".join(seats)}, field="seat")
    if rules.first_by_lot and seat is not None and not practice:
        raise DomainError(
            _("in this game the seats are drawn by lot; only a practice game may choose one"),
            field="seat",
        )
    if seat is None:
        # Q5: where the rules draw who moves first, so does the server.
        seat = secrets.choice(seats) if rules.first_by_lot else seats[0]

    if practice:
        invited: list[User | None] = [None] * (len(seats) - 1)
    else:
        names = list(opponents) if opponents else [opponent] if opponent else []
        if not names:
            raise DomainError('name your opponent, or "cpu" to play the computer', field="opponent")
        invited = _invited_players(names, creator, len(seats) - 1)
        for player in invited:
            plan_rules.check_may_play(game, options, player)

    with transaction.atomic():
        record = Game.objects.create(
            game=game,
            kind=Game.Kind.PRACTICE if practice else Game.Kind.FRIENDLY,
            options=options,
            format=format or "",
            rated=rated,
            created_by=creator,
            status=Game.Status.INVITED,
            to_move=rules.to_move(state) or "",
            score=rules.score(state),
            snapshot=rules.dump(state),
            time_control=control.as_dict() if control else None,
            version=1,
        )
        others = iter(invited)
        for order, name in enumerate(seats):
            user = creator if name == seat else next(others)
            # An invited player's seat is theirs once they accept; the CPU's at once.
            accepted = user is None or user.pk == creator.pk
            Seat.objects.create(game=record, seat=name, order=order, user=user, accepted=accepted)
        if practice:
            _start(record, timezone.now())
            record.save()
            _after_commit(record, [], None)
            if record.to_move != seat:
                game_id = record.pk
                transaction.on_commit(lambda: _enqueue(game_id))  # the CPU opens
    return record


def create_match_game(
    *,
    match_id: int,
    game: str,
    options: dict,
    players: list[User],
    rated: bool,
    time_control: dict | None,
) -> Game:
    """A championship game, started at once; `players` sit in seat order (or by lot)."""
    rules = engine(game)
    options = _with_random_setup(rules, without_luck_options(rules, options))
    if rules.first_by_lot:
        players = secrets.SystemRandom().sample(players, len(players))
    state = rules.new(options)
    record = Game(
        game=game,
        kind=Game.Kind.CHAMPIONSHIP,
        options=options,
        format=str(options.get("format") or ""),
        rated=rated,
        created_by=players[0],
        to_move=rules.to_move(state) or "",
        score=rules.score(state),
        snapshot=rules.dump(state),
        time_control=time_control,
        match_id=match_id,
        version=1,
    )
    _start(record, timezone.now())
    record.save(force_insert=True)
    Seat.objects.bulk_create(
        Seat(game=record, seat=seat, order=order, user=user)
        for order, (seat, user) in enumerate(zip(rules.seats, players, strict=True))
    )
    _after_commit(record, [], None)
    return record


def _invited_players(names: list[str], creator: User, wanted: int) -> list[User]:
    """The players a friendly game invites, checked: real, distinct, not the creator."""
    field = "opponents" if wanted > 1 else "opponent"
    if len(names) != wanted:
        raise DomainError(
            _("this game needs %(wanted)s opponents; %(given)s given")
            % {"wanted": wanted, "given": len(names)},
            field=field,
        )
    players = []
    for name in names:
        player = User.objects.named(name).filter(is_active=True).first()
        if player is None:
            raise DomainError(_("no player called %(name)r") % {"name": name}, field=field)
        if player.pk == creator.pk:
            raise DomainError(_("invite somebody else"), field=field)
        if player in players:
            raise DomainError(
                _("%(player)s is invited twice") % {"player": player.username}, field=field
            )
        players.append(player)
    return players


def refuse_luck_options(rules, options: dict) -> None:
    """Refuse options that fix the luck (a deal, a seed) outside unrated practice games."""
    fixed = [name for name in rules.luck_options if name in options]
    if fixed:
        raise DomainError(
            _("the server draws this; only a practice game against the CPU may set it"),
            code="luck_option",
            field=f"options.{fixed[0]}",
        )


def without_luck_options(rules, options: dict) -> dict:
    return {key: value for key, value in options.items() if key not in rules.luck_options}


def _with_random_setup(rules, options: dict) -> dict:
    """A game whose rules deal at random gets its own seed, kept in its options (so its
    record replays the same deal)."""
    if rules.random_setup and "seed" not in options:
        return {**options, "seed": secrets.randbelow(2**31)}
    return dict(options)


def forfeit(game_id: int, loser: User) -> Game:
    """End an active game against a player who has withdrawn (a finished game stays)."""
    return _lose(game_id, loser, "forfeit", refuse_if_over=False)


def _participant_seat(game: Game, user: User) -> Seat:
    seat = game.seats.filter(user=user).first()
    if seat is None:
        raise NotAllowed(_("You do not play in this game."))
    return seat


def accept_invitation(game_id: int, user: User) -> Game:
    with transaction.atomic():
        game = _locked(game_id)
        seat = _participant_seat(game, user)
        if game.status != Game.Status.INVITED:
            raise Conflict(_("The game is not waiting for an answer."))
        if game.created_by_id == seat.user_id:
            raise NotAllowed(_("Your opponent accepts the invitation, not you."))
        plan_rules.check_may_play(game.game, game.options, user)
        seat.accepted = True
        seat.save(update_fields=["accepted"])
        if not all(other.accepted for other in game.seats.all()):
            game.version += 1  # still waiting for another invited player
            game.save(update_fields=["version"])
            _after_commit(game, [], None)
            return game
        _start(game, timezone.now())
        game.version += 1
        game.save()
        _after_commit(game, [], None)
    return game


def decline_invitation(game_id: int, user: User) -> Game:
    """The invited player declines, or the one who invited takes it back."""
    with transaction.atomic():
        game = _locked(game_id)
        _participant_seat(game, user)
        if game.status != Game.Status.INVITED:
            raise Conflict(_("The game is not waiting for an answer."))
        game.status = Game.Status.DECLINED
        game.to_move = ""
        game.version += 1
        game.save()
        _after_commit(game, [], None)
    return game


def _start(game: Game, now: datetime) -> None:
    rules = engine(game.game)
    control = _control(game)
    game.status = Game.Status.ACTIVE
    game.started_at = now
    game.clocks = clocks.starting_clocks(control, seats_in_play(rules, game.options))
    game.turn_started_at = now
    game.deadline = clocks.deadline(control, game.clocks.get(game.to_move), now)


def touch_presence(game: Game, user: User) -> str | None:
    """The player is here: any request of theirs about the game says so (Q20, D10).

    Returns their seat where the game's rules keep track of who is there, else None.
    Reads the game's seats as loaded (prefetched by the readers that call it).
    """
    if not presence.kept_for(engine(game.game)):
        return None
    seat = next((s.seat for s in game.seats.all() if s.user_id == user.pk), None)
    if seat is not None:
        presence.touch(game.pk, seat)
    return seat


# -- moves -----------------------------------------------------------------------


def submit_move(*, game_id: int, user: User, seq: int, payload) -> tuple[Move, bool]:
    """Store the move as pending and hand the game to a worker; (move, newly stored).

    Sending the same move with the same number again returns the first one.
    """
    seat = Seat.objects.filter(game_id=game_id, user=user).values_list("seat", "game__game").first()
    if seat is None:
        # A game the sender may not even see answers as one that does not exist.
        if selectors.visible_game(game_id, user) is None:
            raise NotFound(_("No such game."))
        raise NotAllowed(_("You do not play in this game."))
    seat_name, game_name = seat
    rules = engine(game_name)
    if presence.kept_for(rules):
        presence.touch(game_id, seat_name)  # a move shows the player is here (Q20, D10)
    if payload_size(payload) > MAX_MOVE_CHARS:
        raise DomainError(
            _("A move is at most %(limit)s characters of JSON.") % {"limit": MAX_MOVE_CHARS},
            code="move_too_large",
            field="move",
        )
    try:
        rules.validate_move(payload)
    except IllegalMove as refusal:
        message = refusal_message(refusal.code, refusal.message)
        raise DomainError(message, code=refusal.code, field="move") from None
    try:
        # Outside a transaction the INSERT commits on its own: one round trip, durable
        # before the worker is called (on_commit then runs at once).
        with transaction.atomic() if connection.in_atomic_block else nullcontext():
            move = Move.objects.create(
                game_id=game_id, seq=seq, seat=seat_name, player=user, payload=payload
            )
        transaction.on_commit(lambda: _enqueue(game_id))
        return move, True
    except IntegrityError:
        pass
    held = Move.objects.exclude(status=Move.Status.REFUSED).filter(game_id=game_id, seq=seq).first()
    if held is not None and held.seat == seat_name and held.payload == payload:
        return held, False
    raise Conflict(
        _("Move %(seq)s is already taken by another move.") % {"seq": seq}, code="seq_taken"
    )


def payload_size(payload) -> int:
    """The length of a move payload as compact JSON."""
    return len(json.dumps(payload, separators=(",", ":"), ensure_ascii=False))


def _enqueue(game_id: int) -> None:
    from games.tasks import process_game

    process_game.delay(game_id)


def _locked(game_id: int) -> Game:
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    if game is None:
        raise NotFound(_("No such game."))
    return game


def _control(game: Game) -> clocks.TimeControl | None:
    return clocks.parse_time_control(game.time_control)


def process_game(game_id: int) -> None:
    """The worker's turn: decide pending moves in order, play the CPU, watch the clock.

    Idempotent: with nothing pending and no deadline passed it changes nothing.
    """
    events: list[dict] = []
    decided: list[Move] = []
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None:
            return
        pending = list(game.moves.filter(status=Move.Status.PENDING).order_by("seq", "id"))
        now = timezone.now()
        rules = engine(game.game)
        cpu_seats = _cpu_seats(game, rules)
        cpu_due = game.status == Game.Status.ACTIVE and game.to_move in cpu_seats
        gone = _disconnected_seat(game, rules)
        if not pending and not cpu_due and not gone and not clock_overdue(game, now):
            return
        if gone:
            _finish(game, _sole_opponent(game, gone), "disconnection", now, events)
        state = rules.load(bytes(game.snapshot))
        for move in pending:
            if clock_overdue(game, move.received_at):
                state = _time_out(game, rules, state, events, tuple(pending))
            if move.status == Move.Status.PENDING:
                state = _decide(game, rules, state, move, now, events)
            decided.append(move)
        if decided and game.status == Game.Status.ACTIVE and game.to_move in cpu_seats:
            # The player hears the verdict first; the CPU thinks in the next task.
            transaction.on_commit(lambda: _enqueue(game_id))
        else:
            state = _play_for_absent(game, rules, state, cpu_seats, events)
        game.snapshot = rules.dump(state)
        game.version += 1
        game.save(update_fields=PLAY_FIELDS)
        over = game.status == Game.Status.FINISHED
        results = {move.id: _move_result(move, over) for move in decided}
        _after_commit(game, events, results)


def _disconnected_seat(game: Game, rules) -> str | None:
    """A player gone from the live game for longer than its rules allow (Q20), if any."""
    limit = rules.disconnect_loses_after_s
    if limit is None or game.status != Game.Status.ACTIVE:
        return None
    people = [seat.seat for seat in game.seats.all() if not seat.is_cpu]
    return presence.gone_for_longer_than(game.pk, people, limit)


def _cpu_seats(game: Game, rules) -> set[str]:
    """The seats the CPU plays now: a practice game's CPU, and players away where the rules
    let the CPU stand in for them (D10, within D11)."""
    if game.kind != Game.Kind.PRACTICE and not rules.stand_in:
        return set()  # nobody else plays here: no need to read the seats on every move
    playing = {seat.seat for seat in game.seats.all() if seat.is_cpu}
    return playing | _stood_in_for(game, rules)


def _stood_in_for(game: Game, rules) -> set[str]:
    """The players the CPU stands in for now: those who said they leave, and those not seen
    for the rules' time (D10), less those D11 keeps it from."""
    if not rules.stand_in or game.status != Game.Status.ACTIVE:
        return set()
    people = [seat for seat in game.seats.all() if not seat.is_cpu]
    away = {seat.seat for seat in people if seat.away}
    # A player not seen for a while has left too, while somebody else is there to wait for
    # them: in practice, or with everybody gone, the CPU would only play against itself.
    if rules.away_after_s and game.kind != Game.Kind.PRACTICE:
        here = [seat.seat for seat in people if not seat.away]
        unseen = presence.not_seen_for(game.pk, here, rules.away_after_s)
        if len(unseen) < len(here):
            away |= unseen
    return {seat for seat in away if _may_stand_in(game, rules, seat)}


def _stand_in_limited(game: Game, rules) -> bool:
    """D11 holds the stand-in back in championship and rated games."""
    return rules.stand_in_limited and (game.kind == Game.Kind.CHAMPIONSHIP or game.rated)


def _may_stand_in(game: Game, rules, seat: str) -> bool:
    """Whether the CPU may move for the player in `seat`: where D11 holds it back, only once
    they have made a move of their own in this game."""
    if not _stand_in_limited(game, rules):
        return True
    own = game.moves.filter(status=Move.Status.ACCEPTED, seat=seat, player__isnull=False)
    return own.exists()


def _play_for_absent(game: Game, rules, state, cpu_seats: set[str], events: list[dict]):
    """The CPU's moves for its seats, and whatever clocks have run out in the meantime."""
    while game.status == Game.Status.ACTIVE:
        if game.to_move in cpu_seats:
            state = _cpu_move(game, rules, state, events)
        elif clock_overdue(game):
            state = _time_out(game, rules, state, events)
        else:
            break
    return state


def _cpu_move(game: Game, rules, state, events: list[dict], overtaken: tuple[Move, ...] = ()):
    """The CPU's move for the side to move: its own, or a player's it stands in for (at its
    easiest level where D11 holds the stand-in back)."""
    for_a_player = any(s.seat == game.to_move and not s.is_cpu for s in game.seats.all())
    if for_a_player and _stand_in_limited(game, rules):
        payload = rules.stand_in_move(state)
    else:
        payload = rules.suggest(state)
    return _system_move(game, rules, state, events, payload, overtaken)


def _system_move(
    game: Game, rules, state, events: list[dict], payload, overtaken: tuple[Move, ...] = ()
):
    """A move the server makes for the side to move (the CPU's, or a pass on time);
    `overtaken` pending moves holding its number are refused first (they came too late)."""
    for move in overtaken:
        if move.status == Move.Status.PENDING and move.seq == game.move_count + 1:
            move.processed_at = timezone.now()
            _refuse(game, move, IllegalMove("too_late", "Time ran out for this move."))
            events.append(_move_event(game, move))
    move = Move.objects.create(
        game=game, seq=game.move_count + 1, seat=game.to_move, payload=payload
    )
    return _decide(game, rules, state, move, timezone.now(), events)


def _time_out(game: Game, rules, state, events: list[dict], pending: tuple[Move, ...] = ()):
    """The side to move let its time run out. By the game's rules it loses (Kropki), the
    CPU moves for it (D6), or its turn passes (Q17; against the bot it loses)."""
    if rules.time_out == "cpu_moves":
        if not _may_stand_in(game, rules, game.to_move):
            # D11: a player who has not made one move is not there; the CPU wins nothing
            # for them, they lose at their first time-out.
            opponent = _sole_opponent(game, game.to_move)
            _finish(game, opponent, "no_show", game.deadline, events)
            return state
        return _cpu_move(game, rules, state, events, overtaken=pending)
    if rules.time_out == "lose" and len(seats_in_play(rules, game.options)) > 2:
        # With more than two players the one out of time leaves; the others play on.
        return _system_move(game, rules, state, events, rules.resign_move(game.to_move), pending)
    if rules.time_out == "pass" and game.kind != Game.Kind.PRACTICE:
        seat = game.to_move
        left = game.clocks.get(seat)
        spent = (game.deadline - game.turn_started_at).total_seconds()
        if left is not None and left - spent <= 0.001:
            # The whole game's time is gone (Q18): the rules skip this player from now on.
            game.clocks[seat] = 0.0
            return _system_move(game, rules, state, events, {"out_of_time": seat}, pending)
        return _system_move(game, rules, state, events, {"pass": "timeout"}, pending)
    _finish_on_time(game, game.deadline, events)
    return state


def _decide(game: Game, rules, state, move: Move, now: datetime, events: list[dict]):
    """Accept or refuse one move; returns the state after it."""
    refusal = None
    if game.status != Game.Status.ACTIVE:
        refusal = _not_in_play(game)
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
        _refuse(game, move, refusal)
        events.append(_move_event(game, move))
        return state

    control = _control(game)
    mover = move.seat
    if control is not None and game.turn_started_at is not None:
        thinking = max(move.received_at, game.turn_started_at) - game.turn_started_at
        if mover in game.clocks:
            game.clocks[mover] = clocks.after_move(control, game.clocks[mover], thinking)
    move.status = Move.Status.ACCEPTED
    move.points = step.points
    move.score_after = rules.score(state)
    move.save(update_fields=["status", "points", "score_after", "processed_at"])
    game.move_count += 1
    game.score = move.score_after
    game.secured = bool(step.extra.get("secured", False))
    game.to_move = rules.to_move(state) or ""
    if game.draw_offer and game.draw_offer != mover:
        game.draw_offer = ""  # answering with a move declines the offer
    game.undo_request = ""  # and a move answers a request to take one back
    game.turn_started_at = now
    game.deadline = clocks.deadline(control, game.clocks.get(game.to_move), now)
    events.append(_move_event(game, move))
    result = rules.result(state)
    if result.over:
        _finish(game, result.winner, result.reason, now, events, state)
    return state


def _not_in_play(game: Game) -> IllegalMove:
    """Why a game that is not being played refuses a move."""
    if game.status == Game.Status.INVITED:
        return IllegalMove("not_started", "The game starts when every invited player accepts.")
    return IllegalMove("game_over", "The game is over.")  # finished, or declined: for good


def _refuse(game: Game, move: Move, refusal: IllegalMove) -> None:
    """Refuse the move; it keeps the score as it stood, and no more of its payload than a
    real move could need (a refusal must not become a store for anything sent)."""
    move.status = Move.Status.REFUSED
    move.refusal_code, move.refusal_message = refusal.code, refusal.message[:300]
    move.score_after = game.score
    fields = ["status", "refusal_code", "refusal_message", "score_after", "processed_at"]
    if payload_size(move.payload) > MAX_REFUSED_PAYLOAD_CHARS:
        move.payload = json.dumps(move.payload, separators=(",", ":"))[:MAX_REFUSED_PAYLOAD_CHARS]
        fields.append("payload")
    move.save(update_fields=fields)


# The columns a move, a clock or an ending can change.
PLAY_FIELDS = [
    "status", "to_move", "move_count", "score", "secured", "winner", "result_reason",
    "snapshot", "draw_offer", "undo_request", "clocks", "turn_started_at", "deadline", "version",
    "finished_at", "places",
]  # fmt: skip


def _move_result(move: Move, game_over: bool) -> dict:
    """What the player who sent the move is told (the `?wait=` answer): the score right
    after that move, not after whatever the CPU or the clock did next."""
    result = {
        "seq": move.seq,
        "status": move.status,
        "score": move.score_after,
        "game_over": game_over,
    }
    if move.status == Move.Status.REFUSED:
        result["reason"] = {"code": move.refusal_code, "message": move.refusal_message}
    return result


def _move_event(game: Game, move: Move) -> dict:
    event = {
        "type": "move",
        "game": game.pk,
        "seq": move.seq,
        "seat": move.seat,
        "move": move.payload,
        "status": move.status,
        "points": move.points,
        "score": game.score,
    }
    if move.status == Move.Status.REFUSED:
        event["reason"] = {"code": move.refusal_code, "message": move.refusal_message}
    return event


def _finish(
    game: Game, winner: str | None, reason: str, now: datetime, events: list[dict], state=None
) -> None:
    """End the game; with the final state, an engine that ranks several players gives places."""
    rules = engine(game.game)
    if state is not None and hasattr(rules, "places"):
        game.places = rules.places(state)
    game.status = Game.Status.FINISHED
    game.winner = winner or ""
    game.result_reason = reason
    game.to_move = ""
    game.deadline = None
    game.draw_offer = ""
    game.undo_request = ""
    game.finished_at = now
    events.append({"type": "game_over", "game": game.pk, "winner": winner, "reason": reason})
    for handler in GAME_FINISHED_HANDLERS:
        handler(game)


def _finish_on_time(game: Game, when: datetime, events: list[dict]) -> None:
    """The side to move ran out of time: it loses (K12; the two-player rule)."""
    loser = game.to_move
    if loser in game.clocks:
        game.clocks[loser] = 0.0
    _finish(game, _sole_opponent(game, loser), "time", when, events)


def _sole_opponent(game: Game, seat: str) -> str | None:
    """The winner when `seat` loses a two-player game (None with more players)."""
    others = [name for name in seats_in_play(engine(game.game), game.options) if name != seat]
    return others[0] if len(others) == 1 else None


def _after_commit(game: Game, events: list[dict], decided: dict[int, dict] | None) -> None:
    """After the commit: tell listeners, wake waiting requests, book the next clock check."""
    game_id, version = game.pk, game.version
    if not events:
        events = [{"type": "state", "game": game_id, "status": game.status}]
    deadline = game.deadline

    def send() -> None:
        for event in events:
            event["version"] = version
        live.publish(game_id, events, decided)
        if deadline is not None:
            _book_clock_check(game_id, deadline)

    transaction.on_commit(send)


def _book_clock_check(game_id: int, deadline: datetime) -> None:
    from games.tasks import process_game

    if process_game.app.conf.task_always_eager:
        return  # embedded: clocks are enforced when the game is next read
    process_game.apply_async((game_id,), eta=deadline + timedelta(milliseconds=50))


# -- resign, draw, clocks, sweep ---------------------------------------------------


def resign(game_id: int, user: User) -> Game:
    return _lose(game_id, user, "resignation", refuse_if_over=True)


def _lose(game_id: int, user: User, reason: str, *, refuse_if_over: bool) -> Game:
    """End the game as lost by `user`'s seat."""
    with transaction.atomic():
        game = _locked(game_id)
        seat = _participant_seat(game, user)
        if game.status != Game.Status.ACTIVE:
            if refuse_if_over:
                raise Conflict(_("The game is not being played."), code="game_over")
            return game
        events: list[dict] = []
        rules = engine(game.game)
        if reason == "resignation" and rules.scored_endings:
            _scored_ending(game, rules, seat, user, rules.resign_move(seat.seat), events)
        else:
            _finish(game, _sole_opponent(game, seat.seat), reason, timezone.now(), events)
        game.version += 1
        game.save()
        _after_commit(game, events, None)
    return game


def _scored_ending(game: Game, rules, seat: Seat, user: User, payload, events: list[dict]) -> None:
    """Resignation or an agreed draw where the rules score it (Q19): a move of the record."""
    now = timezone.now()
    for stale in game.moves.filter(status=Move.Status.PENDING):
        stale.processed_at = now
        _refuse(game, stale, IllegalMove("game_over", "The game is over."))
    state, step = rules.apply(rules.load(bytes(game.snapshot)), payload, seat.seat, record=True)
    score = rules.score(state)
    Move.objects.create(
        game=game, seq=game.move_count + 1, seat=seat.seat, player=user, payload=payload,
        status=Move.Status.ACCEPTED, points=step.points, score_after=score, processed_at=now,
    )  # fmt: skip
    game.move_count += 1
    game.score = score
    game.snapshot = rules.dump(state)
    game.to_move = rules.to_move(state) or ""
    result = rules.result(state)
    if result.over:
        _finish(game, result.winner, result.reason or "resignation", now, events, state)
    else:
        # With more than two players the others play on (M19).
        game.turn_started_at = now
        game.deadline = clocks.deadline(_control(game), game.clocks.get(game.to_move), now)


def offer_draw(game_id: int, user: User) -> Game:
    """Offer a draw, or accept the opponent's standing offer."""
    with transaction.atomic():
        game = _locked(game_id)
        seat = _participant_seat(game, user)
        if game.status != Game.Status.ACTIVE:
            raise Conflict(_("The game is not being played."), code="game_over")
        events: list[dict] = []
        rules = engine(game.game)
        if len(seats_in_play(rules, game.options)) != 2:
            raise Conflict(_("Draws are agreed between two players."), code="no_draw")
        now = timezone.now()
        if game.draw_offer and game.draw_offer != seat.seat:
            if rules.scored_endings and hasattr(rules, "draw_move"):
                _scored_ending(game, rules, seat, user, rules.draw_move(), events)
            else:
                _finish(game, None, "agreement", now, events)
        else:
            interval = rules.draw_offer_interval_s
            last = game.draw_offers.get(seat.seat)
            if (
                interval
                and last
                and now - datetime.fromisoformat(last) < timedelta(seconds=interval)
            ):
                raise Conflict(
                    _("A draw may be offered once every %(minutes)s minutes.")
                    % {"minutes": interval // 60},
                    code="draw_offer_too_soon",
                )
            game.draw_offers = {**game.draw_offers, seat.seat: now.isoformat()}
            game.draw_offer = seat.seat
            events.append({"type": "draw_offer", "game": game.pk, "seat": seat.seat})
        game.version += 1
        game.save()
        _after_commit(game, events, None)
    return game


# -- undo (D7), away and back (D10), another game (D9) ---------------------------------


def undo(game_id: int, user: User) -> Game:
    """Take back your last move where the rules allow it (D7).

    Against the CPU it is done at once. Against a person the first call asks, and the
    opponent's call consents; a move by either player answers the request with a no.
    """
    with transaction.atomic():
        game = _locked(game_id)
        seat = _participant_seat(game, user)
        rules = engine(game.game)
        if not rules.allows_undo:
            raise Conflict(_("The rules of this game have no taking back."), code="no_undo")
        if game.status != Game.Status.ACTIVE:
            raise Conflict(_("The game is not being played."), code="game_over")
        events: list[dict] = []
        opponents_are_cpu = all(s.is_cpu for s in game.seats.all() if s.seat != seat.seat)
        if game.undo_request and game.undo_request != seat.seat:
            state = _take_back(game, rules, game.undo_request)  # the opponent consents
        elif opponents_are_cpu:
            state = _take_back(game, rules, seat.seat)
        else:
            if not _last_own_move(game, seat.seat):
                raise Conflict(_("You have no move to take back."), code="nothing_to_undo")
            game.undo_request = seat.seat
            events.append({"type": "undo_request", "game": game.pk, "seat": seat.seat})
            state = None
        if state is not None:
            game.snapshot = rules.dump(state)
            events.append({"type": "undo", "game": game.pk, "move_count": game.move_count})
        game.version += 1
        game.save()
        _after_commit(game, events, None)
    return game


def _last_own_move(game: Game, seat: str) -> Move | None:
    moves = game.moves.filter(status=Move.Status.ACCEPTED, seat=seat, player__isnull=False)
    return moves.order_by("-seq").first()


def _take_back(game: Game, rules, seat: str):
    """Undo `seat`'s last move and every move after it; the position is replayed without them."""
    last = _last_own_move(game, seat)
    if last is None:
        raise Conflict(_("There is no move to take back."), code="nothing_to_undo")
    game.moves.filter(
        status__in=[Move.Status.ACCEPTED, Move.Status.PENDING], seq__gte=last.seq
    ).update(status=Move.Status.UNDONE, processed_at=timezone.now())
    state = rules.new(game.options)
    kept = game.moves.filter(status=Move.Status.ACCEPTED).order_by("seq")
    for move in kept:
        state, _step = rules.apply(state, move.payload, move.seat)
    now = timezone.now()
    game.move_count = last.seq - 1
    game.score = rules.score(state)
    game.to_move = rules.to_move(state) or ""
    game.undo_request = ""
    game.draw_offer = ""
    game.turn_started_at = now
    game.deadline = clocks.deadline(_control(game), game.clocks.get(game.to_move), now)
    return state


def set_away(game_id: int, user: User, away: bool) -> Game:
    """Leave the game for now, the CPU playing for you, or come back to your seat (D10)."""
    with transaction.atomic():
        game = _locked(game_id)
        seat = _participant_seat(game, user)
        rules = engine(game.game)
        if not rules.stand_in:
            raise Conflict(
                _("In this game nobody plays for a player who leaves."), code="no_stand_in"
            )
        if game.status != Game.Status.ACTIVE:
            raise Conflict(_("The game is not being played."), code="game_over")
        if away and not _may_stand_in(game, rules, seat.seat):
            raise Conflict(
                _("The CPU plays for you only once you have made a move in this game (D11)."),
                code="no_stand_in_yet",
            )
        seat.away = away
        seat.save(update_fields=["away"])
        game.version += 1
        game.save(update_fields=["version"])
        event = {"type": "away" if away else "back", "game": game.pk, "seat": seat.seat}
        _after_commit(game, [event], None)
        if away and game.to_move == seat.seat:
            transaction.on_commit(lambda: _enqueue(game_id))
    return game


def another_game(game_id: int, user: User, *, swap: bool = True) -> Game:
    """A new game like a finished one, with the same opponent; `swap` changes who starts (D9).

    Against the CPU it starts at once; against a person it is an invitation.
    """
    game = Game.objects.prefetch_related("seats__user").filter(pk=game_id).first()
    if game is None:
        raise NotFound(_("No such game."))
    seat = _participant_seat(game, user)
    if game.kind == Game.Kind.CHAMPIONSHIP:
        raise Conflict(_("A championship schedules its own games."), code="championship_game")
    if game.status not in (Game.Status.FINISHED, Game.Status.DECLINED):
        raise Conflict(_("Finish this game first."), code="game_not_over")
    rules = engine(game.game)
    seats = rules.seats
    mine: str | None = seat.seat
    if rules.first_by_lot:
        mine = None  # the lot decides again
    elif swap and len(seats) == 2:
        mine = seats[1 - seats.index(seat.seat)]
    opponent = next(
        (s.user.username if s.user_id else CPU_PLAYER for s in game.seats.all() if s.pk != seat.pk),
        CPU_PLAYER,
    )
    # A new deal for the new game: the old one's seed stays with the old game.
    options = {
        key: value
        for key, value in without_luck_options(rules, game.options).items()
        if key != "format"
    }
    return create_game(
        creator=user,
        game=game.game,
        options=options,
        format=game.format or None,
        opponent=opponent,
        seat=mine,
        rated=game.rated,
        time_control=game.time_control,
    )


def clock_overdue(game: Game, now: datetime | None = None) -> bool:
    return (
        game.status == Game.Status.ACTIVE
        and game.deadline is not None
        and game.deadline <= (now or timezone.now())
    )


def enforce_clock(game: Game) -> Game:
    """The game as of now: a reader who finds a clock run out, a player gone too long (Q20)
    or one away on their move (D10) has the consequence applied."""
    if clock_overdue(game) or _a_player_gone(game, engine(game.game)):
        process_game(game.pk)
        game.refresh_from_db()
    return game


def _a_player_gone(game: Game, rules) -> bool:
    """A player is gone for longer than the rules allow (Q20), or away on their move with
    the CPU to stand in for them (D10)."""
    if _disconnected_seat(game, rules):
        return True
    return bool(game.to_move) and game.to_move in _stood_in_for(game, rules)


def _games_with_a_player_gone() -> set[int]:
    """Active games of rules that keep track of who is there where a player is gone."""
    watched = [name for name in GAMES if presence.kept_for(engine(name))]
    games = Game.objects.filter(status=Game.Status.ACTIVE, game__in=watched)
    return {
        game.pk
        for game in games.prefetch_related("seats")
        if _a_player_gone(game, engine(game.game))
    }


def sweep() -> list[int]:
    """Hand to the workers every game with old pending moves or a passed deadline."""
    now = timezone.now()
    stale = Move.objects.filter(status=Move.Status.PENDING, received_at__lt=now - SWEEP_AFTER)
    overdue = Game.objects.filter(status=Game.Status.ACTIVE, deadline__lt=now)
    game_ids = set(stale.values_list("game_id", flat=True)) | set(
        overdue.values_list("id", flat=True)
    )
    game_ids |= _games_with_a_player_gone()
    for game_id in sorted(game_ids):
        _enqueue(game_id)
    return sorted(game_ids)


def game_record(game: Game, form: str = "json") -> str:
    """The game's record (the rules file's JSON, or SGF for Kropki)."""
    from games.engines import Record
    from games.selectors import stand_in_moves

    rules = engine(game.game)
    accepted = game.moves.filter(status=Move.Status.ACCEPTED).order_by("seq")
    moves = list(accepted.values_list("payload", flat=True))
    counts = stand_in_moves(game)
    header = {"stand_in_moves": counts} if counts is not None else {}  # D11
    record = Record(game=game.game, options=game.options, moves=moves, header=header)
    return rules.write_record(record, form)


def move_result(move: Move) -> dict:
    """The `?wait=` answer for a move already decided, read from the database."""
    status = Game.objects.filter(pk=move.game_id).values_list("status", flat=True).get()
    return _move_result(move, status == Game.Status.FINISHED)
