"""Thousands of spectators on the stack as the README starts it.

The stack is `.venv/bin/honcho start -p PORT` (the Procfile: web, stream, worker, beat)
with the README's environment (SITE_URL, STREAMS_URL, DATABASE_URL, REDIS_URL) and
nothing else of the benchmark's: whatever else the stack should run with comes from this
process's environment, as it would come from the operator's. 5,000 anonymous spectators
follow 50 games on the stream process from reader processes of their own (own session,
nothing inherited from this one), opened before play starts, while 20 of those games are
played through the web process, a move per game every BENCH_MOVE_INTERVAL seconds (one by
default), each a POST `?wait=5`. Measured: 5xx answers, the POST latency of every move (a
game's first ones included), whether every stream saw every move and how long after it
was sent (the fan-out delay), the PostgreSQL connections open, and the stream process's
memory. Then 1,000 streams open in one burst and all close: nothing may be left behind
(open streams, sockets, database or Redis connections).

Needs DATABASE_URL (PostgreSQL) and REDIS_URL; the database is filled with benchmark
players and games. BENCH_PORT (8000, as in the README) is the web port; the stream
process listens on the next one.
"""

import asyncio
import contextlib
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import numpy

from bench import budgets
from bench.pipeline import (
    PROJECT,
    Player,
    _stop,
    percentile,
    play_all,
    prepare,
    quiet_moves,
    wait_for_workers,
)

STREAMS = int(os.environ.get("BENCH_STREAMS", "5000"))
WATCHED_GAMES = int(os.environ.get("BENCH_WATCHED_GAMES", "50"))
PLAYED_GAMES = int(os.environ.get("BENCH_PLAYED_GAMES", "20"))
SECONDS = float(os.environ.get("BENCH_SECONDS", "60"))
MOVE_INTERVAL = float(os.environ.get("BENCH_MOVE_INTERVAL", "1"))
BURST = int(os.environ.get("BENCH_BURST", "1000"))
READER_PROCESSES = int(os.environ.get("BENCH_READERS", "2"))
PORT = int(os.environ.get("BENCH_PORT", "8000"))
MOST_MOVES = 1000
SEQ = re.compile(rb'"seq":(\d+)')
STACK_STARTED = re.compile(r"(\w+)\.1 started \(pid=(\d+)\)")
HONCHO = Path(sys.executable).with_name("honcho")


# -- the stack -------------------------------------------------------------------------


def stack_environment(port: int) -> dict[str, str]:
    """The README's environment for `honcho start -p port`: the site's and the stream
    process's addresses. Every spectator connects from this machine's one address, which
    the README says load tests allow for (STREAMS_PER_CLIENT)."""
    stream_port = port + 1
    return {
        **os.environ,
        "SITE_URL": f"http://127.0.0.1:{port}",
        "STREAMS_URL": f"http://127.0.0.1:{stream_port}",
        "STREAM_PORT": str(stream_port),  # the Procfile's default when port is 8000
        "STREAMS_PER_CLIENT": str(STREAMS + BURST),
    }


