"""/healthz reports the database, the broker and the workers."""

import pytest

from tests.support.processes import PROJECT, bare_environment, get, running_site

pytestmark = pytest.mark.django_db


def test_healthz_embedded_runs_tasks_in_process(client, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"]["ok"] is True
    assert body["broker"] == {"ok": True, "mode": "eager"}
    assert body["workers"]["mode"] == "in-process"
    assert "no-cache" in response["Cache-Control"]


def test_healthz_sees_a_real_worker_through_redis(client, real_worker):
    body = client.get("/healthz").json()
    assert body["status"] == "ok"
    assert body["broker"] == {"ok": True, "mode": "redis"}
    assert body["workers"]["ok"] is True
    assert real_worker in body["workers"]["names"]


def test_healthz_is_503_when_the_database_is_down():
    env = bare_environment(DATABASE_URL="postgres://nobody@127.0.0.1:1/nothing")
    with running_site(PROJECT, env, server="uvicorn") as site:
        status, body, _headers = get(f"{site}/healthz")
    assert status == 503
    assert b'"status": "down"' in body


def test_healthz_is_degraded_but_200_when_the_broker_is_down(tmp_path):
    env = bare_environment(
        DATABASE_URL=f"sqlite:///{tmp_path / 'site.sqlite3'}", REDIS_URL="redis://127.0.0.1:1/0"
    )
    with running_site(PROJECT, env) as site:
        status, body, _headers = get(f"{site}/healthz")
    assert status == 200
    assert b'"status": "degraded"' in body
    assert b'"broker": {"ok": false' in body
