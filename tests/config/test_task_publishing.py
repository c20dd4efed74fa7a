"""Tasks leave through Celery's own publish: its signals fire (tracing, Flower's task-sent),
and its message follows the settings' serializer and compression; after-commit still holds.

Runs on the broker the settings name: kombu's in-memory transport without REDIS_URL, its
stock Redis transport with it.
"""

import uuid

import pytest
from celery.signals import after_task_publish, before_task_publish
from django.db import transaction
from kombu import Exchange, Producer, Queue

from config.celery import app as celery_app

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("after_commit")]

SENT: list[int] = []


@celery_app.task(name="tests.publish_probe", ignore_result=True)
def publish_probe(number: int) -> None:
    SENT.append(number)  # runs only if a worker of this suite takes it: none is meant to


@pytest.fixture
def published(settings):
    """Tasks go to the broker, not run in-process; yields what the publish signals heard."""
    heard: list[tuple[str, str, dict]] = []

    def before(sender=None, headers=None, body=None, routing_key=None, **kwargs):
        heard.append(("before", sender, {"headers": headers, "body": body, "key": routing_key}))

    def after(sender=None, headers=None, body=None, routing_key=None, **kwargs):
        heard.append(("after", sender, {"headers": headers, "body": body, "key": routing_key}))

    eager = celery_app.conf.task_always_eager
    settings.CELERY_TASK_ALWAYS_EAGER = False
    celery_app.conf.task_always_eager = False
    before_task_publish.connect(before, weak=False)
    after_task_publish.connect(after, weak=False)
    yield heard
    before_task_publish.disconnect(before)
    after_task_publish.disconnect(after)
    celery_app.conf.task_always_eager = eager


@pytest.fixture
def own_queue():
    """A queue of this test alone, that no worker reads; emptied and removed at the end."""
    name = f"tests-publish-{uuid.uuid4().hex[:8]}"
    queue = Queue(name, Exchange(name), routing_key=name)
    with celery_app.connection_for_read() as connection:
        yield connection, queue
        queue.bind(connection.default_channel).delete()


def probes(heard: list) -> list[tuple[str, dict]]:
    return [(when, seen) for when, sender, seen in heard if sender == publish_probe.name]


def test_a_task_sent_goes_through_celerys_publish_and_its_signals(published, own_queue):
    _connection, queue = own_queue
    result = publish_probe.apply_async((7,), queue=queue.name)
    heard = probes(published)
    assert [when for when, _seen in heard] == ["before", "after"]
    _before, seen = heard[0]
    assert seen["headers"]["task"] == "tests.publish_probe"
    assert seen["headers"]["id"] == result.id
    assert list(seen["body"][0]) == [7]
    assert SENT == []  # published for a worker, not run here


# Transactional: publishing after a real commit, and nothing after a real rollback.
@pytest.mark.django_db(transaction=True)
def test_a_task_asked_for_inside_a_transaction_is_published_only_after_the_commit(
    published, own_queue
):
    _connection, queue = own_queue
    with transaction.atomic():
        publish_probe.apply_async((1,), queue=queue.name)
        assert probes(published) == []  # a worker would not see this transaction's rows yet
    assert [when for when, _seen in probes(published)] == ["before", "after"]


@pytest.mark.django_db(transaction=True)
def test_a_task_asked_for_in_a_rolled_back_transaction_is_never_published(published, own_queue):
    _connection, queue = own_queue
    with pytest.raises(RuntimeError), transaction.atomic():
        publish_probe.apply_async((1,), queue=queue.name)
        raise RuntimeError("the change is refused")
    assert probes(published) == []


def test_a_task_message_is_celerys_in_the_settings_serializer_compressed_when_asked(
    published, own_queue
):
    connection, queue = own_queue
    result = publish_probe.apply_async((5,), queue=queue.name, compression="gzip")
    message = queue.bind(connection.default_channel).get(no_ack=True)
    assert message is not None, "the message is not on the queue it was published to"
    assert message.content_type == "application/json"  # CELERY_TASK_SERIALIZER
    assert message.headers["compression"] == "application/x-gzip"
    assert message.headers["id"] == result.id
    assert message.decode()[0] == [5]


def test_a_move_hands_its_game_to_the_worker_through_celerys_publish(
    published, monkeypatch, alice_api, bob_api
):
    from games.models import Game
    from tests.games.conftest import start_friendly

    celery_app.conf.task_always_eager = True  # the invitation's tasks run here
    game_id = start_friendly(alice_api, bob_api)
    celery_app.conf.task_always_eager = False
    published.clear()
    left: list[str] = []
    # The message goes no further than the producer, so no worker of the session takes it.
    monkeypatch.setattr(Producer, "publish", lambda producer, body, **kw: left.append(kw))
    answer = alice_api.post(
        f"/api/games/{game_id}/moves/", {"seq": 1, "move": [4, 4]}, format="json"
    )
    assert answer.status_code in (200, 202), answer.content
    assert Game.objects.get(pk=game_id).move_count == 0  # left for the worker
    heard = [(when, seen) for when, sender, seen in published if sender == "games.process_game"]
    assert [when for when, _seen in heard] == ["before", "after"]
    assert list(heard[0][1]["body"][0]) == [game_id]
    assert len(left) == 1
