"""A new password ends every other credential of the account.

Whoever sets the password, by whatever path (the API, allauth's change, set and reset pages,
the admin, `manage.py changepassword`, the demo), the account's API tokens end, a change of
e-mail address waiting for its link is cancelled, and the other apps end what they keep
(`accounts.signals.credentials_ended`: tournaments gives the calendar a new address).
Sessions end by Django's own rule: each carries a hash of the password, which no longer
matches; a path that keeps the session that made the change (a change, not a reset) calls
`update_session_auth_hash` for it. The confirmed address is told by allauth's e-mail on
its paths (the API's change too), and by the admin's password page on the admin's.

`User.set_password` marks the account; its next save ends the credentials, inside the
transaction of that save.
"""

from allauth.account.models import EmailAddress
from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver
from rest_framework.authtoken.models import Token

from accounts.models import User
from accounts.signals import credentials_ended


def end_other_credentials(user: User) -> None:
    """End what opens the account without its new password: tokens, a pending change of
    address, what other apps keep. Sessions end by the password's hash (see above)."""
    with transaction.atomic():
        # Each deleted token's cached user is forgotten too (`accounts.token_auth`).
        Token.objects.filter(user_id=user.pk).delete()
        cancel_pending_address_change(user)
        credentials_ended.send(sender=User, user=user)


def cancel_pending_address_change(user: User) -> None:
    """Forget a new address waiting for its link (its link stops working); the account's
    own address stays, confirmed or not."""
    pending = EmailAddress.objects.filter(user_id=user.pk, verified=False)
    if user.email:
        pending = pending.exclude(email__iexact=user.email)
    pending.delete()


@receiver(post_save, sender=User, dispatch_uid="accounts-new-password-ends-credentials")
def _password_saved(sender, instance: User, created: bool, update_fields=None, **_kwargs) -> None:
    if not instance.password_replaced:
        return
    if update_fields is not None and "password" not in update_fields:
        return  # the new password is not saved yet
    instance.password_replaced = False
    if created or instance.deleted_at is not None:
        return  # a new account has nothing yet; a deleted one is ended by its deletion
    end_other_credentials(instance)
