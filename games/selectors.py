"""Reads of games shared by the API and the pages."""

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AnonymousUser
from django.db.models import Count, Exists, F, OuterRef, Prefetch, QuerySet
from django.utils import timezone

from accounts.models import User
from games import clocks, visibility
from games.engines import engine
from games.models import CPU_PLAYER, Game, Move, Seat
from games.outcomes import ResultReason


def visible_games(viewer: User | AnonymousUser) -> QuerySet[Game]:
    """Every game of its own, and the scheduled games (a championship's) `viewer` may see."""
    return Game.objects.filter(visibility.seen_by(viewer))


def seats_with_players() -> Prefetch:
    """A game's seats with their players, in one query joined to the users.

    A nested `prefetch_related("seats__user")` asks for the users by id, which Django 5.2
    writes on SQLite as one `id = … OR …` term per user: past about a thousand seats
    (a large championship's schedule) SQLite refuses so deep an expression.
    """
    return Prefetch("seats", queryset=Seat.objects.select_related("user"))


def visible_game(game_id: int, viewer: User | AnonymousUser) -> Game | None:
    """The game with its seats and players, if `viewer` may see it (`visible_games`' rule,
    read from the one game: a hot path that must not build the rule's subqueries)."""
    games = visibility.with_related(Game.objects.prefetch_related(seats_with_players()))
    game = games.filter(pk=game_id).first()
    if game is None or not visibility.visible(game, viewer):
        return None
    return game


def seat_names(game: Game) -> dict[str, str]:
    """seat → the player's name as others see it ("cpu" for the CPU, "deleted player" for
    a deleted account), in seat order."""
    seats = sorted(game.seats.all(), key=lambda seat: seat.order)  # uses a prefetch if any
    return {seat.seat: seat.user.shown_name if seat.user_id else CPU_PLAYER for seat in seats}


def players_by_seat(game: Game) -> dict[str, int | None]:
    """seat → the seated user's id (None for the CPU); uses a prefetch of the seats if any."""
    return {seat.seat: seat.user_id for seat in game.seats.all()}


def moves_played_per_seat(game: Game) -> dict[str, int]:
    """seat → how many of its moves stand in the record; a seat that never moved is absent."""
    accepted = game.moves.filter(status=Move.Status.ACCEPTED).order_by()
    counts = accepted.values("seat").annotate(n=Count("id"))
    return {row["seat"]: row["n"] for row in counts}


def games_seating(player: User, games: QuerySet[Game]) -> QuerySet[Game]:
    """Those of `games` in which `player` holds a seat."""
    return games.filter(seats__user=player)


def clocks_now(game: Game, now: datetime | None = None) -> dict[str, float]:
    """Seconds left per seat as of now; for a per-move limit alone, that move's time left."""
    now = now or timezone.now()
    control = clocks.parse_time_control(game.time_control)
    if control is None:
        return {}
    if control.initial_s is None:
        shown = dict.fromkeys(seat_names(game), control.move_s)
        if game.status == Game.Status.ACTIVE and game.deadline and game.to_move:
            shown[game.to_move] = max(0.0, (game.deadline - now).total_seconds())
        return {seat: round(value, 1) for seat, value in shown.items()}
    running = game.to_move if game.status == Game.Status.ACTIVE else ""
    shown = clocks.seconds_left_now(control, game.clocks, running, game.turn_started_at, now)
    if running in shown and game.deadline is not None and game.deadline <= now:
        # The time for this move is up; until the worker decides what follows, the clock
        # shows it run out.
        shown[running] = 0.0
    return {seat: round(value, 1) for seat, value in shown.items()}


def stand_in_moves(game: Game) -> dict[str, int] | None:
    """Per seat of a player, how many of their moves the CPU made standing in for them (S4);
    None for games where the CPU never stands in."""
    if not engine(game.game).stand_in:
        return None
    people = [seat.seat for seat in sorted(game.seats.all(), key=lambda s: s.order) if seat.user_id]
    made = (
        game.moves.filter(status=Move.Status.ACCEPTED, player__isnull=True, seat__in=people)
        .values("seat")
        .annotate(moves=Count("id"))
    )
    counts = {row["seat"]: row["moves"] for row in made}
    return {seat: counts.get(seat, 0) for seat in people}


def game_detail(game: Game) -> dict:
    rules = engine(game.game)
    names = seat_names(game)
    finished = game.status == Game.Status.FINISHED
    result = {
        "winner": names.get(game.winner) if finished and game.winner else None,
        "winner_seat": (game.winner or None) if finished else None,
        "reason": (game.result_reason or None) if finished else None,
    }
    stood_in = stand_in_moves(game)
    if stood_in is not None:
        result["stand_in_moves"] = stood_in
    return {
        "id": game.pk,
        "game": game.game,
        "kind": game.kind,
        "options": game.options,
        "format": game.format or None,
        "rated": game.rated,
        "players": names,
        "status": game.status,
        "to_move": names.get(game.to_move) if game.to_move else None,
        "to_move_seat": game.to_move or None,
        "move_count": game.move_count,
        "score": game.score,
        "result": result,
        "clocks": clocks_now(game),
        "time_control": game.time_control,
        "berserk_allowed": game.berserk_allowed,
        "berserk": list(game.berserk),
        "secured": game.secured,
        "draw_offer": game.draw_offer or None,
        "position": rules.view(rules.load(bytes(game.snapshot))),
        "version": game.version,
        "created_at": game.created_at,
        "page": game.get_absolute_url(),
    }


