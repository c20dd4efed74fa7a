"""How games end: the finish itself, resignation, forfeit, a run-out clock, draws."""

from datetime import datetime, timedelta

from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games import clocks
from games.engines import IllegalMove, engine
from games.engines.base import seats_in_play
from games.models import Game, Move, Seat
from games.outcomes import ResultReason
from games.services import deadlines, seats, verdicts
from games.services.updates import locked_game, status_refusal
from games.signals import GameFinished, game_finished
from infrastructure.errors import Conflict, DomainError


def finish(
    game: Game, winner: str | None, reason: str, now: datetime, events: list[dict], state=None
) -> None:
    """End the game; with the final state, an engine that ranks several players gives places."""
    rules = engine(game.game)
    if state is not None and rules.ranks_places:
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
    # Sent inside the ending's transaction: a receiver's failure undoes the ending.
    game_finished.send(sender=Game, finished=announcement(game))


def announcement(game: Game) -> GameFinished:
    """The `game_finished` payload of a game that has just ended."""
    return GameFinished(
        game_id=game.pk,
        kind=game.game,
        match_id=game.match_id,
        rated=game.rated,
        winner=game.winner,
        reason=str(game.result_reason),
    )


def finish_on_time(game: Game, when: datetime, events: list[dict]) -> None:
    """The side to move ran out of time: it loses (K12; the two-player rule)."""
    loser = game.to_move
    if loser in game.clocks:
        game.clocks[loser] = 0.0
    finish(game, seats.sole_opponent(game, loser), ResultReason.TIME, when, events)


def resign(game_id: int, user: User) -> Game:
    return lose(game_id, user, ResultReason.RESIGNATION, refuse_if_over=True)


def forfeit(game_id: int, loser: User) -> Game:
    """End an active game against a player who has withdrawn (a finished game stays)."""
    return lose(game_id, loser, ResultReason.FORFEIT, refuse_if_over=False)


def lose(game_id: int, user: User, reason: ResultReason, *, refuse_if_over: bool) -> Game:
    """End the game as lost by `user`'s seat."""
    status = Game.Status.ACTIVE if refuse_if_over else None
    with locked_game(game_id, user, status=status) as change:
        game, seat = change.game, change.seat
        if game.status != Game.Status.ACTIVE:
            change.leave_unchanged()
            return game
        rules = engine(game.game)
        if reason == ResultReason.RESIGNATION and rules.scored_endings:
            payload = rules.resign_move(seat.seat)
            scored_ending(game, rules, seat, user, payload, change.events)
        else:
            winner = seats.sole_opponent(game, seat.seat)
            finish(game, winner, reason, timezone.now(), change.events)
    return game


def scored_ending(game: Game, rules, seat: Seat, user: User, payload, events: list[dict]) -> None:
    """Resignation or an agreed draw where the rules score it (Q19): a move of the record."""
    now = timezone.now()
    for stale in game.moves.filter(status=Move.Status.PENDING):
        stale.processed_at = now
        verdicts.refuse(game, stale, IllegalMove("game_over", "The game is over."))
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
        finish(game, result.winner, result.reason or ResultReason.RESIGNATION, now, events, state)
    else:
        # With more than two players the others play on (M19).
        game.turn_started_at = now
        control = deadlines.time_control(game)
        game.deadline = clocks.deadline(control, game.clocks.get(game.to_move), now)


def offer_draw(game_id: int, user: User) -> Game:
    """Offer a draw, or accept the opponent's standing offer."""
    with locked_game(game_id, user, status=None) as change:
        game, seat = change.game, change.seat
        now = timezone.now()
        refusal = draw_refusal(game, seat.seat, now)
        if refusal is not None:
            raise refusal
        rules = engine(game.game)
        if game.draw_offer and game.draw_offer != seat.seat:
            if rules.draws_as_moves:
                scored_ending(game, rules, seat, user, rules.draw_move(), change.events)
            else:
                finish(game, None, ResultReason.AGREEMENT, now, change.events)
        else:
            game.draw_offers = {**game.draw_offers, seat.seat: now.isoformat()}
            game.draw_offer = seat.seat
            change.events.append({"type": "draw_offer", "game": game.pk, "seat": seat.seat})
    return game


def draw_refusal(game: Game, seat: str, now: datetime | None = None) -> DomainError | None:
    """Why the player in `seat` may not offer a draw now, nor accept the opponent's offer;
    None when they may."""
    refusal = status_refusal(game, Game.Status.ACTIVE)
    if refusal is not None:
        return refusal
    rules = engine(game.game)
    if len(seats_in_play(rules, game.options)) != 2:
        return Conflict(_("Draws are agreed between two players."), code="no_draw")
    if game.kind == Game.Kind.PRACTICE:
        # An offer would stand for ever: the CPU never answers one.
        return Conflict(_("The CPU does not agree to draws."), code="no_draw")
    if game.draw_offer and game.draw_offer != seat:
        return None  # the opponent's offer stands: accepting it is always allowed
    return offer_too_soon(game, rules, seat, now or timezone.now())


def may_offer_draw(game: Game, seat: str | None, now: datetime | None = None) -> bool:
    """Whether the player in `seat` (None: somebody who does not play) may offer or accept
    a draw: what the game page offers and `offer_draw` accepts."""
    return seat is not None and draw_refusal(game, seat, now) is None


def offer_too_soon(game: Game, rules, seat: str, now: datetime) -> DomainError | None:
    """A seat may offer a draw once in the rules' interval."""
    interval = rules.draw_offer_interval_s
    last = game.draw_offers.get(seat)
    if interval and last and now - datetime.fromisoformat(last) < timedelta(seconds=interval):
        return Conflict(
            _("A draw may be offered once every %(minutes)s minutes.")
            % {"minutes": interval // 60},
            code="draw_offer_too_soon",
        )
    return None
