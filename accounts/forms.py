"""Forms of the account pages; the rules of a new account live in `accounts.services`."""

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.admin.forms import AdminPasswordChangeForm as DjangoAdminPasswordChangeForm
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.password_validation import (
    password_validators_help_text_html,
    validate_password,
)
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from accounts import guests, services
from accounts.models import User
from config import throttling
from config.errors import DomainError


class SignupForm(forms.Form):
    """The sign-up form; `services.register_user` has the last word on every rule."""

    username = forms.CharField(
        label=_("Username"),
        max_length=30,
        help_text=_("3 to 30 letters, digits, dots, dashes or underscores."),
        widget=forms.TextInput(
            attrs={
                "autocomplete": "username",
                "autocapitalize": "none",
                "spellcheck": "false",
                "autofocus": True,
            }
        ),
    )
    password = forms.CharField(
        label=_("Password"),
        strip=False,
        max_length=128,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    password_again = forms.CharField(
        label=_("Password again"),
        strip=False,
        max_length=128,
        help_text=_("Type the same password once more, to be sure of it."),
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    email = forms.EmailField(
        label=_("E-mail (optional)"),
        required=False,
        help_text=_("Lets the site's staff reach you; never shown to other players."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # Django's own list of what the configured password validators ask for, translated.
        self.fields["password"].help_text = password_validators_help_text_html()

    def clean_username(self) -> str:
        # `register_user` checks again; asking here shows every problem in one round.
        username = self.cleaned_data["username"]
        if problems := services.username_errors(username) or guests.guest_name_errors(username):
            raise ValidationError(problems)
        return username

    def clean(self) -> dict:
        cleaned = super().clean()
        password, again = cleaned.get("password"), cleaned.get("password_again")
        if password and again and password != again:
            self.add_error("password_again", _("The two passwords are not the same."))
        if password and "password" not in self.errors:
            candidate = User(username=self.data.get("username", ""), email=cleaned.get("email", ""))
            try:
                validate_password(password, user=candidate)
            except ValidationError as error:
                self.add_error("password", error)
        return cleaned

    def add_service_error(self, error: ValidationError | DomainError) -> None:
        """Put the errors of `register_user` at their fields (the form's own when unknown)."""
        if isinstance(error, DomainError):
            self.add_error(error.field if error.field in self.fields else None, error.message)
            return
        if not hasattr(error, "error_dict"):
            self.add_error(None, error)
            return
        for field, errors in error.error_dict.items():
            self.add_error(field if field in self.fields else None, errors)


def _too_many_attempts(wait: float) -> ValidationError:
    return ValidationError(
        _("Too many log-in attempts.") + " " + throttling.try_again_in(wait), code="throttled"
    )


class _CountsPasswordAttempts:
    """A log-in form whose every attempt counts against the shared budgets.

    Over budget, the password is not looked at: the form says when to try again, and
    `retry_after` holds the seconds for the view's 429.
    """

    retry_after: float | None = None

    def clean(self) -> dict:
        # The name exactly as `authenticate` will get it (the username field's cleaning).
        username = self.cleaned_data.get("username")
        self.retry_after = throttling.password_attempt_wait(self.request, username)
        if self.retry_after is not None:
            raise _too_many_attempts(self.retry_after)
        return super().clean()


class LoginForm(_CountsPasswordAttempts, AuthenticationForm):
    error_messages = {
        **AuthenticationForm.error_messages,
        # Usernames ignore letter case here, so Django's hint that they may not is wrong.
        "invalid_login": _("Wrong username or password."),
    }


class AdminLoginForm(_CountsPasswordAttempts, AdminAuthenticationForm):
    """The admin's log-in, on the same budgets as the site's."""


class AdminPasswordChangeForm(DjangoAdminPasswordChangeForm):
    """The admin's password change: the old password typed is a password attempt too."""

    retry_after: float | None = None

    def __init__(self, user: User, *args, request=None, **kwargs) -> None:
        self.request = request
        super().__init__(user, *args, **kwargs)

    def clean_old_password(self) -> str:
        self.retry_after = throttling.password_attempt_wait(self.request, self.user.get_username())
        if self.retry_after is not None:
            raise _too_many_attempts(self.retry_after)
        return super().clean_old_password()
