"""Every page in Chromium, on a desktop and on a phone: it loads, it has one h1, every form
control has a label, nothing runs off the side of a phone (only a board's frame, a table's or
the bracket's box scrolls sideways), the page ends with its footer, no script error; a
screenshot of each is kept in $SCREENSHOTS_DIR when it is set (`.ci/run` sets it)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import User
from games import services as games
from games.models import Game
from notifications import unsubscribe
from notifications.kinds import Kind
from ratings.models import Rating, RatingChange
from tests.browser.conftest import log_in, screenshot
from tournaments import selectors as championship_selectors
from tournaments import services as championships
from tournaments.demo import create_demo_championship

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

# Elements that reach past the sides of the screen, leaving out what sits inside a box that
# scrolls or clips sideways (a board's frame, a table's or the bracket's scroll box).
OFF_THE_SCREEN = """() => {
  const width = document.documentElement.clientWidth;
  const inBox = el => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== 'visible') return true;
    }
    return false;
  };
  return [...document.body.querySelectorAll('*')].filter(el => {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || (box.left >= -1 && box.right <= width + 1)) return false;
    return !el.closest('.visually-hidden, .skip') && !inBox(el);
  }).map(el => el.outerHTML.slice(0, 100));
}"""

# How far the page scrolls past the bottom of its footer: text hidden for screen readers
# inside a scrolling box once stretched a long game's page by a thousand pixels.
BELOW_THE_FOOTER = """() => document.documentElement.scrollHeight
  - (document.querySelector('.site-footer').getBoundingClientRect().bottom + window.scrollY)"""

UNLABELLED_CONTROLS = """() => [...document.querySelectorAll('input, select, textarea, button')]
  .filter(el => el.type !== 'hidden' && el.offsetParent !== null)
  .filter(el => {
    const named = (el.labels && el.labels.length) || el.getAttribute('aria-label')
      || el.getAttribute('aria-labelledby') || (el.tagName === 'BUTTON' && el.textContent.trim());
    return !named;
  })
  .map(el => el.outerHTML.slice(0, 120))"""


# Transactional: the live server answers from another thread, on its own connection.
@pytest.fixture
def world(live_server, transactional_db, embedded, make_user):
    """A demo championship under way, a practice game, a rated player with a history.

    Built in-process: these tests look at pages, the move pipeline has tests of its own.
    """
    organiser = make_user("organiser")
    players = [make_user(name) for name in ("anna", "boris", "cecile", "dmitri")]
    championship = create_demo_championship(organiser, players, rounds_played=2)
    practice = games.create_game(
        creator=players[0], game="kropki", options={"width": 12, "height": 12},
        format=None, opponent="cpu", time_control={"initial_s": 600, "increment_s": 5},
    )  # fmt: skip
    games.submit_move(game_id=practice.pk, user=players[0], seq=1, payload=[3, 3])
    sources = list(Game.objects.filter(status=Game.Status.FINISHED)[:3])
    # The demo's games are rated: Anna's rating is set to a history of its own.
    rating, _made = Rating.objects.update_or_create(
        player=players[0],
        game="kropki",
        defaults={"rating": 1580, "rd": 80, "volatility": 0.06, "games": 3},
    )
    rating.changes.all().delete()
    start = timezone.now() - timedelta(days=30)
    changes = zip(sources, [(1500, 1540), (1540, 1525), (1525, 1580)], strict=True)
    for day, (source, (before, after)) in enumerate(changes):
        RatingChange.objects.create(
            rating=rating, source=source, at=start + timedelta(days=10 * day),
            rating_before=before, rd_before=200 - 40 * day, volatility_before=0.06,
            rating_after=after, rd_after=160 - 40 * day, volatility_after=0.06,
        )  # fmt: skip
    # Four more players and a championship of eight played to its end: the bracket of a
    # playoff and the champion. Its games end by resignation, which is quick.
    more = [make_user(name) for name in ("elena", "fyodor", "galina", "hugo")]
    finished = create_demo_championship(make_user("host"), players + more, rounds_played=0)
    for _round in range(12):
        playing = championship_selectors.championship_games(finished, Game.Status.ACTIVE)
        for game in list(playing.prefetch_related("seats")):
            loser = max(game.seats.all(), key=lambda seat: seat.order).user
            games.resign(game.pk, loser)
    finished.refresh_from_db()
    # Games of the other kinds, Anna's move; Kropki on the largest board, one move in.
    tiles = games.create_game(
        creator=players[0], game="quadrotone", options={}, format=None, opponent="boris"
    )
    tiles = games.accept_invitation(tiles.pk, players[1])
    pyramids = games.create_game(
        creator=players[0], game="quadramids", options={}, format=None, opponent="cpu"
    )
    large = games.create_game(
        creator=players[0], game="kropki", options={"width": 39, "height": 32},
        format=None, opponent="boris", time_control={"move_s": 30},
    )  # fmt: skip
    large = games.accept_invitation(large.pk, players[1])
    # A championship still taking entries, with an invitation waiting for Anna's answer.
    open_one = championships.create_championship(
        organiser=organiser, name="Spring Cup", game="kropki", description="Two lines:\nhello."
    )
    for player in players[1:]:
        championships.enter(open_one.pk, by=player)
    championships.invite(open_one.pk, by=organiser, username="anna")
    return {
        "championship": championship,
        "open": open_one,
        "practice": practice,
        "finished": finished,
        "quadrotone": tiles,
        "quadramids": pyramids,
        "large": large,
        "site": live_server.url,
    }


def unsubscribe_path() -> str:
    """The link an e-mail to anna carries to stop e-mails of one kind."""
    token = unsubscribe.token(User.objects.get(username="anna"), Kind.YOUR_MOVE)
    return f"/notifications/unsubscribe/{token}/"


def page_paths(world) -> dict[str, tuple[str, str | None]]:
    """name → (path, who is logged in)."""
    championship = world["championship"].pk
    championship_game = Game.objects.filter(match__stage__championship_id=championship).first()
    return {
        "home-visitor": ("/", None),
        "home-player": ("/", "anna"),
        "sign-up": ("/signup/", None),
        "log-in": ("/login/", None),
        "account": ("/account/", "anna"),
        "account-delete": ("/account/delete/", "anna"),
        "championships": ("/championships/", None),
        "championship": (f"/championships/{championship}/", "anna"),
        "championship-new": ("/championships/new/", "anna"),
        "championship-organise": (f"/championships/{championship}/organise/", "organiser"),
        "championship-invited": (f"/championships/{world['open'].pk}/", "anna"),
        "championship-organise-open": (f"/championships/{world['open'].pk}/organise/", "organiser"),
        "championship-edit": (f"/championships/{world['open'].pk}/edit/", "organiser"),
        "championship-start": (f"/championships/{world['open'].pk}/start/", "organiser"),
        "championship-join": (world["open"].join_path(), "anna"),
        "game-watched": (f"/games/{championship_game.pk}/", None),
        "game-played": (f"/games/{world['practice'].pk}/", "anna"),
        "game-kropki-39x32": (f"/games/{world['large'].pk}/", "anna"),
        "game-quadrotone": (f"/games/{world['quadrotone'].pk}/", "anna"),
        "game-quadramids": (f"/games/{world['quadramids'].pk}/", "anna"),
        "championship-finished": (f"/championships/{world['finished'].pk}/", None),
        "game-new": ("/games/new/", "anna"),
        "player": ("/players/anna/", None),
        "leaderboards": ("/leaderboards/", None),
        "rules": ("/rules/", None),
        "rules-kropki": ("/rules/kropki/", None),
        "rules-dots-and-boxes": ("/rules/dots_and_boxes/", None),
        "rules-quadrotone": ("/rules/quadrotone/", None),
        "rules-quadramids": ("/rules/quadramids/", None),
        "notifications": ("/notifications/", "anna"),
        "unsubscribe": (unsubscribe_path(), None),
        "not-found": ("/no-such-page/", None),
        "post-only-address": ("/account/token/", "anna"),
    }


def test_every_page_loads_with_labels_and_fits_the_screen(world, open_page):
    # One world for both screen sizes: building it costs more than reading the pages.
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        read_every_page(world, open_page, size, viewport)


def read_every_page(world, open_page, size: str, viewport: dict[str, int]) -> None:
    site = world["site"]
    pages: dict[str | None, object] = {}
    errors: list[str] = []
    for page_name, (path, user) in page_paths(world).items():
        if user not in pages:
            pages[user] = open_page(viewport=viewport)
            pages[user].on("pageerror", lambda error: errors.append(str(error)))
            if user:
                log_in(pages[user], site, user)
        page = pages[user]
        errors.clear()
        response = page.goto(f"{site}{path}")
        name = f"{page_name} ({size})"
        expected = {"not-found": 404, "post-only-address": 405}.get(page_name, 200)
        assert response.status == expected, f"{name}: {path} answered {response.status}"
        assert page.locator("h1").count() == 1, f"{name}: one h1 expected"
        assert page.evaluate(UNLABELLED_CONTROLS) == [], f"{name}: controls without a label"
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, f"{name}: {overflow}px wider than the screen"
        assert page.evaluate(OFF_THE_SCREEN) == [], f"{name}: elements past the screen's side"
        below = page.evaluate(BELOW_THE_FOOTER)
        assert below <= 1, f"{name}: {below}px of blank page below the footer"
        page.wait_for_timeout(100)
        assert errors == [], f"{name}: script errors {errors}"
        screenshot(page, f"{page_name}-{size}")
    for page in pages.values():
        page.context.close()