class Stack:
    """`honcho start` and the processes it runs, each the leader of its own group."""

    def __init__(self, port: int, log: Path) -> None:
        self.port, self.stream_port, self.log = port, port + 1, log
        self.honcho = subprocess.Popen(
            [str(HONCHO), "start", "-p", str(port)],
            cwd=PROJECT,
            env=stack_environment(port),
            stdout=log.open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.pids: dict[str, int] = {}

    @property
    def web(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def wait_until_serving(self, seconds: float = 90) -> None:
        """Every process started, the web and stream processes answering, a worker up."""
        deadline = time.monotonic() + seconds
        for url in (f"{self.web}/healthz", f"http://127.0.0.1:{self.stream_port}/healthz"):
            while not self._answers(url):
                if self.honcho.poll() is not None:
                    raise RuntimeError(f"honcho exited; see {self.log}")
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{url} did not answer; see {self.log}")
                time.sleep(0.2)
        wait_for_workers(1)
        self.pids = {name: int(pid) for name, pid in STACK_STARTED.findall(self.log.read_text())}

    @staticmethod
    def _answers(url: str) -> bool:
        try:
            with urllib.request.urlopen(url, timeout=1):
                return True
        except OSError:
            return False

    def stop(self) -> None:
        """honcho stops its processes; any still running (an open stream holds uvicorn's
        graceful stop) are killed with their groups."""
        _stop(self.honcho)
        for pid in self.pids.values():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pid, signal.SIGKILL)


def _group_members(leader: int) -> list[int]:
    members = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                fields = entry.joinpath("stat").read_text().rsplit(")", 1)[1].split()
                if int(fields[2]) == leader:  # the process group
                    members.append(int(entry.name))
    return members


def memory_mb(leader: int) -> float:
    total = 0
    for pid in _group_members(leader):
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
    return total / 1024


def open_sockets(leader: int) -> int:
    count = 0
    for pid in _group_members(leader):
        with contextlib.suppress(OSError):
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                with contextlib.suppress(OSError):
                    if os.readlink(fd).startswith("socket:"):
                        count += 1
    return count


def database_connections() -> int:
    """Connections to the benchmark's database, less the one asking."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()")
        return cursor.fetchone()[0] - 1


def redis_clients() -> int:
    """Clients of the benchmark's Redis database, less the one asking (the server may
    serve other databases)."""
    import redis

    client = redis.Redis.from_url(os.environ["REDIS_URL"])
    database = str(client.connection_pool.connection_kwargs.get("db", 0))
    return sum(1 for entry in client.client_list() if entry.get("db") == database) - 1


def open_streams_metric(web: str) -> float:
    with urllib.request.urlopen(f"{web}/metrics", timeout=5) as answer:
        text = answer.read().decode()
    return sum(
        float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith("championships_open_streams{")
    )


def load_average() -> str:
    return " ".join(f"{load:.2f}" for load in os.getloadavg())


# -- the spectators: `python -m bench.streams read CONFIG`, a process of their own ----------


async def _open_stream(port: int, game_id: int) -> tuple[asyncio.StreamReader, object]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20)
    writer.write(
        f"GET /api/games/{game_id}/events/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        "Accept: text/event-stream\r\n\r\n".encode()
    )
    status = await reader.readline()
    if b" 200 " not in status:
        raise RuntimeError(f"stream of game {game_id}: {status!r}")
    while (await reader.readline()).strip():
        pass  # the headers
    return reader, writer


class Spectators:
    """Streams of one reader process: each delivery of a move noted (slot, seq, when)."""

    def __init__(self, port: int, games: list[int], slots: list[int]) -> None:
        self.port, self.games, self.slots = port, games, slots
        self.deliveries: list[tuple[int, int, float]] = []
        self.failures: list[str] = []
        self.opened = self.refused = 0

    async def follow(self, slot: int) -> None:
        try:
            reader, writer = await _open_stream(self.port, self.games[slot % len(self.games)])
        except (OSError, RuntimeError) as error:
            self.failures.append(repr(error))
            self.refused += 1
            return
        self.opened += 1
        try:
            while line := await reader.readline():
                if line.startswith(b"data: ") and b'"type":"move"' in line:
                    seq = int(SEQ.search(line).group(1))
                    self.deliveries.append((slot, seq, time.monotonic()))
            self.failures.append(f"stream {slot} ended by the server")
        except (OSError, asyncio.CancelledError):
            pass
        finally:
            writer.close()

    async def run(self, stop: asyncio.Event) -> None:
        tasks = []
        for slot in self.slots:
            tasks.append(asyncio.create_task(self.follow(slot)))
            if len(tasks) % 100 == 0:
                await asyncio.sleep(0.05)  # open in waves, as viewers arrive
        while self.opened + self.refused < len(self.slots):
            await asyncio.sleep(0.1)
        _say(f"open {self.opened} {self.refused}")
        await stop.wait()
        await self._until_quiet()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _until_quiet(self, seconds: float = 2.0) -> None:
        """The last moves' events may still be on their way: wait for two quiet seconds."""
        quiet_since, count = time.monotonic(), len(self.deliveries)
        while time.monotonic() - quiet_since < seconds:
            await asyncio.sleep(0.2)
            if len(self.deliveries) != count:
                quiet_since, count = time.monotonic(), len(self.deliveries)


def _say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def read_streams(config: dict) -> None:
    """A reader process: opens its streams, says `open N REFUSED`, follows them until a
    line on stdin, then writes what it saw to config["results"] and says `done`."""
    spectators = Spectators(config["port"], config["games"], config["slots"])

    async def main() -> None:
        stop = asyncio.Event()
        following = asyncio.create_task(spectators.run(stop))
        await asyncio.to_thread(sys.stdin.readline)
        stop.set()
        await following

    asyncio.run(main())
    seen = numpy.array(spectators.deliveries, dtype=numpy.float64).reshape(-1, 3)
    numpy.save(config["results"], seen)
    _say(json.dumps({"failed": len(spectators.failures), "failures": spectators.failures[:5]}))


class ReaderProcess:
    """A reader process started from here: its own interpreter and session."""

    def __init__(self, port: int, games: list[int], slots: list[int], folder: Path) -> None:
        self.results = folder / f"seen-{slots[0]}.npy"
        config = {"port": port, "games": games, "slots": slots, "results": str(self.results)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bench.streams", "read", json.dumps(config)],
            cwd=PROJECT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )

    @property
    def pid(self) -> int:
        return self.process.pid

    def wait_open(self) -> tuple[int, int]:
        """(opened, refused) once every stream of the process has been tried."""
        line = self.process.stdout.readline()
        if not line.startswith("open "):
            raise RuntimeError(f"a reader process failed: {line!r}")
        opened, refused = line.split()[1:]
        return int(opened), int(refused)

    def finish(self) -> tuple[numpy.ndarray, dict]:
        """Stop following: every delivery (slot, seq, when) and the failures."""
        self.process.stdin.write("stop\n")
        self.process.stdin.flush()
        report = json.loads(self.process.stdout.readline())
        self.process.wait(30)
        return numpy.load(self.results), report


