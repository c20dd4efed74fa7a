"""The Arena as the registry knows it."""

from django.utils.translation import gettext_lazy
from rest_framework import serializers

from tournaments.models import Championship, Entry
from tournaments.systems.arena import ARENA, page, selectors, settings, tables
from tournaments.systems.arena.stage import advance_arena, start_arena
from tournaments.systems.base import Opened, SettingRule, StageKind, System


def _start(championship: Championship, entries: list[Entry]) -> Opened:
    stage = start_arena(championship, entries)
    return Opened(
        logged={"minutes": championship.arena_minutes, "ends_at": stage.ends_at.isoformat()},
        told=[{"type": "standings"}],
    )


def _table_fields() -> dict:
    return {
        "arena": serializers.ListField(
            child=serializers.DictField(),
            allow_null=True,
            help_text="An Arena's rows by points: rank, username, points, games, won, drawn, "
            "lost, streak (wins in a row now), on_streak (the next game counts double), "
            "berserk (games played berserk), paused, withdrawn, playing (the game being "
            "played now, or null).",
        ),
        "arena_ends_at": serializers.DateTimeField(
            required=False, allow_null=True, help_text="When an Arena's time is up."
        ),
        "arena_seconds_left": serializers.FloatField(
            required=False, allow_null=True, help_text="Seconds until then (0 once over)."
        ),
    }


STAGES = (
    StageKind(
        kind=ARENA,
        title=gettext_lazy("Arena"),
        status_label=gettext_lazy("Arena"),
        playing_in=gettext_lazy("playing in the Arena"),
        advance=advance_arena,
        scored=True,
        round_deadlines=False,
        berserk=True,
        opens_whole_rounds=True,
        schedule_order=30,
        round_heading=gettext_lazy("Arena, wave %(number)s"),
        round_started={
            None: gettext_lazy(
                "Your next game in the Arena %(championship)s: against %(opponent)s, ready now."
            )
        },
    ),
)

SYSTEM = System(
    name=ARENA,
    label=gettext_lazy("Arena"),
    description=gettext_lazy(
        "Arena: for a set time, everyone free is paired at once; streaks and berserk score more"
    ),
    first_stage=ARENA,
    start=_start,
    settings=(
        SettingRule(
            "arena_minutes",
            settings.check_minutes,
            form_field=settings.minutes_field,
            from_form=lambda data: data.get("arena_minutes") or 60,
        ),
        SettingRule("stage_format"),
    ),
    formats={"stage_format": gettext_lazy("Format of the Arena's games")},
    final_places=tables.final_places,
    table=tables.table,
    table_fields=_table_fields,
    table_empty={"arena": None},
    started_text=page.started_text,
    page=page.page,
    late_entry=selectors.late_entry,
    urls="tournaments.systems.arena.urls",
    csv_tables=lambda standings: [("arena", standings["arena"] or [], lambda row: None)],
    templates={
        "settings": "tournaments/systems/arena/settings.html",
        "start": "tournaments/systems/arena/start.html",
        "start_note": "tournaments/systems/arena/start_note.html",
        "flow": "tournaments/systems/arena/flow.html",
        "seeds_help": "tournaments/systems/arena/seeds_help.html",
    },
)
