"""A decision on a game, as a page for the organiser, a co-organiser or staff: what the
game stands at, and a form that calls the same service as POST
/api/games/{id}/adjudicate/ (or, to one who plays in the game, who decides it instead)."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.models import Game
from games.selectors import seat_names
from games.titles import result_reason
from infrastructure import text
from infrastructure.errors import DomainError
from tournaments import deciders, services
from tournaments.services.adjudication import REASON_MAX_CHARS
from tournaments.visibility import visible_championships

# The service's field names as the form names them.
FORM_FIELD = {"outcome": "result", "winner": "result", "reason": "reason"}


class DecisionForm(forms.Form):
    result = forms.ChoiceField(label=gettext_lazy("Decision"), widget=forms.RadioSelect)
    reason = forms.CharField(
        label=gettext_lazy("Reason"),
        max_length=REASON_MAX_CHARS,
        validators=[text.multi_line],
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=gettext_lazy("Shown in the championship's log and to both players."),
    )

    def __init__(self, *args, players: list[tuple[str, str]], scored: bool, **kwargs) -> None:
        """`players`: (username, the name shown) of each player of the game; `scored`: a
        draw counts as one (groups, a Swiss) rather than being replayed (a knockout)."""
        super().__init__(*args, **kwargs)
        choices = [
            (f"win:{username}", _("%(name)s wins") % {"name": name}) for username, name in players
        ]
        choices.append(("draw", _("Draw") if scored else _("Draw: the match is replayed")))
        if scored:
            choices.append(("double_forfeit", _("Both lose (double forfeit)")))
        self.fields["result"].choices = choices

    def decision(self) -> dict:
        """The keyword arguments of services.adjudicate (the game and who decides aside)."""
        outcome, _sep, winner = self.cleaned_data["result"].partition(":")
        return {"outcome": outcome, "winner": winner or None, "reason": self.cleaned_data["reason"]}


@login_required
def decide(request: HttpRequest, championship_id: int, game_id: int) -> HttpResponse:
    """The deciders' page for one game: 404 to those who may not see it, 403 to the rest
    and to a decider who plays in the game."""
    championship = visible_championships(request.user).filter(pk=championship_id).first()
    game = (
        Game.objects.filter(pk=game_id, match__stage__championship_id=championship_id)
        .select_related("match__stage", "match__group", "match__first", "match__second")
        .prefetch_related("seats__user")
        .first()
    )
    if championship is None or game is None:
        raise Http404
    if not deciders.has_a_deciders_role(request.user, championship):
        raise PermissionDenied
    game.match.stage.championship = championship
    names = seat_names(game)
    context = {
        "championship": championship,
        "game": game,
        "match": game.match,
        "players": names,
        "reason_text": result_reason(game.result_reason or "", championship.game),
    }
    if not deciders.may_decide(request.user, game.match):
        # One who plays in the game is told who decides it instead of given the form.
        return render(request, "tournaments/decide.html", {**context, "own_game": True}, status=403)
    # The choice carries the username (a deleted player's placeholder too); people read
    # the name shown.
    seated = sorted(game.seats.all(), key=lambda seat: seat.order)
    players = [(seat.user.username, seat.user.shown_name) for seat in seated if seat.user_id]
    scored = not game.match.stage.is_knockout
    form = DecisionForm(request.POST or None, players=players, scored=scored)
    if request.method == "POST" and form.is_valid():
        try:
            services.adjudicate(game.pk, by=request.user, **form.decision())
        except DomainError as error:
            form.add_error(FORM_FIELD.get(error.field or ""), error.message)
        else:
            messages.success(request, _("The decision is made and logged."))
            return redirect(reverse("championship-organise", args=[championship.pk]))
    return render(request, "tournaments/decide.html", {**context, "form": form})
