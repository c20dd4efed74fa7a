"""Two-factor authentication (allauth's TOTP): optional for players, required for staff."""

from allauth.mfa.adapter import DefaultMFAAdapter
from allauth.mfa.models import Authenticator
from allauth.mfa.utils import is_mfa_enabled

from accounts.models import User


def has_totp(user: User) -> bool:
    """Whether the account asks for an authenticator app's code at log-in."""
    return is_mfa_enabled(user, [Authenticator.Type.TOTP])


def needs_totp_set_up(user: User) -> bool:
    """Staff must set up an authenticator app before they may use the admin."""
    return user.is_authenticated and user.is_staff and not has_totp(user)


class MFAAdapter(DefaultMFAAdapter):
    def get_totp_label(self, user: User) -> str:
        # The authenticator app shows it; the e-mail address stays private.
        return user.get_username()

    def can_delete_authenticator(self, authenticator: Authenticator) -> bool:
        # Staff keep their second factor: the admin asks for it.
        return not (authenticator.type == Authenticator.Type.TOTP and authenticator.user.is_staff)
