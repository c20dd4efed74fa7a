"""A game's live stream (`/api/games/{id}/events/`): its state, who may open it, its
events published after each change (the `live` package does the streaming)."""

import re
import time
from collections.abc import Iterable

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.utils.translation import gettext
from rest_framework.exceptions import AuthenticationFailed

from games import presence, selectors, services, visibility
from games.models import Game
from infrastructure.api_errors import error_body
from live import frames, publishing, sources, viewers
from live.resume import Snapshot
from live.sources import Admission
from live.topics import Topic

KIND = "game"


def topic(game_id: int) -> Topic:
    return Topic(KIND, game_id)


def state(game: Game) -> dict:
    """What a stream opens with, and what a reader needs to tell a clock that ran out."""
    deadline = game.deadline
    return {
        "game": game.pk,
        "status": game.status,
        "move_count": game.move_count,
        "score": game.score,
        "due_at": deadline.timestamp() if deadline is not None else None,
    }


def access(game: Game) -> dict:
    """What a stream's opening reads of who may follow the game (loaded `with_related`)."""
    return {"public": visibility.visible(game, AnonymousUser())}


def publish_access(game_ids: Iterable[int]) -> None:
    """Who may see these games changed (and committed): the streams that open next read it,
    and each open stream asks again whether its viewer still may. A game deleted meanwhile
    is shown to nobody."""
    game_ids = set(game_ids)
    for game in visibility.with_related(Game.objects.filter(pk__in=game_ids)):
        game_ids.discard(game.pk)
        publishing.publish_access(topic(game.pk), access(game))
    for gone in game_ids:
        publishing.publish_access(topic(gone), {"public": False})


class GameSource:
    kind = KIND
    path = re.compile(r"^/api/games/([0-9]{1,19})/events/$")

    def load(self, pk: int) -> tuple[dict, int, dict] | None:
        game = visibility.with_related(Game.objects.filter(pk=pk)).first()
        if game is None:
            return None
        return state(game), game.version, access(game)

    def admit(self, request: HttpRequest, pk: int) -> Admission:
        """Anyone who may see a game follows it, as spectators follow a championship."""
        try:
            viewer = viewers.viewer(request)
        except AuthenticationFailed as error:
            return viewers.refused_token(error)
        game = selectors.visible_game(pk, viewer)
        if game is None:  # what the other game endpoints answer, for a private game too
            return self.missing()
        # A player's open stream shows them present, at the start and at each heartbeat.
        seat = services.touch_presence(game, viewer) if viewer.is_authenticated else None
        # A game that waits for the worker is handed to it; the stream then hears its decision.
        services.ask_worker_if_due(game)
        return Admission(200, seat=seat, account=viewer.pk if viewer.is_authenticated else None)

    def open_to_anyone(self, snapshot: Snapshot) -> bool:
        # A clock that ran out needs a reader to hand the game to the worker: that reader
        # reads the game.
        due_at = frames.data_of(snapshot.state).get("due_at")
        return snapshot.access.get("public", False) and (due_at is None or due_at > time.time())

    def is_private(self, snapshot: Snapshot) -> bool:
        return not snapshot.access.get("public", False)

    def still_here(self, pk: int, seat: str) -> None:
        presence.touch(pk, seat)

    def missing(self) -> Admission:
        return Admission(404, error=error_body("not_found", gettext("No such game.")))


SOURCE = GameSource()


def watching(game_id: int) -> int:
    return sources.watching_now(topic(game_id))
