"""The Arena's pieces of the championship page: the live standings, the reader's own game,
the time left, the podium at the end."""

import math

from django.utils.translation import gettext as _

from tournaments.models import Championship
from tournaments.systems.arena import selectors


def started_text(championship: Championship) -> str:
    return _("The Arena has started: everyone present is paired, and paired again when free.")


def page(championship: Championship, standings: dict, user, withdrawn: set[int]) -> dict:
    rows = standings["arena"] or []
    mine = next(
        (row for row in rows if user.is_authenticated and row["player"].pk == user.pk), None
    )
    return {
        "system_template": "tournaments/arena.html",
        "arena_rows": [
            {
                **row,
                "url": row["player"].profile_url,
                "me": mine is row,
                "berserk_rate": round(100 * row["berserk"] / row["games"]) if row["games"] else 0,
            }
            for row in rows
        ],
        "arena_mine": mine,
        "arena_minutes_left": math.ceil((standings.get("arena_seconds_left") or 0) / 60),
        "arena_early_draw_moves": selectors.early_draw_moves(championship),
        "arena_ends_at": standings.get("arena_ends_at"),
        "arena_podium": rows[:3] if championship.status == Championship.Status.FINISHED else [],
    }
