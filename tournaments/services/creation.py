"""A championship's settings, checked by one function for its creation and its edits."""

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import guests, plans
from accounts.models import User
from games import clocks, plan_rules, registry
from games import services as game_services
from games.engines import OptionError, engine
from games.engines.base import Engine, seats_in_play
from games.outcomes import MatchFormat
from infrastructure import text
from infrastructure.errors import DomainError, NotAllowed
from tournaments import tiebreaks
from tournaments.models import (
    ABSENT_AFTER_DEFAULT_S,
    ROUND_DEADLINE_DEFAULT_S,
    ROUND_DEADLINE_MIN_S,
    Championship,
)
from tournaments.services.co_organisers import checked_co_organisers
from tournaments.systems import registry as systems_registry

NAME_MAX_CHARS = 120
DESCRIPTION_MAX_CHARS = 5_000
ROUND_DEADLINE_MAX_S = 90 * 86_400
ABSENT_AFTER_MIN_S = 60
ABSENT_AFTER_MAX_S = 90 * 86_400
# The schedule's times lie at most this far ahead (so every deadline counted from them is a
# date the database holds).
SCHEDULE_AHEAD_MAX = timedelta(days=366)
# Correspondence play: a championship's move clock when its organiser names none.
CORRESPONDENCE_MOVE_S = 86_400

DEFAULTS: dict[str, Any] = {
    "description": "",
    "options": {},
    "system": systems_registry.DEFAULT_SYSTEM,
    "swiss_rounds": None,
    "playoff_players": 0,
    "grand_final_reset": True,
    "arena_minutes": 60,
    "group_size": 4,
    "playoff_players_per_group": 2,
    "stage_format": MatchFormat.EXPRESS,
    "playoff_format": MatchFormat.FULL,
    "third_place": True,
    "rated": True,
    "points_system": "2-1-0",
    "tiebreaks": list(tiebreaks.DEFAULT_TIEBREAKS),
    "visibility": Championship.Visibility.PUBLIC,
    "round_deadline_s": ROUND_DEADLINE_DEFAULT_S,
    "absent_after_s": ABSENT_AFTER_DEFAULT_S,
    "starts_at": None,
    "entries_close_at": None,
    "check_in_s": 0,
}
# The longest check-in window: a week before the start.
CHECK_IN_MAX_S = 7 * 24 * 3600
# Every setting a championship is created with and its organiser may edit before the start.
SETTINGS = ("name", "game", "time_control", *DEFAULTS)
# The settings whose None is a value of its own (no clock, no scheduled time).
NULLABLE = ("time_control", "starts_at", "entries_close_at", "swiss_rounds")


def create_championship(
    *,
    organiser: User,
    name: str,
    game: str,
    co_organisers: list[str] | None = None,
    **settings,
) -> Championship:
    """A championship in registration; every setting is checked and named when wrong.

    Leaving `time_control` out gives the game's default clock (`default_time_control`);
    `time_control=None` asks for no clock. `co_organisers`: the usernames of those who
    decide games with the organiser.
    """
    guests.refuse_guest(organiser, guests.GuestRefusal.CHAMPIONSHIPS)
    values = checked_settings(organiser, {"name": name, "game": game, **settings})
    chosen = checked_co_organisers(organiser, co_organisers or [])
    with transaction.atomic():
        championship = Championship.objects.create(organiser=organiser, **values)
        championship.co_organisers.set(chosen)
    return championship


def default_time_control(game: str) -> dict | None:
    """The move clock of a championship whose organiser names none: 24 hours a move where
    the game's rules allow any clock; the rules' own clock where they set or limit it."""
    rules = _rules(game)
    if rules.fixed_time_control is not None or rules.move_time_limits is not None:
        control = clocks.parse_time_control(None, rules.move_time_limits, rules.fixed_time_control)
    else:
        control = clocks.parse_time_control({"move_s": CORRESPONDENCE_MOVE_S})
    return control.as_dict() if control else None


def current_settings(championship: Championship) -> dict[str, Any]:
    """The championship's settings as `checked_settings` returns them."""
    return {name: getattr(championship, name) for name in SETTINGS}


