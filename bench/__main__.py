"""Run every benchmark: `python -m bench` (or `make bench`); `python -m bench pipeline
ratings` runs only those.

The database is DATABASE_URL when set (use a throw-away database: benchmark
players and games are written to it), otherwise a throw-away SQLite file.
The pipeline and swiss_championship benchmarks run only with DATABASE_URL on PostgreSQL
and REDIS_URL.
Throttling is lifted so the numbers measure the work, not the limits.
"""

import os
import platform
import sys
import tempfile
from pathlib import Path

from bench import budgets

MODULES = [
    "bench.kropki_engine",
    "bench.dots_and_boxes",
    "bench.quadrotone_scoring",
    "bench.quadrotone_bot",
    "bench.quadramids_cpu",
    "bench.cpu_ladder",
    "bench.ratings",
    "bench.accounts_api",
    "bench.championships",
    "bench.swiss_pairing",
    "bench.swiss_against_bbp",
    "bench.arena_waves",
    "bench.deadlines",
    "bench.pipeline",
    "bench.swiss_championship",
    "bench.move_profile",
    "bench.streams",
    "bench.web_servers",
]


def describe_machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"


def main(only: list[str]) -> int:
    unknown = [name for name in only if f"bench.{name}" not in MODULES]
    if unknown:
        print(f"no benchmark {unknown[0]!r}; there are: {', '.join(m[6:] for m in MODULES)}")
        return 2
    scratch = tempfile.mkdtemp(prefix="bench-")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{scratch}/bench.sqlite3")
    os.environ.setdefault("DEBUG", "0")
    budgets.lift()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

    import django
    from django.core.management import call_command

    django.setup()
    from django.db import connection

    call_command("migrate", verbosity=0)
    print(f"machine: {describe_machine()}")
    print(f"database: {connection.vendor}")
    for name in [f"bench.{name}" for name in only] or MODULES:
        module = __import__(name, fromlist=["run"])
        print(f"\n[{name.removeprefix('bench.')}]")
        for timing in module.run():
            print(timing if isinstance(timing, str) else timing.line())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
