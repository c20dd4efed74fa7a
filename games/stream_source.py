"""Who may open a game's stream and what it opens with: the `Source` games register with
`live` in their ready()."""

import re
import time

from django.http import HttpRequest
from django.utils.translation import gettext
from rest_framework.exceptions import AuthenticationFailed

from accounts import stream_viewer
from games import presence, selectors, services, visibility
from games.models import Game
from games.streams import KIND, access, state
from infrastructure.api_errors import error_body
from live import frames, viewers
from live.resume import Snapshot
from live.sources import Admission


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
            viewer = stream_viewer.viewer(request)
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
