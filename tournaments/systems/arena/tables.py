"""An Arena's standings as the endpoints give them, and its places at the end."""

from tournaments.models import Championship
from tournaments.systems.arena import selectors


def table(
    championship: Championship, *, with_players: bool = False, after_round: int | None = None
) -> dict:
    """The standings endpoint's `arena`: every entrant by points (an Arena has no rounds to
    be after: `after_round` is not asked of it)."""
    rows = []
    for rank, row in enumerate(selectors.standings_rows(championship), start=1):
        player = row.entry.player
        rows.append(
            {
                "rank": rank,
                "username": player.shown_name,
                "points": row.tally.points,
                "games": row.tally.games,
                "won": row.tally.won,
                "drawn": row.tally.drawn,
                "lost": row.tally.lost,
                "streak": row.tally.streak,
                "on_streak": row.tally.on_streak,
                "berserk": row.tally.berserk,
                "paused": row.paused,
                "withdrawn": row.entry.withdrawn_at is not None,
                "playing": row.playing,
                **({"player": player} if with_players else {}),
            }
        )
    stage = selectors.arena_stage(championship)
    return {
        "arena": rows,
        "arena_ends_at": stage.ends_at if stage is not None else None,
        "arena_seconds_left": selectors.time_left(stage),
    }


def final_places(championship: Championship) -> list[tuple[int, int]]:
    """By points, then games won, then the seeding's order."""
    rows = selectors.standings_rows(championship)
    return [(rank, row.entry.pk) for rank, row in enumerate(rows, start=1)]
