"""Reads of championships shared by the API and the pages: standings, bracket, ranking."""

import hmac
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Count, Prefetch, Q, QuerySet
from django.utils import timezone

from accounts.models import User
from accounts.shown_names import shown_username
from games import selectors as game_selectors
from games.models import Game
from games.selectors import players_by_seat, seat_names
from ratings.selectors import ratings_of
from tournaments import deciders
from tournaments.bracket import PLAYOFF
from tournaments.models import (
    Announcement,
    Championship,
    Decision,
    Entry,
    Invitation,
    Match,
)
from tournaments.systems import registry
from tournaments.systems.base import System


def _system(championship: Championship) -> System:
    return registry.system(championship.system)


def final_ranking(championship: Championship) -> list[tuple[int, int]]:
    """(rank, entry id) for every entrant, as the championship's system places them."""
    return _system(championship).final_places(championship)


def rounds_over_anywhere(championship: Championship) -> int:
    """The last round whose games are all over (0 for a system without rounds)."""
    counted = _system(championship).rounds_over
    return counted(championship) if counted else 0


def rounds_with_standings(championship: Championship) -> int:
    """The last round standings may be asked after; 0 for a system without a table by
    rounds."""
    paired = _system(championship).rounds_with_standings
    return paired(championship) if paired else 0


def standings(
    championship: Championship, *, with_players: bool = False, after_round: int | None = None
) -> dict:
    """The standings endpoint's body: the system's tables (under its own keys; another
    system's keys are given empty), the round they are after and the final ranking.

    The tables are after round `after_round`, by default after the last round whose games
    are all over; a round being played counts for nothing yet and is shown in the rows'
    `rounds`. `with_players` adds each row's `player` (the User), for the page's links; the
    API's body has the names only.
    """
    system = _system(championship)

    def player(user: User) -> dict:
        return {"player": user} if with_players else {}

    final = [
        {"rank": rank.rank, "username": rank.entry.player.shown_name, **player(rank.entry.player)}
        for rank in championship.final_ranking.select_related("entry__player")
    ]
    others = {
        key: empty
        for other in registry.systems()
        if other.name != system.name
        for key, empty in other.table_empty.items()
    }
    return {
        "after_round": None,
        "in_progress": None,
        **others,
        **system.table(championship, with_players=with_players, after_round=after_round),
        "rounds_paired": rounds_with_standings(championship),
        "final": final,
    }


def bracket_view(championship: Championship) -> dict:
    """The playoff bracket: `{"rounds": [{"name", "matches": [{"id", "a", "b", "winner",
    "forfeit", "bye", "games", "from": {"a", "b"}}]}], "planned", "entrants"}`.

    Before the bracket is drawn (`planned`) it is the plan the draw will follow: every slot
    says where its player comes from ("winner of group A", "place 3 in the Swiss", "seed
    5"); during registration the plan counts on the players entered so far (`entrants`). A
    side with no player yet gives its source in `from`, a side with one gives `from: null`.
    Every match has its letter in the order of play (`label`), and a side waiting on a
    match says which (`match_label`, `short_label`: "Winner of C"); a match gives its
    `score` by side once a game has one; a plan made during registration names the entrant
    who holds each seeded slot as the seeding stands (`entrant`).
    """
    drawn = _system(championship).bracket
    if drawn is None:
        return {"rounds": [], "planned": False, "entrants": None}
    return drawn(championship)


def seeded_names(championship: Championship) -> list[str]:
    """The entrants' names in the order the start would seed them now."""
    return [entry.player.shown_name for entry in seeds_of(championship)]


def present_entrants(championship: Championship) -> int:
    return championship.entries.filter(withdrawn_at__isnull=True).count()


