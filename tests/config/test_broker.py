"""The workers' Redis transport keeps one client a channel, and a new one for a new pool."""

import os

import pytest
from kombu import Connection

from tests.conftest import service_missing


@pytest.fixture
def channel():
    url = os.environ.get("REDIS_URL")
    if not url:
        service_missing("REDIS_URL is not set")
    connection = Connection(url, transport="config.broker:Transport")
    channel = connection.channel()
    yield channel
    connection.release()


def test_a_channel_sends_its_commands_through_one_kept_client(channel):
    with channel.conn_or_acquire() as first, channel.conn_or_acquire() as second:
        assert first is second
        assert first.ping()
    given = object()
    with channel.conn_or_acquire(given) as passed:
        assert passed is given


def test_a_channel_whose_pool_was_replaced_gets_a_client_of_the_new_pool(channel):
    with channel.conn_or_acquire() as before:
        pass
    channel._after_fork()  # what a forked worker process does: the old pool is dropped
    with channel.conn_or_acquire() as after:
        assert after is not before
        assert after.connection_pool is channel.pool
        assert after.ping()


def test_the_site_sends_tasks_through_this_transport_when_the_broker_is_redis(settings):
    from django.conf import settings as django_settings

    if not django_settings.CELERY_BROKER_URL.startswith("redis://"):
        service_missing("REDIS_URL is not set")
    from config.celery import app

    with app.connection_for_write() as connection:
        assert connection.transport_cls == "config.broker:Transport"
