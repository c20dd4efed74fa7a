"""A player's own data as one JSON document: every app's section, asked of its part."""

import json
from datetime import datetime

from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator
from django.core.serializers.json import DjangoJSONEncoder
from django.utils import timezone
from rest_framework.authtoken.models import Token

from accounts import personal_data, plans
from accounts.models import User

FORMAT = "championships-personal-data"
VERSION = 1


def personal_data_export(user: User) -> dict:
    """Everything the site keeps of the player: a section per registered part, as JSON values.

    Other people appear only as the names everybody sees on the site's pages.
    """
    body: dict = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now(),
    }
    for part in personal_data.parts():
        if part.export is not None:
            body[part.name] = part.export(user)
    # Dates and times as ISO 8601 text, whatever a part returned.
    return json.loads(json.dumps(body, cls=DjangoJSONEncoder))


def export_filename(user: User, at: datetime | None = None) -> str:
    """The download's file name: the site's, the day; no username (it may be any letters)."""
    day = timezone.localdate(at or timezone.now())
    return f"championships-personal-data-{day:%Y-%m-%d}.json"


# -- the accounts app's own sections ------------------------------------------------------


def profile(user: User) -> dict:
    """The account itself: names, e-mail, language, plan; the API token's date, not its key."""
    token = Token.objects.filter(user=user).first()
    return {
        "username": user.username,
        "email": user.email,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "language": user.language,
        "browser_language": user.browser_language,
        "time_zone": user.time_zone,
        "browser_time_zone": user.browser_time_zone,
        "date_joined": user.date_joined,
        "last_login": user.last_login,
        "is_staff": user.is_staff,
        "plan": user.plan,
        "plan_until": user.plan_until,
        "plan_in_force": plans.effective_plan(user).value,
        "api_token_created": token.created if token else None,
        "page": user.get_absolute_url(),
    }


def plan_changes(user: User) -> list[dict]:
    """Every change of the player's plan; who made it only as "you" or the site's staff."""
    return [
        {
            "plan": change.plan,
            "plan_until": change.plan_until,
            "changed_at": change.changed_at,
            "changed_by": (
                None
                if change.changed_by_id is None
                else "you"
                if change.changed_by_id == user.pk
                else "staff"
            ),
        }
        for change in user.plan_changes.order_by("changed_at", "id")
    ]


def email_addresses(user: User) -> list[dict]:
    """The addresses the account pages keep, and whether each is confirmed."""
    return [
        {"email": row.email, "verified": row.verified, "primary": row.primary}
        for row in EmailAddress.objects.filter(user=user).order_by("id")
    ]


def second_factors(user: User) -> list[dict]:
    """Which second factors are set up and when (never their secrets)."""
    return [
        {"type": row.type, "created_at": row.created_at.isoformat(), "last_used_at": (
            row.last_used_at.isoformat() if row.last_used_at else None
        )}
        for row in Authenticator.objects.filter(user=user).order_by("id")
    ]  # fmt: skip
