"""A Swiss of 1,000 players and 11 rounds, played to its final ranking through the HTTP API
and a Celery worker (target: each round paired in 2 s or less).

The organiser creates and starts the championship and the players enter it, each with a
POST of their own token to a gunicorn server. Every game of a round is ended by its players
(one resigns, or now and then both offer a draw); each result moves the championship on in
the worker, which pairs the next round once the last result is in. Measured: the seconds
from a round's last result to the next round's games existing, the pairing engine's own
seconds for each round (timed again afterwards on what the worker was given), the whole
run, and results per second.

Needs DATABASE_URL (PostgreSQL) and REDIS_URL, as bench/pipeline.py does; its players and
games are written to that database. Run alone: `python -m bench swiss_championship`.
"""

import http.client
import json
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path

from bench import budgets
from bench.pipeline import (
    PORT,
    PROJECT,
    _start,
    _stop,
    _wait_for_port,
    percentile,
    wait_for_workers,
    web_server_command,
)

PLAYERS = int(os.environ.get("BENCH_SWISS_PLAYERS", "1000"))
ROUNDS = int(os.environ.get("BENCH_SWISS_ROUNDS", "11"))
# Players sending their results at once, each over a keep-alive connection.
CLIENTS = int(os.environ.get("BENCH_SWISS_CLIENTS", "8"))
WEB_PROCESSES = int(os.environ.get("BENCH_WEB_PROCESSES", "2"))
WORKER_PROCESSES = int(os.environ.get("BENCH_WORKERS", "1"))
DRAW_SHARE = 0.1
# From a round's last result to the next round's games: the median round, and every round.
TARGET_SECONDS = 2.0
TARGET_SLOWEST_SECONDS = 4.0
# How long the worker may take to pair a round before the run is called failed.
PAIRED_WITHIN_S = 600.0
ADVANCE_DONE = re.compile(
    r"\[([0-9-]+ [0-9:,]+): INFO/[^\]]*\] Task tournaments\.advance\[[^\]]+\] "
    r"succeeded in ([0-9.]+)s"
)
GAME = {"game": "kropki", "options": {"width": 5, "height": 5}, "stage_format": "express"}


class Api:
    """The web server's API, over one keep-alive connection per calling thread."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.local = threading.local()
        self.seconds: list[float] = []  # every call's time, in the order they ended

    def call(self, method: str, path: str, token: str, body: dict | None = None):
        """The answer's JSON; any status but 200 and 201 raises with the answer's start."""
        headers = {"Authorization": f"Token {token}"}
        data = None
        if body is not None:
            headers["Content-Type"] = "application/json"
            data = json.dumps(body)
        started = time.perf_counter()
        try:
            response = self._sent(method, path, data, headers)
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            # The server closes a connection left idle past its keep-alive time before
            # reading the request on it: send it again on a new one.
            self.local.connection = None
            response = self._sent(method, path, data, headers)
        answer = response.read()
        self.seconds.append(time.perf_counter() - started)
        if response.status not in (200, 201):
            raise RuntimeError(f"{method} {path}: {response.status} {answer[:300]!r}")
        return json.loads(answer) if answer else None

    def _sent(self, method: str, path: str, data: str | None, headers: dict):
        connection = getattr(self.local, "connection", None)
        if connection is None:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=300)
            self.local.connection = connection
        connection.request(method, path, data, headers)
        return connection.getresponse()


def make_players(stamp: int) -> tuple[str, dict[str, str]]:
    """The organiser's token, and each benchmark player's token by username (bulk-made, as
    bench/championships.py makes its players)."""
    from rest_framework.authtoken.models import Token

    from accounts.models import Plan, User
    from accounts.usernames import canonical_username

    organiser = User.objects.create_user(
        username=f"bench-swiss-org-{stamp}", password="x" * 12, plan=Plan.PAID
    )
    names = [f"bench-s{stamp}-{n}" for n in range(PLAYERS)]
    # bulk_create skips `User.save`, which keeps the canonical name: set it here.
    users = User.objects.bulk_create(
        User(username=name, username_key=canonical_username(name), password="!") for name in names
    )
    tokens = Token.objects.bulk_create(
        Token(user=user, key=Token.generate_key()) for user in [organiser, *users]
    )
    return tokens[0].key, {
        user.username: token.key for user, token in zip(users, tokens[1:], strict=True)
    }


def end_games(api: Api, pairings: list[dict], tokens: dict[str, str], chooser) -> int:
    """End every game of the round by its players' calls, CLIENTS at a time: the draws."""
    endings = []
    for pairing in pairings:
        game, players = pairing["game"], list(pairing["players"].values())
        if chooser.random() < DRAW_SHARE:
            endings.append([(f"/api/games/{game}/draw/", tokens[name]) for name in players])
        else:
            endings.append([(f"/api/games/{game}/resign/", tokens[chooser.choice(players)])])

    def end(calls: list[tuple[str, str]]) -> None:
        for path, token in calls:
            api.call("POST", path, token)

    with ThreadPoolExecutor(CLIENTS) as pool:
        list(pool.map(end, endings))
    return sum(len(calls) == 2 for calls in endings)


