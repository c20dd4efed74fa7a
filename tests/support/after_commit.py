"""After-commit work inside rollback tests: the `after_commit` fixture.

With `pytest.mark.usefixtures("after_commit")` a `django_db` test still runs in a transaction
rolled back at its end, but the code under it commits as in production: the outermost
`transaction.atomic()` block the code enters (a savepoint of the test's transaction) runs its
`on_commit` callbacks once left without an error, and `on_commit` outside such a block runs
at once. Requests of the test clients, services called by the test and eager Celery tasks so
send their tasks, notices and stream messages when a commit would; work that work schedules
runs in its turn; a block rolled back sends nothing.
"""

from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from django.core.signals import request_finished, request_started
from django.db import DEFAULT_DB_ALIAS, close_old_connections, transaction
from django.test import TestCase
from django.test import client as test_client

from games.publishing import RESULTS
from infrastructure.database_pool import close_old_connections_outside_a_transaction
from live.hub import HUB


class CommitsInsideTheTest:
    """Django's `atomic` and `on_commit` as the code under test sees them: the blocks it
    enters above the test's own transaction are counted per database, and the outermost one
    runs its callbacks when left as a commit would."""

    def __init__(self) -> None:
        self.django_atomic = transaction.atomic
        self.django_on_commit = transaction.on_commit
        self.open_blocks: Counter[str] = Counter()

    def atomic(self, using=None, savepoint: bool = True, durable: bool = False):
        """Django's `transaction.atomic`, as a context manager or a decorator."""
        if callable(using):  # `@transaction.atomic` without arguments
            return self.block(DEFAULT_DB_ALIAS, savepoint, durable)(using)
        return self.block(using, savepoint, durable)

    @contextmanager
    def block(self, using: str | None, savepoint: bool, durable: bool) -> Iterator[None]:
        database = using or DEFAULT_DB_ALIAS
        outermost = self.open_blocks[database] == 0
        self.open_blocks[database] += 1
        try:
            if not outermost:
                with self.django_atomic(using, savepoint, durable):
                    yield
                return
            # Collected rather than run by the capture (execute=True): run callbacks stay in
            # the connection's list, so a capture opened by a callback's own block would see
            # them again. Run after the capture has closed, each does its own work as code
            # after a commit does, its blocks committing in turn.
            with (
                TestCase.captureOnCommitCallbacks(using=database) as callbacks,
                self.django_atomic(using, savepoint, durable),
            ):
                yield
        finally:
            self.open_blocks[database] -= 1
        # Reached only when the block was left without an error; a savepoint rolled back has
        # taken its callbacks with it. A callback's error fails the test, robust or not.
        for callback in callbacks:
            callback()

    def on_commit(self, func: Callable[[], object], using=None, robust: bool = False) -> None:
        """Django's `transaction.on_commit`: outside the code's own blocks, at once."""
        if self.open_blocks[using or DEFAULT_DB_ALIAS]:
            self.django_on_commit(func, using=using, robust=robust)
        else:
            func()


@pytest.fixture
def after_commit(db, monkeypatch) -> Iterator[CommitsInsideTheTest | None]:
    """The code under test commits as in production, inside the test's rolled-back
    transaction (see the module's docstring). A transactional test's commits are real: there
    the fixture changes nothing, so a module can use it while a few of its tests commit."""
    if not transaction.get_connection().in_atomic_block:
        yield None
        return
    # A rolled-back row's id is given again (SQLite), and the embedded mode keeps its hub and
    # its moves' results by id in the process: the test starts with none from tests before.
    HUB.clear()
    RESULTS.clear()
    commits = CommitsInsideTheTest()
    monkeypatch.setattr(transaction, "atomic", commits.atomic)
    monkeypatch.setattr(transaction, "on_commit", commits.on_commit)
    # Django closes a connection found inside a transaction when a request starts or ends
    # (Django ticket #30448): here the test's own, when the test closes a stream it stops
    # reading. The test client steps around it only for the closes it makes itself, by
    # disconnecting and connecting the handler it names, so it is given this one to name.
    monkeypatch.setattr(
        test_client, "close_old_connections", close_old_connections_outside_a_transaction
    )
    signals = (request_started, request_finished)
    for signal in signals:
        signal.disconnect(close_old_connections)
        signal.connect(close_old_connections_outside_a_transaction)
    try:
        yield commits
    finally:
        for signal in signals:
            signal.disconnect(close_old_connections_outside_a_transaction)
            signal.connect(close_old_connections)
