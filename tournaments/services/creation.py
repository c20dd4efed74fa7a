"""Creating a championship: every setting checked, and named when it is wrong."""

from django.utils.translation import gettext as _

from accounts import plans
from accounts.models import User
from config.errors import DomainError, NotAllowed
from games import clocks, plan_rules, registry
from games import services as game_services
from games.engines import OptionError, engine
from games.engines.base import seats_in_play
from games.outcomes import MatchFormat
from tournaments import tiebreaks
from tournaments.models import Championship


def create_championship(*, organiser: User, name: str, game: str, **settings) -> Championship:
    """A championship in registration; every setting is checked and named when wrong."""
    try:
        rules = engine(game)
    except KeyError:
        raise DomainError(_("unknown game %(game)r") % {"game": game}, field="game") from None
    options = settings.get("options") or {}
    game_services.refuse_luck_options(rules, options)  # every game of it gets its own deal
    options = plan_rules.options_for_creator(game, options, organiser)
    formats = registry.declaration(game).formats
    for stage_format in ("group_format", "playoff_format"):
        value = settings.get(stage_format)
        if value is not None and value not in formats:
            raise DomainError(
                _("one of %(names)s") % {"names": ", ".join(formats)}, field=stage_format
            )
    try:
        rules.new(options)
    except OptionError as error:
        raise DomainError(error.message, field=f"options.{error.field}") from None
    if len(seats_in_play(rules, options)) != 2:
        raise DomainError(
            _("championship games are played by two players"), field="options.players"
        )
    try:
        control = clocks.parse_time_control(
            settings.get("time_control"), rules.move_time_limits, rules.fixed_time_control
        )
    except clocks.TimeControlError as error:
        raise DomainError(error.message, field=error.field) from None
    group_size = settings.get("group_size", 4)
    advance = settings.get("advance_per_group", 2)
    if not 2 <= group_size <= 16:
        raise DomainError(_("from 2 to 16 players"), field="group_size")
    if not 1 <= advance <= group_size:
        raise DomainError(_("from 1 to the group size"), field="advance_per_group")
    points = settings.get("points_system", "2-1-0")
    if points not in tiebreaks.POINT_SYSTEMS:
        raise DomainError(
            _("one of %(names)s") % {"names": ", ".join(tiebreaks.POINT_SYSTEMS)},
            field="points_system",
        )
    order = list(settings.get("tiebreaks") or tiebreaks.DEFAULT_TIEBREAKS)
    unknown = [name for name in order if name not in tiebreaks.TIEBREAKS]
    if unknown:
        raise DomainError(_("unknown tie-break %(name)r") % {"name": unknown[0]}, field="tiebreaks")
    visibility = settings.get("visibility", Championship.Visibility.PUBLIC)
    if visibility == Championship.Visibility.PRIVATE and not plans.has_entitlement(
        organiser, plans.Entitlement.PRIVATE_CHAMPIONSHIPS
    ):
        raise NotAllowed(_("Private championships come with a paid plan."))
    return Championship.objects.create(
        name=name,
        game=game,
        options=options,
        group_size=group_size,
        advance_per_group=advance,
        group_format=settings.get("group_format") or MatchFormat.EXPRESS,
        playoff_format=settings.get("playoff_format") or MatchFormat.FULL,
        third_place=settings.get("third_place", True),
        rated=settings.get("rated", True),
        time_control=control.as_dict() if control else None,
        points_system=points,
        tiebreaks=order,
        visibility=visibility,
        organiser=organiser,
    )
