"""Users and their plans."""

from django.conf import settings
from django.contrib.auth.models import AbstractUser, UserManager
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from accounts.shown_names import DELETED_PLAYER, is_placeholder
from accounts.usernames import USERNAME_TAKEN, canonical_username, stored_username
from infrastructure import time_zones

# Case folding makes a name at most three times longer (ß, for one, becomes ss).
USERNAME_KEY_LENGTH = 3 * 150


class Plan(models.TextChoices):
    FREE = "free", _("Free")
    PAID = "paid", _("Paid")


class UserQuerySet(models.QuerySet):
    def named(self, username: str) -> "UserQuerySet":
        """The user whose name reads as `username`: any letter case, width or outer spaces."""
        return self.filter(username_key=canonical_username(username))


class CaseInsensitiveUserManager(UserManager.from_queryset(UserQuerySet)):
    """Log-in finds "Alice" whether she types Alice, alice or ａｌｉｃｅ."""

    def get_by_natural_key(self, username: str) -> "User":
        return self.named(username).get()


class User(AbstractUser):
    plan = models.CharField(_("plan"), max_length=8, choices=Plan.choices, default=Plan.FREE)
    plan_until = models.DateTimeField(
        _("paid until"),
        null=True,
        blank=True,
        help_text=_("When a paid plan ends; empty means it does not end. Ignored for free plans."),
    )

    language = models.CharField(
        _("language"),
        max_length=8,
        blank=True,
        default="",
        choices=settings.LANGUAGES,
        help_text=_("The site's language for this player; empty follows the browser."),
    )
    # What the player's browser last read the site in, kept while `language` is empty: an
    # e-mail has no browser to ask, and must still reach its reader in their language.
    browser_language = models.CharField(
        _("browser's language"),
        max_length=8,
        blank=True,
        default="",
        choices=settings.LANGUAGES,
        help_text=_("The language the player's browser last read the site in."),
    )
    time_zone = models.CharField(
        _("time zone"),
        max_length=time_zones.NAME_LENGTH,
        blank=True,
        default="",
        validators=[time_zones.validate_name],
        help_text=_("The time zone dates are shown and entered in; empty follows the browser."),
    )
    # As with the language: e-mails and calendars have no browser to ask for its zone.
    browser_time_zone = models.CharField(
        _("browser's time zone"),
        max_length=time_zones.NAME_LENGTH,
        blank=True,
        default="",
        help_text=_("The time zone the player's browser was last in."),
    )

    # A visitor playing the CPU without an account (see `accounts.guests`); signing up
    # clears it and keeps the row, so the guest's games stay theirs.
    is_guest = models.BooleanField(
        _("guest"),
        default=False,
        help_text=_("A visitor without an account, playing practice games against the CPU."),
    )

    # The canonical form of the username (see `accounts.usernames`), kept by `save`: the
    # database itself refuses two accounts whose names read the same.
    username_key = models.CharField(max_length=USERNAME_KEY_LENGTH, unique=True, editable=False)

    # When the player deleted the account: the row stays for their games and results, with
    # nothing personal left in it (`accounts.services.deletion`).
    deleted_at = models.DateTimeField(_("deleted at"), null=True, blank=True, editable=False)

    objects = CaseInsensitiveUserManager()

    # Set by `set_password` until the next save, which ends every other credential of the
    # account (`accounts.credentials`); a hash renewed for the same password leaves it unset.
    password_replaced = False
    _checking_password = False

    @classmethod
    def normalize_username(cls, username: str) -> str:
        # Used by `create_user` and by model validation (the admin's forms).
        return stored_username(username) if isinstance(username, str) else username

    def clean(self) -> None:
        super().clean()
        if self.username and User.objects.named(self.username).exclude(pk=self.pk).exists():
            raise ValidationError({"username": USERNAME_TAKEN})
        if self.deleted_at is None and is_placeholder(self.username):
            raise ValidationError({"username": _("This name is reserved.")})

    def save(self, *args, **kwargs) -> None:
        self.username_key = canonical_username(self.username)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "username" in update_fields:
            kwargs["update_fields"] = {*update_fields, "username_key"}
        super().save(*args, **kwargs)

    def set_password(self, raw_password: str | None) -> None:
        super().set_password(raw_password)
        if not self._checking_password:
            self.password_replaced = True

    def check_password(self, raw_password: str) -> bool:
        # Django hashes a right password again when its hasher's settings have changed: the
        # same password, so nothing of the account's ends.
        self._checking_password = True
        try:
            return super().check_password(raw_password)
        finally:
            self._checking_password = False

    async def acheck_password(self, raw_password: str) -> bool:
        self._checking_password = True
        try:
            return await super().acheck_password(raw_password)
        finally:
            self._checking_password = False

    def get_absolute_url(self) -> str:
        return reverse("player", kwargs={"username": self.username})

    @property
    def reading_language(self) -> str:
        """The language to write to this player in where no request says it (e-mails,
        calendars): the account's choice, else what their browser last read, else the site's."""
        return self.language or self.browser_language or settings.LANGUAGE_CODE

    @property
    def reading_time_zone(self) -> str:
        """The time zone to write dates in where no browser says it (e-mails): the account's
        choice, else the browser's last seen, else UTC."""
        return self.time_zone or self.browser_time_zone or "UTC"

    @property
    def is_deleted(self) -> bool:
        return self.deleted_at is not None

    @property
    def shown_name(self) -> str:
        """The name other people see: the username, or "deleted player"."""
        return str(DELETED_PLAYER) if self.deleted_at is not None else self.username

    @property
    def profile_url(self) -> str | None:
        """The player's public page; None for a deleted account, which has none."""
        return None if self.deleted_at is not None else self.get_absolute_url()


class PlanChange(models.Model):
    """Every change of a user's plan, and who made it."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="plan_changes")
    plan = models.CharField(max_length=8, choices=Plan.choices)
    plan_until = models.DateTimeField(null=True, blank=True)
    changed_by = models.ForeignKey(
        User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-changed_at", "-id"]

    def __str__(self) -> str:
        return f"{self.user} → {self.plan}"


class SecondFactorToken(models.Model):
    """An API token issued on a code of the account's second factor, as well as its password.

    Only such a token carries staff powers (`accounts.staff`). A token issued on a password
    alone has no row here, so tokens from before this record existed carry none either; the
    row goes with its token, at rotation or revocation.
    """

    token = models.OneToOneField(
        "authtoken.Token", on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    issued_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"API token of user {self.token.user_id}, issued with a second factor"
