"""A Swiss's standings and bracket as the endpoints give them, its places at the end, and
the rounds it has played."""

from tournaments import bracket, bracket_marks, crosstables, playoff_selectors
from tournaments.models import Championship
from tournaments.selectors import present_entrants, seeded_names
from tournaments.systems.swiss import selectors as swiss_selectors


def swiss_places(championship: Championship) -> dict[int, tuple]:
    """Entry id → its position in the Swiss's table (a shared place ordered by pairing
    number, as the playoff's seeds are)."""
    stage = swiss_selectors.swiss_stage(championship)
    if stage is None:
        return {}
    table = swiss_selectors.swiss_table(championship, stage)
    return {int(row.player): (position, 0) for position, row in enumerate(table, start=1)}


def final_places(championship: Championship) -> list[tuple[int, int]]:
    return playoff_selectors.places_after_playoff(championship, swiss_places(championship))


def rounds_over(championship: Championship) -> int:
    stage = swiss_selectors.swiss_stage(championship)
    return swiss_selectors.rounds_over(stage) if stage is not None else 0


def rounds_with_standings(championship: Championship) -> int:
    """The rounds paired: standings may be asked after any of them."""
    stage = swiss_selectors.swiss_stage(championship)
    return swiss_selectors.rounds_paired(stage) if stage is not None else 0


def late_entry(championship: Championship) -> bool:
    """A Swiss takes late entrants until its last round is paired (C.04.2)."""
    stage = swiss_selectors.swiss_stage(championship)
    return stage is not None and swiss_selectors.rounds_paired(stage) < championship.swiss_rounds


def bracket_view(championship: Championship) -> dict:
    """The playoff of its top players once drawn; before, the plan it will follow."""
    drawn = playoff_selectors.drawn_bracket(championship)
    if drawn is not None:
        return drawn
    if championship.status == Championship.Status.FINISHED:
        return {"rounds": [], "planned": False, "entrants": None}
    return _playoff_plan(championship)


def table(
    championship: Championship, *, with_players: bool = False, after_round: int | None = None
) -> dict:
    """The standings endpoint's `swiss`: its rows after round `after_round`, the round they
    are after and the round being played."""
    stage = swiss_selectors.swiss_stage(championship)
    if stage is None:
        return {"swiss": None, "after_round": None, "in_progress": None}
    entries = {str(entry.pk): entry for entry in championship.entries.select_related("player")}
    counted = swiss_selectors.counted_rounds(stage, after_round)
    paired = swiss_selectors.rounds_paired(stage)
    shown = paired if after_round is None else min(after_round, paired)
    table = swiss_selectors.swiss_table(championship, stage, counted)
    meetings = crosstables.meetings(
        stage.matches.filter(round__lte=shown),
        [row.player for row in table],
        counted=counted,
        shown=shown,
        absences=True,
    )
    usernames = {key: entry.player.shown_name for key, entry in entries.items()}
    numbers = {key: entry.pairing_number for key, entry in entries.items()}
    rows = []
    for row in table:
        player = entries[row.player].player
        rows.append(
            {
                "rank": row.rank,
                "shared": row.shared,
                "username": player.shown_name,
                "pairing_number": entries[row.player].pairing_number,
                "points": row.points,
                "played": row.played,
                "won": row.won,
                "drawn": row.drawn,
                "lost": row.lost,
                "tiebreaks": row.tiebreaks,
                "withdrawn": entries[row.player].withdrawn_at is not None,
                "rounds": crosstables.rounds_shown(meetings[row.player], usernames, numbers),
                **({"player": player} if with_players else {}),
            }
        )
    in_progress = counted + 1 if counted < shown else None
    return {"swiss": rows, "after_round": counted, "in_progress": in_progress}


def _playoff_plan(championship: Championship) -> dict:
    """A Swiss's playoff as it will be drawn: its top `playoff_players` players by their place in
    the Swiss's final ranking (fewer when fewer are left to play)."""
    if championship.playoff_players < 2:
        return {"rounds": [], "planned": False, "entrants": None}
    present = present_entrants(championship)
    advancing = min(championship.playoff_players, present)
    rounds = []
    if advancing >= 2:
        size = bracket.bracket_size(advancing)
        first = [
            {"swiss_place": seed} if seed <= advancing else None
            for seed in bracket.seed_order(size)
        ]
        rounds = playoff_selectors.planned_rounds(
            championship, first, bracket.third_place_played(advancing)
        )
    registration = championship.status == Championship.Status.REGISTRATION
    if registration:
        # Before the first round the Swiss's places stand as the seeds do.
        holder = bracket_marks.seeded_holder(seeded_names(championship))
        rounds = bracket_marks.with_entrants(rounds, holder)
    return {"rounds": rounds, "planned": True, "entrants": present if registration else None}
