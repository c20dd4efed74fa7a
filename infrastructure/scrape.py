"""`/metrics`: what Prometheus scrapes, added up over every process of this machine.

Open to a scraper that sends `Authorization: Bearer METRICS_TOKEN`; without a token set,
only to the machine itself and only outside production.
"""

import contextlib
import hmac
import os
from functools import cache

import redis
from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.multiprocess import MultiProcessCollector

from infrastructure import metrics
from infrastructure.api_errors import error_body

LOOPBACK = {"127.0.0.1", "::1"}


@cache
def _broker(url: str) -> redis.Redis:
    """One client for every scrape: a scrape every few seconds need not build one each."""
    return redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)


class QueueDepthCollector:
    """Tasks waiting in each of the workers' queues, read from the broker at each scrape."""

    def collect(self):
        family = GaugeMetricFamily(
            "championships_queue_depth", "Tasks waiting in the workers' queue.", labels=["queue"]
        )
        for queue in (queue.name for queue in settings.CELERY_TASK_QUEUES):
            if settings.REDIS_URL:
                # A broker that does not answer shows as a missing sample.
                with contextlib.suppress(redis.RedisError):
                    family.add_metric([queue], _broker(settings.REDIS_URL).llen(queue))
            else:
                family.add_metric([queue], 0)  # embedded: tasks run as they are sent
        yield family


def _process_numbers() -> bytes:
    """Every process's numbers when they share a folder; this process's own otherwise."""
    if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        return generate_latest(REGISTRY)
    registry = CollectorRegistry()
    MultiProcessCollector(registry)
    return generate_latest(registry)


def _broker_numbers() -> bytes:
    registry = CollectorRegistry()
    registry.register(QueueDepthCollector())
    return generate_latest(registry)


def _allowed(request: HttpRequest) -> bool:
    token = settings.METRICS_TOKEN
    if token:
        sent = request.headers.get("Authorization", "")
        return hmac.compare_digest(sent.encode(), f"Bearer {token}".encode())
    return not settings.PRODUCTION and request.META.get("REMOTE_ADDR") in LOOPBACK


@never_cache
@require_GET
def metrics_page(request: HttpRequest) -> HttpResponse:
    if not _allowed(request):
        # What a stranger sees: nothing to find here.
        return JsonResponse(error_body("not_found", _("No such page.")), status=404)
    metrics.record_pool_use(force=True)
    body = _process_numbers() + _broker_numbers()
    return HttpResponse(body, content_type=CONTENT_TYPE_LATEST)
