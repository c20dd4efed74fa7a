"""Two-factor authentication in tests: an authenticator app's secret and the codes it shows.

The codes are computed here from the secret (RFC 6238: HMAC-SHA1 of the 30-second step,
six digits), as a phone's app would, not by the code under test.
"""

import base64
import hashlib
import hmac
import struct
import time

from allauth.mfa.totp.internal.auth import TOTP
from django.contrib.auth import SESSION_KEY
from django.test import Client
from rest_framework.test import APIClient

from accounts.mfa import has_totp
from accounts.models import User
from accounts.token_auth import CachedTokenAuthentication

SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"


def totp_code(secret: str, at: float | None = None) -> str:
    """The six digits an authenticator app shows for `secret` at the time `at` (now)."""
    step = int((time.time() if at is None else at) // 30)
    digest = hmac.new(base64.b32decode(secret), struct.pack(">Q", step), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    value = struct.unpack(">I", digest[offset : offset + 4])[0] & 0x7FFFFFFF
    return f"{value % 1_000_000:06d}"


def give_totp(user: User, secret: str = SECRET) -> str:
    """Set up an authenticator app on the account, as its owner would; the secret."""
    TOTP.activate(user, secret)
    return secret


# The steps whose code each account has been handed, since the test began: the site takes
# each code only once per account (and forgets that with the cache, cleared between tests).
_handed: dict[tuple[int, str], set[int]] = {}


def forget_handed_codes() -> None:
    _handed.clear()


def fresh_code(secret: str, user: User) -> str:
    """A code the app shows now, or the next step's, that `user` has not used yet.

    The site takes the step before, the current one and the one after. A code of the step
    before is left out: a slow request could reach the site two steps after it was read.
    With both codes of this moment used, the next moment's is awaited.
    """
    handed = _handed.setdefault((user.pk, secret), set())
    while True:
        now = int(time.time() // 30)
        for step in (now, now + 1):
            if step not in handed:
                handed.add(step)
                return totp_code(secret, at=step * 30)
        time.sleep(30 - time.time() % 30 + 0.05)


def staff_token(user: User, secret: str = SECRET) -> str:
    """A staff account's API token, got as staff get it: the password and the app's code."""
    from tests.conftest import TEST_PASSWORD

    if not has_totp(user):
        give_totp(user, secret)
    response = APIClient().post(
        "/api/accounts/token/",
        {"username": user.username, "password": TEST_PASSWORD, "code": fresh_code(secret, user)},
        format="json",
    )
    assert response.status_code == 200, response.content
    return response.json()["token"]


def log_in_with_second_factor(client: Client, user: User, secret: str = SECRET) -> Client:
    """Log `client` in on the log-in page with the password, then the app's code."""
    from tests.conftest import TEST_PASSWORD

    if not has_totp(user):
        give_totp(user, secret)
    client.post("/login/", {"login": user.username, "password": TEST_PASSWORD})
    response = client.post("/accounts/2fa/authenticate/", {"code": fresh_code(secret, user)})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert client.session.get(SESSION_KEY) == str(user.pk)
    return client


def staff_as_their_token_brings_them(user: User) -> User:
    """The staff account as a request with its second-factor token sees it."""
    return CachedTokenAuthentication().authenticate_credentials(staff_token(user))[0]
