"""A championship's live stream (`/api/championships/{id}/events/`): standings, bracket,
rounds and status changes, told after each change commits."""

import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import transaction
from django.db.models import Max, Q
from django.http import HttpRequest
from django.utils.translation import gettext
from redis.exceptions import RedisError
from rest_framework.exceptions import AuthenticationFailed

from accounts import stream_viewer
from games import streams as game_streams
from games.models import Game
from infrastructure.api_errors import error_body
from live import publishing, viewers
from live.connection import redis_client
from live.resume import Snapshot
from live.sources import Admission
from live.topics import Topic
from tournaments.models import Championship, Group, Match
from tournaments.systems import registry
from tournaments.visibility import championship_visible_to

KIND = "championship"

logger = logging.getLogger(__name__)


def topic(championship_id: int) -> Topic:
    return Topic(KIND, championship_id)


def state(championship: Championship) -> dict:
    return {"championship": championship.pk, "status": championship.status}


def access(championship: Championship) -> dict:
    return {"public": championship.visibility == Championship.Visibility.PUBLIC}


def tell_after_commit(championship: Championship, events: list[dict]) -> None:
    """Once the change commits, the championship's streams hear `events`."""
    if not events:
        return
    now, seen = state(championship), access(championship)
    for event in events:
        event.setdefault("championship", championship.pk)
    transaction.on_commit(
        lambda: publishing.publish(topic(championship.pk), events, now, access=seen)
    )


def visibility_changed(championship: Championship) -> None:
    """Who may see the championship, and so its games, may have changed (inside the
    change's transaction): once it commits, their streams are told who may now, read
    afresh from the database; open streams of viewers who no longer may end."""
    pk = championship.pk
    # Read now as well, for a championship deleted by the change.
    games = set(Game.objects.filter(match__stage__championship_id=pk).values_list("pk", flat=True))
    transaction.on_commit(lambda: _publish_access(pk, games))


def audience_changed(championship: Championship) -> None:
    """Someone joined or left the people a private championship is shown to (an entry
    taken back, an invitation declined, cancelled or lapsed, an account deleted)."""
    if championship.visibility == Championship.Visibility.PRIVATE:
        visibility_changed(championship)


def _publish_access(pk: int, games: set[int]) -> None:
    championship = Championship.objects.filter(pk=pk).first()
    # A championship deleted meanwhile is shown to nobody.
    seen = access(championship) if championship is not None else {"public": False}
    games |= set(Game.objects.filter(match__stage__championship_id=pk).values_list("pk", flat=True))
    try:
        publishing.publish_access(topic(pk), seen)
        game_streams.publish_access(games)
    except (RedisError, OSError):
        # The change is committed; a snapshot that outlives it is read again once it expires.
        logger.exception("live updates: the access of championship %s was not told", pk)


def _summary(championship: Championship, since: dict | None = None) -> dict:
    """What the stream's events are about: the results, the bracket, the rounds, the status.

    Only the matches a change can touch are read: a finished match is settled for good (a
    championship's advance never changes it), so the summary before a change holds the
    unfinished ones, and the one after (`since` the one before) those same ones and the
    matches made since. A big Swiss's advance during a round reads its round's matches,
    not the thousands of the rounds before."""
    matches = Match.objects.filter(stage__championship=championship)
    if since is None:
        last = matches.aggregate(last=Max("pk"))["last"] or 0
        matches = matches.exclude(status=Match.Status.FINISHED)
    else:
        last = since["last_match"]
        matches = matches.filter(Q(pk__in=list(since["matches"])) | Q(pk__gt=last))
    rows = matches.values_list(
        "pk", "stage__kind", "round", "status", "first_id", "second_id", "winner_id", "drawn"
    )
    rounds = Group.objects.filter(stage__championship=championship).values_list(
        "pk", "current_round"
    )
    return {
        "status": championship.status,
        "matches": {row[0]: row[1:] for row in rows},
        "last_match": last,
        "rounds": dict(rounds),
    }


def changes(before: dict, after: dict) -> list[dict]:
    """The events that tell the difference between two summaries."""
    events = []
    if before["status"] != after["status"]:
        events.append({"type": "status", "status": after["status"]})
    changed = [row for pk, row in after["matches"].items() if before["matches"].get(pk) != row]
    finished = [row for row in changed if row[2] == Match.Status.FINISHED]
    if any(registry.stage(row[0]).scored for row in finished):
        events.append({"type": "standings"})
    if any(registry.stage(row[0]).knockout for row in changed):
        events.append({"type": "bracket"})
    for group, current in after["rounds"].items():
        was = before["rounds"].get(group, 0)
        if current != was:
            if was:
                events.append({"type": "round_closed", "group": group, "round": was})
            events.append({"type": "round_opened", "group": group, "round": current})
    opened = {
        (row[0], row[1])
        for pk, row in after["matches"].items()
        if registry.stage(row[0]).opens_whole_rounds
        and row[2] == Match.Status.PLAYING
        and before["matches"].get(pk, (None,) * 3)[2] != Match.Status.PLAYING
    }
    events += [{"type": "round_opened", "stage": kind, "round": r} for kind, r in sorted(opened)]
    return events


@contextmanager
def told(championship: Championship) -> Iterator[None]:
    """A change of the championship (inside its transaction), its streams told once it
    commits of what it changed."""
    before = _summary(championship)
    yield
    tell_after_commit(championship, changes(before, _summary(championship, since=before)))


class ChampionshipSource:
    kind = KIND
    path = re.compile(r"^/api/championships/([0-9]{1,19})/events/$")

    def load(self, pk: int) -> tuple[dict, int, dict] | None:
        championship = Championship.objects.filter(pk=pk).first()
        if championship is None:
            return None
        client = redis_client()
        version = int(client.get(topic(pk).version_key) or 0) if client else 0
        return state(championship), version, access(championship)

    def admit(self, request: HttpRequest, pk: int) -> Admission:
        try:
            viewer = stream_viewer.viewer(request)
        except AuthenticationFailed as error:
            return viewers.refused_token(error)
        championship = Championship.objects.filter(pk=pk).first()
        if championship is None or not championship_visible_to(championship, viewer):
            return self.missing()
        return Admission(200, account=viewer.pk if viewer.is_authenticated else None)

    def open_to_anyone(self, snapshot: Snapshot) -> bool:
        return snapshot.access.get("public", False)

    def is_private(self, snapshot: Snapshot) -> bool:
        return not snapshot.access.get("public", False)

    def still_here(self, pk: int, seat: str) -> None:
        return None

    def missing(self) -> Admission:
        return Admission(404, error=error_body("not_found", gettext("No such championship.")))


SOURCE = ChampionshipSource()
