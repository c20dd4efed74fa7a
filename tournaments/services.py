"""Championship operations: creating, entering, starting, and moving the championship on.

The algorithms (seeding, Berger tables, tie-breaks, bracket) are pure functions
in pairing.py, tiebreaks.py and bracket.py; this module loads rows, calls them
and saves what they decide.
"""

import random
import string
from collections.abc import Iterable

from django.db import transaction
from django.db.models import Exists, F, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import plans
from accounts.models import User
from accounts.usernames import canonical_username
from config.errors import Conflict, DomainError, NotAllowed, NotFound
from games import clocks, plan_rules, registry
from games import selectors as game_selectors
from games import services as game_services
from games.engines import OptionError, engine
from games.engines.base import seats_in_play
from games.models import Game
from games.outcomes import MatchFormat
from games.signals import GameFinished
from ratings.selectors import ratings_of
from tournaments import bracket, pairing, selectors, tiebreaks
from tournaments.models import Championship, Entry, FinalRank, Group, GroupMember, Match, Stage

# -- creating and entering ----------------------------------------------------------


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


def _locked(championship_id: int) -> Championship:
    championship = Championship.objects.select_for_update().filter(pk=championship_id).first()
    if championship is None:
        raise NotFound(_("No such championship."))
    return championship


def enter(championship_id: int, *, by: User, username: str | None = None) -> Entry:
    """A player enters themselves; the organiser may enter anyone."""
    with transaction.atomic():
        championship = _locked(championship_id)
        player = by
        if username and canonical_username(username) != by.username_key:
            if by.pk != championship.organiser_id:
                raise NotAllowed(_("Only the organiser enters other players."))
            player = User.objects.named(username).filter(is_active=True).first()
            if player is None:
                raise DomainError(
                    _("no player called %(name)r") % {"name": username}, field="username"
                )
        if championship.status != Championship.Status.REGISTRATION:
            raise Conflict(_("Registration is closed."), code="registration_closed")
        limit = plans.championship_entrant_limit(championship.organiser)
        if limit is not None and championship.entries.count() >= limit:
            raise Conflict(
                _("This championship is full: %(limit)s entrants on the organiser's free plan.")
                % {"limit": limit},
                code="championship_full",
            )
        if championship.entries.filter(player=player).exists():
            raise Conflict(
                _("%(player)s has already entered.") % {"player": player.username},
                code="already_entered",
            )
        plan_rules.check_may_play(championship.game, championship.options, player)
        return Entry.objects.create(championship=championship, player=player)


def withdraw(championship_id: int, *, by: User, username: str | None = None) -> None:
    """Leave before the start, or withdraw later: the remaining games are forfeited."""
    with transaction.atomic():
        championship = _locked(championship_id)
        target = username or by.username
        key = canonical_username(target)
        if key != by.username_key and by.pk != championship.organiser_id:
            raise NotAllowed(_("Only the organiser withdraws other players."))
        entry = championship.entries.filter(player__username_key=key).first()
        if entry is None or entry.withdrawn_at is not None:
            raise NotFound(
                _("%(player)s is not playing in this championship.") % {"player": target}
            )
        if championship.status == Championship.Status.REGISTRATION:
            entry.delete()
            return
        if championship.status == Championship.Status.FINISHED:
            raise Conflict(_("The championship is over."), code="championship_over")
        entry.withdrawn_at = timezone.now()
        entry.save(update_fields=["withdrawn_at"])
        active = game_selectors.games_seating(
            entry.player,
            game_selectors.games_for_matches(_matches_of(championship), Game.Status.ACTIVE),
        )
        for game_id in list(active.values_list("id", flat=True)):
            game_services.forfeit(game_id, entry.player)
        _schedule_advance(championship.pk)


# -- starting -----------------------------------------------------------------------


