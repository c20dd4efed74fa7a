"""Server-Sent Events of a game: one event per decided move, per state change, per end."""

import json
from collections.abc import AsyncIterator, Iterator

from asgiref.sync import sync_to_async
from django.contrib.auth.models import AnonymousUser
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, JsonResponse, StreamingHttpResponse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET
from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed

from accounts.models import User
from config.api_errors import error_body
from games import live, presence, selectors, services
from games.models import Game

HEARTBEAT_SECONDS = 15.0


def _frame(message: str) -> str:
    event = json.loads(message)
    return f"id: {event.get('version', '')}\nevent: {event['type']}\ndata: {message}\n\n"


def _opening(game_id: int) -> str:
    """The state as the stream opens (read after subscribing, so no change falls between)."""
    game = Game.objects.get(pk=game_id)
    summary = {
        "type": "state",
        "game": game.pk,
        "version": game.version,
        "status": game.status,
        "move_count": game.move_count,
        "score": game.score,
    }
    return "retry: 2000\n\n" + _frame(json.dumps(summary))


def _sync_stream(game_id: int, seat: str | None) -> Iterator[str]:
    subscription = live.Subscription(game_id)
    try:
        yield _opening(game_id)
        for message in subscription.messages(HEARTBEAT_SECONDS):
            if seat:
                presence.touch(game_id, seat)
            yield ": keep-alive\n\n" if message is None else _frame(message)
    finally:
        subscription.close()


async def _async_stream(game_id: int, seat: str | None) -> AsyncIterator[str]:
    subscription = await live.AsyncSubscription(game_id).open()
    try:
        yield await sync_to_async(_opening)(game_id)
        async for message in subscription.messages(HEARTBEAT_SECONDS):
            if seat:
                await sync_to_async(presence.touch)(game_id, seat)
            yield ": keep-alive\n\n" if message is None else _frame(message)
    finally:
        await subscription.close()


def _viewer(request: HttpRequest) -> User | AnonymousUser:
    """The session's user, or else the API token's: bots follow their games with a token.

    The stream is a plain view (an event stream is not JSON for DRF to negotiate), so it
    reads the token itself; a wrong token raises AuthenticationFailed, as in the API.
    """
    if request.user.is_authenticated:
        return request.user
    found = TokenAuthentication().authenticate(request)
    return found[0] if found else request.user


@require_GET
def game_events(request: HttpRequest, game_id: int) -> StreamingHttpResponse | JsonResponse:
    """Anyone who may see a game follows it, as spectators follow a championship."""
    try:
        viewer = _viewer(request)
    except AuthenticationFailed as error:
        body = error_body(error.default_code, str(error.detail))
        return JsonResponse(body, status=401, headers={"WWW-Authenticate": "Token"})
    game = selectors.visible_game(game_id, viewer)
    if game is None:  # what the other game endpoints answer, for a private game too
        return JsonResponse(error_body("not_found", gettext("No such game.")), status=404)
    # A player's open stream shows them present, at the start and at each heartbeat.
    seat = services.touch_presence(game, viewer) if viewer.is_authenticated else None
    # A game that waits for the worker is handed to it; the stream then hears its decision.
    services.ask_worker_if_due(game)
    asgi = isinstance(request, ASGIRequest)
    stream = _async_stream(game.pk, seat) if asgi else _sync_stream(game.pk, seat)
    response = StreamingHttpResponse(stream, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    return response
