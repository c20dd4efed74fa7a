"""Forms of the account pages: allauth's, worded and laid out for the site.

The rules of a new account live in `accounts.services` (reached through
`accounts.adapter.AccountAdapter`).
"""

from allauth.account import forms as allauth_forms
from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from infrastructure import text
from infrastructure.errors import DomainError

USERNAME_MAX_LENGTH = 30
SERVICE_FIELDS = {"password": "password1"}


def _drop_placeholders(form) -> None:
    # Every field has its label above it; a placeholder repeating it only adds noise.
    for field in form.fields.values():
        field.widget.attrs.pop("placeholder", None)


class SignupForm(allauth_forms.SignupForm):
    """allauth's sign-up form; `services.register_user` has the last word on every rule."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        username = self.fields["username"]
        username.max_length = USERNAME_MAX_LENGTH
        username.validators.append(text.single_line)
        username.widget.attrs.update(
            maxlength=str(USERNAME_MAX_LENGTH),
            autocapitalize="none",
            spellcheck="false",
            autofocus=True,
        )
        username.help_text = _("3 to 30 letters, digits, dots, dashes or underscores.")
        email = self.fields["email"]
        email.label = _("E-mail (optional)")
        email.help_text = _(
            "For getting back in when you forget your password, and, once you confirm it, "
            "the notifications you choose. Never shown to other players."
        )
        self.fields["password2"].label = _("Password again")
        self.fields["password2"].help_text = _("Type the same password once more, to be sure.")
        _drop_placeholders(self)

    def clean(self) -> dict:
        cleaned = super().clean()
        # allauth compares the two passwords only when the first passed the validators; both
        # problems are worth telling in one round.
        first, again = self.data.get("password1"), cleaned.get("password2")
        mismatch = again and first != again and "password2" not in self.errors
        if "password1" in self.errors and mismatch:
            self.add_error("password2", _("You must type the same password each time."))
        return cleaned

    def add_service_error(self, error: ValidationError | DomainError) -> None:
        """Put a refusal of `register_user` at its field (the form's own when unknown)."""
        if isinstance(error, DomainError):
            self.add_error(self._field_named(error.field), error.message)
        elif hasattr(error, "error_dict"):
            for field, errors in error.error_dict.items():
                self.add_error(self._field_named(field), errors)
        else:
            self.add_error(None, error)

    def _field_named(self, name: str | None) -> str | None:
        # The service calls the new password "password"; this form, "password1".
        name = SERVICE_FIELDS.get(name, name)
        return name if name in self.fields else None


class DeleteAccountForm(forms.Form):
    """The password that confirms deleting one's own account."""

    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        max_length=128,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )


class LoginForm(allauth_forms.LoginForm):
    """Log in with the username (any letter case) or the e-mail address."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        login = self.fields["login"]
        login.label = _("Username or e-mail")
        login.validators.append(text.single_line)
        login.widget.attrs.update(
            autocomplete="username", autocapitalize="none", spellcheck="false", autofocus=True
        )
        _drop_placeholders(self)
