"""CI runs the suite against the real PostgreSQL and Redis; this fails there if they are missing."""

import pytest
import redis
from django.conf import settings
from django.db import connection

from tests.conftest import service_missing


@pytest.mark.django_db
def test_suite_runs_on_postgresql_and_redis():
    if connection.vendor != "postgresql":
        service_missing("DATABASE_URL does not point at PostgreSQL")
    if not settings.REDIS_URL:
        service_missing("REDIS_URL is not set")
    assert redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2).ping()
    assert settings.CELERY_TASK_ALWAYS_EAGER is False
    assert settings.CACHES["default"]["BACKEND"].endswith("RedisCache")
