"""The notifications' share of a player's own data: what they were told and which e-mails
they want; and a deleted account's notifications forgotten, its name in other people's
notifications read as "deleted player" from then on."""

import json

from django.db.models import Q, TextField
from django.db.models.functions import Cast

from accounts.models import User
from accounts.personal_data import DeletedAccount, Part
from notifications import selectors
from notifications.models import EmailOptOut, Notification

# The params that name a player (`notifications.kinds`): one name, or a list of names.
NAME_PARAMS = ("by", "winner", "opponent")
NAMES_PARAMS = ("opponents", "players")


def export(user: User) -> dict:
    """Every notification the player holds, in their language, and their e-mail choices."""
    notifications = selectors.notifications_of(user)
    return {
        "notifications": [
            {
                "kind": notification.kind,
                "text": selectors.notification_text(notification, user),
                "url": notification.url,
                "created": notification.created_at,
                "read_at": notification.read_at,
                "emailed_at": notification.emailed_at,
            }
            for notification in notifications
        ],
        "email_preferences": selectors.email_preferences(user),
    }


def renamed(params: dict, old: str, new: str) -> dict | None:
    """The params with the player `old` named `new`; None when they do not name `old`."""
    changed = dict(params)
    for key in NAME_PARAMS:
        if changed.get(key) == old:
            changed[key] = new
    for key in NAMES_PARAMS:
        names = changed.get(key)
        if isinstance(names, list) and old in names:
            changed[key] = [new if name == old else name for name in names]
    return changed if changed != params else None


def erase(gone: DeletedAccount) -> None:
    """The person's own notifications and e-mail choices go. Other people's notifications
    that name them name the placeholder instead, so that a new account taking the freed
    name is never read as the one who played."""
    user = gone.user
    Notification.objects.filter(user=user).delete()
    EmailOptOut.objects.filter(user=user).delete()
    old, new = gone.old_username, user.username
    # The params' text holds the name as a JSON string (escaped or not, by the database):
    # a cheap first cut, then each candidate is read exactly.
    quoted = {json.dumps(old), json.dumps(old, ensure_ascii=False)}
    mentions = Q()
    for text in quoted:
        mentions |= Q(params_text__contains=text)
    candidates = Notification.objects.annotate(params_text=Cast("params", TextField()))
    for notification in list(candidates.filter(mentions).only("id", "params")):
        params = renamed(notification.params, old, new)
        if params is not None:
            notification.params = params
            notification.save(update_fields=["params"])


PART = Part("notifications", export=export, erase=erase)