def wait_for_round(championship_id: int, number: int, games: int) -> float:
    """Wait until round `number` has its games (the worker paired it): when it had them."""
    from games.models import Game

    wanted = Game.objects.filter(match__stage__championship_id=championship_id, match__round=number)
    deadline = time.perf_counter() + PAIRED_WITHIN_S
    while wanted.count() < games:
        if time.perf_counter() > deadline:
            raise RuntimeError(f"round {number} was not paired within {PAIRED_WITHIN_S:.0f} s")
        time.sleep(0.02)
    return time.perf_counter()


def wait_for_the_end(championship_id: int) -> float:
    from tournaments.models import Championship

    deadline = time.perf_counter() + PAIRED_WITHIN_S
    finished = Championship.objects.filter(pk=championship_id, status=Championship.Status.FINISHED)
    while not finished.exists():
        if time.perf_counter() > deadline:
            raise RuntimeError(f"the championship did not finish within {PAIRED_WITHIN_S:.0f} s")
        time.sleep(0.02)
    return time.perf_counter()


def pairing_seconds(championship_id: int) -> tuple[list[float], list[float]]:
    """For each round, the seconds to read what the pairing engine is given (the results so
    far) and the engine's own seconds on it (the final round's topscorers as the worker
    had them): what the worker did then, again."""
    from tournaments.models import Championship
    from tournaments.systems.swiss import pairing as swiss
    from tournaments.systems.swiss import selectors as swiss_selectors
    from tournaments.systems.swiss.stage import topscorers_over

    championship = Championship.objects.get(pk=championship_id)
    stage = championship.stages.get(kind="swiss")
    entries = list(championship.entries.order_by("entered_at"))
    reading, pairing = [], []
    for number in range(1, championship.swiss_rounds + 1):
        started = time.perf_counter()
        given = swiss_selectors.competitors(championship, stage, entries, number - 1)
        read = time.perf_counter()
        swiss.pair_round(
            given,
            initial_seat=stage.lots.get("initial_seat", "first"),
            topscorers_over=topscorers_over(championship, number),
        )
        reading.append(read - started)
        pairing.append(time.perf_counter() - read)
    return reading, pairing


def queued_tasks() -> int:
    """Tasks waiting in the worker's queues: declaring a queue tells how many it holds (a
    passive declare would refuse a queue the broker has emptied and forgotten)."""
    from config.celery import app

    with app.connection_for_write() as connection:
        channel = connection.default_channel
        return sum(
            queue.bind(channel).queue_declare().message_count for queue in app.conf.task_queues
        )


def drain_seconds() -> float:
    """Wait until the worker has taken every queued task: how long that took."""
    started = time.perf_counter()
    while queued_tasks():
        if time.perf_counter() - started > PAIRED_WITHIN_S:
            raise RuntimeError(f"tasks still queued after {PAIRED_WITHIN_S:.0f} s")
        time.sleep(0.5)
    return time.perf_counter() - started


def final_ranks(championship_id: int) -> int:
    from tournaments.models import FinalRank

    return FinalRank.objects.filter(championship_id=championship_id).count()


