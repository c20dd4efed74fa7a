"""The Swiss as the registry knows it."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import serializers

from infrastructure.errors import Conflict
from tournaments.models import Championship, Entry
from tournaments.services.playoff import PLAYOFF_FORM_WORDS, PLAYOFF_SETTINGS
from tournaments.systems.base import TABLE_SETTINGS, Opened, SettingRule, StageKind, System
from tournaments.systems.swiss import SWISS, explanations, page, round_reasons, settings, tables
from tournaments.systems.swiss import standings as swiss_standings
from tournaments.systems.swiss.stage import advance_swiss, start_swiss


def _result_stands(championship: Championship, match) -> Conflict | None:
    """A Swiss result stands once the next round is paired on it."""
    if match.stage.matches.filter(round__gt=match.round).exists() or (
        championship.status not in (SWISS, Championship.Status.FINISHED)
    ):
        return Conflict(
            _("The next round has been paired on this result: it stands."), code="stage_over"
        )
    return None


def _start(championship: Championship, entries: list[Entry]) -> Opened:
    start_swiss(championship, entries)
    return Opened(
        logged={"rounds": championship.swiss_rounds}, told=[{"type": "round_opened", "round": 1}]
    )


def _table_fields() -> dict:
    return {
        "swiss": serializers.ListField(
            child=serializers.DictField(),
            allow_null=True,
            help_text="A Swiss's rows: rank (a shared place's first), shared, username, "
            "pairing_number, points, played, won, drawn, lost, tiebreaks, withdrawn, rounds: "
            "[{round, opponent, opponent_pairing_number, seat, result, counted}].",
        )
    }


STAGES = (
    StageKind(
        kind=SWISS,
        title=gettext_lazy("Swiss"),
        round_heading=gettext_lazy("Swiss, round %(number)s"),
        playing_in=gettext_lazy("playing in the Swiss"),
        round_started={
            None: gettext_lazy(
                "Round %(round)s of the Swiss of %(championship)s: your game against "
                "%(opponent)s is ready."
            )
        },
        status_label=gettext_lazy("Swiss rounds"),
        advance=advance_swiss,
        scored=True,
        paired_by_score=True,
        opens_whole_rounds=True,
        result_stands=_result_stands,
        correctable_at_the_end=list,
        explain_pairings=round_reasons.opponent_reasons,
        reason_sentence=explanations.sentence,
        schedule_order=20,
    ),
)

SYSTEM = System(
    name=SWISS,
    label=gettext_lazy("Swiss"),
    description=gettext_lazy("Swiss (FIDE Dutch): everyone plays every round, paired by score"),
    first_stage=SWISS,
    start=_start,
    settings=(
        SettingRule(
            "swiss_rounds",
            settings.check_rounds,
            form_field=settings.rounds_field,
            from_form=lambda data: data.get("swiss_rounds"),
        ),
        SettingRule(
            "playoff_players",
            settings.check_advance,
            form_field=settings.playoff_players_field,
            from_form=lambda data: data.get("playoff_players") or 0,
        ),
        SettingRule("stage_format"),
        *PLAYOFF_SETTINGS,
        *TABLE_SETTINGS,
    ),
    formats={
        "stage_format": gettext_lazy("Swiss rounds' format"),
        "playoff_format": gettext_lazy("Playoff format"),
    },
    tiebreaks=(swiss_standings.SWISS_TIEBREAKS, swiss_standings.DEFAULT_SWISS_TIEBREAKS),
    game_point_tiebreaks=True,
    final_places=tables.final_places,
    table=tables.table,
    table_fields=_table_fields,
    table_empty={"swiss": None},
    bracket=tables.bracket_view,
    started_text=page.started_text,
    start_preview=page.start_preview,
    rounds_over=tables.rounds_over,
    rounds_with_standings=tables.rounds_with_standings,
    page=page.page,
    late_entry=tables.late_entry,
    urls="tournaments.systems.swiss.urls",
    # A Swiss's rows give their pairing number in the group column.
    csv_tables=lambda standings: [
        (SWISS, standings["swiss"] or [], lambda row: row["pairing_number"])
    ],
    form_words={
        **PLAYOFF_FORM_WORDS,
        "tiebreaks": gettext_lazy(
            "Players level on points are ordered by the first tie-break; those still level "
            "by the second, and so on. The pairing number always comes last."
        ),
    },
    templates={
        "settings": "tournaments/systems/swiss/settings.html",
        "bracket": "tournaments/systems/swiss/bracket.html",
        "bracket_link": "tournaments/systems/swiss/bracket_link.html",
        "start": "tournaments/systems/swiss/start.html",
        "start_note": "tournaments/systems/swiss/start_note.html",
        "flow": "tournaments/systems/swiss/flow.html",
        "seeds_help": "tournaments/systems/swiss/seeds_help.html",
        "downloads": "tournaments/systems/swiss/downloads.html",
    },
)
