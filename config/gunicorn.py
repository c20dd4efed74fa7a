"""gunicorn's settings for the web process (the Procfile's `web`), from the environment.

WEB_CONCURRENCY processes of WEB_THREADS threads each. A thread holds a database
connection only while it works: the pool (infrastructure/database_pool.py) has fewer connections
than there are threads, and a thread finding none free waits, then answers 503.
"""

import os
from pathlib import Path

bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "gthread"
threads = int(os.environ.get("WEB_THREADS", "32"))
# Long enough for a move request waiting for its decision (`?wait=` is at most 10 s).
timeout = 30
graceful_timeout = 10
accesslog = os.environ.get("ACCESS_LOG") or None


def on_starting(server) -> None:
    """Gauges left by processes that are gone (an earlier run) no longer count."""
    folder = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if not folder or not Path(folder).is_dir():
        return
    from infrastructure.metrics import forget_process

    for pid in {_pid_of(path) for path in Path(folder).glob("*.db")} - {None}:
        if not _alive(pid):
            forget_process(pid)


def child_exit(server, worker) -> None:
    from infrastructure.metrics import forget_process

    forget_process(worker.pid)


def _pid_of(path: Path) -> int | None:
    tail = path.stem.rsplit("_", 1)[-1]
    return int(tail) if tail.isdigit() else None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def post_worker_init(worker) -> None:
    """A new web process does its first-time work before it takes a request."""
    from config.celery import app
    from config.warm_up import warm_up_web_process

    warm_up_web_process(app)
