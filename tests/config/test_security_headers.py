"""Every page sends a Content-Security-Policy its own markup keeps to, and the favicon exists."""

import re

import pytest
from django.test import Client

from games import services as game_services
from tournaments import services as championship_services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded")]

INLINE_SCRIPT = re.compile(
    r"<script\b(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>", re.I
)
INLINE_HANDLER = re.compile(r"<[^>]+\son[a-z]+\s*=", re.I)
INLINE_STYLE = re.compile(r"<style\b|<[^>]+\sstyle\s*=", re.I)


def policy(response) -> dict[str, list[str]]:
    header = response.get("Content-Security-Policy")
    assert header, f"no Content-Security-Policy on {response.request['PATH_INFO']}"
    directives = {}
    for part in header.split(";"):
        name, *sources = part.split()
        directives[name] = sources
    return directives


@pytest.fixture
def pages(make_user) -> tuple[Client, list[str]]:
    """A logged-in player's client and the site's pages: each kind, with real rows."""
    alice = make_user("alice", staff=True)
    bob = make_user("bob")
    game = game_services.create_game(
        creator=alice, game="kropki", options={"width": 10, "height": 10}, format=None,
        opponent="bob",
    )  # fmt: skip
    game_services.accept_invitation(game.pk, bob)
    tiles = game_services.create_game(
        creator=alice, game="quadrotone", options={}, format=None, opponent="cpu"
    )
    pyramids = game_services.create_game(
        creator=alice, game="quadramids", options={}, format=None, opponent="cpu"
    )
    boxes = game_services.create_game(
        creator=alice, game="dots_and_boxes", options={}, format=None, opponent="cpu"
    )
    championship = championship_services.create_championship(
        organiser=alice, name="Cup", game="kropki"
    )
    client = Client()
    client.force_login(alice)
    urls = [
        "/", "/championships/", "/championships/new/", f"/championships/{championship.pk}/",
        f"/championships/{championship.pk}/organise/", "/games/new/",
        f"/games/{game.pk}/", f"/games/{tiles.pk}/", f"/games/{pyramids.pk}/",
        f"/games/{boxes.pk}/", "/rules/", "/rules/kropki/", "/leaderboards/",
        "/leaderboards/kropki/", "/players/bob/", "/account/", "/api/docs/",
        "/no-such-page/",
    ]  # fmt: skip
    return client, urls


def test_every_page_sends_a_content_security_policy(pages):
    client, urls = pages
    anonymous = Client()
    for url in [*urls, "/login/", "/signup/", "/admin/login/", "/api/games/", "/favicon.ico"]:
        response = (anonymous if url in ("/login/", "/signup/") else client).get(url)
        assert response.status_code in (200, 302, 404), (url, response.status_code)
        directives = policy(response)
        assert directives["script-src"] == ["'self'"], url
        assert directives["style-src"] == ["'self'"], url
        assert directives["object-src"] == ["'none'"], url
        assert directives["frame-ancestors"] == ["'none'"], url
        assert directives["default-src"] == ["'self'"], url
        assert "unsafe" not in response["Content-Security-Policy"], url


def test_no_page_needs_an_inline_script_handler_or_style(pages):
    """The policy allows none, so a page with one would lose it in the browser."""
    client, urls = pages
    for url in urls:
        html = client.get(url).content.decode()
        assert not INLINE_SCRIPT.findall(html), (url, INLINE_SCRIPT.findall(html))
        assert not INLINE_HANDLER.findall(html), (url, INLINE_HANDLER.findall(html))
        assert not INLINE_STYLE.findall(html), (url, INLINE_STYLE.findall(html))


def test_the_api_docs_load_their_start_up_script_from_the_site(client):
    html = client.get("/api/docs/").content.decode()
    scripts = re.findall(r'<script src="([^"]+)"', html)
    assert "/api/docs/?script=" in scripts
    start_up = client.get("/api/docs/?script=")
    assert start_up.status_code == 200
    assert start_up["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle" in start_up.content.decode()
    for stylesheet in re.findall(r'<link rel="stylesheet" href="([^"]+)"', html):
        assert client.get(stylesheet).status_code == 200, stylesheet


def test_every_page_links_the_favicon_and_favicon_ico_answers_it(client):
    html = client.get("/").content.decode()
    icon = re.search(r'<link rel="icon" href="([^"]+)" type="image/svg\+xml">', html)
    assert icon and icon.group(1).endswith("favicon.svg")
    linked = client.get(icon.group(1))
    assert linked.status_code == 200
    answered = client.get("/favicon.ico")
    assert answered.status_code == 200
    assert answered["Content-Type"] == "image/svg+xml"
    assert answered.content == b"".join(linked.streaming_content)
    assert answered.content.startswith(b"<svg")