def play(
    api: Api, organiser: str, tokens: dict[str, str], turnovers_at: list[tuple[float, float]]
) -> list[str]:
    """Create, fill and start the Swiss, and play it through: the measured lines. Each
    round's last result and the next round's games are added to `turnovers_at` (wall-clock
    times, to be set beside the worker's log)."""
    chooser = random.Random(11)
    body = {"name": "Bench Swiss", "rated": False, "system": "swiss", "swiss_rounds": ROUNDS}
    created = api.call("POST", "/api/championships/", organiser, {**body, **GAME})
    championship_id = created["id"]
    started = time.perf_counter()
    with ThreadPoolExecutor(CLIENTS) as pool:
        list(
            pool.map(
                lambda token: api.call(
                    "POST", f"/api/championships/{championship_id}/entries/", token, {}
                ),
                tokens.values(),
            )
        )
    entering = time.perf_counter() - started
    started = time.perf_counter()
    api.call("POST", f"/api/championships/{championship_id}/start/", organiser)
    starting = time.perf_counter() - started
    games = PLAYERS // 2
    paired_after, results, draws, reading, sending = [], 0, 0, [], []
    run_started = time.perf_counter()
    for number in range(1, ROUNDS + 1):
        asked = time.perf_counter()
        rounds = api.call("GET", f"/api/championships/{championship_id}/rounds/", organiser)
        reading.append(time.perf_counter() - asked)
        this_round = next(view for view in rounds if view["round"] == number)
        sent = time.perf_counter()
        draws += end_games(api, this_round["pairings"], tokens, chooser)
        last_result = time.perf_counter()
        sending.append(last_result - sent)
        results += len(this_round["pairings"])
        if number < ROUNDS:
            paired_after.append(wait_for_round(championship_id, number + 1, games) - last_result)
            turnovers_at.append((time.time() - paired_after[-1], time.time()))
        else:
            paired_after.append(wait_for_the_end(championship_id) - last_result)
    whole = time.perf_counter() - run_started
    backlog = queued_tasks()
    draining = drain_seconds()
    given, engine = pairing_seconds(championship_id)
    ranked = final_ranks(championship_id)
    turnovers = paired_after[:-1]
    slowest = max(turnovers, default=0.0)
    median = statistics.median(turnovers) if turnovers else 0.0
    within = median <= TARGET_SECONDS and slowest <= TARGET_SLOWEST_SECONDS
    return [
        f"{PLAYERS} players, {ROUNDS} rounds of {games} games, kropki 5x5 express; "
        f"gunicorn {WEB_PROCESSES} processes, {WORKER_PROCESSES} celery worker (solo pool), "
        f"{CLIENTS} clients at once",
        f"entries: {PLAYERS} POSTs in {entering:.1f} s ({PLAYERS / entering:.0f}/s); "
        f"start (pairs round 1, opens its games) {starting:.2f} s",
        "last result to next round's games, s: "
        + " ".join(f"{s:.2f}" for s in turnovers)
        + f"  (median {median:.2f} s, slowest {slowest:.2f} s: {'within' if within else 'OVER'}"
        f" the targets, median {TARGET_SECONDS:.0f} s and slowest {TARGET_SLOWEST_SECONDS:.0f} s)",
        f"last result of round {ROUNDS} to the final ranking: {paired_after[-1]:.2f} s",
        "pairing engine alone per round, s: "
        + " ".join(f"{s:.2f}" for s in engine)
        + f"  (slowest {max(engine):.2f} s)",
        "reading the engine's input (results so far) per round, s: "
        + " ".join(f"{s:.2f}" for s in given),
        "sending a round's results, s: " + " ".join(f"{s:.1f}" for s in sending),
        f"results: {results} ({draws} agreed draws) in {sum(sending):.1f} s of sending, "
        f"{results / sum(sending):.0f}/s; API calls p50 "
        f"{percentile(api.seconds, 0.5) * 1000:.0f} ms, p95 "
        f"{percentile(api.seconds, 0.95) * 1000:.0f} ms",
        "GET rounds/ (every round so far), s: " + " ".join(f"{s:.2f}" for s in reading),
        f"whole run from round 1's first result to the final ranking: {whole:.1f} s",
        f"tasks still queued at the final ranking: {backlog}, taken by the worker in "
        f"{draining:.1f} s",
        f"final ranks: {ranked} of {PLAYERS} ({'complete' if ranked == PLAYERS else 'MISSING'})",
    ]


