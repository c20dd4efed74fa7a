"""ASGI entry point: `uvicorn config.asgi:application`, the stream process.

The live streams' paths are served by `live.asgi` (no thread, no database connection per
open stream); every other request goes to Django.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# The stream process asks the database only when a stream opens for a named viewer, and
# closes the connection before the stream starts: a pool would keep it open for nothing.
# At most its few opening threads hold one at a time.
os.environ.setdefault("DATABASE_POOL", "0")

django_application = get_asgi_application()  # sets Django up before the router is imported

from live.asgi import StreamRouter  # noqa: E402

application = StreamRouter(django_application)
