"""ASGI entry point: `uvicorn config.asgi:application`, the stream process.

The live streams' paths are served by `live.asgi` (no thread, no database connection per
open stream); every other request goes to Django.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

django_application = get_asgi_application()  # sets Django up before the router is imported

from live.asgi import StreamRouter  # noqa: E402

application = StreamRouter(django_application)
