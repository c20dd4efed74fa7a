"""A standings row's place as people read it: "4", or "4–5" for a place two players share."""

from collections import Counter
from collections.abc import Mapping, Sequence


def place_labels(rows: Sequence[Mapping]) -> list[str]:
    """Each row's place, in order; `rows` carry `rank` (a shared place's first) and
    `shared`."""
    sharing = Counter(row["rank"] for row in rows if row.get("shared"))
    labels = []
    for row in rows:
        rank = row["rank"]
        if row.get("shared") and sharing[rank] > 1:
            labels.append(f"{rank}–{rank + sharing[rank] - 1}")
        else:
            labels.append(str(rank))
    return labels