def bracket_rounds(championship: Championship) -> dict[str, int]:
    """The rounds of each bracket of the championship's stages with brackets (a double
    elimination's winners', losers' and final)."""
    stage_ids = list(championship.stages.values_list("pk", flat=True))
    found: dict[str, int] = {}
    for declared in registry.stages():
        if declared.bracket_rounds is not None:
            for rounds in declared.bracket_rounds(stage_ids).values():
                found.update(rounds)
    return found


def championship_games(championship: Championship, status: str | None = None) -> QuerySet[Game]:
    """The championship's games (in `status` if given) by stage, round and match."""
    matches = Match.objects.filter(stage__championship=championship).values("pk")
    games = game_selectors.games_for_matches(matches, status).select_related("match__stage")
    return games.order_by("match__stage__kind", "match__round", "match__index", "id")


# -- reads for the championship pages ----------------------------------------------------


def entrant_counts(championship_ids: list[int]) -> dict[int, int]:
    """Entrants (withdrawn ones included) of each championship, in one query."""
    rows = (
        Entry.objects.filter(championship_id__in=championship_ids)
        .values("championship_id")
        .annotate(count=Count("id"))
    )
    return {row["championship_id"]: row["count"] for row in rows}


def entries_of(championship: Championship) -> list[Entry]:
    """The championship's entries in entry order, with their players."""
    return list(championship.entries.select_related("player").order_by("entered_at", "id"))


def entries_closed(championship: Championship, now: datetime | None = None) -> bool:
    """Whether the championship's entries closed at its `entries_close_at`."""
    closes = championship.entries_close_at
    return closes is not None and (now or timezone.now()) >= closes


def late_entry_open(championship: Championship) -> bool:
    """Whether a championship under way still takes entrants: its system takes late
    entrants now, and no closing time was set for its entries."""
    if championship.status not in registry.playing_statuses() or championship.entries_close_at:
        return False
    takes = _system(championship).late_entry
    return takes is not None and takes(championship)


def join_code_matches(championship: Championship, code: str) -> bool:
    """Whether `code` is the championship's join code, compared in constant time: how long
    a wrong one takes tells nothing of the right one."""
    return hmac.compare_digest(championship.join_code.encode(), code.encode())


def championship_by_join_code(championship_id: int, code: str) -> Championship | None:
    """The championship whose join link this is, or None for a wrong or replaced code,
    whoever asks: the code is what lets them see it."""
    championship = (
        Championship.objects.select_related("organiser").filter(pk=championship_id).first()
    )
    if championship is None or not join_code_matches(championship, code):
        return None
    return championship


def pending_invitations(championship: Championship) -> list[Invitation]:
    """The invitations the invited players have not answered yet, oldest first."""
    return list(
        championship.invitations.filter(status=Invitation.Status.INVITED).select_related("player")
    )


def invitation_of(championship: Championship, user) -> Invitation | None:
    """The user's unanswered invitation to the championship, if any."""
    if not user.is_authenticated:
        return None
    return championship.invitations.filter(status=Invitation.Status.INVITED, player=user).first()


def invitations_for(user) -> list[Invitation]:
    """The user's unanswered invitations to championships, newest first."""
    if not user.is_authenticated:
        return []
    pending = Invitation.objects.filter(player=user, status=Invitation.Status.INVITED)
    return list(pending.select_related("championship__organiser").order_by("-invited_at", "-id"))


def _game_line(game: Game, first: int | None, second: int | None) -> dict:
    """A game as the schedule shows it: the score and result read from the match's sides
    (`first`, `second`: their players' ids)."""
    names = seat_names(game)
    seat_of = {player: seat for seat, player in players_by_seat(game).items() if player}
    score = game.score or {}

    def points(player: int | None) -> int | None:
        seat = seat_of.get(player)
        return score.get(seat) if seat is not None else None

    finished = game.status == Game.Status.FINISHED
    return {
        "id": game.pk,
        "url": game.get_absolute_url(),
        "status": game.status,
        "live": game.status == Game.Status.ACTIVE,
        "players": names,
        "to_move": names.get(game.to_move) if game.to_move else None,
        "score_a": points(first),
        "score_b": points(second),
        "winner": names.get(game.winner) if finished and game.winner else None,
        "reason": game.result_reason or None,
    }


