"""Round-robin groups, then a playoff, as the registry knows them."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import serializers

from infrastructure.errors import Conflict
from tournaments import tiebreaks
from tournaments.models import Championship, Entry
from tournaments.services.playoff import PLAYOFF_FORM_WORDS, PLAYOFF_SETTINGS
from tournaments.systems.base import TABLE_SETTINGS, Opened, SettingRule, StageKind, System
from tournaments.systems.groups import GROUPS, page, pairing, settings, tables
from tournaments.systems.groups.stage import advance_groups, start_groups


def _result_stands(championship: Championship, match) -> Conflict | None:
    """A group's result stands once the playoff has begun."""
    if championship.status != GROUPS:
        return Conflict(_("The playoff has begun: the group results stand."), code="stage_over")
    return None


def _pairing_why(match) -> str:
    return _("Round %(round)s of group %(group)s's round robin (Berger table).") % {
        "round": match.round,
        "group": match.group.name,
    }


def _start(championship: Championship, entries: list[Entry]) -> Opened:
    stage = start_groups(championship, entries)
    groups = list(stage.groups.values_list("pk", flat=True))
    return Opened(
        logged={"groups": len(groups)},
        told=[{"type": "round_opened", "group": pk, "round": 1} for pk in groups],
    )


def _table_fields() -> dict:
    return {
        "groups": serializers.ListField(
            child=serializers.DictField(),
            help_text="{name, after_round, in_progress, rows}; rows as the Swiss's, with "
            "forfeits and without pairing numbers.",
        )
    }


STAGES = (
    StageKind(
        kind=GROUPS,
        title=gettext_lazy("Group stage"),
        round_heading=gettext_lazy("Group stage, round %(number)s"),
        playing_in=gettext_lazy("playing in the group stage"),
        round_started={
            None: gettext_lazy(
                "Round %(round)s of the group stage of %(championship)s: "
                "your game against %(opponent)s is ready."
            )
        },
        status_label=gettext_lazy("Group stage"),
        advance=advance_groups,
        scored=True,
        schedule_order=10,
        result_stands=_result_stands,
        pairing_why=_pairing_why,
    ),
)

SYSTEM = System(
    name=GROUPS,
    label=gettext_lazy("Groups, then a playoff"),
    description=gettext_lazy("Round-robin groups, then a playoff"),
    first_stage=GROUPS,
    start=_start,
    settings=(
        SettingRule("group_size", settings.check_group_size),
        SettingRule("playoff_players_per_group", settings.check_advance_per_group),
        SettingRule("stage_format"),
        *PLAYOFF_SETTINGS,
        *TABLE_SETTINGS,
    ),
    formats={
        "stage_format": gettext_lazy("Group stage format"),
        "playoff_format": gettext_lazy("Playoff format"),
    },
    tiebreaks=(tiebreaks.TIEBREAKS, tiebreaks.DEFAULT_TIEBREAKS),
    last_tiebreak="lots",
    final_places=tables.final_places,
    table=tables.table,
    table_fields=_table_fields,
    table_empty={"groups": []},
    bracket=tables.bracket_view,
    started_text=page.started_text,
    start_preview=page.start_preview,
    rounds_over=tables.rounds_over,
    rounds_with_standings=tables.rounds_with_standings,
    page=page.page,
    entrant_states=tables.playing_states,
    csv_tables=lambda standings: [
        (GROUPS, group["rows"], lambda row, name=group["name"]: name)
        for group in standings["groups"]
    ],
    groups_drawn=lambda championship, entrants: pairing.group_count_for(
        entrants, championship.group_size
    ),
    form_words={
        **PLAYOFF_FORM_WORDS,
        "tiebreaks": gettext_lazy(
            "Players level on points are ordered by the first tie-break; those still level "
            "by the second, and so on. The drawing of lots always comes last, whether chosen "
            "or not."
        ),
    },
    templates={
        "settings": "tournaments/systems/groups/settings.html",
        "bracket": "tournaments/systems/groups/bracket.html",
        "bracket_link": "tournaments/systems/groups/bracket_link.html",
        "start": "tournaments/systems/groups/start.html",
        "start_note": "tournaments/systems/groups/start_note.html",
        "flow": "tournaments/systems/groups/flow.html",
        "seeds_help": "tournaments/systems/groups/seeds_help.html",
    },
)
