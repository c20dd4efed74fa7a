"""The move pipeline end to end: HTTP server, PostgreSQL, Redis and Celery workers.

N games are played at once by 2N simulated players. Each move is a POST with
`?wait=5`; the opponent follows the game over Server-Sent Events. Measured:
sustained accepted moves per second, the POST-with-wait latency, and the time
from sending a move to the opponent seeing it on the event stream.

Needs DATABASE_URL (PostgreSQL) and REDIS_URL; the database is migrated and
filled with benchmark players and games.
"""

import contextlib
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

from bench import budgets

PROJECT = Path(__file__).resolve().parent.parent
GAMES = int(os.environ.get("BENCH_GAMES", "4"))
SECONDS = float(os.environ.get("BENCH_SECONDS", "20"))
WORKER_PROCESSES = int(os.environ.get("BENCH_WORKERS", "1"))
WEB_PROCESSES = int(os.environ.get("BENCH_WEB_PROCESSES", "2"))
WEB_SERVER = os.environ.get("BENCH_WEB_SERVER", "gunicorn")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


PORT = _free_port()
# The event streams' port: the stream process's, as the Procfile runs it, where the project
# has one; otherwise (older commits) the web process serves them.
HAS_STREAM_PROCESS = (PROJECT / "live" / "asgi.py").exists()
STREAM_PORT = _free_port() if HAS_STREAM_PROCESS else PORT


TICKS = os.sysconf("SC_CLK_TCK")


def _process_table() -> dict[int, tuple[int, str, float]]:
    """pid → (parent pid, command, CPU seconds so far) for every process."""
    table = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            raw = (entry / "stat").read_text()
        except OSError:
            continue
        command = raw[raw.index("(") + 1 : raw.rindex(")")]
        fields = raw[raw.rindex(")") + 2 :].split()
        table[int(entry.name)] = (
            int(fields[1]),
            command,
            (int(fields[11]) + int(fields[12])) / TICKS,
        )
    return table


def _cpu_by_role(roots: dict[str, list[int]]) -> dict[str, float]:
    """CPU seconds used so far by each role: the given processes and their descendants,
    plus PostgreSQL and Redis by command name."""
    table = _process_table()
    used = dict.fromkeys([*roots, "postgresql", "redis", "load generator"], 0.0)
    for pid, (_parent, command, seconds) in table.items():
        role = None
        ancestor = pid
        while ancestor in table and role is None:
            role = next((name for name, pids in roots.items() if ancestor in pids), None)
            ancestor = table[ancestor][0]
        if role is None and command.startswith("postgres"):
            role = "postgresql"
        if role is None and command.startswith("redis-server"):
            role = "redis"
        if pid == os.getpid():
            role = "load generator"
        if role is not None:
            used[role] += seconds
    return used


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _start(command: list[str], env: dict[str, str], log: Path) -> subprocess.Popen:
    return subprocess.Popen(
        command,
        cwd=PROJECT,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group, so stopping it stops its children
    )


def web_server_command(
    port: int, processes: int, threads: int, server: str = WEB_SERVER
) -> list[str]:
    """The web process's command line: gunicorn with the Procfile's settings file, or
    (BENCH_WEB_SERVER=granian) granian serving the same WSGI application."""
    if server == "granian":
        return [
            sys.executable, "-m", "granian", "--interface", "wsgi", "config.wsgi:application",
            "--host", "127.0.0.1", "--port", str(port), "--workers", str(processes),
            "--blocking-threads", str(threads), "--log-level", "warning",
        ]  # fmt: skip
    # The Procfile's settings file where the project has one (older commits had none).
    has_settings = (PROJECT / "config" / "gunicorn.py").exists()
    settings = ["--config", "config/gunicorn.py"] if has_settings else []
    return [
        sys.executable, "-m", "gunicorn", *settings, "config.wsgi:application",
        "-b", f"127.0.0.1:{port}", "-w", str(processes), "-k", "gthread", "--threads", str(threads),
    ]  # fmt: skip


def _wait_for_port(web: subprocess.Popen, port: int = PORT) -> None:
    deadline = time.monotonic() + 30
    while True:
        if web.poll() is not None:
            raise RuntimeError("the web server exited; see its log")
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError("the web server did not start") from None
            time.sleep(0.1)


def wait_for_workers(count: int, seconds: float = 60) -> None:
    """Wait until `count` Celery workers answer, so that no move is timed against a worker
    that is still starting. Asked from a child process: a broker connection opened here
    would be inherited by the processes the benchmarks fork."""
    deadline = time.monotonic() + seconds
    while True:
        answer = subprocess.run(
            [sys.executable, "-m", "celery", "-A", "config", "inspect", "ping", "--timeout=1"],
            cwd=PROJECT,
            capture_output=True,
            text=True,
        )
        if answer.stdout.count(": OK") >= count:
            return
        if time.monotonic() > deadline:
            raise RuntimeError(f"{count} Celery workers did not answer within {seconds:.0f} s")


