"""The web process under gunicorn and under granian, turn about, in the same minutes.

Each round runs, for each server in turn (the order alternates from round to round):
the move benchmark (bench/pipeline.py: 4 games at once, 1 worker, POST `?wait`), then page
loads: BENCH_PAGE_CLIENTS clients with keep-alive connections fetch the home page, a game's
page, its API resource, the championships, the leaderboards and a rules page, round and
round, for BENCH_PAGE_SECONDS. Both servers run the same WSGI application with the
Procfile's shape (2 processes of threads).

Needs DATABASE_URL (PostgreSQL) and REDIS_URL, as the move benchmark does.
"""

import http.client
import os
import re
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

from bench import budgets
from bench.pipeline import (
    PROJECT,
    WEB_PROCESSES,
    _free_port,
    _start,
    _stop,
    _wait_for_port,
    percentile,
    prepare,
    run_together,
    web_server_command,
)

SERVERS = ("gunicorn", "granian")
ROUNDS = int(os.environ.get("BENCH_WEB_ROUNDS", "2"))
PAGE_CLIENTS = int(os.environ.get("BENCH_PAGE_CLIENTS", "8"))
PAGE_SECONDS = float(os.environ.get("BENCH_PAGE_SECONDS", "15"))
WEB_THREADS = 32  # the Procfile's default


def _pages(game_id: int) -> list[str]:
    return [
        "/",
        f"/games/{game_id}/",
        f"/api/games/{game_id}/",
        "/championships/",
        "/leaderboards/",
        "/rules/kropki/",
    ]


def page_loads(server: str, game_id: int) -> dict:
    """Requests/s and latency of page loads against one server."""
    port = _free_port()
    env = {**os.environ, "DEBUG": "0", "LOG_LEVEL": "WARNING"}
    logs = Path(os.environ.get("BENCH_LOGS", "/tmp"))
    command = web_server_command(port, WEB_PROCESSES, WEB_THREADS, server)
    web = _start(command, env, logs / f"bench-web-{server}.log")
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    lock = threading.Lock()
    try:
        _wait_for_port(web, port)
        paths = _pages(game_id)
        for path in paths:  # each page once, so no server is timed on its first-time work
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            connection.request("GET", path)
            connection.getresponse().read()
            connection.close()
        stop_at = time.perf_counter() + PAGE_SECONDS

        def client(offset: int) -> None:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            mine, seen = [], {}
            n = offset
            while time.perf_counter() < stop_at:
                path = paths[n % len(paths)]
                n += 1
                started = time.perf_counter()
                connection.request("GET", path)
                response = connection.getresponse()
                response.read()
                mine.append(time.perf_counter() - started)
                seen[response.status] = seen.get(response.status, 0) + 1
            connection.close()
            with lock:
                latencies.extend(mine)
                for code, count in seen.items():
                    statuses[code] = statuses.get(code, 0) + count

        clients = [threading.Thread(target=client, args=(n,)) for n in range(PAGE_CLIENTS)]
        elapsed = run_together(clients)
    finally:
        _stop(web)
    milliseconds = [s * 1000 for s in latencies]
    return {
        "requests/s": len(latencies) / elapsed,
        "p50": statistics.median(milliseconds),
        "p99": percentile(milliseconds, 0.99),
        "statuses": statuses,
    }


MOVES = re.compile(r"sustained: (\d+) accepted moves/s")
LATENCY = re.compile(r"POST \?wait latency: p50 ([\d.]+) ms .* p99 ([\d.]+) ms")


def moves(server: str) -> dict:
    """The move benchmark's moves/s and POST latency with this web server."""
    answer = subprocess.run(
        [sys.executable, "-m", "bench.pipeline"],
        cwd=PROJECT,
        env={**os.environ, "BENCH_WEB_SERVER": server},
        capture_output=True,
        text=True,
        check=True,
    )
    rate, latency = MOVES.search(answer.stdout), LATENCY.search(answer.stdout)
    if not (rate and latency):
        raise RuntimeError(f"the move benchmark said: {answer.stdout[-500:]}{answer.stderr[-500:]}")
    return {"moves/s": int(rate[1]), "p50": float(latency[1]), "p99": float(latency[2])}


def run() -> list[str]:
    database = os.environ.get("DATABASE_URL", "")
    if not (database.startswith("postgres") and os.environ.get("REDIS_URL")):
        return ["skipped: needs DATABASE_URL (PostgreSQL) and REDIS_URL"]
    budgets.lift()
    (game_id, _tokens), *_ = prepare(1)
    results: dict[str, list[tuple[dict, dict]]] = {server: [] for server in SERVERS}
    lines = []
    for round_number in range(ROUNDS):
        order = SERVERS if round_number % 2 == 0 else tuple(reversed(SERVERS))
        for server in order:
            played = moves(server)
            loaded = page_loads(server, game_id)
            results[server].append((played, loaded))
            lines.append(
                f"round {round_number + 1}, {server}: {played['moves/s']} moves/s "
                f"(POST ?wait p50 {played['p50']:.1f} ms, p99 {played['p99']:.1f} ms); "
                f"pages {loaded['requests/s']:.0f}/s (p50 {loaded['p50']:.1f} ms, "
                f"p99 {loaded['p99']:.1f} ms, answers {loaded['statuses']})"
            )
    for server in SERVERS:
        rates = [played["moves/s"] for played, _ in results[server]]
        pages = [loaded["requests/s"] for _, loaded in results[server]]
        lines.append(
            f"{server}, median of {ROUNDS} rounds: {statistics.median(rates):.0f} moves/s, "
            f"{statistics.median(pages):.0f} page loads/s"
        )
    return lines


if __name__ == "__main__":
    for line in run():
        print(line)
