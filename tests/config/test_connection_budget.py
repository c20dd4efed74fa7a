"""The database connection budget: pools sized to the server, 503 when none is free."""

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection

from infrastructure.database_pool import database_pool_settings
from tests.conftest import service_missing


def test_each_pool_gets_its_share_of_the_servers_connections(monkeypatch):
    monkeypatch.setenv("DATABASE_MAX_CONNECTIONS", "100")
    monkeypatch.setenv("DATABASE_RESERVED_CONNECTIONS", "10")
    monkeypatch.setenv("DATABASE_POOL_PROCESSES", "6")
    pool = database_pool_settings()
    assert pool.max_size == 15
    assert pool.most_in_use <= pool.budget


def test_pools_that_could_outgrow_the_server_are_refused_at_start(monkeypatch):
    monkeypatch.setenv("DATABASE_MAX_CONNECTIONS", "100")
    monkeypatch.setenv("DATABASE_POOL_PROCESSES", "6")
    monkeypatch.setenv("DATABASE_POOL_MAX_SIZE", "20")
    with pytest.raises(ImproperlyConfigured, match="could open 120"):
        database_pool_settings()


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("DATABASE_POOL_MAX_SIZE", "0"),
        ("DATABASE_POOL_TIMEOUT", "soon"),
        ("DATABASE_POOL_TIMEOUT", "0"),
    ],
)
def test_a_pool_setting_that_makes_no_sense_is_named(monkeypatch, name, value):
    monkeypatch.setenv(name, value)
    with pytest.raises(ImproperlyConfigured, match=name):
        database_pool_settings()


def test_pooling_can_be_switched_off(monkeypatch):
    monkeypatch.setenv("DATABASE_POOL", "0")
    assert database_pool_settings() is None


# Transactional: the test takes and gives back the pool's connections, which a test holding
# one connection in its own transaction could not.
@pytest.fixture
def pool_of_one(transactional_db):
    """The test database behind a pool of one connection that waits only 0.2 s for it."""
    if connection.vendor != "postgresql" or "pool" not in connection.settings_dict["OPTIONS"]:
        service_missing("a connection pool needs PostgreSQL")
    options = connection.settings_dict["OPTIONS"]
    kept = options["pool"]
    connection.close()
    connection.close_pool()
    options["pool"] = {"min_size": 0, "max_size": 1, "timeout": 0.2}
    try:
        connection.ensure_connection()  # Django opens its pool with the first connection
        connection.close()  # which goes back to the pool
        yield connection.pool
    finally:
        connection.close()
        connection.close_pool()
        options["pool"] = kept


def test_an_exhausted_pool_answers_503_with_retry_after_and_then_recovers(pool_of_one, client):
    held = pool_of_one.getconn()
    try:
        api = client.get("/api/championships/")
        page = client.get("/championships/")
    finally:
        pool_of_one.putconn(held)
    assert api.status_code == 503
    assert api["Retry-After"] == "2"
    assert api.json()["error"]["code"] == "busy"
    assert api.json()["error"]["details"] == {"retry_after": 2}
    assert page.status_code == 503
    assert page["Retry-After"] == "2"
    assert b"try again" in page.content
    assert client.get("/api/championships/").status_code == 200
