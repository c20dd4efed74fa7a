"""Server-Sent Events of a game: one event per decided move, per state change, per end."""

import json
from collections.abc import AsyncIterator, Iterator

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, StreamingHttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET
from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed

from games import live, presence, services
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


def _player(request: HttpRequest):
    """Who asks: the session's user, or an API client's by its token (bots follow games too)."""
    if request.user.is_authenticated:
        return request.user
    try:
        found = TokenAuthentication().authenticate(request)
    except AuthenticationFailed:
        return None  # the stream is public: a bad token only makes this a spectator
    return found[0] if found else None


@require_GET
def game_events(request: HttpRequest, game_id: int) -> StreamingHttpResponse:
    """Anyone may follow a game, as spectators follow a championship."""
    game = get_object_or_404(Game, pk=game_id)
    # A player's open stream shows them present, at the start and at each heartbeat.
    user = _player(request)
    seat = services.touch_presence(game.pk, user) if user is not None else None
    asgi = isinstance(request, ASGIRequest)
    stream = _async_stream(game.pk, seat) if asgi else _sync_stream(game.pk, seat)
    response = StreamingHttpResponse(stream, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    return response