# -- the players -----------------------------------------------------------------------


class PacedPlayer(Player):
    """A player who waits between moves, as a real one does, starting at their own moment;
    each move's send time (the clock the reader processes share) is kept by game index."""

    interval = MOVE_INTERVAL

    def __init__(self, index, game_id, tokens, moves, stop, sent, web_port) -> None:
        super().__init__(game_id, tokens, moves, stop, sent)
        self.index, self.port = index, web_port

    def mark_sent(self, seq: int, at: float) -> None:
        self.sent[(self.index, seq)] = time.monotonic()

    def play(self) -> None:
        time.sleep(self.index * MOVE_INTERVAL / PLAYED_GAMES)  # games are not in step
        super().play()


def clients_on(port: int) -> int:
    """Established connections to the server's port, counted from the server's side."""
    listing = subprocess.run(
        ["ss", "-Htn", "state", "established", f"( sport = :{port} )"],
        capture_output=True,
        text=True,
        check=True,
    )
    return len(listing.stdout.splitlines())


async def _burst(port: int, game_id: int, count: int) -> tuple[float, int, int]:
    started = time.perf_counter()
    opened = await asyncio.gather(
        *(_open_stream(port, game_id) for _ in range(count)), return_exceptions=True
    )
    took = time.perf_counter() - started
    good = [pair for pair in opened if not isinstance(pair, BaseException)]
    during = await asyncio.to_thread(clients_on, port)
    for _reader, writer in good:
        writer.close()
    return took, len(good), during


# -- the run ---------------------------------------------------------------------------


def run() -> list[str]:
    database = os.environ.get("DATABASE_URL", "")
    if not (database.startswith("postgres") and os.environ.get("REDIS_URL")):
        return ["skipped: needs DATABASE_URL (PostgreSQL) and REDIS_URL"]
    budgets.lift()  # the README's budgets are raised for load tests; the stack inherits it
    games = prepare(WATCHED_GAMES)
    logs = Path(os.environ.get("BENCH_LOGS", "/tmp"))
    stack = Stack(PORT, logs / "bench-streams-honcho.log")
    lines = [f"load average before: {load_average()}"]
    try:
        stack.wait_until_serving()
        lines += _spectators(stack, games)
        lines += _burst_and_close(stack, games[0][0])
    finally:
        stack.stop()
    lines.append(f"load average after: {load_average()}")
    return lines


def _start_readers(stack: Stack, game_ids: list[int], folder: Path) -> list[ReaderProcess]:
    return [
        ReaderProcess(
            stack.stream_port, game_ids, list(range(n, STREAMS, READER_PROCESSES)), folder
        )
        for n in range(READER_PROCESSES)
    ]


def _spectators(stack: Stack, games: list) -> list[str]:
    game_ids = [game_id for game_id, _tokens in games]
    folder = Path(tempfile.mkdtemp(prefix="bench-streams-"))
    open_started = time.perf_counter()
    readers = _start_readers(stack, game_ids, folder)
    try:
        counts = [reader.wait_open() for reader in readers]
        open_seconds = time.perf_counter() - open_started
        streams_open = sum(opened for opened, _refused in counts)
        memory_open = memory_mb(stack.pids["stream"])

        peak = {"database": 0}
        sampling = threading.Event()

        def sample() -> None:
            while not sampling.is_set():
                peak["database"] = max(peak["database"], database_connections())
                time.sleep(0.5)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        roots = {name: [pid] for name, pid in stack.pids.items()}
        roots["spectators"] = [reader.pid for reader in readers]
        stop_at = time.perf_counter() + SECONDS
        sent: dict[tuple[int, int], float] = {}
        players = [
            PacedPlayer(index, game_id, tokens, quiet_moves(MOST_MOVES - 1), stop_at, sent, PORT)
            for index, (game_id, tokens) in enumerate(games[:PLAYED_GAMES])
        ]
        elapsed, cpu_before, cpu_after = play_all(players, roots)
        memory_playing = memory_mb(stack.pids["stream"])
        sampling.set()
        finished = [reader.finish() for reader in readers]
    finally:
        for reader in readers:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(reader.pid, signal.SIGKILL)
    seen = numpy.concatenate([deliveries for deliveries, _report in finished])
    reports = [report for _deliveries, report in finished]
    cpu = {role: (cpu_after[role] - cpu_before[role]) / elapsed for role in cpu_after}
    return [
        f"setup: {STREAMS} spectators over {len(game_ids)} games in {READER_PROCESSES} "
        f"processes of their own, {PLAYED_GAMES} games played (a move every "
        f"{MOVE_INTERVAL:g} s each), `honcho start -p {PORT}` (the Procfile), {SECONDS:.0f} s",
        f"streams open: {streams_open} of {STREAMS} in {open_seconds:.1f} s "
        f"({sum(r['failed'] for r in reports)} failed: "
        f"{[f for r in reports for f in r['failures']][:2]})",
        *_move_lines(players, elapsed),
        *_delivery_lines(players, seen, sent, len(game_ids)),
        f"PostgreSQL connections open (all processes): at most {peak['database']}",
        f"stream process memory: {memory_open:.0f} MB with the streams open, "
        f"{memory_playing:.0f} MB after play "
        f"({memory_open * 1024 / max(1, streams_open):.0f} KB a stream)",
        "CPU used (cores): " + ", ".join(f"{role} {used:.2f}" for role, used in cpu.items()),
    ]