def group_name(order: int) -> str:
    """A, B, ... Z, AA, AB, ...: spreadsheet-style names for any number of groups."""
    name = ""
    order += 1
    while order:
        order, rest = divmod(order - 1, 26)
        name = string.ascii_uppercase[rest] + name
    return name


def seeding_order(entries: Iterable[Entry], game: str) -> list[Entry]:
    """Entries best first: rated players by their rating in the game, then the unrated
    ones in entry order."""
    entries = list(entries)
    ratings = ratings_of([entry.player_id for entry in entries], game)

    def key(entry: Entry) -> tuple:
        rating = ratings.get(entry.player_id)
        return (rating is None, -(rating or 0.0), entry.entered_at, entry.pk)

    return sorted(entries, key=key)


def start(championship_id: int, *, by: User) -> Championship:
    """Seed, draw the groups, schedule every round robin and open round one."""
    with transaction.atomic():
        championship = _locked(championship_id)
        if by.pk != championship.organiser_id:
            raise NotAllowed(_("Only the organiser starts the championship."))
        if championship.status != Championship.Status.REGISTRATION:
            raise Conflict(_("The championship has already started."), code="already_started")
        entries = seeding_order(championship.entries.select_related("player"), championship.game)
        if len(entries) < 2:
            raise Conflict(
                _("A championship needs at least two entrants."), code="too_few_entrants"
            )
        seeds = {entry.pk: seed for seed, entry in enumerate(entries, start=1)}
        lots = list(range(1, len(entries) + 1))
        random.SystemRandom().shuffle(lots)
        lot_of = dict(zip(seeds, lots, strict=True))

        stage = Stage.objects.create(
            championship=championship, kind=Stage.Kind.GROUPS, format=championship.group_format
        )
        count = pairing.group_count_for(len(entries), championship.group_size)
        members, matches = [], []
        for order, seeded in enumerate(pairing.snake_groups(entries, count)):
            schedule = pairing.round_robin(seeded)
            group = Group.objects.create(
                stage=stage, order=order, name=group_name(order), rounds=len(schedule)
            )
            members += [
                GroupMember(
                    group=group, entry=entry, position=position,
                    seed=seeds[entry.pk], lot=lot_of[entry.pk],
                )
                for position, entry in enumerate(seeded, start=1)
            ]  # fmt: skip
            for round_number, pairs in enumerate(schedule, start=1):
                for index, (first, second) in enumerate(pairs):
                    if second is None:
                        continue  # a bye: no match
                    matches.append(
                        Match(stage=stage, group=group, round=round_number, index=index,
                              first=first, second=second)
                    )  # fmt: skip
        GroupMember.objects.bulk_create(members)
        Match.objects.bulk_create(matches, batch_size=2000)
        championship.status = Championship.Status.GROUPS
        championship.started_at = timezone.now()
        championship.save(update_fields=["status", "started_at"])
        _open_round(championship, stage.matches.filter(round=1))
    return championship


# -- playing the matches ----------------------------------------------------------------


def _game_options(championship: Championship, stage: Stage, replay: bool = False) -> dict:
    """A match game's options; every replay of a drawn playoff game is `express` (K16)."""
    options = dict(championship.options)
    options["format"] = MatchFormat.EXPRESS if replay else stage.format
    # A game whose rules settle a level playoff game in extra time takes `extra_time` (K14).
    if (
        stage.kind == Stage.Kind.PLAYOFF
        and registry.declaration(championship.game).playoff_extra_time
    ):
        options["extra_time"] = True
    return options


