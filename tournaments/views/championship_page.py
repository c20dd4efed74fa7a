"""A championship's page: standings, schedule, bracket, decisions."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts import plans
from games import registry as games_registry
from games.titles import result_reason
from live import addresses
from tournaments import bracket_drawing, selectors, services
from tournaments.durations import duration_text
from tournaments.forms import (
    POINT_SYSTEM_LABELS,
)
from tournaments.models import Championship
from tournaments.systems import registry
from tournaments.views import decision_words
from tournaments.views.access import may_organise, visible_or_404
from tournaments.views.rounds import round_anchor
from tournaments.views.standings_tables import asked_round, round_choices, standings_columns
from tournaments.views.words import (
    DECISIONS_SHOWN,
    format_text,
    group_count,
    live,
    round_title,
    time_control_text,
)


def _schedule(championship: Championship) -> list[dict]:
    stages = selectors.match_schedule(championship)
    for stage in stages:
        stage["title"] = str(registry.stage(stage["kind"]).title)
        # A stage played in groups shows each match's group.
        stage["grouped"] = any(
            match["group"] for round_ in stage["rounds"] for match in round_["matches"]
        )
        for round_ in stage["rounds"]:
            if round_["name"]:
                round_["title"] = round_title(round_["name"])
            else:
                round_["title"] = _("Round %(number)s") % {"number": round_["number"]}
            if registry.stage(stage["kind"]).paired_by_score:
                # Why each pairing of the round is so, on the rounds page.
                round_["explained"] = "{}#{}".format(
                    reverse("championship-rounds", args=[championship.pk]),
                    round_anchor(stage["kind"], round_["number"]),
                )
            for match in round_["matches"]:
                match["live"] = any(game["live"] for game in match["games"])
                for game in match["games"]:
                    game["reason_text"] = result_reason(game["reason"] or "", championship.game)
    return stages


def _my_games(schedule: list[dict], user) -> list[dict]:
    """The reader's games being played now, for the link at the top of the page."""
    if not user.is_authenticated:
        return []
    me = user.shown_name
    mine = []
    for stage in schedule:
        for round_ in stage["rounds"]:
            for match in round_["matches"]:
                if me not in (match["a"], match["b"]):
                    continue
                for game in match["games"]:
                    if not game["live"]:
                        continue
                    where = round_["title"]
                    if match["group"]:
                        where = _("Group %(name)s, %(round)s") % {
                            "name": match["group"],
                            "round": where,
                        }
                    mine.append(
                        {
                            "url": game["url"],
                            "id": game["id"],
                            "opponent": match["b"] if match["a"] == me else match["a"],
                            "my_move": game["to_move"] == me,
                            "deadline": match["deadline"],
                            "where": where,
                        }
                    )
    return mine


def _bracket(championship: Championship, schedule: list[dict], user) -> dict:
    """The bracket's drawing, the reader's matches marked, and whether it is the plan before
    the playoff (with the entrants a plan during registration counts on)."""
    live = {
        match["id"]
        for stage in schedule
        for round_ in stage["rounds"]
        for match in round_["matches"]
        if match["live"]
    }
    view = selectors.bracket_view(championship)
    rounds = [
        {
            **round_,
            "name": round_title(round_["name"]),
            "matches": [{**match, "live": match["id"] in live} for match in round_["matches"]],
        }
        for round_ in view["rounds"]
    ]
    me = user.shown_name if user.is_authenticated else None
    if registry.system(championship.system).double_bracket:
        titles = {"winners": _("Winners' bracket"), "losers": _("Losers' bracket")}
        drawing = bracket_drawing.draw_double_elimination({"rounds": rounds}, titles, me)
    else:
        drawing = bracket_drawing.draw({"rounds": rounds}, me)
    return {
        "drawing": drawing,
        "planned": view["planned"],
        "entrants": view["entrants"],
    }


def _decisions(championship: Championship) -> list:
    """The log's latest decisions, each with what a settings change changed."""
    shown = list(selectors.decisions(championship)[:DECISIONS_SHOWN])
    for decision in shown:
        decision.changes = decision_words.changes(decision, championship.system)
    return shown


def championship_page(request: HttpRequest, championship_id: int) -> HttpResponse:
    championship = visible_or_404(request, championship_id)
    services.ask_worker_if_due(championship)
    game_format_help = (
        games_registry.declaration(championship.game).format_help
        if championship.game in games_registry.names()
        else {}
    )
    system = registry.system(championship.system)
    user = request.user
    entries = selectors.entries_of(championship)
    mine = next((e for e in entries if user.is_authenticated and e.player_id == user.pk), None)
    withdrawn = {e.player_id for e in entries if e.withdrawn_at is not None}
    after_round, after_round_note = asked_round(request, championship)
    standings = selectors.standings(championship, with_players=True, after_round=after_round)
    limit = plans.championship_entrant_limit(championship.organiser)
    registration = championship.status == Championship.Status.REGISTRATION
    closed = registration and selectors.entries_closed(championship)
    full = limit is not None and len(entries) >= limit
    schedule = _schedule(championship)
    playoff = _bracket(championship, schedule, user)
    invitation = selectors.invitation_of(championship, user) if registration else None
    return render(
        request,
        "tournaments/championship.html",
        {
            "championship": championship,
            "live": live(championship),
            "events_url": addresses.stream_url(
                reverse("api-championship-events", args=[championship.pk])
            ),
            "events_cross_origin": addresses.cross_origin(),
            "registration": registration,
            "entries_closed": closed,
            "invitation": invitation,
            "round_deadline": duration_text(championship.round_deadline_s),
            "entries": entries,
            "active_entries": [e for e in entries if e.withdrawn_at is None],
            "entrant_limit": limit,
            "full": full,
            "my_entry": mine,
            "check_in": {
                "window": selectors.check_in_window(championship),
                "open": selectors.check_in_open(championship),
            },
            "can_enter": user.is_authenticated
            and registration
            and not closed
            and mine is None
            and invitation is None
            and not full,
            "can_withdraw": mine is not None
            and mine.withdrawn_at is None
            and championship.status != Championship.Status.FINISHED,
            "may_organise": may_organise(user, championship),
            "time_control": time_control_text(championship.time_control),
            "stage_format": format_text(championship.stage_format),
            "playoff_format": format_text(championship.playoff_format),
            "group_format_help": game_format_help.get(championship.stage_format, ""),
            "playoff_format_help": game_format_help.get(championship.playoff_format, ""),
            "points_system": POINT_SYSTEM_LABELS.get(
                championship.points_system, championship.points_system
            ),
            "tiebreak_columns": standings_columns(championship),
            "standings_after": standings["after_round"],
            "standings_in_progress": standings["in_progress"],
            "standings_asked": after_round,
            "standings_note": after_round_note,
            "round_choices": round_choices(championship, after_round) if not registration else [],
            "rounds_url": reverse("championship-rounds", args=[championship.pk]),
            "final": [{**row, "url": row["player"].profile_url} for row in standings["final"]],
            "schedule": schedule,
            "my_games": _my_games(schedule, user),
            "drawing": playoff["drawing"],
            "bracket_planned": playoff["planned"],
            "bracket_entrants": playoff["entrants"],
            "bracket_groups": group_count(championship, playoff["entrants"] or 0),
            "decisions": _decisions(championship),
            "announcements": list(selectors.announcements_of(championship)),
            # The system's own pieces: its tables, and what they need.
            **(system.page(championship, standings, user, withdrawn) if system.page else {}),
        },
    )