def checked_settings(
    organiser: User, given: Mapping[str, Any], current: Championship | None = None
) -> dict[str, Any]:
    """Every setting, checked, as the championship's fields: `given` over the current
    championship's settings (an edit) or over the defaults (a creation).

    A refusal names the field at fault. A time in the schedule must lie in the future
    when it is set or changed.
    """
    unknown = set(given) - set(SETTINGS)
    if unknown:
        raise TypeError(f"unknown championship settings: {sorted(unknown)}")
    # Elsewhere None stands for the setting's default (or, in an edit, leaves it as it is).
    given = {
        name: value
        for name, value in given.items()
        if value is not None or name in NULLABLE or name not in DEFAULTS
    }
    if current is None:
        values = {**DEFAULTS, **given}
        if "time_control" not in given:
            values["time_control"] = default_time_control(values["game"])
        changed = set(given)
    else:
        values = current_settings(current)
        if given.get("game", current.game) != current.game:
            # The old game's options and clock mean nothing for the new game.
            values["options"] = {}
            if "time_control" not in given:
                values["time_control"] = default_time_control(given["game"])
        values.update(given)
        changed = {name for name in given if given[name] != getattr(current, name)}
    rules = _rules(values["game"])
    values["name"] = _checked_name(values["name"])
    values["description"] = _checked_description(values["description"])
    values["options"] = _checked_options(rules, values["game"], values["options"], organiser)
    _check_formats(values)
    values["time_control"] = _checked_clock(rules, values["time_control"])
    _check_flags(values)
    _check_system(values)
    values["tiebreaks"] = _checked_scoring(values, changed)
    _check_visibility(values["visibility"], organiser)
    for field, low, high in (
        ("round_deadline_s", ROUND_DEADLINE_MIN_S, ROUND_DEADLINE_MAX_S),
        ("absent_after_s", ABSENT_AFTER_MIN_S, ABSENT_AFTER_MAX_S),
    ):
        _check_seconds(values[field], low, high, field)
    _check_schedule(values, changed)
    _check_check_in(values)
    return values


def _check_check_in(values: dict) -> None:
    """A check-in window ends at the start, so it needs a time to start at."""
    _check_seconds(values["check_in_s"], 0, CHECK_IN_MAX_S, "check_in_s")
    if values["check_in_s"] and values["starts_at"] is None:
        raise DomainError(
            _("a check-in ends at the start: set a start time (starts_at) first"),
            field="check_in_s",
        )


def _rules(game: Any) -> Engine:
    try:
        return engine(game)
    except (KeyError, TypeError):
        raise DomainError(_("unknown game %(game)r") % {"game": game}, field="game") from None


def _checked_name(name: Any) -> str:
    name = name.strip() if isinstance(name, str) else ""
    if not name or len(name) > NAME_MAX_CHARS:
        raise DomainError(
            _("from 1 to %(limit)s characters") % {"limit": NAME_MAX_CHARS}, field="name"
        )
    return text.check(name, "name")


def _checked_description(description: Any) -> str:
    if description is None:
        return ""
    if not isinstance(description, str):
        raise DomainError(_("plain text"), field="description")
    description = description.strip()
    if len(description) > DESCRIPTION_MAX_CHARS:
        raise DomainError(
            _("at most %(limit)s characters") % {"limit": DESCRIPTION_MAX_CHARS},
            field="description",
        )
    return text.check(description, "description", multiline=True)


def _checked_options(rules: Engine, game: str, options: Any, organiser: User) -> dict:
    options = options or {}
    if not isinstance(options, dict):
        raise DomainError(_("an object of the game's options"), field="options")
    game_services.refuse_luck_options(rules, options)  # every game of it gets its own deal
    options = plan_rules.options_for_creator(game, options, organiser)
    try:
        rules.new(options)
    except OptionError as error:
        raise DomainError(error.message, field=f"options.{error.field}") from None
    if len(seats_in_play(rules, options)) != 2:
        raise DomainError(
            _("championship games are played by two players"), field="options.players"
        )
    return options


def _check_formats(values: dict) -> None:
    formats = registry.declaration(values["game"]).formats
    for stage_format in ("stage_format", "playoff_format"):
        if values[stage_format] not in formats:
            raise DomainError(
                _("one of %(names)s") % {"names": ", ".join(formats)}, field=stage_format
            )


