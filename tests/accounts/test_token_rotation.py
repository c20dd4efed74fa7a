"""The API token replaced or revoked through the API: the old key is refused at once, in
every process, even when its user was being remembered in the shared cache."""

import pytest
from django.core.cache import cache
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts import token_auth, tokens
from tests.conftest import client_with_token

pytestmark = pytest.mark.django_db

ME = "/api/accounts/me/"
ROTATE = "/api/accounts/token/rotate/"
TOKEN = "/api/accounts/token/"


def key_of(client: APIClient) -> str:
    return client._credentials["HTTP_AUTHORIZATION"].split()[1]


def with_key(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def test_rotation_gives_a_new_token_and_the_old_one_stops_at_once(player):
    old = client_with_token(player)
    assert old.get(ME).status_code == 200  # its user is now remembered in the cache
    response = old.post(ROTATE)
    assert response.status_code == 200
    new_key = response.json()["token"]
    assert new_key != key_of(old)
    assert Token.objects.get(user=player).key == new_key
    assert old.get(ME).status_code == 401
    assert with_key(new_key).get(ME).json()["username"] == "player"


def test_rotation_needs_authentication(api):
    assert api.post(ROTATE).status_code == 401
    assert not Token.objects.exists()


def test_rotation_from_a_logged_in_browser_needs_its_csrf_token(player):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(player)
    assert browser.post(ROTATE).status_code == 403
    assert not Token.objects.exists()


def test_rotation_makes_a_first_token_for_an_account_without_one(player):
    api = APIClient()
    api.force_authenticate(player)
    response = api.post(ROTATE)
    assert response.status_code == 200
    assert Token.objects.get(user=player).key == response.json()["token"]


def test_revocation_refuses_the_token_at_once_though_it_was_remembered(player):
    client = client_with_token(player)
    assert client.get(ME).status_code == 200
    assert client.delete(TOKEN).status_code == 204
    assert not Token.objects.filter(user=player).exists()
    assert client.get(ME).status_code == 401


def test_a_token_remembered_again_while_its_rotation_commits_is_still_forgotten(
    player, django_capture_on_commit_callbacks
):
    client = client_with_token(player)
    old = key_of(client)
    with django_capture_on_commit_callbacks(execute=True):
        tokens.rotate_api_token(player)
        # A request that read the old row before the rotation committed remembers it again.
        cache.set(token_auth._cache_key(old), player, token_auth.TOKEN_CACHE_SECONDS)
    assert client.get(ME).status_code == 401


def test_the_account_page_replaces_the_token_the_same_way(client, player):
    api = client_with_token(player)
    assert api.get(ME).status_code == 200
    client.force_login(player)
    client.post("/account/token/", {"action": "rotate"})
    assert api.get(ME).status_code == 401