def _open_match(
    championship: Championship, match: Match, replays: int = 0, save: bool = True
) -> bool:
    """Start the match's (next) game, or settle it at once when a player has withdrawn.

    `replays` counts the match's games already drawn: each replay swaps the colours of the
    one before (K16). Returns whether a game was started (the match is then playing).
    """
    first, second = match.first, match.second
    if first is None or second is None:
        return False
    gone = [entry for entry in (first, second) if entry.withdrawn_at is not None]
    if gone:
        present = [entry for entry in (first, second) if entry.withdrawn_at is None]
        match.winner = present[0] if present else None
        match.forfeit = True
        match.status = Match.Status.FINISHED
        match.save(update_fields=["winner", "forfeit", "status"])
        return False
    players = [first.player, second.player]
    if replays % 2 == 1:
        players.reverse()
    game_services.create_match_game(
        match_id=match.pk,
        game=championship.game,
        options=_game_options(championship, match.stage, replay=replays > 0),
        players=players,
        rated=championship.rated,
        time_control=championship.time_control,
    )
    match.status = Match.Status.PLAYING
    if save:
        match.save(update_fields=["status"])
    return True


def _open_round(championship: Championship, matches) -> None:
    started = [
        match.pk
        for match in matches.select_related("first__player", "second__player", "stage")
        if match.status == Match.Status.WAITING and _open_match(championship, match, save=False)
    ]
    Match.objects.filter(pk__in=started).update(status=Match.Status.PLAYING)


def _schedule_advance(championship_id: int) -> None:
    from tournaments.tasks import advance_championship

    advance_championship.delay(championship_id)  # sent once the game's change commits


def on_game_finished(sender, finished: GameFinished, **kwargs) -> None:
    """Receives `game_finished`: move the championship on after this transaction commits."""
    if finished.match_id is None:
        return
    matches = Match.objects.filter(pk=finished.match_id)
    championship_id = matches.values_list("stage__championship_id", flat=True).get()
    _schedule_advance(championship_id)


def advance(championship_id: int) -> None:
    """Settle finished games, open rounds, build and run the playoff, rank at the end.

    Idempotent: run twice, the second run finds nothing left to do.
    """
    with transaction.atomic():
        championship = Championship.objects.select_for_update().filter(pk=championship_id).first()
        if championship is None or championship.status in (
            Championship.Status.REGISTRATION,
            Championship.Status.FINISHED,
        ):
            return
        _settle_matches(championship)
        if championship.status == Championship.Status.GROUPS:
            _advance_groups(championship)
        if championship.status == Championship.Status.PLAYOFF:
            _advance_playoff(championship)


def _matches_of(championship: Championship):
    return Match.objects.filter(stage__championship=championship).values("pk")


def _settle_matches(championship: Championship) -> None:
    playing = Match.objects.filter(
        game_selectors.has_a_game(Game.Status.FINISHED),
        stage__championship=championship,
        status=Match.Status.PLAYING,
    ).select_related("stage", "first__player", "second__player")
    for match in playing:
        games = game_selectors.games_for_matches([match.pk])
        result = game_selectors.outcome(games.last())
        if result is None:
            continue  # the match's last game is still being played
        entry_of = {match.first.player_id: match.first, match.second.player_id: match.second}
        if result.winner is not None:
            match.winner = entry_of[result.winner]
            match.forfeit = result.walkover
        elif match.stage.kind == Stage.Kind.PLAYOFF:
            # A playoff needs a winner: replay with the seats swapped (K16; a game with
            # extra time ends level only when its board is full).
            _open_match(championship, match, replays=games.count())
            continue
        else:
            match.drawn = True
        match.status = Match.Status.FINISHED
        match.save(update_fields=["winner", "drawn", "forfeit", "status"])


def _advance_groups(championship: Championship) -> None:
    """Open the next round of every group whose current round is over; then the playoff."""
    stage = championship.stages.get(kind=Stage.Kind.GROUPS)
    while True:
        unfinished_now = Match.objects.filter(
            group=OuterRef("pk"), round=OuterRef("current_round")
        ).exclude(status=Match.Status.FINISHED)
        ready = list(
            stage.groups.filter(current_round__lt=F("rounds")).exclude(Exists(unfinished_now))
        )
        if not ready:
            break
        for group in ready:
            group.current_round += 1
            group.save(update_fields=["current_round"])
            _open_round(championship, group.matches.filter(round=group.current_round))
    if not Match.objects.filter(stage=stage).exclude(status=Match.Status.FINISHED).exists():
        _start_playoff(championship, stage)


