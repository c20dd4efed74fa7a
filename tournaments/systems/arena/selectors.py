"""Reads of an Arena: each entrant's counted games in order, their points and streak, the
standings, who is free to be paired and whom each played last."""

from dataclasses import dataclass

from django.db.models import F, Max
from django.utils import timezone

from games import registry as games_registry
from games import selectors as game_selectors
from games.models import Game, Seat
from tournaments.models import Championship, Entry, Match, Stage
from tournaments.systems.arena import ARENA
from tournaments.systems.arena.scoring import ArenaGame, Tally, tally


@dataclass(frozen=True)
class ArenaRow:
    """One entrant's line of the Arena's standings."""

    entry: Entry
    tally: Tally
    paused: bool
    playing: int | None  # the game they are playing now


def arena_stage(championship: Championship) -> Stage | None:
    return championship.stages.filter(kind=ARENA).first()


def early_draw_moves(championship: Championship) -> int:
    """Moves (both players') before which a draw scores nothing: the game's own number."""
    return games_registry.declaration(championship.game).early_draw_moves


def counted_games(stage: Stage) -> dict[int, list[ArenaGame]]:
    """Entry id → the Arena games that count, in the order played: finished by the end of
    the Arena, and played (a game one player never moved in counts for nobody). Read as
    plain values, in three queries however long the Arena has run."""
    matches = list(
        stage.matches.filter(status=Match.Status.FINISHED, forfeit=False)
        .order_by("round", "index")
        .values_list("pk", "first_id", "second_id", "winner_id", "drawn")
    )
    games = Game.objects.filter(match__in=[match[0] for match in matches])
    if stage.ends_at is not None:
        games = games.filter(finished_at__lte=stage.ends_at)
    # A match's last game is its result (an Arena match has one).
    counted = {
        match_id: (game_id, moves, berserk)
        for match_id, game_id, moves, berserk in games.order_by("pk").values_list(
            "match_id", "pk", "move_count", "berserk"
        )
    }
    # Who went berserk, by game: the seats of the games that had one, as entries.
    berserk_seats = {
        game_id: set(berserk) for game_id, _moves, berserk in counted.values() if berserk
    }
    entry_of = dict(
        Entry.objects.filter(championship_id=stage.championship_id).values_list("player_id", "pk")
    )
    went_berserk: set[tuple[int, int]] = set()
    for game_id, seat, user_id in Seat.objects.filter(game__in=list(berserk_seats)).values_list(
        "game_id", "seat", "user_id"
    ):
        if seat in berserk_seats[game_id]:
            went_berserk.add((game_id, entry_of.get(user_id)))
    played: dict[int, list[ArenaGame]] = {}
    for match_id, first, second, winner, drawn in matches:
        if match_id not in counted:
            continue  # finished after the end, or no game
        game_id, moves, _berserk = counted[match_id]
        for entry_id in (first, second):
            outcome = "draw" if drawn else "win" if winner == entry_id else "loss"
            played.setdefault(entry_id, []).append(
                ArenaGame(outcome, moves, berserk=(game_id, entry_id) in went_berserk)
            )
    return played


def standings_rows(championship: Championship) -> list[ArenaRow]:
    """Every entrant by points, then games won, then the seeding's order: the Arena's
    standings."""
    stage = arena_stage(championship)
    entries = list(championship.entries.select_related("player").order_by("entered_at", "pk"))
    games = counted_games(stage) if stage is not None else {}
    moves = early_draw_moves(championship)
    playing = {}
    if stage is not None:
        live = game_selectors.games_for_matches(
            stage.matches.filter(status=Match.Status.PLAYING).values("pk"), Game.Status.ACTIVE
        ).select_related("match")
        for game in live:
            playing[game.match.first_id] = playing[game.match.second_id] = game.pk
    rows = [
        ArenaRow(entry, tally(games.get(entry.pk, []), moves), entry.paused_at is not None,
                 playing.get(entry.pk))
        for entry in entries
    ]  # fmt: skip
    order = {entry.pk: place for place, entry in enumerate(entries)}

    def seed(entry: Entry) -> tuple[int, int]:
        # The seeding's order (the start's), then the order of entry.
        return (entry.pairing_number or len(entries) + 1, order[entry.pk])

    rows.sort(key=lambda row: (-row.tally.points, -row.tally.won, seed(row.entry)))
    return rows


def free_entrants(championship: Championship, stage: Stage) -> list[Entry]:
    """The entrants present and not playing now, in the standings' order (best first)."""
    busy = set()
    for first, second in stage.matches.filter(status=Match.Status.PLAYING).values_list(
        "first_id", "second_id"
    ):
        busy |= {first, second}
    return [
        row.entry
        for row in standings_rows(championship)
        if row.entry.withdrawn_at is None and not row.paused and row.entry.pk not in busy
    ]


def freed_last(stage: Stage, free: list[Entry]) -> Entry | None:
    """Of the free entrants, the one whose last game ended most recently (the lower in the
    standings of two freed by one game): with an odd number free, they wait, the others
    have waited longer."""
    place = {entry.pk: index for index, entry in enumerate(free)}
    ended = (
        stage.matches.filter(status=Match.Status.FINISHED)
        .annotate(ended=Max("games__finished_at"))
        .order_by(F("ended").desc(nulls_last=True), "-pk")
        .values_list("first_id", "second_id")
    )
    for sides in ended.iterator():
        freed = [entry_id for entry_id in sides if entry_id in place]
        if freed:
            return free[max(place[entry_id] for entry_id in freed)]
    return None


def present_count(championship: Championship) -> int:
    """Entrants neither paused nor withdrawn."""
    return championship.entries.filter(withdrawn_at__isnull=True, paused_at__isnull=True).count()


def last_opponents(stage: Stage) -> dict[int, int]:
    """Entry id → the entrant they played last."""
    last: dict[int, int] = {}
    for first, second in stage.matches.order_by("round", "index").values_list(
        "first_id", "second_id"
    ):
        last[first], last[second] = second, first
    return last


def late_entry(championship: Championship) -> bool:
    """An Arena takes entrants until its time is up: they are paired at once."""
    return bool(time_left(arena_stage(championship)))


def time_left(stage: Stage | None) -> float | None:
    """Seconds until the Arena ends (0 once over; None before it starts)."""
    if stage is None or stage.ends_at is None:
        return None
    return max(0.0, (stage.ends_at - timezone.now()).total_seconds())
