"""Standings, bracket and final ranking, each as the championship's system gives it."""

from accounts.models import User
from tournaments.models import (
    Championship,
)
from tournaments.systems import registry
from tournaments.systems.base import System


def system_of(championship: Championship) -> System:
    return registry.system(championship.system)


def final_ranking(championship: Championship) -> list[tuple[int, int]]:
    """(rank, entry id) for every entrant, as the championship's system places them."""
    return system_of(championship).final_places(championship)


def rounds_over_anywhere(championship: Championship) -> int:
    """The last round whose games are all over (0 for a system without rounds)."""
    counted = system_of(championship).rounds_over
    return counted(championship) if counted else 0


def rounds_with_standings(championship: Championship) -> int:
    """The last round standings may be asked after; 0 for a system without a table by
    rounds."""
    paired = system_of(championship).rounds_with_standings
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
    system = system_of(championship)

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
    drawn = system_of(championship).bracket
    if drawn is None:
        return {"rounds": [], "planned": False, "entrants": None}
    return drawn(championship)


def tiebreak_order(championship: Championship) -> list[str]:
    """The tie-breaks as the standings apply and name them: the chosen ones or the
    system's own, then its last word when it has one (the groups' drawing of lots)."""
    declared = registry.system(championship.system)
    _known, default = declared.tiebreaks or ({}, ())
    names = list(championship.tiebreaks or default)
    if declared.last_tiebreak and declared.last_tiebreak not in names:
        names.append(declared.last_tiebreak)
    return names
