"""New games: practice and friendly invitations, championship games, and the answers."""

import copy
import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import guests
from accounts import selectors as account_selectors
from accounts.models import User
from games import clocks, plan_rules
from games.engines import CPU_LEVELS, DEFAULT_CPU_LEVEL, OptionError, engine
from games.engines.base import seats_in_play
from games.models import CPU_PLAYER, Game, Seat
from games.services import deadlines
from games.services.processing import process_game_task
from games.services.updates import locked_game, publish_after_commit
from games.signals import game_invited
from infrastructure import throttling
from infrastructure.errors import Conflict, DomainError, NotAllowed


def create_game(
    *,
    creator: User,
    game: str,
    options: dict | None,
    format: str | None,
    opponent: str = "",
    seat: str | None = None,
    rated: bool = False,
    time_control: dict | None = None,
    opponents: list[str] | None = None,
    cpu_level: str | None = None,
) -> Game:
    """A practice game against the CPU (opponent "cpu": every other seat is the CPU's,
    playing at `cpu_level`, normal by default) or a friendly invitation to `opponent` (or,
    for more seats, to all of `opponents`)."""
    try:
        rules = engine(game)
    except KeyError:
        raise DomainError(_("unknown game %(game)r") % {"game": game}, field="game") from None
    practice = opponent == CPU_PLAYER
    if practice:
        check_guest_may_start_practice(creator)
    else:
        guests.refuse_guest(creator, guests.GuestRefusal.OTHER_GAMES)
    if practice and rated:
        raise DomainError(_("games against the CPU are not rated"), field="rated")
    level = checked_cpu_level(cpu_level, practice)
    options = options or {}
    if not practice:
        refuse_luck_options(rules, options)
    options = plan_rules.options_for_creator(game, options, creator)
    options = with_random_setup(rules, options)
    if format:
        options["format"] = format
    try:
        state = rules.new(options)
    except OptionError as error:
        raise DomainError(error.message, field=f"options.{error.field}") from None
    try:
        control = clocks.parse_time_control(
            time_control, rules.move_time_limits, rules.fixed_time_control
        )
    except clocks.TimeControlError as error:
        raise DomainError(error.message, field=error.field) from None
    seats = seats_in_play(rules, options)
    if seat is not None and seat not in seats:
        raise DomainError(_("choose one of %(seats)s") % {"seats": ", ".join(seats)}, field="seat")
    if rules.first_by_lot and seat is not None and not practice:
        raise DomainError(
            _("in this game the seats are drawn by lot; only a practice game may choose one"),
            field="seat",
        )
    if seat is None:
        # Q5: where the rules draw who moves first, so does the server.
        seat = secrets.choice(seats) if rules.first_by_lot else seats[0]

    if practice:
        invited: list[User | None] = [None] * (len(seats) - 1)
    else:
        names = list(opponents) if opponents else [opponent] if opponent else []
        if not names:
            raise DomainError('name your opponent, or "cpu" to play the computer', field="opponent")
        invited = invited_players(names, creator, len(seats) - 1)
        for player in invited:
            plan_rules.check_may_play(game, options, player)

    # Counted once the game is good to start: a mistake in the form costs nothing.
    if practice:
        scope, too_many = throttling.CPU_GAMES_SCOPE, _("Too many games against the CPU started.")
    else:
        scope, too_many = throttling.INVITATIONS_SCOPE, _("Too many invitations sent.")
    throttling.spend([scope], throttling.account_ident(creator), too_many)
    with transaction.atomic():
        record = Game.objects.create(
            game=game,
            kind=Game.Kind.PRACTICE if practice else Game.Kind.FRIENDLY,
            options=options,
            format=format or "",
            rated=rated,
            cpu_level=level,
            created_by=creator,
            status=Game.Status.INVITED,
            to_move=rules.to_move(state) or "",
            score=rules.score(state),
            snapshot=rules.dump(state),
            time_control=control.as_dict() if control else None,
            version=1,
        )
        others = iter(invited)
        for order, name in enumerate(seats):
            user = creator if name == seat else next(others)
            # An invited player's seat is theirs once they accept; the CPU's at once.
            accepted = user is None or user.pk == creator.pk
            Seat.objects.create(game=record, seat=name, order=order, user=user, accepted=accepted)
        if not practice:
            game_invited.send(sender=Game, game=record, invited=invited, by=creator)
        if practice:
            start_game(record, timezone.now())
            record.save()
            publish_after_commit(record, [])
            if record.to_move != seat:
                process_game_task.delay(record.pk)  # the CPU opens
    return record


