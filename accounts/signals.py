"""What accounts announce to the other apps: `credentials_ended`, sent when a new password
ends every other credential of an account.

Receivers run inside the transaction that saves the password, so a receiver that fails
leaves the old password and every credential as they were.
"""

from django.dispatch import Signal

# Sent with sender=User and user=<the account>: each app ends what it keeps that opens
# something of the account without the password (tournaments: the calendar address).
credentials_ended = Signal()