def match_schedule(championship: Championship) -> list[dict]:
    """Every match by stage and round, with its games: the schedule and results.

    `[{"kind": a stage kind of the registry, "rounds": [{"number",
    "name", "bracket", "third_place", "matches": [{"id", "group", "a", "b", "status",
    "winner", "drawn", "forfeit", "deadline", "games": [...]}]}]}]`, the stages in the order
    they are played. A playoff round's `name` is its bracket name, a double elimination's
    its bracket's round name ("Losers' round 2"; `bracket`: winners, losers or final, its
    rounds bracket by bracket); a group or Swiss round's `name` is None. A Swiss bye is a
    match without `b`.
    """
    matches = list(
        Match.objects.filter(stage__championship=championship)
        .select_related("stage", "group", "first__player", "second__player", "winner__player")
        .prefetch_related(Prefetch("games", queryset=game_selectors.games_with_players()))
        .order_by("stage__kind", "bracket", "round", "third_place", "group__order", "index")
    )
    stages: dict[str, dict] = {}
    namers = {}
    for kind in {match.stage.kind for match in matches}:
        declared = registry.stage(kind)
        in_stage = [match for match in matches if match.stage.kind == kind]
        namers[kind] = declared.round_names(in_stage) if declared.round_names else None

    def round_name(match: Match) -> str | None:
        namer = namers[match.stage.kind]
        return namer(match) if namer else None

    for match in matches:
        kind = match.stage.kind
        stage = stages.setdefault(kind, {"kind": kind, "rounds": []})
        key = (match.bracket, match.round, match.third_place)
        if not stage["rounds"] or stage["rounds"][-1]["key"] != key:
            stage["rounds"].append(
                {
                    "key": key,
                    "number": match.round,
                    "name": round_name(match),
                    "bracket": match.bracket or None,
                    "third_place": match.third_place,
                    "matches": [],
                }
            )
        first = match.first.player if match.first else None
        second = match.second.player if match.second else None
        stage["rounds"][-1]["matches"].append(
            {
                "id": match.pk,
                "group": match.group.name if match.group else None,
                "a": first.shown_name if first else None,
                "b": second.shown_name if second else None,
                "status": match.status,
                "winner": match.winner.player.shown_name if match.winner else None,
                "drawn": match.drawn,
                "forfeit": match.forfeit,
                "deadline": match.deadline,
                "games": [
                    _game_line(game, first and first.pk, second and second.pk)
                    for game in match.games.all()
                ],
            }
        )
    for kind, stage in stages.items():
        order = registry.stage(kind).round_order
        if order is not None:
            stage["rounds"].sort(key=order)
    return sorted(stages.values(), key=lambda stage: registry.stage(stage["kind"]).schedule_order)


def decisions(championship: Championship) -> QuerySet[Decision]:
    """The championship's log, newest first, with who decided and whom it concerned."""
    return championship.decisions.select_related("by", "game").prefetch_related("players")


def decision_entry(decision: Decision) -> dict:
    """One decision as the API and the pages show it."""
    return {
        "id": decision.pk,
        "at": decision.at,
        "by": decision.by.shown_name if decision.by else None,
        "action": decision.action,
        "players": sorted(player.shown_name for player in decision.players.all()),
        "game": decision.game_id,
        "before": _names_shown(decision.before),
        "after": _names_shown(decision.after),
        "reason": decision.reason,
    }


def _names_shown(result: dict) -> dict:
    """A logged result (or settings) with the names in it as others read them."""
    shown = dict(result)
    if "winner" in shown:
        shown["winner"] = shown_username(shown["winner"])
    if isinstance(shown.get("co_organisers"), list):
        shown["co_organisers"] = [shown_username(name) for name in shown["co_organisers"]]
    return shown


