"""The organiser (or a co-organiser, or staff) decides a game: a win, a draw or a loss for
both, for a running game or as a correction of a finished one; the match, the standings,
the bracket and the ratings follow, and the decision is logged. Nobody decides a game they
play in (`tournaments.deciders`)."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.usernames import canonical_username
from games.models import Game
from games.outcomes import ResultReason
from games.services import decisions as game_decisions
from infrastructure import text
from infrastructure.errors import Conflict, DomainError, NotFound
from tournaments import corrections, deciders, streams
from tournaments.models import Championship, Decision, FinalRank, Match
from tournaments.services import decision_log, notices
from tournaments.services.locking import locked_championship
from tournaments.services.match_play import round_deadline
from tournaments.services.progress import schedule_advance
from tournaments.visibility import championship_visible_to

OUTCOMES = ("win", "draw", "double_forfeit")
REASON_MAX_CHARS = 1000


def adjudicate(
    game_id: int, *, by: User, outcome: str, winner: str | None = None, reason: str = ""
) -> Decision:
    """A decider's result for a championship game, checked, applied and logged; one who
    plays in the game is refused (403 `conflict_of_interest`) and nothing changes."""
    found = Game.objects.filter(pk=game_id).values_list("match__stage__championship", flat=True)
    championship_id = found.first()
    if championship_id is None:
        raise NotFound(_("No such championship game."))
    with transaction.atomic():
        championship = locked_championship(championship_id)
        if not championship_visible_to(championship, by):
            raise NotFound(_("No such championship game."))
        game = Game.objects.select_related("match__stage").get(pk=game_id)
        match = Match.objects.select_for_update(of=("self",)).select_related(
            "stage", "first__player", "second__player"
        ).get(pk=game.match_id)  # fmt: skip
        match.stage.championship = championship
        deciders.check_may_decide(by, match)
        winner_seat = _checked(game, match, outcome, winner, reason)
        reason_code = (
            ResultReason.DOUBLE_FORFEIT if outcome == "double_forfeit" else ResultReason.ADJUDICATED
        )
        repeated = _same_decision_again(game, winner_seat, reason_code, reason)
        if repeated is not None:
            return repeated  # a retried request: decided already, nothing to do again
        _refuse_if_settled_later(championship, match, game)
        was = decision_log.game_result(game, match)
        corrected = game.status == Game.Status.FINISHED
        game = game_decisions.decide(game.pk, winner_seat, reason_code)
        if corrected:
            _reopen(championship, match)
        if outcome == "draw" and match.stage.is_knockout:
            _time_for_a_replay(championship, match)
        decision = decision_log.record(
            championship,
            Decision.Action.ADJUDICATED,
            by=by,
            players=[match.first.player, match.second.player],
            game=game,
            before=was,
            after={**decision_log.game_result(game, match), "outcome": outcome},
            reason=reason.strip(),
        )
        notices.decision_made(decision)
        # The organiser's result shows in the standings or the bracket at once; what it
        # moves on is told by the advance that follows.
        shown_in = "bracket" if match.stage.is_knockout else "standings"
        streams.tell_after_commit(championship, [{"type": shown_in}])
        schedule_advance(championship.pk)
    return decision


def _same_decision_again(
    game: Game, winner_seat: str | None, reason_code: str, reason: str
) -> Decision | None:
    """The organiser's last decision on this game when it already gave this very result
    for this reason (a request sent twice); None otherwise."""
    same_result = game.winner == (winner_seat or "") and game.result_reason == reason_code
    if game.status != Game.Status.FINISHED or not same_result:
        return None
    last = Decision.objects.filter(game=game, action=Decision.Action.ADJUDICATED).first()
    return last if last is not None and last.reason == reason.strip() else None


def _checked(game: Game, match: Match, outcome: str, winner: str | None, reason: str) -> str | None:
    """The winning seat of a valid decision; a wrong field is named."""
    if outcome not in OUTCOMES:
        raise DomainError(_("one of %(names)s") % {"names": ", ".join(OUTCOMES)}, field="outcome")
    if not isinstance(reason, str) or not reason.strip():
        raise DomainError(_("say why the game is decided so"), field="reason")
    if len(reason) > REASON_MAX_CHARS:
        raise DomainError(
            _("at most %(count)s characters") % {"count": REASON_MAX_CHARS}, field="reason"
        )
    text.check(reason, "reason", multiline=True)
    if game.status not in (Game.Status.ACTIVE, Game.Status.FINISHED):
        raise Conflict(_("The game has not started."), code="game_not_started")
    if match.stage.is_knockout and outcome == "double_forfeit":
        raise DomainError(
            _("a playoff match needs a winner: give the win to one of the players"),
            field="outcome",
        )
    if outcome != "win":
        if winner:
            raise DomainError(_("only a win has a winner"), field="winner")
        return None
    if not winner or not isinstance(winner, str):
        raise DomainError(_("the username of the player who wins"), field="winner")
    key = canonical_username(winner)
    for seat in game.seats.select_related("user"):
        if seat.user is not None and seat.user.username_key == key:
            return seat.seat
    raise DomainError(_("%(name)s does not play in this game") % {"name": winner}, field="winner")


def _refuse_if_settled_later(championship: Championship, match: Match, game: Game) -> None:
    """A result others have already built on stands (`corrections.why_it_stands`)."""
    refusal = corrections.why_it_stands(championship, match, game)
    if refusal is not None:
        raise refusal


def _reopen(championship: Championship, match: Match) -> None:
    """A finished match is settled again from its corrected game: what it fed is emptied
    (and filled again by the next advance); a finished championship is ranked again."""
    if match.stage.is_knockout and match.status == Match.Status.FINISHED:
        for later in corrections.later_matches(match):
            # Whoever this match sent on is taken back; the advance sends the new result.
            for side in ("first", "second"):
                if getattr(later, f"{side}_id") in (match.first_id, match.second_id):
                    setattr(later, side, None)
                    later.save(update_fields=[side])
    match.status = Match.Status.PLAYING
    match.winner = None
    match.drawn = match.forfeit = False
    match.save(update_fields=["status", "winner", "drawn", "forfeit"])
    if championship.status == Championship.Status.FINISHED:
        FinalRank.objects.filter(championship=championship).delete()
        championship.status = match.stage.kind  # a stage's status is its kind
        championship.winner = None
        championship.finished_at = None
        championship.save(update_fields=["status", "winner", "finished_at"])


def _time_for_a_replay(championship: Championship, match: Match) -> None:
    """A playoff game the organiser calls a draw is replayed (S1), with a round's time
    from now when its own is up."""
    now = timezone.now()
    if match.deadline is None or match.deadline <= now:
        match.deadline = round_deadline(championship, now)
        match.reminders_sent = 0
        match.save(update_fields=["deadline", "reminders_sent"])
