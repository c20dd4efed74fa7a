"""The groups' pieces of the championship page: each group's table, and what the organiser
is told at the start."""

from django.utils.translation import ngettext

from tournaments.models import Championship
from tournaments.places import place_labels
from tournaments.systems.groups import GROUPS, pairing
from tournaments.views.words import number, tiebreak_columns


def group_tables(championship: Championship, standings: dict, user, withdrawn: set[int]) -> list:
    """The group tables as the page shows them; `standings` has each row's player."""
    columns = tiebreak_columns(championship)
    groups = []
    for group in standings["groups"]:
        # Nobody is on the way to the playoff before their group has played a game.
        started = any(row["played"] for row in group["rows"])
        rows = []
        places = place_labels(group["rows"])
        for position, (row, place) in enumerate(zip(group["rows"], places, strict=True), 1):
            player = row["player"]
            rows.append(
                {
                    **row,
                    "place": place,
                    "points": number(row["points"]),
                    "url": player.profile_url,
                    "me": user.is_authenticated and player.pk == user.pk,
                    # The table's order is the rule's: the lots settle a shared place.
                    "advances": started and position <= championship.playoff_players_per_group,
                    "withdrawn": player.pk in withdrawn,
                    "values": [number(row["tiebreaks"].get(c["name"])) for c in columns],
                }
            )
        groups.append(
            {
                "name": group["name"],
                "rows": rows,
                "after_round": group["after_round"],
                "in_progress": group["in_progress"],
            }
        )
    return groups


def started_text(championship: Championship) -> str:
    groups = championship.stages.get(kind=GROUPS).groups.count()
    return ngettext(
        "The championship has started: %(count)s group is drawn and round one is open.",
        "The championship has started: %(count)s groups are drawn and round one is open.",
        groups,
    ) % {"count": groups}


def start_preview(championship: Championship, entrants: int) -> dict:
    """The sizes of the groups a start would draw now."""
    count = pairing.group_count_for(entrants, championship.group_size)
    return {"group_sizes": [len(group) for group in pairing.snake_groups(range(entrants), count)]}


def page(championship: Championship, standings: dict, user, withdrawn: set[int]) -> dict:
    return {"groups": group_tables(championship, standings, user, withdrawn)}
