"""Account operations: registration, API tokens, plan changes, demo accounts; the
person's own data in `export` and `deletion`."""

import re
import secrets
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

from accounts.models import Plan, PlanChange, User
from accounts.services.deletion import delete_account as delete_account
from accounts.services.deletion import erase_account as erase_account
from accounts.services.export import export_filename as export_filename
from accounts.services.export import personal_data_export as personal_data_export
from accounts.usernames import GUEST_PREFIX, USERNAME_TAKEN, canonical_username, stored_username

USERNAME_PATTERN = re.compile(r"^[\w.-]{3,30}$")
# Names that would read as part of the site rather than a player, in canonical form.
RESERVED_USERNAMES = frozenset(
    {"admin", "api", "me", "register", "token", "cpu", "system", "staff", "anonymous", "static"}
)


def username_errors(username: str) -> list[str]:
    """Why a new player may not take this username (empty when it is fine).

    The name is judged as it would be kept (full-width letters made plain), and compared
    with reserved and taken names in canonical form.
    """
    name = stored_username(username)
    if not USERNAME_PATTERN.fullmatch(name):
        return [_("Use 3 to 30 letters, digits, dots, dashes or underscores.")]
    if canonical_username(name) in RESERVED_USERNAMES:
        return [_("This name is reserved.")]
    if canonical_username(name).startswith(GUEST_PREFIX):
        return [
            _("Names starting with “%(prefix)s” are kept for guests.") % {"prefix": GUEST_PREFIX}
        ]
    if User.objects.named(name).exists():
        return [str(USERNAME_TAKEN)]
    return []


def new_account_errors(*, username: str, password: str, email: str) -> dict[str, list[str]]:
    """What is wrong, field by field, with these details for a new account (empty: nothing)."""
    errors: dict[str, list[str]] = {}
    if problems := username_errors(username):
        errors["username"] = problems
    try:
        validate_password(password, user=User(username=username, email=email))
    except ValidationError as error:
        errors["password"] = list(error.messages)
    return errors


def register_user(*, username: str, password: str, email: str = "") -> User:
    """Create a free account and its API token; all fields are checked first."""
    username = stored_username(username)
    if errors := new_account_errors(username=username, password=password, email=email):
        raise ValidationError(errors)
    try:
        with transaction.atomic():
            user = User.objects.create_user(username=username, email=email, password=password)
            Token.objects.create(user=user)
    except IntegrityError:
        # Another registration took the name (in some spelling) since it was checked.
        if not User.objects.named(username).exists():
            raise
        raise ValidationError({"username": [str(USERNAME_TAKEN)]}) from None
    return user


def api_token(user: User) -> Token:
    """The user's API token, made on first use."""
    token, _created = Token.objects.get_or_create(user=user)
    return token


def revoke_api_token(user: User) -> None:
    """Forget the user's token; the next log-in issues a new one."""
    Token.objects.filter(user=user).delete()


def change_plan(*, user: User, plan: str, until: datetime | None, changed_by: User | None) -> User:
    """Set the user's plan (a paid one may end at `until`) and keep a record of it."""
    if plan not in Plan.values:
        raise ValidationError({"plan": [_("Choose free or paid.")]})
    if until is not None:
        if plan != Plan.PAID:
            raise ValidationError({"until": [_("Only a paid plan has an end.")]})
        if until <= timezone.now():
            raise ValidationError({"until": [_("The end of a paid plan must be in the future.")]})
    with transaction.atomic():
        user.plan = plan
        user.plan_until = until if plan == Plan.PAID else None
        user.save(update_fields=["plan", "plan_until"])
        PlanChange.objects.create(
            user=user, plan=user.plan, plan_until=user.plan_until, changed_by=changed_by
        )
    return user


@dataclass(frozen=True)
class DemoAccount:
    username: str
    password: str
    role: str


DEMO_PLAYERS = (
    ("alice", Plan.PAID),
    ("bogdan", Plan.FREE),
    ("celina", Plan.FREE),
    ("dmitri", Plan.PAID),
    ("ewa", Plan.FREE),
    ("fyodor", Plan.FREE),
    ("gosia", Plan.FREE),
    ("hanna", Plan.FREE),
)


def _account_named(username: str) -> User:
    """The account of that name in whatever spelling it was made, or a new unsaved one."""
    return User.objects.named(username).first() or User(username=username)


def create_demo_accounts() -> list[DemoAccount]:
    """An admin and a few players, each with a fresh random password."""
    accounts = []
    with transaction.atomic():
        admin = _account_named("admin")
        admin.is_staff = admin.is_superuser = True
        password = secrets.token_urlsafe(9)
        admin.set_password(password)
        admin.save()
        accounts.append(DemoAccount(admin.username, password, "admin"))
        for username, plan in DEMO_PLAYERS:
            player = _account_named(username)
            password = secrets.token_urlsafe(9)
            player.set_password(password)
            player.plan, player.plan_until = plan, None
            player.save()
            api_token(player)
            accounts.append(DemoAccount(player.username, password, f"player ({plan})"))
    return accounts
