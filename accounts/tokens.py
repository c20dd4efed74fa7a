"""The API token: the one a log-in hands out, and a new one in place of the old, which stops
working at once. A staff account's token is issued only on its second factor."""

from django.db import transaction
from rest_framework.authtoken.models import Token

from accounts import guests, services, staff
from accounts.models import SecondFactorToken, User

# The new API token waits in the session for the one page that shows it (the account page).
NEW_TOKEN_SESSION_KEY = "accounts.new_api_token"


def issue_api_token(user: User, *, second_factor: bool) -> Token:
    """The token for a log-in that gave the password, and a second factor's code when
    `second_factor`. Staff get one only with the code; a staff token handed out before
    without it (or before the account was staff) is replaced, so it never gains powers."""
    if not staff.is_staff_account(user):
        return services.api_token(user)
    staff.refuse_without_second_factor(user, second_factor)
    with transaction.atomic():
        token = services.api_token(user)
        if staff.token_passed_second_factor(token.key):
            return token
        return _new_token(user, second_factor=True)


def rotate_api_token(user: User, *, second_factor: bool = False) -> Token:
    """Replace the user's API token (or make a first one); the old key is refused from now on,
    by every process (its cached user is forgotten, see `accounts.token_auth`). A guest has
    no token to rotate; staff rotate only with a credential that passed the second factor
    (`second_factor`)."""
    guests.refuse_guest(user, guests.GuestRefusal.API_TOKEN)
    staff.refuse_without_second_factor(user, second_factor)
    with transaction.atomic():
        return _new_token(user, second_factor=second_factor and staff.is_staff_account(user))


def _new_token(user: User, *, second_factor: bool) -> Token:
    services.revoke_api_token(user)
    token = services.api_token(user)
    if second_factor:
        SecondFactorToken.objects.create(token=token)
    return token
