"""How the account pages (django-allauth) follow the site's own rules.

New accounts are made by `accounts.services.register_user`, the same as the API's, so a
name is judged by the site's rules (`accounts.usernames`); the budget of failed log-ins is
kept for the name as the log-in reads it; e-mails link to SITE_URL, speak the reader's
language and go only to an address the player has verified.
"""

from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlsplit

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from accounts import emails, guests, services
from accounts.models import User
from accounts.usernames import canonical_username, stored_username
from infrastructure import links, text, throttling
from infrastructure.api_errors import is_api_request

LOGGED_IN_MESSAGE = "account/messages/logged_in.txt"


@dataclass(frozen=True)
class _SiteForMail:
    """What allauth's e-mail templates call `current_site`: the site's name and address."""

    name: str
    domain: str


def site_name() -> str:
    return gettext("Dots Championships")


class AccountAdapter(DefaultAccountAdapter):
    # --- new accounts ----------------------------------------------------------------------

    def clean_username(self, username: str, shallow: bool = False) -> str:
        name = stored_username(username)
        if problems := services.username_errors(name):
            raise ValidationError(problems)
        return name

    def save_user(self, request: HttpRequest, user: User, form, commit: bool = True) -> User:
        """The account as the API makes it (its token too); `form` has checked every field.
        A guest's sign-up turns the guest into the account, so their games stay theirs."""
        data = form.cleaned_data
        details = {
            "username": data["username"],
            "password": data["password1"],
            "email": data.get("email") or "",
        }
        guest = getattr(request, "guest", None)
        if guest is not None:
            return guests.claim_guest(guest, **details)
        return services.register_user(**details)

    def post_login(self, request: HttpRequest, user: User, **kwargs: Any) -> HttpResponse:
        # A newcomer is welcomed rather than told they are logged in.
        self._welcoming = kwargs.get("signup", False)
        try:
            return super().post_login(request, user, **kwargs)
        finally:
            self._welcoming = False

    def add_message(
        self,
        request: HttpRequest,
        level: int,
        message_template: str | None = None,
        message_context: dict | None = None,
        extra_tags: str = "",
        message: str | None = None,
    ) -> None:
        if is_api_request(request):
            return  # an API client reads its answer; a message would wait for a page
        if getattr(self, "_welcoming", False) and message_template == LOGGED_IN_MESSAGE:
            user = (message_context or {}).get("user")
            message = gettext("Welcome, %(username)s! Your account is ready.") % {
                "username": user.username if user else ""
            }
            message_template = None
        super().add_message(request, level, message_template, message_context, extra_tags, message)

    # --- budgets ---------------------------------------------------------------------------

    def get_client_ip(self, request: HttpRequest) -> str:
        # The same reading of X-Forwarded-For (NUM_PROXIES) as the API's throttles.
        return throttling.client_address(request)

    def _get_login_attempts_cache_key(self, request: HttpRequest, **credentials: Any) -> str:
        """Failed log-ins are counted per address typed, or per name in its canonical form,
        so that "Alice", "alice " and "ａｌｉｃｅ" share one budget."""
        login = str(credentials.get("email") or credentials.get("username") or "")
        if "@" in login:  # an address, whichever field brought it (no name has an "@")
            return "email:" + login.strip().lower()
        return "username:" + canonical_username(login)

    # --- e-mails ---------------------------------------------------------------------------

    def get_email_confirmation_url(self, request: HttpRequest | None, emailconfirmation) -> str:
        return links.absolute(reverse("account_confirm_email", args=[emailconfirmation.key]))

    def get_reset_password_from_key_url(self, key: str) -> str:
        path = reverse("account_reset_password_from_key", kwargs={"uidb36": "UID", "key": "KEY"})
        return links.absolute(path.replace("UID-KEY", quote(key)))

    def format_email_subject(self, subject: str) -> str:
        # Every account e-mail's subject comes through here: one line, whatever it names.
        return text.email_subject(f"[{site_name()}] {subject}")

    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        """In the language of the account it is about, naming the site as SITE_URL does."""
        user = context.get("user")
        # The account's reader first; with no account (or none that has read the site), the
        # language of the request that asked for the e-mail.
        language = (
            (getattr(user, "language", "") or getattr(user, "browser_language", ""))
            or translation.get_language()
            or settings.LANGUAGE_CODE
        )
        with translation.override(language):
            site = _SiteForMail(name=site_name(), domain=urlsplit(settings.SITE_URL).netloc)
            super().send_mail(template_prefix, email, {"current_site": site, **context})

    def send_notification_mail(
        self,
        template_prefix: str,
        user: User,
        context: dict | None = None,
        email: str | None = None,
    ) -> None:
        """A change to the account (password, address, two-factor) told to its verified
        address; an address nobody has verified hears nothing."""
        email = email or emails.verified_address(user)
        if email:
            super().send_notification_mail(
                template_prefix, user, {"user": user, **(context or {})}, email=email
            )
