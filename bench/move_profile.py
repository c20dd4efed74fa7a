"""Where a move's CPU goes: the web request and the worker's task, profiled in one process.

One game is played move after move: the main thread sends each move as the API's
`POST /api/games/{id}/moves/?wait=5` through Django's whole request handling (middleware,
DRF, the services), while a second thread takes the task from the broker and runs it as
a worker does. Each thread's CPU time (not wall time) is profiled and its SQL statements
counted, so the lines below say what one move costs on each side and where.

Needs DATABASE_URL (PostgreSQL) and REDIS_URL. `python -m bench move_profile`;
BENCH_MOVES sets the number of moves, BENCH_PROFILE_TOP the lines of each profile.
"""

import cProfile
import io
import os
import pstats
import threading
import time
from collections import Counter

from bench import budgets

MOVES = int(os.environ.get("BENCH_MOVES", "400"))
TOP = int(os.environ.get("BENCH_PROFILE_TOP", "25"))
# Where to keep each side's profile (pstats files, e.g. for snakeviz), when set.
PROFILE_DIR = os.environ.get("BENCH_PROFILE_DIR")
QUEUE = "championships"


def _statement_kind(sql: str) -> str:
    """A statement's verb and table, e.g. 'UPDATE games_game'."""
    words = sql.replace('"', "").split()
    verb = words[0].upper() if words else "?"
    if verb in {"SAVEPOINT", "RELEASE", "ROLLBACK", "COMMIT", "BEGIN"}:
        return verb
    for marker in ("FROM", "INTO", "UPDATE"):
        if marker in words[1:] or (marker == "UPDATE" and verb == "UPDATE"):
            at = 0 if verb == marker else words.index(marker, 1)
            return f"{verb} {words[at + 1] if at + 1 < len(words) else '?'}"
    return verb


class Side:
    """One side of the move (web or worker): its CPU, its statements, its profile."""

    def __init__(self, name: str, profiled: bool) -> None:
        self.name = name
        self.profile = cProfile.Profile(time.thread_time) if profiled else None
        self.cpu = 0.0
        self.count = 0
        self.statements: Counter[str] = Counter()

    def run(self, action):
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        connection.queries_log.clear()  # it keeps 9,000 at most: the count would stop
        started = time.thread_time()
        with CaptureQueriesContext(connection) as queries:
            if self.profile is not None:
                self.profile.enable()
            try:
                return action()
            finally:
                if self.profile is not None:
                    self.profile.disable()
                self.cpu += time.thread_time() - started
                self.count += 1
                self.statements.update(_statement_kind(q["sql"]) for q in queries.captured_queries)

    def lines(self) -> list[str]:
        per_move = self.cpu / max(1, self.count) * 1000
        total = sum(self.statements.values()) / max(1, self.count)
        out = [
            f"{self.name}: {per_move:.2f} ms CPU a move, {total:.1f} SQL statements a move "
            f"({self.count} runs{', profiled' if self.profile else ''})"
        ]
        out += [f"  {n / self.count:5.2f} × {kind}" for kind, n in self.statements.most_common()]
        if self.profile is not None:
            text = io.StringIO()
            stats = pstats.Stats(self.profile, stream=text)
            if PROFILE_DIR:
                stats.dump_stats(os.path.join(PROFILE_DIR, self.name.replace(" ", "-") + ".prof"))
            stats.sort_stats("tottime").print_stats(TOP)
            out += ["  " + line for line in text.getvalue().splitlines() if line.strip()]
        return out


def _worker(stop: threading.Event, side: Side, failures: list[str]) -> None:
    """Take tasks off the broker and run them as the worker does, until told to stop."""
    from django.db import connection

    from config.celery import app

    try:
        with app.connection_for_read() as broker:
            queue = broker.SimpleQueue(QUEUE)
            while not stop.is_set():
                try:
                    message = queue.get(timeout=0.2)
                except queue.Empty:
                    continue

                def handle(message=message) -> None:
                    task = app.tasks[message.headers["task"]]
                    args, kwargs, _embed = message.decode()
                    task.apply(args, kwargs, throw=True)
                    message.ack()

                side.run(handle)
            queue.close()
    except Exception as error:  # reported with the numbers
        failures.append(repr(error))
    finally:
        connection.close()


def play(profiled: bool, floor: bool = False) -> list[str]:
    """Play one game's moves; with `floor`, send each to an endpoint and a task that do
    nothing instead (bench/floor_urls.py): the framework's share of a move."""
    from django.test import Client, override_settings

    from bench import floor_urls, pipeline
    from config.celery import app

    with app.connection_for_write() as broker:
        broker.default_channel.queue_purge(QUEUE)
    pipeline.GAMES = 1
    [(game_id, tokens)] = pipeline.prepare(1)
    moves = pipeline.quiet_moves(MOVES)
    web, worker = Side("web request", profiled), Side("worker task", profiled)
    stop, failures = threading.Event(), []
    thread = threading.Thread(target=_worker, args=(stop, worker, failures), daemon=True)
    thread.start()
    clients = {}
    for seat, token in tokens.items():
        clients[seat] = Client(HTTP_AUTHORIZATION=f"Token {token}")
    try:
        for seq, move in enumerate(moves, start=1):
            seat = "blue" if seq % 2 else "red"

            def send(seat=seat, seq=seq, move=move):
                return clients[seat].post(
                    f"/api/games/{game_id}/moves/?wait=5",
                    {"seq": seq, "move": move},
                    content_type="application/json",
                )

            def send_nothing(seat=seat, seq=seq, move=move):
                answer = clients[seat].post(
                    f"/bench/nothing/{game_id}/",
                    {"seq": seq, "move": move},
                    content_type="application/json",
                )
                floor_urls.nothing.delay(game_id)
                return answer

            if floor:
                with override_settings(ROOT_URLCONF="bench.floor_urls"):
                    answer = web.run(send_nothing)
            else:
                answer = web.run(send)
            if answer.status_code != 200 or answer.json().get("status") != "accepted":
                failures.append(f"move {seq}: {answer.status_code} {answer.content[:200]!r}")
                break
    finally:
        stop.set()
        thread.join(5)
    if failures:
        return [f"failed: {failure}" for failure in failures[:5]]
    # The worker's count includes nothing else: one task a move (no CPU, no clock).
    return [*web.lines(), *worker.lines()]


def run() -> list[str]:
    database = os.environ.get("DATABASE_URL", "")
    if not (database.startswith("postgres") and os.environ.get("REDIS_URL")):
        return ["skipped: needs DATABASE_URL (PostgreSQL) and REDIS_URL"]
    budgets.lift()
    lines = ["unprofiled (the CPU a move costs):"]
    lines += [line for line in play(profiled=False) if not line.startswith("  ")]
    lines += ["", "the framework alone (an authenticated POST and a task that do nothing):"]
    lines += [line for line in play(profiled=False, floor=True) if not line.startswith("  ")]
    lines += ["", "profiled (cumulative CPU time by function; profiling slows both sides):"]
    lines += play(profiled=True)
    return lines


if __name__ == "__main__":
    for line in run():
        print(line)