def _checked_clock(rules: Engine, time_control: Any) -> dict | None:
    try:
        control = clocks.parse_time_control(
            time_control, rules.move_time_limits, rules.fixed_time_control
        )
    except clocks.TimeControlError as error:
        raise DomainError(error.message, field=error.field) from None
    return control.as_dict() if control else None


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_flags(values: dict) -> None:
    for field in ("third_place", "rated"):
        if not isinstance(values[field], bool):
            raise DomainError(_("true or false"), field=field)


def _check_system(values: dict) -> None:
    """The system, and every system's own settings (each system checks its own)."""
    names = systems_registry.names()
    if values["system"] not in names:
        raise DomainError(_("one of %(names)s") % {"names": ", ".join(names)}, field="system")
    for system in systems_registry.systems():
        for rule in system.settings:
            if rule.check is not None:
                rule.check(values)


def all_tiebreaks() -> list[str]:
    """Every tie-break some system knows (each system accepts its own)."""
    return sorted(
        {name for system in systems_registry.systems() for name in tiebreaks_for(system.name)[0]}
    )


def tiebreaks_for(system: str) -> tuple[dict, tuple[str, ...]]:
    """The tie-breaks a system's standings know, by name, and its default order (none for
    a system that breaks no ties)."""
    declared = (
        systems_registry.system(system).tiebreaks if system in systems_registry.names() else None
    )
    return declared if declared is not None else ({}, ())


def _checked_scoring(values: dict, changed: set[str]) -> list[str]:
    if values["points_system"] not in tiebreaks.POINT_SYSTEMS:
        raise DomainError(
            _("one of %(names)s") % {"names": ", ".join(tiebreaks.POINT_SYSTEMS)},
            field="points_system",
        )
    known, default = tiebreaks_for(values["system"])
    if not known:
        return []  # a system that breaks no ties (a bracket places everyone)
    if "system" in changed and "tiebreaks" not in changed:
        values["tiebreaks"] = None  # the old system's tie-breaks mean nothing in the new one
    order = list(values["tiebreaks"] or default)
    unknown = [name for name in order if name not in known]
    if unknown:
        raise DomainError(
            _("%(name)r is not a tie-break of the %(system)s system; its tie-breaks: %(known)s")
            % {
                "name": unknown[0],
                "system": values["system"],
                "known": ", ".join(known),
            },
            field="tiebreaks",
        )
    if len(set(order)) != len(order):
        raise DomainError(_("each tie-break at most once"), field="tiebreaks")
    return order


def _check_visibility(visibility: Any, organiser: User) -> None:
    if visibility not in Championship.Visibility.values:
        raise DomainError(
            _("one of %(names)s") % {"names": ", ".join(Championship.Visibility.values)},
            field="visibility",
        )
    if visibility == Championship.Visibility.PRIVATE and not plans.has_entitlement(
        organiser, plans.Entitlement.PRIVATE_CHAMPIONSHIPS
    ):
        raise NotAllowed(_("Private championships come with a paid plan."), field="visibility")


def _check_seconds(value: Any, low: int, high: int, field: str) -> None:
    if not _whole(value) or not low <= value <= high:
        raise DomainError(
            _("whole seconds from %(low)s to %(high)s") % {"low": low, "high": high}, field=field
        )


def _check_schedule(values: dict, changed: set[str]) -> None:
    """Times are aware; a time set or changed lies ahead; entries close by the start."""
    now = timezone.now()
    for field in ("starts_at", "entries_close_at"):
        moment = values[field]
        if moment is None:
            continue
        if not isinstance(moment, datetime) or timezone.is_naive(moment):
            raise DomainError(_("a date and time with its time zone"), field=field)
        if field in changed and not now < moment <= now + SCHEDULE_AHEAD_MAX:
            raise DomainError(_("a time in the future, at most a year ahead"), field=field)
    starts, closes = values["starts_at"], values["entries_close_at"]
    if starts is not None and closes is not None and closes > starts:
        field = "entries_close_at" if "entries_close_at" in changed else "starts_at"
        raise DomainError(_("entries close at the start or before it"), field=field)
