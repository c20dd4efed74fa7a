"""Users and their plans."""

from django.conf import settings
from django.contrib.auth.models import AbstractUser, UserManager
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class Plan(models.TextChoices):
    FREE = "free", _("Free")
    PAID = "paid", _("Paid")


class CaseInsensitiveUserManager(UserManager):
    """Log-in finds "Alice" whether she types Alice or alice."""

    def get_by_natural_key(self, username: str) -> "User":
        return self.get(username__iexact=username)


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

    objects = CaseInsensitiveUserManager()

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("username"), name="accounts_user_username_ci_unique"),
        ]

    def get_absolute_url(self) -> str:
        return reverse("player", kwargs={"username": self.username})


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