def _stop(process: subprocess.Popen) -> None:
    """Stop a server and its children; open event streams would hold a graceful stop for ever."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(5)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


class Player(threading.Thread):
    """Plays one game for both sides, move after move, timing each POST."""

    port = PORT
    interval = 0.0  # seconds from one move's sending to the next's

    def __init__(self, game_id: int, tokens: dict[str, str], moves: list, stop: float, sent: dict):
        super().__init__(daemon=True)
        self.game_id, self.tokens, self.moves, self.stop_at, self.sent = (
            game_id,
            tokens,
            moves,
            stop,
            sent,
        )
        self.latencies: list[float] = []
        self.accepted = 0
        self.server_errors = 0
        self.failure: str | None = None

    def run(self) -> None:
        try:
            self.play()
        except Exception as error:  # reported with the numbers, not as a stray traceback
            self.failure = f"game {self.game_id}: {error!r}"

    def mark_sent(self, seq: int, at: float) -> None:
        self.sent[(self.game_id, seq)] = at

    def play(self) -> None:
        connections = {
            seat: http.client.HTTPConnection("127.0.0.1", self.port) for seat in self.tokens
        }
        for seq, move in enumerate(self.moves, start=1):
            if time.perf_counter() >= self.stop_at:
                break
            seat = "blue" if seq % 2 else "red"
            body = json.dumps({"seq": seq, "move": move})
            headers = {
                "Authorization": f"Token {self.tokens[seat]}",
                "Content-Type": "application/json",
            }
            started = time.perf_counter()
            self.mark_sent(seq, started)
            path = f"/api/games/{self.game_id}/moves/?wait=5"
            try:
                response = self.send(connections[seat], path, body, headers)
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # The server closed the idle kept-alive connection (gunicorn keeps one for
                # 2 s) as this move went out: a browser opens a new one and sends it again,
                # and the same move under the same number is answered as the first.
                connections[seat].close()
                connections[seat] = http.client.HTTPConnection("127.0.0.1", self.port)
                response = self.send(connections[seat], path, body, headers)
            answer = response.read()
            self.latencies.append(time.perf_counter() - started)
            if response.status >= 500:
                self.server_errors += 1
                continue
            if json.loads(answer).get("status") != "accepted":
                raise RuntimeError(f"move {seq} of game {self.game_id}: {answer[:200]!r}")
            self.accepted += 1
            time.sleep(max(0.0, self.interval - (time.perf_counter() - started)))

    @staticmethod
    def send(connection: http.client.HTTPConnection, path: str, body: str, headers: dict):
        connection.request("POST", path, body, headers)
        return connection.getresponse()


class Watcher(threading.Thread):
    """Follows one game's event stream and notes when each move becomes visible."""

    def __init__(self, game_id: int, sent: dict, seen: list) -> None:
        super().__init__(daemon=True)
        self.game_id, self.sent, self.seen = game_id, sent, seen
        self.ready = threading.Event()

    def run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", STREAM_PORT, timeout=60)
        connection.request("GET", f"/api/games/{self.game_id}/events/")
        stream = connection.getresponse()
        self.ready.set()
        while True:
            line = stream.readline()
            if not line:
                return
            if line.startswith(b"data: ") and b'"type":"move"' in line:
                event = json.loads(line[6:])
                sent = self.sent.get((self.game_id, event["seq"]))
                if sent is not None:
                    self.seen.append(time.perf_counter() - sent)


def play_all(players: list[Player], roots: dict[str, list[int]]) -> tuple[float, dict, dict]:
    """Play every game to its end at once: the seconds it took, and each role's CPU
    seconds before and after."""
    cpu_before = _cpu_by_role(roots)
    elapsed = run_together(players)
    return elapsed, cpu_before, _cpu_by_role(roots)


def run_together(threads: list[threading.Thread]) -> float:
    """Start the threads at once and wait for all of them: the seconds it took."""
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - started


