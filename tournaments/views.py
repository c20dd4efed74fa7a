"""Championship pages: the list, the create and edit forms, a championship, and
organising it (inviting, starting).

The pages read through selectors and write through services, like the API; what is here
is only turning those into what the templates show (translated labels, formatted numbers).
"""

from decimal import Decimal

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from accounts import plans
from config.errors import DomainError
from games import registry
from games.titles import result_reason
from tournaments import bracket_drawing, pairing, selectors, services, tiebreaks
from tournaments.durations import duration_text
from tournaments.forms import (
    FORMAT_LABELS,
    POINT_SYSTEM_LABELS,
    ChampionshipForm,
    format_help,
    initial_from,
    tiebreak_label,
)
from tournaments.models import Championship, Entry
from tournaments.visibility import visible_championships

LIVE = (Championship.Status.GROUPS, Championship.Status.PLAYOFF)
FINISHED_SHOWN = 50
DECISIONS_SHOWN = 100

# -- words ----------------------------------------------------------------------------


def round_title(name: str | None) -> str:
    """A bracket round's name (English in the data) in the page's language."""
    if name is None:
        return ""
    fixed = {
        "Final": _("Final"),
        "Semi-finals": _("Semi-finals"),
        "Quarter-finals": _("Quarter-finals"),
        "Third place": _("Third place"),
    }
    if name in fixed:
        return fixed[name]
    if name.startswith("Round of "):
        return _("Round of %(players)s") % {"players": name.removeprefix("Round of ")}
    return name


def number(value: float | int | None) -> str:
    """2.0 as 2, 2.5 as 2.5 (2,5 in Russian and Polish), 2.25 as 2.25."""
    if value is None:
        return ""
    return formats.number_format(Decimal(f"{value:g}"), use_l10n=True)


def time_control_text(control: dict | None) -> str:
    if not control:
        return _("No clock")
    parts = []
    initial, increment, move = (control.get(k) for k in ("initial_s", "increment_s", "move_s"))
    if initial:
        text = _("%(minutes)s min per player") % {"minutes": number(round(initial / 60, 2))}
        if increment:
            text += " " + _("+ %(seconds)s s per move") % {"seconds": number(increment)}
        parts.append(text)
    if move and move >= 60 and move == int(move):
        parts.append(_("at most %(time)s per move") % {"time": duration_text(int(move))})
    elif move:
        parts.append(_("at most %(seconds)s s per move") % {"seconds": number(move)})
    return ", ".join(parts)


def format_text(name: str) -> str:
    return str(FORMAT_LABELS.get(name, name))


def tiebreak_columns(championship: Championship) -> list[dict]:
    """The tie-breaks in the order applied; the drawing of lots is always the last word."""
    names = list(championship.tiebreaks or tiebreaks.DEFAULT_TIEBREAKS)
    if "lots" not in names:
        names.append("lots")
    columns = []
    for name in names:
        short, full, help_text = tiebreak_label(name)
        columns.append({"name": name, "short": short, "full": full, "help": help_text})
    return columns


# -- finding the championship -------------------------------------------------------


def _visible(request: HttpRequest, championship_id: int) -> Championship:
    """The championship, if the visitor may see it; otherwise 404, as for a missing one."""
    championship = visible_championships(request.user).filter(pk=championship_id).first()
    if championship is None:
        raise Http404
    return championship


def _may_organise(user, championship: Championship) -> bool:
    return user.is_authenticated and (user.pk == championship.organiser_id or user.is_staff)


def _back(request: HttpRequest, championship: Championship) -> str:
    """Where an action returns to: the organiser page when it was sent from there."""
    if request.POST.get("next") == "organise" and _may_organise(request.user, championship):
        return reverse("championship-organise", args=[championship.pk])
    return championship.get_absolute_url()


# -- the list -----------------------------------------------------------------------


