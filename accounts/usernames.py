"""How usernames are kept and compared.

A name is kept as typed, NFKC-normalised and without surrounding white space, so full-width
letters become plain ones and the letter case stays as the player chose. Two names are the
same name when their canonical forms (NFKC and case-folded) are equal: registration, log-in,
the per-username throttle and every look-up of a player by name compare that form.
"""

import unicodedata

from django.utils.translation import gettext_lazy as _

USERNAME_TAKEN = _("This username is taken.")
# Guests' generated names start so (`accounts.guests`), and no player may choose such a name.
GUEST_PREFIX = "guest-"


def stored_username(typed: str) -> str:
    """The name as it is kept and shown: NFKC-normalised, stripped, letter case kept."""
    return unicodedata.normalize("NFKC", typed).strip()


def canonical_username(name: str) -> str:
    """What two names share when they are the same name (NFKC + case fold, stripped)."""
    # Case folding can leave text that NFKC changes again (e.g. a folded Greek letter that
    # recomposes), so normalise once more: the result is then stable when applied twice.
    return unicodedata.normalize("NFKC", stored_username(name).casefold()).strip()
