"""Tasks are sent only once the transaction that asks for them has committed."""

import pytest
from django.db import transaction

from config.celery import AfterCommitTask
from config.celery import app as celery_app

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("embedded")]

RAN: list[int] = []


@celery_app.task(name="tests.note_run", base=AfterCommitTask, ignore_result=True)
def note_run(number: int) -> None:
    RAN.append(number)


@pytest.fixture(autouse=True)
def _nothing_ran_yet():
    RAN.clear()
    yield
    RAN.clear()


def test_a_task_asked_for_inside_a_transaction_runs_after_the_commit():
    with transaction.atomic():
        note_run.delay(1)
        with transaction.atomic():
            note_run.apply_async((2,))
        assert RAN == []  # a worker would not see this transaction's rows yet
    assert RAN == [1, 2]


def test_a_task_asked_for_in_a_rolled_back_transaction_never_runs():
    with pytest.raises(RuntimeError), transaction.atomic():
        note_run.delay(1)
        raise RuntimeError("the change is refused")
    assert RAN == []


def test_a_task_asked_for_outside_a_transaction_runs_at_once():
    note_run.delay(3)
    assert RAN == [3]
