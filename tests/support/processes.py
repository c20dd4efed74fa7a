"""Run the project in child processes: a site in a copy of the tree, a Celery worker."""

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import IO

PROJECT = Path(__file__).resolve().parents[2]
_NOT_COPIED = shutil.ignore_patterns(
    ".venv", ".git", "*.sqlite3*", "staticfiles", "__pycache__", ".*_cache", ".hypothesis"
)


def bare_environment(**variables: str) -> dict[str, str]:
    """Only PATH, plus what the caller names: the site sees no other setting."""
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), **variables}


def project_copy(destination: Path) -> Path:
    """A copy of the project's source tree, so files the site writes land there."""
    target = destination / "project"
    shutil.copytree(PROJECT, target, ignore=_NOT_COPIED)
    return target


def manage(folder: Path, env: dict[str, str], *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *arguments],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get(url: str, timeout: float = 10) -> tuple[int, bytes, dict]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.read(), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read(), dict(error.headers)


def post_json(url: str, body: dict, timeout: float = 10) -> tuple[int, dict]:
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


class ChildProcess:
    """A process started by a test, its output kept in a file (a pipe could fill and block it)."""

    def __init__(self, process: subprocess.Popen, log: IO[str]) -> None:
        self.process = process
        self.log = log

    def exited(self) -> bool:
        return self.process.poll() is not None

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read()

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@contextlib.contextmanager
def child_process(command: list[str], cwd: Path, env: dict[str, str]) -> Iterator[ChildProcess]:
    with tempfile.TemporaryFile(mode="w+") as log:
        process = subprocess.Popen(
            command, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT, text=True
        )
        child = ChildProcess(process, log)
        try:
            yield child
        finally:
            child.stop()


def wait_until_listening(process: ChildProcess, port: int, name: str, seconds: float = 30) -> None:
    """Wait until the child process accepts connections on `port`; fail with its output if it
    exits first or does not listen in time."""
    deadline = time.monotonic() + seconds
    while True:
        if process.exited():
            raise AssertionError(f"{name} exited early:\n{process.output()}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        if time.monotonic() > deadline:
            waited = f"{name} did not listen within {seconds:.0f} s"
            raise AssertionError(f"{waited}:\n{process.output()}")
        time.sleep(0.05)


@contextlib.contextmanager
def running_site(folder: Path, env: dict[str, str], server: str = "runserver") -> Iterator[str]:
    """Serve the project in `folder` (runserver as `make demo` does, or uvicorn); yields its URL.

    runserver insists on reading the migrations at start, so a site whose database is
    down can only be started under uvicorn.
    """
    port = free_port()
    command = {
        "runserver": ["manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
        "uvicorn": ["-m", "uvicorn", "config.asgi:application", "--port", str(port)],
    }[server]
    with child_process([sys.executable, *command], folder, env) as site:
        wait_until_listening(site, port, "the site")
        yield f"http://127.0.0.1:{port}"


@contextlib.contextmanager
def redis_server(folder: Path) -> Iterator[str]:
    """A redis-server of the caller's own on a free port, keeping nothing on disk, for a test
    that flushes or stops Redis without touching the one the rest of the run shares; yields
    its URL."""
    port = free_port()
    command = [
        "redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
        "--appendonly", "no", "--dir", str(folder),
    ]  # fmt: skip
    with child_process(command, folder, bare_environment()) as server:
        wait_until_listening(server, port, "redis-server")
        yield f"redis://127.0.0.1:{port}/0"


def celery_worker(
    env: dict[str, str], name: str
) -> contextlib.AbstractContextManager[ChildProcess]:
    """A real Celery worker process for the project (solo pool, one task at a time), on the
    settings of the test run, so it plays the games the tests register."""
    from django.conf import settings

    # Under a settings override the holder has no module of its own: the run's module is
    # the one pytest-django put in the environment.
    module = getattr(settings, "SETTINGS_MODULE", None) or os.environ["DJANGO_SETTINGS_MODULE"]
    env = {**env, "DJANGO_SETTINGS_MODULE": module}
    command = [
        sys.executable, "-m", "celery", "-A", "config", "worker",
        "--pool=solo", "--without-gossip", "--without-mingle",
        "--loglevel=WARNING", f"--hostname={name}",
    ]  # fmt: skip
    return child_process(command, PROJECT, env)


def celery_beat(
    env: dict[str, str], folder: Path
) -> contextlib.AbstractContextManager[ChildProcess]:
    """A real Celery beat process on the settings of the test run; its schedule file lives
    in `folder`."""
    from django.conf import settings

    module = getattr(settings, "SETTINGS_MODULE", None) or os.environ["DJANGO_SETTINGS_MODULE"]
    env = {**env, "DJANGO_SETTINGS_MODULE": module}
    command = [
        sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel=WARNING",
        f"--schedule={folder / 'beat-schedule'}", f"--pidfile={folder / 'beat.pid'}",
    ]  # fmt: skip
    return child_process(command, PROJECT, env)


class PostgresServer:
    """A PostgreSQL server of the caller's own (its own data folder and port), which a test
    may stop, start or close to new connections while the rest of the run goes on."""

    def __init__(self, folder: Path, port: int) -> None:
        self.folder, self.port = folder, port
        self.data = folder / "data"

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/championships"

    def _ctl(self, *arguments: str) -> None:
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c max_connections=60"
        )
        _as_postgres(
            [_postgres_bin("pg_ctl"), "-D", str(self.data), "-o", options,
             "-l", str(self.folder / "server.log"), "-w", "-t", "60", *arguments]
        )  # fmt: skip

    def start(self) -> None:
        self._ctl("start")

    def stop(self) -> None:
        self._ctl("-m", "fast", "stop")

    def refuse_new_connections(self, refuse: bool) -> None:
        """New connections refused (or let in again); those already open go on."""
        rule = "reject" if refuse else "trust"
        (self.data / "pg_hba.conf").write_text(
            f"local all all {rule}\nhost all all 127.0.0.1/32 {rule}\nhost all all ::1/128 {rule}\n"
        )
        self._ctl("reload")

    def log(self) -> str:
        path = self.folder / "server.log"
        return path.read_text() if path.exists() else ""


def _postgres_bin(name: str) -> str:
    found = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))
    return str(found[-1]) if found else shutil.which(name) or name


def _as_postgres(command: list[str]) -> None:
    """PostgreSQL's tools refuse to run as root: as root, they run as the postgres user."""
    if os.geteuid() == 0:
        command = ["runuser", "-u", "postgres", "--", *command]
    subprocess.run(command, check=True, capture_output=True, text=True, timeout=120)


def postgres_available() -> bool:
    return Path(_postgres_bin("initdb")).exists() and Path(_postgres_bin("pg_ctl")).exists()


@contextlib.contextmanager
def postgres_server() -> Iterator[PostgresServer]:
    """A new PostgreSQL cluster on a free port with an empty database `championships`."""
    folder = Path(tempfile.mkdtemp(prefix="championships-postgres-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    server = PostgresServer(folder, free_port())
    try:
        _as_postgres(
            [_postgres_bin("initdb"), "-D", str(server.data), "-U", "postgres",
             "--auth=trust", "-E", "UTF8", "--no-sync"]
        )  # fmt: skip
        server.start()
        _as_postgres(
            [_postgres_bin("createdb"), "-h", "127.0.0.1", "-p", str(server.port),
             "-U", "postgres", "championships"]
        )  # fmt: skip
        yield server
    finally:
        with contextlib.suppress(subprocess.CalledProcessError, subprocess.TimeoutExpired):
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)
