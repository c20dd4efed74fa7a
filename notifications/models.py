"""Notifications kept for their readers, and the kinds a reader wants no e-mail about."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from notifications.kinds import Kind


class Notification(models.Model):
    """Something a player is told; its text is written from `kind` and `params` when read."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=32, choices=[(kind.value, kind.value) for kind in Kind])
    params = models.JSONField(default=dict, blank=True)
    url = models.CharField(max_length=300, help_text="A path on this site.")
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)
    # When its e-mail went out (a task run twice sends it once); empty: none was sent.
    emailed_at = models.DateTimeField(null=True, blank=True)
    # A key the notification is sent once under, for its reader (a round's start, an hour of
    # one game's moves); empty for notifications that may repeat.
    once_key = models.CharField(max_length=120, blank=True, default="")

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "once_key"],
                condition=~Q(once_key=""),
                name="notifications_once_per_key",
            ),
        ]
        indexes = [
            models.Index(fields=["user", "-created_at", "-id"], name="notifications_newest_idx"),
            models.Index(
                fields=["user"], condition=Q(read_at__isnull=True), name="notifications_unread_idx"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} for {self.user_id}"

    @property
    def read(self) -> bool:
        return self.read_at is not None


class EmailOptOut(models.Model):
    """A kind of notification the user wants no e-mail about (every kind is on by default)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="email_opt_outs"
    )
    kind = models.CharField(max_length=32, choices=[(kind.value, kind.value) for kind in Kind])
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind"], name="notifications_opt_out_once"),
        ]

    def __str__(self) -> str:
        return f"no {self.kind} e-mail for {self.user_id}"
