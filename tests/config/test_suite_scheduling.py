"""The parallel run's order: every test is kept, and each worker's first share opens with a
slow file of its own (tests/support/scheduling.py)."""

from itertools import accumulate
from types import SimpleNamespace

from tests.support import scheduling


def items(*nodeids: str) -> list:
    return [SimpleNamespace(nodeid=nodeid) for nodeid in nodeids]


ORDINARY = [f"tests/games/test_{n:02}.py::test_it" for n in range(20)]
RESTART = "tests/test_database_restart.py::test_a_restart"
DEMO = "tests/accounts/test_demo_and_admin.py::test_the_demo"
EMBEDDED = [
    "tests/config/test_embedded_start.py::test_one",
    "tests/config/test_embedded_start.py::test_two",
]
SCHEMA = [f"tests/test_api_schema_conformance.py::test_schema[{n}]" for n in range(6)]


def test_the_shares_are_the_ones_work_stealing_hands_out_first():
    assert scheduling.shares(10, 3) == [3, 3, 4]
    assert sum(scheduling.shares(3818, 3)) == 3818


def test_each_worker_opens_with_a_slow_file_and_no_test_is_lost_or_doubled():
    collected = items(*ORDINARY[:7], DEMO, *ORDINARY[7:], *EMBEDDED, *SCHEMA, RESTART)
    ordered = scheduling.spread_slow_tests(collected, 3)
    ids = [item.nodeid for item in ordered]
    assert sorted(ids) == sorted(item.nodeid for item in collected)
    starts = [0, *accumulate(scheduling.shares(len(ids), 3)[:2])]
    assert [ids[start] for start in starts] == [RESTART, DEMO, EMBEDDED[0]]
    assert ids[starts[2] + 1] == EMBEDDED[1]  # a slow file stays together
    assert {ids.index(test) // 10 for test in SCHEMA} == {0, 1, 2}  # dealt to every share


def test_without_parallel_workers_the_slow_files_come_first():
    ordered = scheduling.spread_slow_tests(items(*ORDINARY, RESTART), 1)
    assert [item.nodeid for item in ordered] == [RESTART, *ORDINARY]