def move_rows(game: Game, after: int = 0, limit: int = 500) -> QuerySet[Move]:
    return game.moves.filter(seq__gt=after).select_related("player").order_by("seq", "id")[:limit]


def games_of(
    user: User, status: str | None = None, *, viewer: User | AnonymousUser
) -> QuerySet[Game]:
    """The games `user` has a seat in, as far as `viewer` may see them."""
    games = (
        visible_games(viewer)
        .filter(pk__in=Seat.objects.filter(user=user).values("game_id"))
        .prefetch_related(seats_with_players())
    )
    if status:
        games = games.filter(status=status)
    return games


def games_for_home(user: User, limit: int = 20) -> dict[str, list[Game]]:
    """The player's games for the home page: their move first, then the rest, then invitations."""
    seats = {
        seat.game_id: seat.seat for seat in Seat.objects.filter(user=user).only("game_id", "seat")
    }
    playing = games_of(user, Game.Status.ACTIVE, viewer=user).order_by("-id")
    active = list(visibility.with_related(playing)[:200])
    invited = list(games_of(user, Game.Status.INVITED, viewer=user).order_by("-id")[:limit])
    return {
        "my_move": [game for game in active if game.to_move == seats.get(game.pk)][:limit],
        "waiting": [game for game in active if game.to_move != seats.get(game.pk)][:limit],
        "invitations": [game for game in invited if game.created_by_id != user.pk],
        "sent": [game for game in invited if game.created_by_id == user.pk],
    }


def invitations_to(user: User, limit: int = 20) -> list[Game]:
    """The games others invited the player to that wait for their answer, newest first."""
    invited = games_of(user, Game.Status.INVITED, viewer=user).exclude(created_by=user)
    return list(invited.order_by("-id")[:limit])


def clocks_on_their_move(user: User) -> QuerySet[Game]:
    """The user's running games in which it is their move and a clock runs out at
    `deadline`, soonest first, with their seats and players."""
    their_turn = Seat.objects.filter(game=OuterRef("pk"), user=user, seat=OuterRef("to_move"))
    return (
        Game.objects.filter(
            Exists(their_turn),
            status=Game.Status.ACTIVE,
            deadline__isnull=False,
            turn_started_at__isnull=False,
        )
        .prefetch_related(seats_with_players())
        .order_by("deadline", "id")
    )


def games_to_move_count(user: User) -> int:
    """How many of the player's games in play wait for their move (the tab title's count)."""
    # One join of the seats: the player's seat is the one to move.
    return Game.objects.filter(
        status=Game.Status.ACTIVE, seats__user=user, seats__seat=F("to_move")
    ).count()


def games_being_played(viewer: User | AnonymousUser, limit: int = 8) -> list[Game]:
    """Games between people under way now that `viewer` may watch, the latest move first."""
    games = (
        visible_games(viewer)
        .filter(status=Game.Status.ACTIVE)
        .exclude(kind=Game.Kind.PRACTICE)
        .prefetch_related(seats_with_players())
        .order_by("-turn_started_at", "-id")
    )
    return list(visibility.with_related(games)[:limit])


# -- the games of championship matches, for the tournaments app ---------------------------


def games_with_players() -> QuerySet[Game]:
    """Games in the order they were made, with their seats and players."""
    return Game.objects.order_by("id").prefetch_related(seats_with_players())


def seating_of_match_games(matches) -> dict[int, list[tuple[int, dict[str, int | None]]]]:
    """match id → its games in the order they were made, each as (game id, seat → the
    seated user's id, None for the CPU, in seat order); `matches`: ids or a query of them.
    One query of plain values: for a long list that names the players from rows it has."""
    seats = (
        Seat.objects.filter(game__match__in=matches)
        .order_by("game_id", "order")
        .values_list("game__match_id", "game_id", "seat", "user_id")
    )
    found: dict[int, list[tuple[int, dict[str, int | None]]]] = {}
    for match_id, game_id, seat, user_id in seats:
        games = found.setdefault(match_id, [])
        if not games or games[-1][0] != game_id:
            games.append((game_id, {}))
        games[-1][1][seat] = user_id
    return found


def games_for_matches(matches, status: str | None = None) -> QuerySet[Game]:
    """The games played for championship matches (`matches`: their ids, or a query of
    them), in the order they were made, with their seats and players; in `status` if given."""
    games = games_with_players().filter(match__in=matches)
    return games.filter(status=status) if status else games


def has_a_game(status: str, *, finished_before: datetime | None = None) -> Exists:
    """A filter for a query of matches: the match has a game in `status` (one that finished
    before `finished_before`, if given)."""
    games = Game.objects.filter(match=OuterRef("pk"), status=status)
    if finished_before is not None:
        games = games.filter(finished_at__lt=finished_before)
    return Exists(games)


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended for its players."""

    winner: int | None  # the winning user's id; None for a draw
    # Won without a game played: the loser forfeited, or ran out of time before making
    # a move of their own.
    walkover: bool


def outcome(game: Game) -> Outcome | None:
    """The result of a finished two-player game by player; None while it is not finished."""
    if game.status != Game.Status.FINISHED:
        return None
    if not game.winner:
        return Outcome(winner=None, walkover=False)
    users = players_by_seat(game)
    walkover = game.result_reason in (ResultReason.FORFEIT, ResultReason.NO_SHOW)
    if game.result_reason == ResultReason.TIME:
        loser = next(seat for seat in users if seat != game.winner)
        walkover = not moves_played_per_seat(game).get(loser)
    return Outcome(winner=users[game.winner], walkover=walkover)
