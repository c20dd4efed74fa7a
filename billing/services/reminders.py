"""The reminder that a paid plan ends within a week and will not renew."""

from datetime import datetime, timedelta

from django.urls import reverse
from django.utils import timezone

from accounts.models import Plan, User
from billing import selectors
from notifications.kinds import Kind
from notifications.services import notify

REMINDER_LEAD = timedelta(days=7)


def plans_ending_unrenewed(now: datetime) -> list[User]:
    """Active accounts whose paid plan ends within REMINDER_LEAD and that nothing renews:
    a subscription set to end with its period, or a plan the site's staff gave an end."""
    return list(
        User.objects.filter(
            is_active=True,
            plan=Plan.PAID,
            plan_until__gt=now,
            plan_until__lte=now + REMINDER_LEAD,
        )
        .exclude(pk__in=selectors.accounts_renewing())
        .order_by("pk")
    )


def send_plan_reminders(now: datetime | None = None) -> int:
    """Remind each such account once per end of its plan (a new end is a new reminder);
    how many were reminded now."""
    now = now or timezone.now()
    reminded = 0
    for user in plans_ending_unrenewed(now):
        until = user.plan_until.isoformat()
        reminded += notify(
            [user],
            Kind.PLAN_ENDING,
            url=reverse("account"),
            params={"until": until},
            once_key=f"plan-ending:{until}",
        )
    return reminded
