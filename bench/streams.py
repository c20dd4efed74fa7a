"""Thousands of spectators: the Procfile's stack with 5,000 open event streams.

The web, stream, worker and beat processes are started from the Procfile, as in
production. 5,000 anonymous spectators follow 50 games on the stream process while
20 of those games are played through the web process (a move per game every
BENCH_MOVE_INTERVAL seconds, each a POST `?wait=5`). Measured: 5xx answers, the POST
latency, whether every stream saw every move and how long after it was sent (the
fan-out delay), the PostgreSQL connections open, and the stream process's memory.
Then 1,000 streams open in one burst and all close: nothing may be left behind (open
streams, sockets, database or Redis connections).

Needs DATABASE_URL (PostgreSQL) and REDIS_URL; the database is filled with benchmark
players and games.
"""

import asyncio
import contextlib
import multiprocessing
import os
import re
import statistics
import subprocess
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
SECONDS = float(os.environ.get("BENCH_SECONDS", "30"))
MOVE_INTERVAL = float(os.environ.get("BENCH_MOVE_INTERVAL", "0.2"))
BURST = int(os.environ.get("BENCH_BURST", "1000"))
READER_PROCESSES = int(os.environ.get("BENCH_READERS", "2"))
MOST_MOVES = 1000
SEQ = re.compile(rb'"seq":(\d+)')


def procfile() -> dict[str, str]:
    """The Procfile's processes: name → command."""
    commands = {}
    for line in (PROJECT / "Procfile").read_text().splitlines():
        name, _, command = line.partition(":")
        if command.strip() and not name.startswith("#"):
            commands[name.strip()] = command.strip()
    return commands


