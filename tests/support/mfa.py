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

from accounts.models import User

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
