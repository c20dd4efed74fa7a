"""The database restarts under play, and nothing is lost.

The stack as the Procfile runs it (gunicorn, a Celery worker, beat) on a PostgreSQL and a
Redis of the test's own, with a Swiss being played: the database is stopped and started
again, and later closed to new connections for 30 seconds. While it is away every API
answer is 503 with Retry-After and the error shape (never a 500), and a page says the site
is busy; when it is back every process serves again without being restarted, every move
the site accepted is stored exactly once, and the next round of the Swiss opens.
"""

import contextlib
import json
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest

from tests.conftest import service_missing
from tests.support.processes import (
    PROJECT,
    bare_environment,
    child_process,
    free_port,
    manage,
    postgres_available,
    postgres_server,
    wait_until_listening,
)

pytestmark = pytest.mark.timeout(600)

PASSWORD = "a-long-and-unusual-passphrase"
PLAYERS = 8
BOARD = 12


class Site:
    """The site's HTTP API as a player's program reads it."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.answers: list[int] = []  # every status the site gave, to find any 500

    def call(
        self, method: str, path: str, body: dict | None = None, token: str | None = None
    ) -> tuple[int, object, dict]:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if token:
            headers["Authorization"] = f"Token {token}"
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data, headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                status, raw, head = answer.status, answer.read(), dict(answer.headers)
        except urllib.error.HTTPError as error:
            status, raw, head = error.code, error.read(), dict(error.headers)
        self.answers.append(status)
        try:
            content: object = json.loads(raw) if raw else None
        except ValueError:
            content = raw.decode(errors="replace")
        return status, content, head

    def ok(self, method: str, path: str, body: dict | None = None, token: str | None = None):
        status, content, _head = self.call(method, path, body, token)
        assert status in (200, 201, 202, 204), (method, path, status, content)
        return content


@contextlib.contextmanager
def procfile_stack(database_url: str, redis_url: str, folder) -> Iterator[Site]:
    """web (gunicorn), worker and beat as the Procfile starts them, on the given services."""
    port = free_port()
    env = bare_environment(
        DATABASE_URL=database_url,
        REDIS_URL=redis_url,
        DJANGO_SETTINGS_MODULE="config.settings",
        HOST="127.0.0.1",
        PORT=str(port),
        WEB_CONCURRENCY="1",
        WEB_THREADS="8",
        DATABASE_MAX_CONNECTIONS="60",
        DATABASE_POOL_PROCESSES="4",
        DATABASE_POOL_TIMEOUT="3",
        THROTTLE_REGISTER="1000/hour",
        THROTTLE_TOKEN="1000/minute",
        PROMETHEUS_MULTIPROC_DIR=str(folder),
    )
    migrated = manage(PROJECT, env, "migrate", "--noinput")
    assert migrated.returncode == 0, migrated.stderr
    celery = [sys.executable, "-m", "celery", "-A", "config"]
    web = [sys.executable, "-m", "gunicorn", "--config", "config/gunicorn.py",
           "config.wsgi:application"]  # fmt: skip
    worker = [*celery, "worker", "--loglevel=WARNING", "--concurrency=2",
              "--without-gossip", "--without-mingle", f"--hostname=restart-{port}@%h"]  # fmt: skip
    beat = [*celery, "beat", "--loglevel=WARNING", f"--schedule={folder / 'beat-schedule'}"]
    with (
        child_process(web, PROJECT, env) as web_process,
        child_process(worker, PROJECT, env) as worker_process,
        child_process(beat, PROJECT, env) as beat_process,
    ):
        wait_until_listening(web_process, port, "gunicorn", seconds=60)
        try:
            yield Site(f"http://127.0.0.1:{port}")
        finally:
            for name, process in (("web", web_process), ("worker", worker_process),
                                  ("beat", beat_process)):  # fmt: skip
                assert not process.exited(), f"{name} exited:\n{process.output()}"


class Players:
    """The Swiss's players and the moves the site accepted from them."""

    def __init__(self, site: Site) -> None:
        self.site = site
        self.tokens: dict[str, str] = {}
        self.accepted: dict[int, dict[int, list]] = {}  # game → seq → move
        self.tried: dict[int, int] = {}  # game → next point to try

    def register(self, username: str) -> str:
        body = {"username": username, "password": PASSWORD}
        self.tokens[username] = self.site.ok("POST", "/api/accounts/register/", body)["token"]
        return self.tokens[username]

    def move(self, game_id: int) -> int:
        """The player to move tries points in turn until one is accepted; the status of the
        last answer (503 while the database is away)."""
        status, game, _head = self.site.call("GET", f"/api/games/{game_id}/")
        if status != 200:
            return status
        if game["status"] != "active":
            return 200
        token = self.tokens[game["to_move"]]
        seq = game["move_count"] + 1
        while True:
            index = self.tried.setdefault(game_id, 0)
            point = [index % BOARD + 1, index // BOARD + 1]
            status, answer, head = self.site.call(
                "POST",
                f"/api/games/{game_id}/moves/?wait=10",
                {"seq": seq, "move": point},
                token,
            )
            if status == 503:
                assert head.get("Retry-After"), head
                assert answer["error"]["code"] == "busy", answer
                return status
            assert status == 200, (status, answer)
            self.tried[game_id] = index + 1
            if answer["status"] == "accepted":
                self.accepted.setdefault(game_id, {})[seq] = point
                return status


def wait_for(what: str, seconds: float, check) -> object:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(AssertionError, KeyError, TypeError):
            found = check()
            if found:
                return found
        time.sleep(0.5)
    raise AssertionError(f"{what} did not happen within {seconds:.0f} s")


def test_a_database_restart_under_play_loses_no_move_and_every_process_serves_again(
    tmp_path, private_redis
):
    if not postgres_available():
        service_missing("no PostgreSQL server programs (initdb, pg_ctl) to start one of its own")
    with (
        postgres_server() as database,
        procfile_stack(database.url, private_redis, tmp_path) as site,
    ):
        players = Players(site)
        organiser = players.register("olga")
        names = [f"player{number}" for number in range(PLAYERS)]
        for name in names:
            players.register(name)
        championship = site.ok(
            "POST",
            "/api/championships/",
            {
                "name": "Restart Swiss",
                "game": "kropki",
                "system": "swiss",
                "swiss_rounds": 3,
                "options": {"width": BOARD, "height": BOARD},
            },
            organiser,
        )["id"]
        for name in names:
            site.ok("POST", f"/api/championships/{championship}/entries/", {}, players.tokens[name])
        site.ok("POST", f"/api/championships/{championship}/start/", {}, organiser)
        games = [
            game["id"]
            for game in site.ok("GET", f"/api/championships/{championship}/games/?status=active")
        ]
        assert len(games) == PLAYERS // 2
        for _ in range(3):
            for game in games:
                assert players.move(game) == 200

        # The database stops: every answer is a 503 with Retry-After, a page says so.
        database.stop()
        assert players.move(games[0]) == 503
        status, _body, head = site.call("GET", f"/api/championships/{championship}/standings/")
        assert (status, bool(head.get("Retry-After"))) == (503, True)
        status, page, _head = site.call("GET", "/")
        assert status == 503 and "busy" in str(page)
        database.start()

        # Back: the same processes serve again, and play goes on.
        wait_for("the site to serve again", 30, lambda: players.move(games[0]) == 200)
        for _ in range(3):
            for game in games:
                wait_for("a move", 30, lambda game=game: players.move(game) == 200)

        # The round's last results come in just before the database stops again: the next
        # round opens once it is back.
        for game in games:
            status, detail, _head = site.call("GET", f"/api/games/{game}/")
            site.ok("POST", f"/api/games/{game}/resign/", {}, players.tokens[detail["to_move"]])
        database.stop()
        time.sleep(3)
        database.start()

        def second_round() -> bool:
            rounds = site.ok("GET", f"/api/championships/{championship}/rounds/")
            return len(rounds) >= 2 and len(rounds[1]["pairings"]) == PLAYERS // 2

        wait_for("the second round to open", 90, second_round)

        # Closed to new connections for 30 s: what the pools hold serves, the rest is 503.
        database.refuse_new_connections(True)
        refused_until = time.monotonic() + 30
        statuses = set()
        while time.monotonic() < refused_until:
            statuses.add(site.call("GET", f"/api/championships/{championship}/")[0])
            time.sleep(0.5)
        database.refuse_new_connections(False)
        assert statuses <= {200, 503}, statuses
        wait_for(
            "the site to serve again",
            30,
            lambda: site.call("GET", f"/api/championships/{championship}/")[0] == 200,
        )

        # Every accepted move is stored once, in its place; the site never answered 500.
        for game, accepted in players.accepted.items():
            stored = site.ok("GET", f"/api/games/{game}/moves/?after=0")
            stored = stored["moves"] if isinstance(stored, dict) else stored
            by_seq = {}
            for move in stored:
                if move["status"] == "accepted" and isinstance(move["move"], list):
                    assert move["seq"] not in by_seq, f"move {move['seq']} of game {game} twice"
                    by_seq[move["seq"]] = move["move"]
            for seq, point in accepted.items():
                assert by_seq.get(seq) == point, (game, seq, by_seq)
        assert 500 not in site.answers, "the site answered 500"
        assert 503 in site.answers
