"""The single round robin as the registry knows it: the circle method's rounds, opened one
after another, ranked by points (2 a win, 1 a draw) and then by entry order."""

from tests.support.round_robin_only import ROUND_ROBIN
from tournaments.models import Championship, Entry, Match, Stage
from tournaments.services.finishing import finish
from tournaments.services.match_play import open_round
from tournaments.systems.base import Opened, StageKind, System
from tournaments.systems.registry import BUILT_IN

PACKAGES = (*BUILT_IN, "tests.support.round_robin_only")


def circle_rounds(players: list) -> list[list[tuple]]:
    """Every pair once: the circle method (one player rests each round when odd)."""
    seats = [*players, None] if len(players) % 2 else list(players)
    rounds = []
    for _ in range(len(seats) - 1):
        half = len(seats) // 2
        pairs = [(seats[i], seats[-1 - i]) for i in range(half)]
        rounds.append([pair for pair in pairs if None not in pair])
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds


def _start(championship: Championship, entries: list[Entry]) -> Opened:
    stage = Stage.objects.create(championship=championship, kind=ROUND_ROBIN, format="express")
    Match.objects.bulk_create(
        Match(stage=stage, round=number, index=index, first=first, second=second)
        for number, pairs in enumerate(circle_rounds(entries), start=1)
        for index, (first, second) in enumerate(pairs)
    )
    championship.status = ROUND_ROBIN
    championship.save(update_fields=["status"])
    open_round(championship, stage.matches.filter(round=1))
    return Opened(logged={}, told=[{"type": "round_opened", "round": 1}])


def _advance(championship: Championship) -> None:
    stage = championship.stages.get(kind=ROUND_ROBIN)
    if stage.matches.filter(status=Match.Status.PLAYING).exists():
        return
    waiting = stage.matches.filter(status=Match.Status.WAITING).order_by("round").first()
    if waiting is not None:
        open_round(championship, stage.matches.filter(round=waiting.round))
        return
    finish(championship)


def _points(championship: Championship) -> dict[int, int]:
    points = {pk: 0 for pk in championship.entries.values_list("pk", flat=True)}
    for match in Match.objects.filter(stage__championship=championship, status="finished"):
        if match.drawn:
            points[match.first_id] += 1
            points[match.second_id] += 1
        elif match.winner_id:
            points[match.winner_id] += 2
    return points


def _final_places(championship: Championship) -> list[tuple[int, int]]:
    points = _points(championship)
    order = sorted(points, key=lambda pk: (-points[pk], pk))
    return [(rank, pk) for rank, pk in enumerate(order, start=1)]


def _table(championship: Championship, *, with_players=False, after_round=None) -> dict:
    points = _points(championship)
    names = dict(championship.entries.values_list("pk", "player__username"))
    return {
        ROUND_ROBIN: [
            {"rank": rank, "username": names[pk], "points": points[pk]}
            for rank, pk in _final_places(championship)
        ]
    }


STAGES = (
    StageKind(
        kind=ROUND_ROBIN,
        title="Round robin",
        status_label="Round robin",
        advance=_advance,
        scored=True,
        opens_whole_rounds=True,
        round_heading="Round robin, round %(number)s",
    ),
)

SYSTEM = System(
    name=ROUND_ROBIN,
    label="One round robin",
    description="One round robin of every entrant, no playoff",
    first_stage=ROUND_ROBIN,
    start=_start,
    final_places=_final_places,
    table=_table,
    table_empty={ROUND_ROBIN: []},
    started_text=lambda championship: "The round robin has started.",
)