def prepare(count: int = GAMES) -> list[tuple[int, dict[str, str]]]:
    """Benchmark players and accepted friendly games, made through the services."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    from accounts.models import User
    from accounts.services import api_token
    from games import services

    call_command("migrate", verbosity=0)
    games = []
    stamp = int(time.time())
    for n in range(count):
        blue = User.objects.create_user(username=f"bench-b{stamp}-{n}", password="x" * 12)
        red = User.objects.create_user(username=f"bench-r{stamp}-{n}", password="x" * 12)
        game = services.create_game(
            creator=blue,
            game="kropki",
            options={"start": "empty", "width": 39, "height": 32},
            format=None,
            opponent=red.username,
        )
        services.accept_invitation(game.pk, red)
        games.append((game.pk, {"blue": api_token(blue).key, "red": api_token(red).key}))
    return games


def quiet_moves(count: int) -> list[list[int]]:
    """Moves that capture nothing, so a game never ends early: rows from both edges."""
    bottom = [[x, y] for y in range(1, 17) for x in range(1, 40)]
    top = [[x, y] for y in range(32, 16, -1) for x in range(1, 40)]
    return [bottom[n // 2] if n % 2 == 0 else top[n // 2] for n in range(count)]


def run() -> list[str]:
    database = os.environ.get("DATABASE_URL", "")
    if not (database.startswith("postgres") and os.environ.get("REDIS_URL")):
        return ["skipped: needs DATABASE_URL (PostgreSQL) and REDIS_URL"]
    budgets.lift()  # every player sends its moves as fast as the server answers
    games = prepare()
    # One watcher per game, all from this machine's address: one client's streams.
    env = {
        **os.environ,
        "DEBUG": "0",
        "LOG_LEVEL": "WARNING",
        "STREAMS_PER_CLIENT": str(max(GAMES, 20)),
    }
    logs = Path(os.environ.get("BENCH_LOGS", "/tmp"))
    python = sys.executable
    web_log = logs / "bench-web.log"
    web = _start(web_server_command(PORT, WEB_PROCESSES, 2 * GAMES + 8), env, web_log)
    streams = []
    if HAS_STREAM_PROCESS:
        streams.append(
            _start(
                [
                    python,
                    "-m",
                    "uvicorn",
                    "config.asgi:application",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(STREAM_PORT),
                    "--no-access-log",
                    "--log-level",
                    "warning",
                ],
                env,
                logs / "bench-stream.log",
            )
        )
    workers = [
        _start(
            [
                python,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                *os.environ.get("BENCH_WORKER_POOL", "--pool=solo").split(),
                f"--hostname=bench{n}@%h",
                "--without-gossip",
                "--without-mingle",
                "-l",
                "WARNING",
            ],
            env,
            logs / f"bench-worker{n}.log",
        )
        for n in range(WORKER_PROCESSES)
    ]
    try:
        _wait_for_port(web)
        for stream in streams:
            _wait_for_port(stream, STREAM_PORT)
        wait_for_workers(len(workers))
        sent: dict = {}
        seen: list[float] = []
        watchers = [Watcher(game_id, sent, seen) for game_id, _tokens in games]
        for watcher in watchers:
            watcher.start()
            watcher.ready.wait(10)
        roots = {"web": [web.pid], "workers": [worker.pid for worker in workers]}
        if streams:
            roots["stream"] = [stream.pid for stream in streams]
        stop = time.perf_counter() + SECONDS
        players = [
            Player(game_id, tokens, quiet_moves(1000), stop, sent) for game_id, tokens in games
        ]
        elapsed, cpu_before, cpu_after = play_all(players, roots)
        time.sleep(0.5)
    finally:
        for process in (web, *streams, *workers):
            _stop(process)
    failures = [player.failure for player in players if player.failure]
    if failures:
        return [f"failed: {failure}" for failure in failures[:5]]
    moves = sum(player.accepted for player in players)
    posts = [s * 1000 for player in players for s in player.latencies]
    visible = [s * 1000 for s in seen]
    return [
        f"setup: {GAMES} games at once, {WEB_SERVER} {WEB_PROCESSES} processes (threads), "
        f"{WORKER_PROCESSES} celery worker processes (solo pool), "
        f"streams on {'the stream process (uvicorn)' if streams else 'the web process'}, "
        f"{SECONDS:.0f} s",
        f"sustained: {moves / elapsed:.0f} accepted moves/s ({moves} moves in {elapsed:.1f} s), "
        f"{sum(player.server_errors for player in players)} answered 5xx",
        "POST ?wait latency: "
        f"p50 {statistics.median(posts):.1f} ms  p95 {percentile(posts, 0.95):.1f} ms  "
        f"p99 {percentile(posts, 0.99):.1f} ms",
        "visible to the opponent (SSE): "
        f"p50 {statistics.median(visible):.1f} ms  p95 {percentile(visible, 0.95):.1f} ms  "
        f"p99 {percentile(visible, 0.99):.1f} ms  ({len(visible)} events)",
        "CPU per move: "
        + ", ".join(
            f"{role} {(cpu_after[role] - cpu_before[role]) / moves * 1000:.1f} ms"
            for role in cpu_after
        ),
    ]


if __name__ == "__main__":
    for line in run():
        print(line)
