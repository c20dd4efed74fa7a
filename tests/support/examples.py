"""How many examples the costliest property tests draw: all of them in CI, fewer locally.

CI (`CI` set, as `.ci/run` is run and as CI services set it, or `REQUIRE_SERVICES=1`) draws
each test's full count. A local run draws a third of it (at least 10): the same properties,
over fewer random cases per run, so `make test` stays within its minutes on a small machine.
`CI=true make test` draws the full count locally.
"""

import os

THOROUGH = os.environ.get("CI", "").lower() not in ("", "0", "false", "no") or (
    os.environ.get("REQUIRE_SERVICES", "") == "1"
)


def examples(count: int) -> int:
    """The number of examples for a property test whose full count is `count`."""
    return count if THOROUGH else max(10, count // 3)