def championship_list(request: HttpRequest) -> HttpResponse:
    visible = visible_championships(request.user)
    sections = [
        (
            "live",
            _("Being played"),
            list(visible.filter(status__in=LIVE)),
            _("No championship is being played right now."),
        ),
        (
            "open",
            _("Open for registration"),
            list(visible.filter(status=Championship.Status.REGISTRATION)),
            _("No championship is open for registration."),
        ),
        (
            "finished",
            _("Finished"),
            list(visible.filter(status=Championship.Status.FINISHED)[:FINISHED_SHOWN]),
            _("No championship has finished yet."),
        ),
    ]
    counts = selectors.entrant_counts(
        [championship.pk for _key, _title, items, _empty in sections for championship in items]
    )
    return render(
        request,
        "tournaments/championship_list.html",
        {
            "invitations": selectors.invitations_for(request.user),
            "sections": [
                {
                    "key": key,
                    "title": title,
                    "empty": empty,
                    "championships": [
                        {"championship": c, "entrants": counts.get(c.pk, 0)} for c in items
                    ],
                }
                for key, title, items, empty in sections
            ],
        },
    )


# -- creating -------------------------------------------------------------------------


@login_required
def championship_new(request: HttpRequest) -> HttpResponse:
    form = ChampionshipForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            championship = services.create_championship(organiser=request.user, **form.settings())
        except DomainError as error:
            form.add_domain_error(error)
        else:
            messages.success(
                request,
                _("%(name)s is open for registration. Invite players, then start it.")
                % {"name": championship.name},
            )
            return redirect("championship-organise", championship_id=championship.pk)
    return _championship_form(request, form, editing=None)


@login_required
def championship_edit(request: HttpRequest, championship_id: int) -> HttpResponse:
    """The create form with the current settings, for the organiser until the start."""
    championship = _visible(request, championship_id)
    if request.user.pk != championship.organiser_id:
        raise PermissionDenied
    if championship.status != Championship.Status.REGISTRATION:
        messages.error(
            request, _("The championship has started; its settings can no longer be changed.")
        )
        return redirect("championship-organise", championship_id=championship.pk)
    form = ChampionshipForm(request.POST or None, initial=initial_from(championship))
    if request.method == "POST" and form.is_valid():
        try:
            services.edit_championship(
                championship.pk, by=request.user, **form.settings(current=championship)
            )
        except DomainError as error:
            form.add_domain_error(error)
        else:
            messages.success(request, _("The settings are saved."))
            return redirect("championship-organise", championship_id=championship.pk)
    return _championship_form(request, form, editing=championship)


def _championship_form(
    request: HttpRequest, form: ChampionshipForm, editing: Championship | None
) -> HttpResponse:
    return render(
        request,
        "tournaments/championship_new.html",
        {
            "form": form,
            "editing": editing,
            "format_help": format_help(),
            "can_private": plans.has_entitlement(
                request.user, plans.Entitlement.PRIVATE_CHAMPIONSHIPS
            ),
            "entrant_limit": plans.championship_entrant_limit(request.user),
            "tiebreak_legend": [tiebreak_label(name) for name in tiebreaks.TIEBREAKS],
        },
    )


# -- a championship ----------------------------------------------------------------------


def _group_tables(
    championship: Championship, standings: dict, user, withdrawn: set[str]
) -> list[dict]:
    columns = tiebreak_columns(championship)
    groups = []
    for group in standings["groups"]:
        rows = []
        for row in group["rows"]:
            rows.append(
                {
                    **row,
                    "points": number(row["points"]),
                    "url": reverse("player", args=[row["username"]]),
                    "me": user.is_authenticated and row["username"] == user.username,
                    "advances": row["rank"] <= championship.advance_per_group,
                    "withdrawn": row["username"] in withdrawn,
                    "values": [number(row["tiebreaks"].get(c["name"])) for c in columns],
                }
            )
        groups.append({"name": group["name"], "rows": rows})
    return groups


def _schedule(championship: Championship) -> list[dict]:
    stages = selectors.match_schedule(championship)
    for stage in stages:
        stage["title"] = _("Group stage") if stage["kind"] == "groups" else _("Playoff")
        for round_ in stage["rounds"]:
            if round_["name"]:
                round_["title"] = round_title(round_["name"])
            else:
                round_["title"] = _("Round %(number)s") % {"number": round_["number"]}
            for match in round_["matches"]:
                match["live"] = any(game["live"] for game in match["games"])
                for game in match["games"]:
                    game["reason_text"] = result_reason(game["reason"] or "", championship.game)
    return stages