def _move_lines(players: list[PacedPlayer], elapsed: float) -> list[str]:
    failures = [player.failure for player in players if player.failure]
    moves = sum(player.accepted for player in players)
    errors = sum(player.server_errors for player in players)
    posts = [s * 1000 for player in players for s in player.latencies]
    firsts = [player.latencies[0] * 1000 for player in players if player.latencies]
    later = [s * 1000 for player in players for s in player.latencies[5:]]
    if not posts:
        return [f"no move answered: {failures[:2]}"]
    return [
        f"moves: {moves} accepted ({moves / elapsed:.0f}/s), {errors} answered 5xx"
        + (f", failures: {failures[:2]}" if failures else ""),
        "POST ?wait latency, every move: "
        f"p50 {statistics.median(posts):.1f} ms  p95 {percentile(posts, 0.95):.1f} ms  "
        f"p99 {percentile(posts, 0.99):.1f} ms  max {max(posts):.0f} ms",
        f"  a game's first move: median {statistics.median(firsts):.0f} ms, "
        f"max {max(firsts):.0f} ms; moves 6 on: p99 "
        + (f"{percentile(later, 0.99):.1f} ms" if later else "-"),
    ]


def _delivery_lines(players: list[PacedPlayer], seen: numpy.ndarray, sent: dict, games: int):
    """Whether every stream saw every accepted move of its game, and how long after."""
    accepted = {player.index: player.accepted for player in players}
    slots, seqs, at = seen[:, 0].astype(int), seen[:, 1].astype(int), seen[:, 2]
    expected = sum(accepted.get(slot % games, 0) for slot in range(STREAMS))
    wanted = {
        (int(slot), int(seq))
        for slot, seq in zip(slots, seqs, strict=True)
        if seq <= accepted.get(slot % games, 0)
    }
    missing = expected - len(wanted)
    delays = numpy.array(
        [
            (when - sent[(slot % games, seq)]) * 1000
            for slot, seq, when in zip(slots, seqs, at, strict=True)
            if (slot % games, seq) in sent
        ]
    )
    return [
        f"every stream saw every move: {'yes' if missing == 0 else f'no, {missing} missed'} "
        f"({len(seen)} deliveries)",
        "fan-out delay (sent → seen by a spectator): "
        + (
            f"p50 {numpy.percentile(delays, 50):.1f} ms  p99 {numpy.percentile(delays, 99):.1f} ms"
            f"  max {delays.max():.0f} ms"
            if len(delays)
            else "no deliveries"
        ),
    ]


def _what_is_open(stack: Stack) -> dict[str, float]:
    return {
        "connections to the stream port": clients_on(stack.stream_port),
        "open streams (metric)": open_streams_metric(stack.web),
        "stream process sockets": open_sockets(stack.pids["stream"]),
        "database connections": database_connections(),
        "Redis clients": redis_clients(),
    }


def _burst_and_close(stack: Stack, game_id: int) -> list[str]:
    time.sleep(2)  # the spectators' sockets are closed
    before = _what_is_open(stack)
    took, opened, during = asyncio.run(_burst(stack.stream_port, game_id, BURST))
    time.sleep(3)  # the server notices the closed sockets
    after = _what_is_open(stack)
    return [
        f"burst: {opened} of {BURST} streams opened at once in {took:.2f} s "
        f"({during} connections on the stream port), then all closed",
        "after closing, against just before the burst: "
        + ", ".join(f"{name} {before[name]:g} → {after[name]:g}" for name in before),
    ]


if __name__ == "__main__":
    if sys.argv[1:2] == ["read"]:
        read_streams(json.loads(sys.argv[2]))
    else:
        for line in run():
            print(line)
