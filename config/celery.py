"""The Celery application: tasks of every app, configured from Django settings."""

import os

from celery import Celery, Task
from celery.signals import (
    task_postrun,
    task_prerun,
    worker_init,
    worker_process_shutdown,
)
from django.db import transaction

from infrastructure import metrics
from infrastructure.database_pool import close_old_connections_outside_a_transaction

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


class AfterCommitTask(Task):
    """A task sent only once the transaction that asks for it has committed.

    Inside an atomic block `delay` and `apply_async` wait for the commit (and a rollback
    sends nothing), so a worker never looks for rows it cannot see yet; outside one the
    task is sent at once. Eager (embedded) tasks then run at that same point.
    """

    def apply_async(self, args=None, kwargs=None, **options):
        send = super().apply_async
        sent = []
        # Outside a transaction Django runs the callback at once, and the task's result is
        # returned as Celery returns it. With `on_commit` alone deciding, a rollback test that
        # gives the code commits of its own (tests/support/after_commit.py) sends as
        # production does.
        transaction.on_commit(lambda: sent.append(send(args, kwargs, **options)))
        return sent[0] if sent else None


# Every task of every app is an AfterCommitTask: apps declare theirs with `shared_task`
# and never import this module.
app = Celery("championships", task_cls=AfterCommitTask)
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Celery closes Django's database connections around every task unless told to reuse
# them, and a new PostgreSQL connection per move costs more than the move itself. So
# Celery's closing is switched off and tasks get Django's own request lifecycle: the
# connection goes back to the process's pool after each task (or, without a pool, is kept
# for CONN_MAX_AGE), health-checked, and dropped once it has failed.
app.conf.CELERY_DB_REUSE_MAX = 2**62


@task_prerun.connect
def _database_before_task(**_kwargs) -> None:
    close_old_connections_outside_a_transaction()


@task_postrun.connect
def _database_after_task(**_kwargs) -> None:
    close_old_connections_outside_a_transaction()
    metrics.record_pool_use()


@worker_process_shutdown.connect
def _forget_worker_process(pid: int | None = None, **_kwargs) -> None:
    metrics.forget_process(pid or os.getpid())


@worker_init.connect
def _load_code_before_the_pool_forks(**_kwargs) -> None:
    # Imported here: this module is loaded while Django's settings load, before the apps
    # that the warm-up reaches are ready.
    from config.warm_up import load_code

    load_code()
