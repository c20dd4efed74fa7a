"""Health of the site's parts: database, broker and workers."""

from typing import Any

import redis
from celery import current_app
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

WORKER_PING_SECONDS = 0.5


def database_status() -> dict[str, Any]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:  # any driver error means "down", and says why
        return {"ok": False, "vendor": connection.vendor, "error": str(error).strip()}
    return {"ok": True, "vendor": connection.vendor}


def broker_status() -> dict[str, Any]:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return {"ok": True, "mode": "eager"}
    try:
        client = redis.Redis.from_url(
            settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1
        )
        client.ping()
    except redis.RedisError as error:
        return {"ok": False, "mode": "redis", "error": str(error)}
    return {"ok": True, "mode": "redis"}


def worker_status(broker_ok: bool) -> dict[str, Any]:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return {"ok": True, "mode": "in-process", "count": 0}
    if not broker_ok:
        return {"ok": False, "mode": "workers", "count": 0, "error": "broker unreachable"}
    replies = current_app.control.ping(timeout=WORKER_PING_SECONDS)
    names = sorted(name for reply in replies for name in reply)
    return {"ok": bool(names), "mode": "workers", "count": len(names), "names": names}


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """200 while the database answers; `status` says whether anything else is missing."""
    database = database_status()
    broker = broker_status()
    workers = worker_status(broker["ok"])
    if not database["ok"]:
        overall = "down"
    elif broker["ok"] and workers["ok"]:
        overall = "ok"
    else:
        overall = "degraded"
    body = {"status": overall, "database": database, "broker": broker, "workers": workers}
    return JsonResponse(body, status=200 if database["ok"] else 503)