@dataclass(frozen=True)
class MatchGame:
    """A championship game to start: its match, the game and its options, the players in
    seat order (or to be seated by lot), whether it is rated, its time control, and whether
    its players may go berserk (halve their own clock before their first move: an Arena's)."""

    match_id: int
    game: str
    options: dict
    players: list[User]
    rated: bool
    time_control: dict | None
    berserk_allowed: bool = False


def create_match_game(
    *,
    match_id: int,
    game: str,
    options: dict,
    players: list[User],
    rated: bool,
    time_control: dict | None,
    berserk_allowed: bool = False,
) -> Game:
    """A championship game, started at once; `players` sit in seat order (or by lot)."""
    wanted = MatchGame(match_id, game, options, players, rated, time_control, berserk_allowed)
    return create_match_games([wanted])[0]


def create_match_games(wanted: Sequence[MatchGame]) -> list[Game]:
    """Championship games, started at once, in the order asked for: a round's games in one
    insert of games and one of seats. Each is published and its clock booked after the
    commit, as a single game is."""
    now = timezone.now()
    records: list[Game] = []
    seatings: list[list[tuple[str, User]]] = []
    positions: dict[str, StartingPosition] = {}
    for match_game in wanted:
        rules = engine(match_game.game)
        options = with_random_setup(rules, without_luck_options(rules, match_game.options))
        players = list(match_game.players)
        if rules.first_by_lot:
            players = secrets.SystemRandom().sample(players, len(players))
        position = starting_position(match_game.game, rules, options, positions)
        record = Game(
            game=match_game.game,
            kind=Game.Kind.CHAMPIONSHIP,
            options=options,
            format=str(options.get("format") or ""),
            rated=match_game.rated,
            created_by=players[0],
            to_move=position.to_move,
            score=copy.deepcopy(position.score),
            snapshot=position.snapshot,
            time_control=match_game.time_control,
            match_id=match_game.match_id,
            berserk_allowed=match_game.berserk_allowed,
            version=1,
        )
        start_game(record, now)
        records.append(record)
        # The seats of these options: a game for two to four players seats two here.
        seatings.append(list(zip(seats_in_play(rules, options), players, strict=True)))
    Game.objects.bulk_create(records)
    Seat.objects.bulk_create(
        Seat(game=record, seat=seat, order=order, user=user)
        for record, seating in zip(records, seatings, strict=True)
        for order, (seat, user) in enumerate(seating)
    )
    for record in records:
        publish_after_commit(record, [])
    return records


@dataclass(frozen=True)
class StartingPosition:
    """A new game's position as stored: the seat to move, the score and the snapshot."""

    to_move: str
    score: dict
    snapshot: bytes


def starting_position(
    game: str, rules, options: dict, known: dict[str, StartingPosition]
) -> StartingPosition:
    """The position a game of `options` starts from, worked out once for each set of options
    in `known`: a round's games share theirs (a game dealt at random has a seed of its own in
    its options, and so its own position)."""
    key = json.dumps([game, options], sort_keys=True)
    if key not in known:
        state = rules.new(options)
        known[key] = StartingPosition(
            rules.to_move(state) or "", rules.score(state), rules.dump(state)
        )
    return known[key]


def checked_cpu_level(level: str | None, practice: bool) -> str:
    """The CPU's level of a new game: the one asked for (normal if none) against the CPU,
    none in a game between players."""
    if not practice:
        if level:
            raise DomainError(
                _('only a game against the CPU (opponent "cpu") has a CPU level'),
                field="cpu_level",
            )
        return ""
    level = level or DEFAULT_CPU_LEVEL
    if level not in CPU_LEVELS:
        raise DomainError(
            _("one of %(levels)s") % {"levels": ", ".join(CPU_LEVELS)}, field="cpu_level"
        )
    return level


