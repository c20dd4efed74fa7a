"""Run the project in child processes: a site in a copy of the tree, a Celery worker."""

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

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
    process = subprocess.Popen(
        [sys.executable, *command],
        cwd=folder,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                raise AssertionError(f"the site exited early:\n{process.stdout.read()}")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
                break
            if time.monotonic() > deadline:
                raise AssertionError("the site did not start listening within 30 s")
            time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stdout:
            process.stdout.close()


@contextlib.contextmanager
def celery_worker(env: dict[str, str], name: str) -> Iterator[subprocess.Popen]:
    """A real Celery worker process for the project (solo pool, one task at a time)."""
    worker = subprocess.Popen(
        [
            sys.executable, "-m", "celery", "-A", "config", "worker",
            "--pool=solo", "--without-gossip", "--without-mingle",
            "--loglevel=WARNING", f"--hostname={name}",
        ],
        cwd=PROJECT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )  # fmt: skip
    try:
        yield worker
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=15)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()
        if worker.stdout:
            worker.stdout.close()
