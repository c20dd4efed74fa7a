"""How a player reads the site: the language and the time zone they chose (empty: as their
browser says)."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from accounts.models import User
from infrastructure import time_zones
from infrastructure.errors import DomainError


def set_language(user: User, language: str, *, field: str = "language") -> None:
    """The site's language for the player; "" follows the browser."""
    if language and language not in dict(settings.LANGUAGES):
        raise DomainError(
            _("%(language)s is not one of this site's languages (%(known)s).")
            % {"language": language[:16], "known": ", ".join(dict(settings.LANGUAGES))},
            code="unknown_language",
            field=field,
        )
    if user.language != language:
        user.language = language
        user.save(update_fields=["language"])


def set_time_zone(user: User, name: str, *, field: str = "time_zone") -> None:
    """The time zone dates are shown and entered in for the player; "" follows the browser."""
    if name:
        name = time_zones.canonical_name(name) or name
    try:
        time_zones.validate_name(name)
    except ValidationError as error:
        raise DomainError(error.messages[0], code="unknown_time_zone", field=field) from None
    if user.time_zone != name:
        user.time_zone = name
        user.save(update_fields=["time_zone"])