def worker_command(number: int) -> list[str]:
    command = [
        sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo",
        f"--hostname=benchswiss{number}@%h", "--without-gossip", "--without-mingle",
        "-l", "INFO",
    ]  # fmt: skip
    return command


def run() -> list[str]:
    database = os.environ.get("DATABASE_URL", "")
    if not (database.startswith("postgres") and os.environ.get("REDIS_URL")):
        return ["skipped: needs DATABASE_URL (PostgreSQL) and REDIS_URL"]
    budgets.lift()
    # Tasks an earlier run left in the queue would be timed as this run's.
    subprocess.run(
        [sys.executable, "-m", "celery", "-A", "config", "purge", "-f"],
        cwd=PROJECT, check=True, capture_output=True,
    )  # fmt: skip
    organiser, tokens = make_players(int(time.time()))
    env = {**os.environ, "DEBUG": "0", "LOG_LEVEL": "WARNING"}
    # The worker says how long each task took: the advances that paired a round stand out.
    worker_env = {**env, "LOG_LEVEL": "INFO"}
    logs = Path(os.environ.get("BENCH_LOGS", "/tmp"))
    web = _start(
        web_server_command(PORT, WEB_PROCESSES, CLIENTS + 4), env, logs / "bench-swiss-web.log"
    )
    workers = [
        _start(worker_command(n), worker_env, worker_log(logs, n)) for n in range(WORKER_PROCESSES)
    ]
    try:
        _wait_for_port(web)
        wait_for_workers(len(workers))
        turnovers_at: list[tuple[float, float]] = []
        lines = play(Api(PORT), organiser, tokens, turnovers_at)
    finally:
        for process in (web, *workers):
            _stop(process)
    logged = [
        advance
        for n in range(WORKER_PROCESSES)
        for advance in logged_advances(worker_log(logs, n).read_text())
    ]
    advances = sorted(seconds for _ended, seconds in logged)
    waits = advance_waits(turnovers_at, logged)
    if waits:
        lines.append(
            "last result to the start of the advance that paired the next round, s: "
            + " ".join(f"{wait:.2f}" for wait, _took in waits)
        )
        lines.append(
            "that advance's own seconds (its work after the commit included), s: "
            + " ".join(f"{took:.2f}" for _wait, took in waits)
        )
    if advances:
        slowest = " ".join(f"{s:.2f}" for s in advances[-ROUNDS:])
        lines.append(
            f"worker's advance tasks: {len(advances)}, median {advances[len(advances) // 2]:.3f} s;"
            f" the {ROUNDS} slowest (the pairings and the final ranking), s: {slowest}"
        )
    return lines


def worker_log(logs: Path, number: int) -> Path:
    return logs / f"bench-swiss-worker{number}.log"


def logged_advances(log: str) -> list[tuple[float, float]]:
    """Each `tournaments.advance` task as the worker's log tells it: when it ended (a
    wall-clock time) and how many seconds it took."""
    return [
        (datetime.strptime(at, "%Y-%m-%d %H:%M:%S,%f").timestamp(), float(seconds))
        for at, seconds in ADVANCE_DONE.findall(log)
    ]


def advance_waits(
    turnovers_at: list[tuple[float, float]], logged: list[tuple[float, float]]
) -> list[tuple[float, float]]:
    """For each round's turnover, the advance that made the next round's games (the last to
    start before they were there): how long after the last result it started, and its
    seconds."""
    waits = []
    for last_result, paired in turnovers_at:
        started = [(end - took, took) for end, took in logged if end - took <= paired]
        if started:
            start, took = max(started)
            waits.append((start - last_result, took))
    return waits


if __name__ == "__main__":
    for line in run():
        print(line)
