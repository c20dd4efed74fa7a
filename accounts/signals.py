"""What accounts announce to the other apps: `credentials_ended`, sent when a new password
ends every other credential of an account; `guests_leaving`, sent before stale guests are
removed.

Receivers run inside the transaction of the change, so a receiver that fails leaves the
accounts as they were.
"""

from django.dispatch import Signal

# Sent with sender=User and user=<the account>: each app ends what it keeps that opens
# something of the account without the password (tournaments: the calendar address).
credentials_ended = Signal()

# Sent with sender=User and user_ids=<the guests' ids> just before those guests' rows are
# deleted: each app removes what refers to them (games: their games, seats and moves).
guests_leaving = Signal()
