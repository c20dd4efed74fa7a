"""The API token: a new one in place of the old, which stops working at once."""

from django.db import transaction
from rest_framework.authtoken.models import Token

from accounts import guests, services
from accounts.models import User


def rotate_api_token(user: User) -> Token:
    """Replace the user's API token (or make a first one); the old key is refused from now on,
    by every process (its cached user is forgotten, see `accounts.token_auth`). A guest has
    no token to rotate."""
    guests.refuse_guest(user, guests.GuestRefusal.API_TOKEN)
    with transaction.atomic():
        services.revoke_api_token(user)
        return services.api_token(user)
