"""The double elimination as the registry knows it."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from infrastructure.errors import DomainError
from tournaments.models import Championship, Entry
from tournaments.systems.base import Opened, SettingRule, StageKind, System
from tournaments.systems.double_elimination import DOUBLE_ELIMINATION, selectors
from tournaments.systems.double_elimination.stage import (
    advance_double_elimination,
    start_double_elimination,
)


def _start(championship: Championship, entries: list[Entry]) -> Opened:
    start_double_elimination(championship, entries)
    return Opened(logged={}, told=[{"type": "bracket"}])


def _check_reset(values: dict) -> None:
    if not isinstance(values["grand_final_reset"], bool):
        raise DomainError(_("true or false"), field="grand_final_reset")


def _reset_field() -> forms.BooleanField:
    return forms.BooleanField(
        label=gettext_lazy("Grand final reset"),
        required=False,
        initial=True,
        help_text=gettext_lazy(
            "Double elimination only: when the losers' bracket winner wins the grand final, "
            "one more match decides."
        ),
    )


def _started_text(championship: Championship) -> str:
    return _("The championship has started: the brackets are drawn and the first matches are open.")


def _page(championship: Championship, standings: dict, user, withdrawn: set[int]) -> dict:
    return {"double_elimination": True}


_WINNERS_ROUND = gettext_lazy(
    "Round %(round)s of the winners' bracket of %(championship)s: "
    "your game against %(opponent)s is ready."
)

STAGES = (
    StageKind(
        kind=DOUBLE_ELIMINATION,
        title=gettext_lazy("Double elimination"),
        status_label=gettext_lazy("Double elimination"),
        playing_in=gettext_lazy("playing in the brackets"),
        round_started={
            None: _WINNERS_ROUND,
            "winners": _WINNERS_ROUND,
            "losers": gettext_lazy(
                "Round %(round)s of the losers' bracket of %(championship)s: "
                "your game against %(opponent)s is ready."
            ),
        },
        advance=advance_double_elimination,
        knockout=True,
        schedule_order=60,
        round_names=selectors.round_names,
        round_order=selectors.round_order,
        later_matches=selectors.fed_matches,
        correctable_at_the_end=selectors.grand_final_matches,
        bracket_rounds=selectors.rounds_per_bracket_of,
    ),
)

SYSTEM = System(
    name=DOUBLE_ELIMINATION,
    label=gettext_lazy("Double elimination"),
    description=gettext_lazy("Double elimination: out after a second lost match"),
    first_stage=DOUBLE_ELIMINATION,
    start=_start,
    settings=(
        SettingRule(
            "grand_final_reset",
            _check_reset,
            form_field=_reset_field,
            from_form=lambda data: data["grand_final_reset"],
        ),
        SettingRule("playoff_format"),
    ),
    formats={"playoff_format": gettext_lazy("Format of the bracket matches")},
    final_places=selectors.final_places,
    table=lambda championship, **asked: {},
    bracket=selectors.bracket_view,
    started_text=_started_text,
    page=_page,
    double_bracket=True,
    entrant_states=selectors.entrant_states,
    form_words={
        "heading": gettext_lazy("Brackets"),
        "help": gettext_lazy(
            "Every match of the winners' and the losers' bracket and of the grand final is "
            "played in this format."
        ),
    },
    templates={
        "settings": "tournaments/systems/double_elimination/settings.html",
        "bracket": "tournaments/systems/double_elimination/bracket.html",
        "bracket_link": "tournaments/systems/double_elimination/bracket_link.html",
        "start": "tournaments/systems/double_elimination/start.html",
        "start_note": "tournaments/systems/double_elimination/start_note.html",
        "flow": "tournaments/systems/double_elimination/flow.html",
        "seeds_help": "tournaments/systems/double_elimination/seeds_help.html",
    },
)
