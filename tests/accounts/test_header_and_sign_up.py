"""A newcomer comes to play: after sign-up the new-game page; the header's name is the
player's public profile, the account page one link beside it."""

import re

import pytest
from django.test import Client

from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db


def user_nav(html: str) -> str:
    return re.search(r'<nav class="user-nav".*?</nav>', html, re.S).group(0)


def test_after_sign_up_the_player_lands_on_the_new_game_page_and_is_welcomed():
    client = Client()
    data = {"username": "anna", "password1": TEST_PASSWORD, "password2": TEST_PASSWORD}
    landed = client.post("/signup/", data, follow=True)
    assert landed.redirect_chain == [("/games/new/", 302)]
    html = landed.content.decode()
    assert "Welcome, anna! Your account is ready." in html
    assert 'value="cpu-normal"' in html  # the new-game form, ready to play


def test_the_headers_name_links_to_the_public_profile_and_the_account_has_its_own_link(
    client, make_user
):
    client.force_login(make_user("Anna"))
    nav = user_nav(client.get("/").content.decode())
    assert '<a href="/players/Anna/">Anna</a>' in nav
    assert '<a href="/account/">Account</a>' in nav