@dataclass(frozen=True)
class Waiting:
    """A game the organiser may need to look at, with its players as they read."""

    game: Game
    match: Match
    players: dict[str, str]  # seat → the player's name as shown
    since: datetime | None  # when the player to move was last expected to move
    # Whether the one reading may decide it: not when they play in it (a co-organiser or
    # staff decides it then).
    may_decide: bool = True


@dataclass(frozen=True)
class NeedsAttention:
    """What waits for the organiser (or a co-organiser, or staff): level playoff matches to
    decide, rounds whose time is up, and players who have not moved for longer than the
    championship allows; each marked with whether the reader may decide it."""

    awaiting: list[Waiting]
    overdue: list[Waiting]
    absent: list[Waiting]
    running: list[Waiting]  # every game being played, for a decision of the organiser's own


def needs_attention(
    championship: Championship, now: datetime, reader: User | None = None
) -> NeedsAttention:
    """What waits in the championship; `reader`: the one who reads it (the organiser when
    left out), for whether each game is theirs to decide."""
    reader = reader or championship.organiser
    # Read once for every game's `may_decide`.
    championship = Championship.objects.prefetch_related("co_organisers").get(pk=championship.pk)
    contests: deciders.Contests = {}

    def _waiting(game: Game) -> Waiting:
        game.match.stage.championship = championship
        return Waiting(
            game=game,
            match=game.match,
            players=seat_names(game),
            since=game.turn_started_at or game.started_at,
            may_decide=deciders.may_decide(reader, game.match, contests),
        )

    games = game_selectors.games_with_players().filter(match__stage__championship=championship)
    games = games.select_related("match__stage", "match__group", "match__first", "match__second")
    awaiting = list(games.filter(match__status=Match.Status.AWAITING).order_by("match_id", "-pk"))
    last_of_match = {}
    for game in awaiting:
        last_of_match.setdefault(game.match_id, game)
    active = games.filter(status=Game.Status.ACTIVE)
    overdue = active.filter(match__deadline__lte=now).order_by("match__deadline", "pk")
    quiet_since = now - timedelta(seconds=championship.absent_after_s)
    absent = (
        active.filter(match__deadline__gt=now)
        .filter(
            Q(turn_started_at__lt=quiet_since)
            | Q(turn_started_at__isnull=True, started_at__lt=quiet_since)
        )
        .order_by("turn_started_at", "started_at", "pk")
    )
    return NeedsAttention(
        awaiting=[_waiting(game) for game in last_of_match.values()],
        overdue=[_waiting(game) for game in overdue[:200]],
        absent=[_waiting(game) for game in absent[:200]],
        running=[_waiting(game) for game in active.order_by("pk")[:500]],
    )


def announcements_of(championship: Championship) -> QuerySet[Announcement]:
    """The organisers' announcements, newest first, with their authors."""
    return championship.announcements.select_related("author")


def seeds_of(championship: Championship) -> list[Entry]:
    """The entrants in the order the groups would be drawn in now: the organisers' seeds,
    then by rating."""
    from_rating = championship.entries.filter(withdrawn_at__isnull=True).select_related("player")
    return seeding_order(from_rating, championship.game)


def seeding_order(entries: Iterable[Entry], game: str) -> list[Entry]:
    """Entries best first: those the organiser seeded in their order, then rated players by
    their rating in the game, then the unrated ones in entry order."""
    entries = list(entries)
    ratings = ratings_of([entry.player_id for entry in entries], game)

    def key(entry: Entry) -> tuple:
        rating = ratings.get(entry.player_id)
        return (
            entry.seed is None,
            entry.seed or 0,
            rating is None,
            -(rating or 0.0),
            entry.entered_at,
            entry.pk,
        )

    return sorted(entries, key=key)


