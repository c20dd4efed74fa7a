"""/favicon.ico: the site's icon for the pages and clients that ask for it there.

Pages link static/favicon.svg; browsers still ask for /favicon.ico on what they show
without a link (the API's JSON, the admin), and an answer of 404 would fill the logs.
"""

from functools import cache

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

ICON = settings.BASE_DIR / "static" / "favicon.svg"


@cache
def _icon() -> bytes:
    return ICON.read_bytes()


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(_icon(), content_type="image/svg+xml")
    response["Cache-Control"] = "public, max-age=86400"
    return response
