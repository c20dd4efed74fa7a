"""Server-Sent Events of a game: one event per decided move, per state change, per end.

The stream process serves this path itself (`live.asgi`); this view serves it when one
process does everything (the embedded mode, or a web process without a stream process).
"""

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from games.streams import KIND
from live.sync_stream import stream_response


@require_GET
def game_events(request: HttpRequest, game_id: int) -> HttpResponse:
    return stream_response(request, KIND, game_id)
