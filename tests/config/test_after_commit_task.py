"""Tasks are sent only once the transaction that asks for them has committed.

Each test runs twice: with real commits (a transactional test), and with the commits that
`after_commit` gives the code inside a rollback test, which must behave alike.
"""

import pytest
from celery.result import EagerResult
from django.db import transaction

from config.celery import AfterCommitTask
from config.celery import app as celery_app

pytestmark = [
    pytest.mark.usefixtures("embedded", "after_commit"),
    pytest.mark.parametrize(
        "commits",
        [
            pytest.param("real", marks=pytest.mark.django_db(transaction=True)),
            pytest.param("inside a rollback test", marks=pytest.mark.django_db),
        ],
    ),
]

RAN: list[int] = []


@celery_app.task(name="tests.note_run", base=AfterCommitTask, ignore_result=True)
def note_run(number: int) -> None:
    RAN.append(number)


@celery_app.task(name="tests.note_run_then_ask_for_more", base=AfterCommitTask)
def note_run_then_ask_for_more(number: int) -> None:
    with transaction.atomic():
        note_run.delay(number + 1)
        RAN.append(number)
    note_run.delay(number + 2)


@pytest.fixture(autouse=True)
def _nothing_ran_yet():
    RAN.clear()
    yield
    RAN.clear()


def test_a_task_asked_for_inside_a_transaction_runs_after_the_commit(commits):
    with transaction.atomic():
        note_run.delay(1)
        with transaction.atomic():
            note_run.apply_async((2,))
        assert RAN == []  # a worker would not see this transaction's rows yet
    assert RAN == [1, 2]


def test_a_task_asked_for_in_a_rolled_back_transaction_never_runs(commits):
    with pytest.raises(RuntimeError), transaction.atomic():
        note_run.delay(1)
        raise RuntimeError("the change is refused")
    assert RAN == []


def test_a_task_asked_for_outside_a_transaction_runs_at_once_and_gives_its_result(commits):
    assert isinstance(note_run.delay(3), EagerResult)
    assert RAN == [3]


def test_the_tasks_a_task_asks_for_run_each_after_its_own_commit(commits):
    with transaction.atomic():
        note_run_then_ask_for_more.delay(10)
    assert RAN == [10, 11, 12]
