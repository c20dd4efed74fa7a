"""API tokens: the token's user is looked up once, and a revoked token or a closed account
stops working at once in every process (the cache is shared)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.services import api_token, revoke_api_token
from tests.conftest import client_with_token

pytestmark = pytest.mark.django_db
ME = "/api/accounts/me/"


def token_lookups(client) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(ME).status_code == 200
    return sum('"authtoken_token"' in query["sql"] for query in queries)


def test_a_token_is_looked_up_in_the_database_once_and_then_remembered(player):
    client = client_with_token(player)
    assert token_lookups(client) == 1
    assert token_lookups(client) == 0


def test_a_revoked_token_is_refused_at_once(player):
    client = client_with_token(player)
    assert client.get(ME).status_code == 200
    revoke_api_token(player)
    answer = client.get(ME)
    assert answer.status_code == 401
    assert answer.json()["error"]["code"] == "authentication_failed"


def test_a_deactivated_account_is_refused_at_once(player):
    client = client_with_token(player)
    assert client.get(ME).status_code == 200
    player.is_active = False
    player.save()
    assert client.get(ME).status_code == 401


def test_a_changed_account_is_read_afresh(player):
    client = client_with_token(player)
    assert client.get(ME).json()["username"] == player.username
    player.email = "new-address@example.org"
    player.save()
    assert client.get(ME).json()["email"] == "new-address@example.org"


def test_a_new_token_after_a_revoked_one_works(player):
    old = client_with_token(player)
    assert old.get(ME).status_code == 200
    revoke_api_token(player)
    fresh = client_with_token(player)
    assert api_token(player).key != old._credentials["HTTP_AUTHORIZATION"].split()[1]
    assert fresh.get(ME).status_code == 200
    assert old.get(ME).status_code == 401
