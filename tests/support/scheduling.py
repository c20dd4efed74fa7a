"""The order the parallel run takes the tests in: the files that take minutes start first,
one on each parallel worker, so the run does not end waiting on one of them.

`make test` runs pytest-xdist with `--dist worksteal`: each worker is handed an equal,
consecutive share of the collected tests, and a worker that runs out takes the second half
of the longest queue left. The order made here puts one slow file at the head of each share;
whatever follows it there is taken over by the workers that finish early.
"""

import os
from collections.abc import Sequence
from itertools import islice

import pytest

# Slowest first (measured, docs/benchmarks.md). A file listed is kept together on one worker:
# its module-scoped fixtures (a migrated copy of the project, a running site) are set up once.
SLOW_FILES = (
    "tests/test_database_restart.py",
    "tests/accounts/test_demo_and_admin.py",
    "tests/config/test_embedded_start.py",
    "tests/games/test_events_under_asgi.py",
    "tests/test_parallel_workers.py",
    "tests/games/test_worker_pipeline.py",
    "tests/live/test_stream_process.py",
    "tests/test_real_services.py",
)
# Many tests of a minute or less each, with nothing set up per module: dealt out to every
# worker's share in turn rather than queued on one.
DEALT_FILES = (
    "tests/test_api_schema_conformance.py",
    "tests/engines/test_cpu_levels.py",
)


def workers() -> int:
    """How many parallel workers share the run (1 without xdist)."""
    return max(1, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1") or 1))


def shares(total: int, count: int) -> list[int]:
    """The sizes of the consecutive shares worksteal hands out first, in order."""
    sizes = []
    for index in range(count):
        size = total // (count - index)
        sizes.append(size)
        total -= size
    return sizes


def spread_slow_tests(items: list[pytest.Item], count: int) -> list[pytest.Item]:
    """`items` reordered: each worker's share opens with its slow files, then its dealt
    tests, then ordinary tests in their collected order. The same on every worker."""
    by_file: dict[str, list[pytest.Item]] = {}
    ordinary: list[pytest.Item] = []
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        if path in SLOW_FILES or path in DEALT_FILES:
            by_file.setdefault(path, []).append(item)
        else:
            ordinary.append(item)
    heads: list[list[pytest.Item]] = [[] for _ in range(count)]
    slow = [by_file[path] for path in SLOW_FILES if path in by_file]
    for index, group in enumerate(slow):
        heads[index % count].extend(group)
    dealt = [item for path in DEALT_FILES for item in by_file.get(path, [])]
    for index, item in enumerate(dealt):
        heads[(len(slow) + index) % count].append(item)
    return _filled(heads, ordinary, shares(len(items), count))


def _filled(
    heads: list[list[pytest.Item]], ordinary: list[pytest.Item], sizes: Sequence[int]
) -> list[pytest.Item]:
    ordered: list[pytest.Item] = []
    rest = iter(ordinary)
    for head, size in zip(heads, sizes, strict=True):
        ordered.extend(head)
        ordered.extend(islice(rest, max(0, size - len(head))))
    ordered.extend(rest)
    return ordered