@dataclass(frozen=True)
class EntrantState:
    """Where an entrant stands: `state` is `entered` or `checked_in` (registration),
    `playing` (in a group, named, or the playoff), `qualified` (their group is over and they
    go on), `out` (their group or a playoff match is over for them), `withdrawn`, and at the
    end `champion` or `placed` (with `rank`; `withdrawn` then says whether they left on the
    way)."""

    state: str
    withdrawn: bool = False
    group: str | None = None
    rank: int | None = None
    # Where a `playing` entrant plays: the kind of the stage it plays in.
    stage: str | None = None


def entrant_states(championship: Championship) -> dict[int, EntrantState]:
    """Each entry's state (by entry id), read from the stage the championship is in."""
    entries = list(championship.entries.all())
    status = championship.status
    if status == Championship.Status.REGISTRATION:
        # With a check-in, whoever has confirmed reads so (the others are withdrawn at the start).
        return {
            e.pk: EntrantState(
                "checked_in" if championship.check_in_s and e.checked_in_at else "entered",
                e.withdrawn_at is not None,
            )
            for e in entries
        }
    if status == Championship.Status.FINISHED:
        ranks = dict(championship.final_ranking.values_list("entry_id", "rank"))
        return {
            e.pk: EntrantState(
                "champion" if ranks.get(e.pk) == 1 else "placed",
                e.withdrawn_at is not None,
                rank=ranks.get(e.pk),
            )
            for e in entries
        }
    system = _system(championship)
    own = system.entrant_states(championship) if system.entrant_states else {}
    playoff = championship.stages.filter(kind=PLAYOFF).first()
    in_playoff, knocked_out = set(), set()
    if playoff is not None:
        bracket_matches = list(playoff.matches.all())
        for match in bracket_matches:
            sides = {match.first_id, match.second_id} - {None}
            in_playoff |= sides
            if match.status == Match.Status.FINISHED and not match.third_place:
                knocked_out |= sides - {match.winner_id}
        # A semi-final's loser still plays for third place until that match is over.
        third = next((m for m in bracket_matches if m.third_place), None)
        if third is not None and third.status != Match.Status.FINISHED:
            knocked_out -= {third.first_id, third.second_id}
    states = {}
    for entry in entries:
        own_state, group = own.get(entry.pk, ("playing", None))
        stage = system.first_stage
        if entry.withdrawn_at is not None:
            state = "withdrawn"
        elif own_state == "out" and group is None:
            state = "out"  # out of a system that needs no playoff to put them out
        elif playoff is not None:
            state = "playing" if entry.pk in in_playoff - knocked_out else "out"
            group = None  # the stage before is behind them
            stage = PLAYOFF
        else:
            state = own_state
        states[entry.pk] = EntrantState(
            state, entry.withdrawn_at is not None, group=group, stage=stage
        )
    return states


def check_in_window(championship: Championship) -> tuple[datetime, datetime] | None:
    """When check-in opens and closes (at the start), or None without a check-in."""
    if not championship.check_in_s or championship.starts_at is None:
        return None
    return (
        championship.starts_at - timedelta(seconds=championship.check_in_s),
        championship.starts_at,
    )


def check_in_open(championship: Championship, now: datetime | None = None) -> bool:
    found = check_in_window(championship)
    now = now or timezone.now()
    return (
        found is not None
        and championship.status == Championship.Status.REGISTRATION
        and found[0] <= now < found[1]
    )


def tiebreak_order(championship: Championship) -> list[str]:
    """The tie-breaks as the standings apply and name them: the chosen ones or the
    system's own, then its last word when it has one (the groups' drawing of lots)."""
    declared = registry.system(championship.system)
    _known, default = declared.tiebreaks or ({}, ())
    names = list(championship.tiebreaks or default)
    if declared.last_tiebreak and declared.last_tiebreak not in names:
        names.append(declared.last_tiebreak)
    return names