def invited_players(names: list[str], creator: User, wanted: int) -> list[User]:
    """The players a friendly game invites, checked: real, distinct, not the creator."""
    field = "opponents" if wanted > 1 else "opponent"
    if len(names) != wanted:
        raise DomainError(
            _("this game needs %(wanted)s opponents; %(given)s given")
            % {"wanted": wanted, "given": len(names)},
            field=field,
        )
    players = []
    for name in names:
        # A guest or a closed account is nobody to invite: as if there were no such player.
        player = account_selectors.player_named(name)
        if player is None:
            raise DomainError(_("no player called %(name)r") % {"name": name}, field=field)
        if player.pk == creator.pk:
            raise DomainError(_("invite somebody else"), field=field)
        if player in players:
            raise DomainError(
                _("%(player)s is invited twice") % {"player": player.username}, field=field
            )
        players.append(player)
    return players


def refuse_luck_options(rules, options: dict) -> None:
    """Refuse options that fix the luck (a deal, a seed) outside unrated practice games."""
    fixed = [name for name in rules.luck_options if name in options]
    if fixed:
        raise DomainError(
            _("the server draws this; only a practice game against the CPU may set it"),
            code="luck_option",
            field=f"options.{fixed[0]}",
        )


def without_luck_options(rules, options: dict) -> dict:
    return {key: value for key, value in options.items() if key not in rules.luck_options}


def with_random_setup(rules, options: dict) -> dict:
    """A game whose rules deal at random gets its own seed, kept in its options (so its
    record replays the same deal)."""
    if rules.random_setup and "seed" not in options:
        return {**options, "seed": secrets.randbelow(2**31)}
    return dict(options)


def accept_invitation(game_id: int, user: User) -> Game:
    with locked_game(game_id, user, status=Game.Status.INVITED) as change:
        game, seat = change.game, change.seat
        if game.created_by_id == seat.user_id:
            raise NotAllowed(_("Your opponent accepts the invitation, not you."))
        plan_rules.check_may_play(game.game, game.options, user)
        seat.accepted = True
        seat.save(update_fields=["accepted"])
        if all(other.accepted for other in game.seats.all()):
            start_game(game, timezone.now())
        else:
            change.fields = ["version"]  # still waiting for another invited player
    return game


def decline_invitation(game_id: int, user: User) -> Game:
    """The invited player declines, or the one who invited takes it back."""
    with locked_game(game_id, user, status=Game.Status.INVITED) as change:
        game = change.game
        game.status = Game.Status.DECLINED
        game.to_move = ""
    return game


def start_game(game: Game, now: datetime) -> None:
    """The game begins: its clocks are set and the first move's deadline runs."""
    rules = engine(game.game)
    control = deadlines.time_control(game)
    game.status = Game.Status.ACTIVE
    game.started_at = now
    game.clocks = clocks.starting_clocks(control, seats_in_play(rules, game.options))
    game.turn_started_at = now
    game.deadline = clocks.deadline(control, game.clocks.get(game.to_move), now)


def guest_practice_refusal(user: User) -> str | None:
    """Why a guest may not start one more practice game now (they hold
    GUEST_MAX_UNFINISHED_GAMES unfinished ones), or None: what the pages say beside the
    buttons they then leave disabled, and what `create_game` refuses with."""
    if not guests.is_guest(user):
        return None
    limit = settings.GUEST_MAX_UNFINISHED_GAMES
    unfinished = Game.objects.filter(
        seats__user=user, status__in=[Game.Status.INVITED, Game.Status.ACTIVE]
    ).count()
    if unfinished < limit:
        return None
    return _(
        "As a guest you may have %(limit)d unfinished games at a time: finish or resign "
        "one first, or sign up (your games stay yours)."
    ) % {"limit": limit}


def check_guest_may_start_practice(user: User) -> None:
    """Refuse a guest one more practice game once they hold GUEST_MAX_UNFINISHED_GAMES."""
    if (refusal := guest_practice_refusal(user)) is not None:
        raise Conflict(refusal, code="guest_game_limit")