def _start_playoff(championship: Championship, group_stage: Stage) -> None:
    qualifiers = []
    for group_order, table in enumerate(selectors.group_tables(group_stage)):
        for row in table.rows[: championship.advance_per_group]:
            qualifiers.append(
                bracket.Qualifier(
                    player=row.player, group=group_order, place=row.rank, strength=row.points
                )
            )  # fmt: skip
    stage = Stage.objects.create(
        championship=championship, kind=Stage.Kind.PLAYOFF, format=championship.playoff_format
    )
    championship.status = Championship.Status.PLAYOFF
    championship.save(update_fields=["status"])
    if len(qualifiers) < 2:
        _finish(championship)
        return
    first_round = bracket.draw_bracket(qualifiers)
    size = bracket.bracket_size(len(qualifiers))
    entries = {str(entry.pk): entry for entry in championship.entries.all()}
    rounds = len(bracket.round_names(size))
    matches = []
    for round_number in range(1, rounds + 1):
        for index in range(size >> round_number):
            match = Match(stage=stage, round=round_number, index=index)
            if round_number == 1:
                top, bottom = first_round[index]
                match.first = entries[top.player] if top else None
                match.second = entries[bottom.player] if bottom else None
                if match.first is None or match.second is None:
                    match.winner = match.first or match.second
                    match.status = Match.Status.FINISHED
            matches.append(match)
    if championship.third_place and rounds >= 2:
        matches.append(Match(stage=stage, round=rounds, index=1, third_place=True))
    Match.objects.bulk_create(matches)
    _advance_playoff(championship)


def _advance_playoff(championship: Championship) -> None:
    stage = championship.stages.get(kind=Stage.Kind.PLAYOFF)
    matches = list(stage.matches.select_related("first__player", "second__player", "stage"))
    last_round = max(match.round for match in matches)
    by_place = {(m.round, m.index, m.third_place): m for m in matches}
    for match in sorted(matches, key=lambda m: (m.round, m.index)):
        if match.status != Match.Status.FINISHED or match.third_place or match.round == last_round:
            continue
        next_round, next_index = bracket.next_match(match.round, match.index)
        following = by_place[(next_round, next_index, False)]
        side = ("first", "second")[bracket.winner_side(match.index)]
        if getattr(following, f"{side}_id") is None and match.winner_id is not None:
            setattr(following, side, match.winner)
            following.save(update_fields=[side])
        if match.round == last_round - 1 and championship.third_place:
            loser = match.second if match.winner_id == match.first_id else match.first
            third = by_place[(last_round, 1, True)]
            if getattr(third, f"{side}_id") is None and loser is not None:
                setattr(third, side, loser)
                third.save(update_fields=[side])
    # The in-memory matches carry every change made above.
    for match in matches:
        if match.status == Match.Status.WAITING and match.first_id and match.second_id:
            _open_match(championship, match)
    final = by_place[(last_round, 0, False)]
    third = by_place.get((last_round, 1, True))
    if final.status == Match.Status.FINISHED and (
        third is None or third.status == Match.Status.FINISHED
    ):
        _finish(championship)


def _finish(championship: Championship) -> None:
    ranking = selectors.final_ranking(championship)
    FinalRank.objects.filter(championship=championship).delete()
    FinalRank.objects.bulk_create(
        FinalRank(championship=championship, entry_id=entry_id, rank=rank)
        for rank, entry_id in ranking
    )
    champion = Entry.objects.filter(pk=ranking[0][1]).select_related("player").first()
    championship.winner = champion.player if champion else None
    championship.status = Championship.Status.FINISHED
    championship.finished_at = timezone.now()
    championship.save(update_fields=["winner", "status", "finished_at"])
