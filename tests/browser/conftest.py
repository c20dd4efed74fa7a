"""Browser tests: Debian's Chromium driven by Playwright against the site served by the tests.

Playwright's own browser download is never used: the tests launch /usr/bin/chromium
(or $CHROMIUM). With REDIS_URL set (CI), moves go through Redis to a real Celery
worker on the test database and live updates through Redis; otherwise the site runs
embedded, as `make demo` does.
"""

import json
import os
import re
import shutil
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.shortcuts import resolve_url
from django.test import Client

from tests.conftest import service_missing
from tests.support import answering

# Playwright's sync API runs an event loop in the test's thread; the ORM calls the tests
# make between browser steps are still plain synchronous calls.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Debian's headless shell (package chromium-headless-shell, the build Playwright itself runs
# headless tests with) draws the same pages as the full browser for about a third of its
# processor time; the full browser serves where the shell is not installed.
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
CHROMIUM = os.environ.get("CHROMIUM") or (
    HEADLESS_SHELL if shutil.which(HEADLESS_SHELL) else "/usr/bin/chromium"
)
# The screenshots are kept for people to look at (they assert nothing) where SCREENSHOTS_DIR
# says: `.ci/run` sets it, and so may a local run that wants them
# (`SCREENSHOTS_DIR=artifacts/screenshots make test`). Unset, none is taken: a full-page
# screenshot costs the browser about twice a page's load: some 40 s of processor time for
# the suite's 250 screenshots.
SCREENSHOTS = Path(os.environ["SCREENSHOTS_DIR"]) if os.environ.get("SCREENSHOTS_DIR") else None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not shutil.which(CHROMIUM):
        service_missing(f"no Chromium at {CHROMIUM} (Debian's package `chromium-headless-shell`)")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture(scope="session", autouse=True)
def _streams_closed_before_the_test_database_goes(django_db_setup, django_db_blocker):
    """A live page's event stream holds its connection until its next heartbeat; end those."""
    yield
    from django.db import connection

    with django_db_blocker.unblock():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )


@pytest.fixture(autouse=True)
def _answered_before_emptying(transactional_db, settings):
    """On SQLite the live server's thread shares the test's in-memory database, whose tables
    a read locks: a request still being answered as the test ends (a page's poll, the last
    click's page) would make the emptying of the database fail with "database table is
    locked". Set up before the test's pages and the live server, this is torn down after
    them: the pages are closed (nothing more is asked), and what they asked is answered
    before the database is emptied.

    A stream learns that its page has gone only when it next writes: with a heartbeat
    every second, a page left behind (by a test's next page, or its end) gives its client's
    stream place back at once, not 15 s later in another test (20 places per address)."""
    settings.STREAM_HEARTBEAT_SECONDS = 1
    yield
    if not answering.wait_until_answered(timeout=10):
        pytest.fail("the live server was still answering a request 10 s after the test")


# Transactional: the live server answers the browser from another thread, on its own
# connection, which reads only what is committed.
@pytest.fixture
def site(request, live_server, transactional_db, settings) -> str:
    """The site's address, with moves decided by a real worker when CI provides one."""
    if settings.REDIS_URL:
        request.getfixturevalue("real_worker")
    else:
        request.getfixturevalue("embedded")
    return live_server.url


@pytest.fixture
def open_page(browser):
    """New pages, each in a browser context of its own (own cookies), closed after the test:
    a page left open would go on polling the site while later tests run."""
    contexts = []

    def open_one(**context_options):
        context = browser.new_context(**context_options)
        contexts.append(context)
        return context.new_page()

    yield open_one
    for context in contexts:
        context.close()


def screenshot(shown, name: str, *, full_page: bool = True) -> Path | None:
    """Save a screenshot as a test artefact in $SCREENSHOTS_DIR (not committed), when it is
    set: of the whole page, or of what the screen shows (`full_page=False`), or of one
    element when `shown` is a locator. The path, or None when no screenshot is kept."""
    if SCREENSHOTS is None:
        return None
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{re.sub(r'[^a-z0-9-]+', '-', name.lower())}.png"
    if hasattr(shown, "goto"):  # a page
        shown.screenshot(path=str(path), full_page=full_page)
    else:
        shown.screenshot(path=str(path))
    return path


def log_in(page, site: str, username: str) -> None:
    """Sign `username` in on `page`'s browser and open the page the log-in form leads to.

    The session is made on the server and handed to the browser as its cookie: the form
    itself is tested where log-in is the subject (test_account_by_email.py), and going
    through it costs the browser about 0.8 s of processor time, the cookie about 0.3 s."""
    client = Client()
    client.force_login(get_user_model().objects.get(username=username))
    name = django_settings.SESSION_COOKIE_NAME
    page.context.add_cookies([{"name": name, "value": client.cookies[name].value, "url": site}])
    page.goto(f"{site}{resolve_url(django_settings.LOGIN_REDIRECT_URL)}")


def point_on_board(page, x: int, y: int) -> tuple[float, float]:
    """Where the board's lattice point x-y is, from the board's top left corner."""
    board = page.locator("svg.board")
    # A move's event makes the page swap its live part, the board with it: a board read
    # while it is being replaced has no box yet, and is read again once it is back.
    for _attempt in range(50):
        grid = json.loads(board.get_attribute("data-grid"))
        _, _, view_width, view_height = (float(n) for n in board.get_attribute("viewBox").split())
        box = board.bounding_box()
        if box is not None:
            break
        page.wait_for_timeout(100)
    assert box is not None, "the board never came back after the page swapped it"
    scale = min(box["width"] / view_width, box["height"] / view_height)
    offset_x = (box["width"] - view_width * scale) / 2
    offset_y = (box["height"] - view_height * scale) / 2
    row = grid["height"] - y if grid["flip_y"] else y - 1
    return (
        offset_x + (grid["left"] + (x - 1) * grid["cell"]) * scale,
        offset_y + (grid["top"] + row * grid["cell"]) * scale,
    )


def click_point(page, x: int, y: int) -> None:
    """Click the board's lattice point x-y where the player sees it."""
    across, down = point_on_board(page, x, y)
    page.locator("svg.board").click(position={"x": across, "y": down})


def tap_point(page, x: int, y: int) -> None:
    """Tap the board's lattice point x-y with a finger, as on a phone."""
    board = page.locator("svg.board")
    board.scroll_into_view_if_needed()
    across, down = point_on_board(page, x, y)
    box = board.bounding_box()
    page.touchscreen.tap(box["x"] + across, box["y"] + down)


def start_practice_kropki(page, site: str) -> None:
    """From the new-game page, a practice Kropki game on an empty 10×10 board."""
    page.goto(f"{site}/games/new/")
    page.get_by_label("Board width").fill("10")
    page.get_by_label("Board height").fill("10")
    page.get_by_label("Start").select_option("empty")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
