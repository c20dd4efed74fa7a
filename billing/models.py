"""What the site keeps of its Stripe customers, their subscriptions and Stripe's events."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Period(models.TextChoices):
    """How long one payment of the paid plan lasts."""

    MONTH = "month", _("Monthly")
    YEAR = "year", _("Yearly")


class Customer(models.Model):
    """A Stripe customer and the account it pays for (Stripe keeps the card and the address)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="stripe_customers"
    )
    customer_id = models.CharField(max_length=255, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.customer_id


class Subscription(models.Model):
    """A Stripe subscription as its events have described it."""

    # Stripe's statuses in which the subscription goes on charging.
    RENEWING_STATUSES = frozenset({"active", "trialing", "past_due"})

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="stripe_subscriptions"
    )
    subscription_id = models.CharField(max_length=255, unique=True)
    status = models.CharField(max_length=32, default="active")
    cancel_at_period_end = models.BooleanField(
        default=False, help_text="Set to end with the period it has been paid for."
    )
    paid_until = models.DateTimeField(
        null=True, blank=True, help_text="The end of the last period paid for."
    )
    ended_at = models.DateTimeField(null=True, blank=True)
    # When Stripe made the newest event applied to this row: an older one arriving late is
    # not applied over it.
    event_created_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "status"], name="billing_subscription_user_idx")]

    def __str__(self) -> str:
        return self.subscription_id

    @property
    def renews(self) -> bool:
        """Whether Stripe will charge for another period."""
        return (
            self.ended_at is None
            and self.status in self.RENEWING_STATUSES
            and not self.cancel_at_period_end
        )

    @property
    def effective_end(self):
        """The end of what it paid for, cut short when it ended before that."""
        if self.ended_at is not None and self.paid_until is not None:
            return min(self.ended_at, self.paid_until)
        return self.paid_until


class StripeEvent(models.Model):
    """An event from Stripe that was handled: a replay of its id changes nothing."""

    event_id = models.CharField(max_length=255, unique=True)
    type = models.CharField(max_length=100)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    outcome = models.CharField(max_length=200, help_text="What the event changed, or why not.")
    created_at = models.DateTimeField(help_text="When Stripe made it.")
    received_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-received_at", "-id"]

    def __str__(self) -> str:
        return f"{self.type} {self.event_id}"
