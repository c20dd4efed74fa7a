"""A task sent to a Redis broker with one LPUSH: the message kombu would write, made here.

Celery's own send (`apply_async`) builds a new Redis client, checks the queue's
declaration, routes, stamps and signals on every call; for the small task a move sends,
that was a fifth of the web request's CPU. The message below is the one kombu's Redis
transport writes for the same task (task protocol 2, a JSON body in base64, pushed onto
the queue's list), so workers take and acknowledge it exactly as before: acks late, a
killed worker's message redelivered, and the sweep still finds anything lost.

Only the plain case takes this path: no options (no ETA, no countdown, no routing), a
Redis broker, the default queue. Anything else, or a failed push, goes through Celery.
"""

import base64
import os
import socket
import uuid
from functools import cache

import orjson
import redis
from celery import Celery, Task

# What Celery's send passes along with every task: no callbacks, no chain, no chord.
_EMBED = {"callbacks": None, "errbacks": None, "chain": None, "chord": None}


@cache
def _client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=2)


def usable(task: Task, options: dict) -> bool:
    """Whether `task` may be sent the short way with these `apply_async` options."""
    return (
        not options
        and not task.app.conf.task_always_eager  # the tests switch it: read each time
        and getattr(task, "queue", None) is None
        and _plain_redis_broker(task.app)
    )


@cache
def _plain_redis_broker(app: Celery) -> bool:
    """A Redis broker, no routes and no key prefix: the queue's list is the queue's name.
    Read once: Celery's settings are slow to read on every send."""
    conf = app.conf
    return (
        str(conf.broker_url).startswith(("redis://", "rediss://"))
        and not conf.task_routes
        and not conf.broker_transport_options.get("global_keyprefix")
    )


def message(app: Celery, task: Task, args: tuple, kwargs: dict) -> tuple[str, bytes]:
    """The task's id and the broker message kombu would push for it."""
    task_id = str(uuid.uuid4())
    conf = app.conf
    body = orjson.dumps([list(args), kwargs, _EMBED])
    headers = {
        "lang": "py",
        "task": task.name,
        "id": task_id,
        "shadow": None,
        "eta": None,
        "expires": None,
        "group": None,
        "group_index": None,
        "retries": 0,
        "timelimit": [
            task.time_limit or conf.task_time_limit,
            task.soft_time_limit or conf.task_soft_time_limit,
        ],
        "root_id": task_id,
        "parent_id": None,
        "argsrepr": repr(tuple(args)),
        "kwargsrepr": repr(kwargs),
        "origin": _origin(),
        "ignore_result": task.ignore_result,
        "replaced_task_nesting": 0,
        "stamped_headers": None,
        "stamps": {},
    }
    queue = conf.task_default_queue
    payload = {
        "body": base64.b64encode(body).decode(),
        "content-encoding": "utf-8",
        "content-type": "application/json",
        "headers": headers,
        "properties": {
            "correlation_id": task_id,
            "reply_to": app.thread_oid,
            "delivery_mode": 2,
            "delivery_info": {"exchange": "", "routing_key": queue},
            "priority": 0,
            "body_encoding": "base64",
            "delivery_tag": str(uuid.uuid4()),
        },
    }
    return task_id, orjson.dumps(payload)


@cache
def _host() -> str:
    return socket.gethostname()


def _origin() -> str:
    return f"gen{os.getpid()}@{_host()}"  # the pid each time: web processes are forked


def send(task: Task, args: tuple | None, kwargs: dict | None) -> str | None:
    """Push the task onto its queue; its id, or None when the push failed (the caller
    then sends it through Celery, which retries)."""
    app = task.app
    task_id, payload = message(app, task, tuple(args or ()), dict(kwargs or {}))
    try:
        _client(str(app.conf.broker_url)).lpush(app.conf.task_default_queue, payload)
    except redis.RedisError:
        return None
    return task_id
