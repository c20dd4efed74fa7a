"""Log-in by username or e-mail address, the username read as the site reads names."""

from allauth.account.auth_backends import AuthenticationBackend as AllauthBackend

from accounts.models import User


class AuthenticationBackend(AllauthBackend):
    """allauth's backend (username or e-mail), finding "Alice" however her name is typed.

    allauth compares usernames with `iexact`; the site's names are the same name when their
    canonical forms are (`accounts.usernames`: width, letter case and outer spaces aside).
    """

    def _authenticate_by_username(self, username: str, password: str) -> User | None:
        if not username:
            return None
        return self._check_password(User.objects.named(username).first(), password)