def _bracket(championship: Championship, schedule: list[dict]) -> bracket_drawing.Drawing:
    live = {
        match["id"]
        for stage in schedule
        for round_ in stage["rounds"]
        for match in round_["matches"]
        if match["live"]
    }
    rounds = [
        {
            "name": round_title(round_["name"]),
            "matches": [{**match, "live": match["id"] in live} for match in round_["matches"]],
        }
        for round_ in selectors.bracket_view(championship)["rounds"]
    ]
    return bracket_drawing.draw({"rounds": rounds})


def championship_page(request: HttpRequest, championship_id: int) -> HttpResponse:
    championship = _visible(request, championship_id)
    services.ask_worker_if_due(championship)
    game_format_help = (
        registry.declaration(championship.game).format_help
        if championship.game in registry.names()
        else {}
    )
    user = request.user
    entries = selectors.entries_of(championship)
    mine = next((e for e in entries if user.is_authenticated and e.player_id == user.pk), None)
    withdrawn = {e.player.username for e in entries if e.withdrawn_at is not None}
    standings = selectors.standings(championship)
    limit = plans.championship_entrant_limit(championship.organiser)
    registration = championship.status == Championship.Status.REGISTRATION
    closed = registration and selectors.entries_closed(championship)
    full = limit is not None and len(entries) >= limit
    schedule = _schedule(championship)
    invitation = selectors.invitation_of(championship, user) if registration else None
    return render(
        request,
        "tournaments/championship.html",
        {
            "championship": championship,
            "live": championship.status in LIVE,
            "registration": registration,
            "entries_closed": closed,
            "invitation": invitation,
            "round_deadline": duration_text(championship.round_deadline_s),
            "entries": entries,
            "active_entries": [e for e in entries if e.withdrawn_at is None],
            "entrant_limit": limit,
            "full": full,
            "my_entry": mine,
            "can_enter": user.is_authenticated
            and registration
            and not closed
            and mine is None
            and invitation is None
            and not full,
            "can_withdraw": mine is not None
            and mine.withdrawn_at is None
            and championship.status != Championship.Status.FINISHED,
            "may_organise": _may_organise(user, championship),
            "time_control": time_control_text(championship.time_control),
            "group_format": format_text(championship.group_format),
            "playoff_format": format_text(championship.playoff_format),
            "group_format_help": game_format_help.get(championship.group_format, ""),
            "playoff_format_help": game_format_help.get(championship.playoff_format, ""),
            "points_system": POINT_SYSTEM_LABELS.get(
                championship.points_system, championship.points_system
            ),
            "tiebreak_columns": tiebreak_columns(championship),
            "groups": _group_tables(championship, standings, user, withdrawn),
            "final": [
                {**row, "url": reverse("player", args=[row["username"]])}
                for row in standings["final"]
            ],
            "schedule": schedule,
            "drawing": _bracket(championship, schedule),
            "decisions": list(selectors.decisions(championship)[:DECISIONS_SHOWN]),
        },
    )


# -- entering, withdrawing, starting ---------------------------------------------------


def _action_target(request: HttpRequest, championship_id: int) -> Championship | HttpResponse:
    """The championship an action is about; anonymous people are sent to log in first."""
    if not request.user.is_authenticated:
        page = reverse("championship", args=[championship_id])
        return redirect_to_login(page)
    return _visible(request, championship_id)


@require_POST
def enter(request: HttpRequest, championship_id: int) -> HttpResponse:
    championship = _action_target(request, championship_id)
    if isinstance(championship, HttpResponse):
        return championship
    username = request.POST.get("username", "").strip() or None
    try:
        added = services.enter_or_invite(championship.pk, by=request.user, username=username)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        if isinstance(added, Entry):
            messages.success(request, _("You have entered %(name)s.") % {"name": championship})
        else:
            messages.success(
                request,
                _("%(player)s is invited to %(name)s and enters on accepting.")
                % {"player": added.player.username, "name": championship},
            )
    return redirect(_back(request, championship))


@require_POST
def accept(request: HttpRequest, championship_id: int) -> HttpResponse:
    championship = _action_target(request, championship_id)
    if isinstance(championship, HttpResponse):
        return championship
    try:
        services.accept_invitation(championship.pk, by=request.user)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("You have entered %(name)s.") % {"name": championship})
    return redirect(championship.get_absolute_url())