def _start_process(name: str, command: str, env: dict, logs: Path) -> subprocess.Popen:
    return subprocess.Popen(
        ["/bin/sh", "-c", f"exec {command}"],
        cwd=PROJECT,
        env=env,
        stdout=(logs / f"bench-stack-{name}.log").open("w"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def _wait_until_serving(url: str, processes: dict, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while True:
        for name, process in processes.items():
            if process.poll() is not None:
                raise RuntimeError(f"the {name} process exited; see its log")
        try:
            with urllib.request.urlopen(url, timeout=1):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError(f"{url} did not answer") from None
            time.sleep(0.2)


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
    import redis

    return redis.Redis.from_url(os.environ["REDIS_URL"]).info("clients")["connected_clients"] - 1


def open_streams_metric(web: str) -> float:
    with urllib.request.urlopen(f"{web}/metrics", timeout=5) as answer:
        text = answer.read().decode()
    return sum(
        float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith("championships_open_streams{")
    )


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


def _reader_process(port, games, indexes, sent, stop, opened, refused, results) -> None:
    """Follows its share of the streams; reports delays and what each stream saw."""

    async def main() -> None:
        delays: list[float] = []
        seen: dict[int, set[int]] = {}
        failures: list[str] = []

        async def follow(slot: int, game_index: int) -> None:
            try:
                reader, writer = await _open_stream(port, games[game_index])
            except (OSError, RuntimeError) as error:
                failures.append(repr(error))
                with opened.get_lock():
                    refused.value += 1
                return
            with opened.get_lock():
                opened.value += 1
            mine = seen.setdefault(slot, set())
            try:
                while True:
                    line = await reader.readline()
                    if not line:
                        failures.append(f"stream {slot} ended by the server")
                        return
                    if line.startswith(b"data: ") and b'"type":"move"' in line:
                        seq = int(SEQ.search(line).group(1))
                        now = time.monotonic()
                        at = sent[game_index * MOST_MOVES + seq]
                        if at:  # every move, a game's first ones included
                            delays.append(now - at)
                        mine.add(seq)
            except (OSError, asyncio.CancelledError):
                pass
            finally:
                writer.close()

        tasks = []
        for slot in indexes:
            tasks.append(asyncio.create_task(follow(slot, slot % len(games))))
            if len(tasks) % 100 == 0:
                await asyncio.sleep(0.05)  # open in waves, as viewers arrive
        while not stop.is_set():
            await asyncio.sleep(0.2)
        # The last moves' events may still be on their way: wait for two quiet seconds.
        quiet_since, count = time.monotonic(), len(delays)
        while time.monotonic() - quiet_since < 2.0:
            await asyncio.sleep(0.2)
            if len(delays) != count:
                quiet_since, count = time.monotonic(), len(delays)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        results.put(
            {
                "delays": numpy.array(delays, dtype=numpy.float32),
                "seen": {slot: sorted(seqs) for slot, seqs in seen.items()},
                "failures": failures[:5],
                "failed": len(failures),
            }
        )

    asyncio.run(main())


class PacedPlayer(Player):
    """A player who waits between moves, as a real one does, starting at their own moment;
    each send time goes where the spectators' processes read it."""

    interval = MOVE_INTERVAL

    def __init__(self, index, game_id, tokens, moves, stop, shared_sent, web_port) -> None:
        super().__init__(game_id, tokens, moves, stop, {})
        self.index, self.shared_sent, self.port = index, shared_sent, web_port

    def mark_sent(self, seq: int, at: float) -> None:
        self.shared_sent[self.index * MOST_MOVES + seq] = time.monotonic()

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


def run() -> list[str]:
    database = os.environ.get("DATABASE_URL", "")
    if not (database.startswith("postgres") and os.environ.get("REDIS_URL")):
        return ["skipped: needs DATABASE_URL (PostgreSQL) and REDIS_URL"]
    budgets.lift()  # the players move every BENCH_MOVE_INTERVAL seconds
    games = prepare(WATCHED_GAMES)
    game_ids = [game_id for game_id, _tokens in games]
    from bench.pipeline import _free_port

    web_port, stream_port = _free_port(), _free_port()
    env = {
        **os.environ,
        "DEBUG": "0",
        "LOG_LEVEL": "WARNING",
        "PORT": str(web_port),
        "STREAM_PORT": str(stream_port),
        "PROMETHEUS_MULTIPROC_DIR": f"/tmp/bench-metrics-{os.getpid()}",
        "WEB_THREADS": str(2 * PLAYED_GAMES + 8),
        # Every spectator connects from this machine's one address: one client, as far as
        # the stream process's per-client budget goes.
        "STREAMS_PER_CLIENT": str(STREAMS + BURST),
    }
    logs = Path(os.environ.get("BENCH_LOGS", "/tmp"))
    stack = {name: _start_process(name, command, env, logs) for name, command in procfile().items()}
    web = f"http://127.0.0.1:{web_port}"
    lines = []
    try:
        _wait_until_serving(f"{web}/healthz", stack)
        _wait_until_serving(f"http://127.0.0.1:{stream_port}/healthz", stack)
        wait_for_workers(1)
        lines += _spectators(stack, game_ids, games, web_port, stream_port)
        lines += _burst_and_close(stack, game_ids[0], stream_port, web)
    finally:
        for process in stack.values():
            _stop(process)
    return lines


def _spectators(stack, game_ids, games, web_port, stream_port) -> list[str]:
    context = multiprocessing.get_context("fork")
    sent = context.Array("d", len(games) * MOST_MOVES, lock=False)
    stop = context.Event()
    opened = context.Value("i", 0)
    refused = context.Value("i", 0, lock=opened.get_lock())
    results = context.Queue()
    readers = []
    for n in range(READER_PROCESSES):
        share = range(n, STREAMS, READER_PROCESSES)
        arguments = (stream_port, game_ids, share, sent, stop, opened, refused, results)
        readers.append(context.Process(target=_reader_process, args=arguments, daemon=True))
    open_started = time.perf_counter()
    for reader in readers:
        reader.start()
    deadline = time.monotonic() + 120
    while opened.value + refused.value < STREAMS and time.monotonic() < deadline:
        if not any(reader.is_alive() for reader in readers):
            break
        time.sleep(0.2)
    open_seconds = time.perf_counter() - open_started
    streams_open = opened.value
    memory_open = memory_mb(stack["stream"].pid)

    peak = {"database": 0}
    sampling = threading.Event()

    def sample() -> None:
        while not sampling.is_set():
            peak["database"] = max(peak["database"], database_connections())
            time.sleep(0.5)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    roots = {name: [process.pid] for name, process in stack.items()}
    roots["spectators"] = [reader.pid for reader in readers]
    stop_at = time.perf_counter() + SECONDS
    players = []
    for index, (game_id, tokens) in enumerate(games[:PLAYED_GAMES]):
        moves = quiet_moves(MOST_MOVES - 1)
        players.append(PacedPlayer(index, game_id, tokens, moves, stop_at, sent, web_port))
    elapsed, cpu_before, cpu_after = play_all(players, roots)
    memory_playing = memory_mb(stack["stream"].pid)
    sampling.set()
    stop.set()
    reports = [results.get(timeout=120) for _ in readers]
    for reader in readers:
        reader.join(10)

    failures = [player.failure for player in players if player.failure]
    moves = sum(player.accepted for player in players)
    errors = sum(player.server_errors for player in players)
    posts = [s * 1000 for player in players for s in player.latencies]
    delays = numpy.concatenate([report["delays"] for report in reports]) * 1000
    accepted = {player.index: player.accepted for player in players}
    missing = 0
    for report in reports:
        for slot, seqs in report["seen"].items():
            game_index = slot % len(game_ids)
            expected = accepted.get(game_index, 0)
            missing += expected - len([seq for seq in seqs if seq <= expected])
    stream_failures = sum(report["failed"] for report in reports)
    cpu = {role: (cpu_after[role] - cpu_before[role]) / elapsed for role in cpu_after}
    return [
        f"setup: {STREAMS} spectators over {len(game_ids)} games, {PLAYED_GAMES} games played "
        f"(a move every {MOVE_INTERVAL:g} s each), the Procfile's processes, {SECONDS:.0f} s",
        f"streams open: {streams_open} of {STREAMS} in {open_seconds:.1f} s "
        f"({stream_failures} failed: {[f for r in reports for f in r['failures']][:2]})",
        f"moves: {moves} accepted ({moves / elapsed:.0f}/s), {errors} answered 5xx"
        + (f", failures: {failures[:2]}" if failures else ""),
        "POST ?wait latency: "
        f"p50 {statistics.median(posts):.1f} ms  p95 {percentile(posts, 0.95):.1f} ms  "
        f"p99 {percentile(posts, 0.99):.1f} ms",
        f"every stream saw every move: {'yes' if missing == 0 else f'no, {missing} missed'} "
        f"({len(delays)} deliveries)",
        "fan-out delay (sent → seen by a spectator): "
        + (
            f"p50 {numpy.percentile(delays, 50):.1f} ms  p99 {numpy.percentile(delays, 99):.1f} ms"
            f"  max {delays.max():.0f} ms"
            if len(delays)
            else "no deliveries"
        ),
        f"PostgreSQL connections open (all processes): at most {peak['database']}",
        f"stream process memory: {memory_open:.0f} MB with the streams open, "
        f"{memory_playing:.0f} MB after play "
        f"({memory_open * 1024 / max(1, streams_open):.0f} KB a stream)",
        "CPU used (cores): " + ", ".join(f"{role} {used:.2f}" for role, used in cpu.items()),
    ]


def _what_is_open(stack, stream_port, web) -> dict[str, float]:
    return {
        "connections to the stream port": clients_on(stream_port),
        "open streams (metric)": open_streams_metric(web),
        "stream process sockets": open_sockets(stack["stream"].pid),
        "database connections": database_connections(),
        "Redis clients": redis_clients(),
    }


def _burst_and_close(stack, game_id, stream_port, web) -> list[str]:
    time.sleep(2)  # the spectators' sockets are closed
    before = _what_is_open(stack, stream_port, web)
    took, opened, during = asyncio.run(_burst(stream_port, game_id, BURST))
    time.sleep(3)  # the server notices the closed sockets
    after = _what_is_open(stack, stream_port, web)
    return [
        f"burst: {opened} of {BURST} streams opened at once in {took:.2f} s "
        f"({during} connections on the stream port), then all closed",
        "after closing, against just before the burst: "
        + ", ".join(f"{name} {before[name]:g} → {after[name]:g}" for name in before),
    ]


if __name__ == "__main__":
    for line in run():
        print(line)
