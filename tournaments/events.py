"""Server-Sent Events of a championship (served by the stream process in production)."""

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from live.sync_stream import stream_response
from tournaments.streams import KIND


@require_GET
def championship_events(request: HttpRequest, championship_id: int) -> HttpResponse:
    return stream_response(request, KIND, championship_id)
