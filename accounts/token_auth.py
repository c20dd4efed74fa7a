"""API token authentication that keeps the token's user in the cache for a short while.

Every request of a bot or a game client carries its token, and looking the token and its
user up was a query and an ORM row each time: a fifth of a move's web CPU. The user is
kept in the cache (Redis in production, shared by every process) for
TOKEN_CACHE_SECONDS and forgotten the moment its token is deleted or the account saved,
so a revoked token or a deactivated account stops working at once.
"""

import hashlib

from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from accounts import staff
from accounts.models import User

TOKEN_CACHE_SECONDS = 60


def _cache_key(key: str) -> str:
    # The token itself never becomes a cache key: the cache's keys can be listed.
    return "api-token:" + hashlib.sha256(key.encode()).hexdigest()


class CachedTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[User, Token]:
        user = cache.get(_cache_key(key))
        if user is None or not user.is_active:
            # DRF's own look-up, with its refusals (an unknown token, a closed account).
            user, token = super().authenticate_credentials(key)
            cache.set(_cache_key(key), user, TOKEN_CACHE_SECONDS)
        else:
            token = Token(key=key, user=user)
        # Whether this token may carry staff powers is asked afresh on each request.
        staff.credit_token(user, key)
        return user, token


def forget_token(key: str) -> None:
    cache.delete(_cache_key(key))


@receiver(post_delete, sender=Token, dispatch_uid="accounts-forget-deleted-token")
def _token_deleted(sender, instance: Token, **_kwargs) -> None:
    key = instance.key  # the key is the primary key, which a deleted row loses
    forget_token(key)
    # Again once the deletion is committed: a request that read the row before then may have
    # put it back in the cache meanwhile.
    transaction.on_commit(lambda: forget_token(key))


@receiver(post_save, sender=User, dispatch_uid="accounts-forget-saved-user")
@receiver(post_delete, sender=User, dispatch_uid="accounts-forget-deleted-user")
def _user_changed(sender, instance: User, **_kwargs) -> None:
    """A saved account (deactivated, a new plan) is read afresh by its next request."""
    for key in Token.objects.filter(user_id=instance.pk).values_list("key", flat=True):
        forget_token(key)
