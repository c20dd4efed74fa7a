"""The one-click unsubscribe links of e-mails: a signed (user, kind) that needs no log-in."""

from dataclasses import dataclass

from django.core import signing

from accounts.models import User
from notifications.kinds import Kind

SALT = "notifications.unsubscribe.v1"
KINDS = frozenset(kind.value for kind in Kind)


class BadLink(Exception):
    """The link was not made by this site, was changed, or names nobody now."""


@dataclass(frozen=True)
class Unsubscription:
    user: User
    kind: Kind


def token(user: User, kind: Kind) -> str:
    return signing.dumps({"user": user.pk, "kind": str(kind)}, salt=SALT)


def read(value: str) -> Unsubscription:
    """Whom and which kind the token names; BadLink for anything this site did not sign."""
    try:
        payload = signing.loads(value, salt=SALT)
    except (signing.BadSignature, ValueError, TypeError):
        raise BadLink from None
    if not isinstance(payload, dict):
        raise BadLink
    user_id, kind = payload.get("user"), payload.get("kind")
    if not isinstance(user_id, int) or not isinstance(kind, str) or kind not in KINDS:
        raise BadLink
    user = User.objects.filter(pk=user_id, is_active=True).first()
    if user is None:
        raise BadLink
    return Unsubscription(user=user, kind=Kind(kind))