@require_POST
def decline(request: HttpRequest, championship_id: int) -> HttpResponse:
    championship = _action_target(request, championship_id)
    if isinstance(championship, HttpResponse):
        return championship
    try:
        services.decline_invitation(championship.pk, by=request.user)
    except DomainError as error:
        messages.error(request, error.message)
        return redirect(championship.get_absolute_url())
    messages.success(
        request, _("You have declined the invitation to %(name)s.") % {"name": championship}
    )
    # A private championship is no longer the player's to see.
    return redirect("championships")


@require_POST
def withdraw(request: HttpRequest, championship_id: int) -> HttpResponse:
    championship = _action_target(request, championship_id)
    if isinstance(championship, HttpResponse):
        return championship
    username = request.POST.get("username", "").strip() or None
    try:
        removal = services.withdraw(championship.pk, by=request.user, username=username)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        texts = {
            services.Removal.WITHDRAWN: _(
                "%(player)s has withdrawn; their remaining games are forfeited."
            ),
            services.Removal.UNINVITED: _("The invitation of %(player)s is cancelled."),
        }
        text = texts.get(removal, _("%(player)s is no longer entered."))
        messages.success(request, text % {"player": username or request.user.username})
    return redirect(_back(request, championship))


def start(request: HttpRequest, championship_id: int) -> HttpResponse:
    """GET: what starting will do, with the button; POST: start."""
    championship = _action_target(request, championship_id)
    if isinstance(championship, HttpResponse):
        return championship
    if request.method != "POST":
        return _start_confirmation(request, championship)
    try:
        championship = services.start(championship.pk, by=request.user)
    except DomainError as error:
        messages.error(request, error.message)
        return redirect(_back(request, championship))
    groups = championship.stages.get(kind="groups").groups.count()
    messages.success(
        request,
        ngettext(
            "The championship has started: %(count)s group is drawn and round one is open.",
            "The championship has started: %(count)s groups are drawn and round one is open.",
            groups,
        )
        % {"count": groups},
    )
    return redirect(_back(request, championship))


def _start_confirmation(request: HttpRequest, championship: Championship) -> HttpResponse:
    if request.user.pk != championship.organiser_id:
        raise PermissionDenied
    if championship.status != Championship.Status.REGISTRATION:
        messages.error(request, _("The championship has already started."))
        return redirect("championship-organise", championship_id=championship.pk)
    active = [e for e in selectors.entries_of(championship) if e.withdrawn_at is None]
    return render(
        request,
        "tournaments/start.html",
        {
            "championship": championship,
            "active_count": len(active),
            "group_sizes": _group_sizes(championship, len(active)),
            "invitations": selectors.pending_invitations(championship),
            "time_control": time_control_text(championship.time_control),
            "group_format": format_text(championship.group_format),
            "playoff_format": format_text(championship.playoff_format),
            "round_deadline": duration_text(championship.round_deadline_s),
        },
    )


def _group_sizes(championship: Championship, entrants: int) -> list[int]:
    """The sizes of the groups a start would draw now."""
    count = _group_count(championship, entrants)
    if not count:
        return []
    return [len(group) for group in pairing.snake_groups(range(entrants), count)]


# -- organising ---------------------------------------------------------------------------


@login_required
def organise(request: HttpRequest, championship_id: int) -> HttpResponse:
    """For the organiser and staff; 403 to others who see the championship, 404 to the rest."""
    championship = _visible(request, championship_id)
    if not _may_organise(request.user, championship):
        raise PermissionDenied
    entries = selectors.entries_of(championship)
    active = [entry for entry in entries if entry.withdrawn_at is None]
    limit = plans.championship_entrant_limit(championship.organiser)
    invitations = selectors.pending_invitations(championship)
    return render(
        request,
        "tournaments/organise.html",
        {
            "championship": championship,
            "is_organiser": request.user.pk == championship.organiser_id,
            "registration": championship.status == Championship.Status.REGISTRATION,
            "finished": championship.status == Championship.Status.FINISHED,
            "entries": entries,
            "active_count": len(active),
            "entrant_limit": limit,
            "full": limit is not None and len(entries) + len(invitations) >= limit,
            "invitations": invitations,
            "group_count": _group_count(championship, len(active)),
            "needs": (
                selectors.needs_attention(championship, timezone.now())
                if championship.status in LIVE
                else None
            ),
            "round_deadline": duration_text(championship.round_deadline_s),
        },
    )


def _group_count(championship: Championship, entrants: int) -> int:
    if entrants < 2:
        return 0
    return pairing.group_count_for(entrants, championship.group_size)
