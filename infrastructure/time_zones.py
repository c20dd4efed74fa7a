"""Time zones by their IANA names (Europe/Warsaw, Asia/Tokyo): which exist, and which one a
reader reads the site in."""

from functools import lru_cache
from zoneinfo import ZoneInfo, available_timezones

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

UTC = ZoneInfo("UTC")
# The browser's own zone, written by static/js/local-times.js on every page.
COOKIE = "tz"
NAME_LENGTH = 64


@lru_cache(maxsize=1)
def names() -> frozenset[str]:
    """Every zone a reader may name, as the IANA database has them (not its own files such
    as `posixrules`, nor the `posix/` and `right/` copies)."""
    return frozenset(
        name
        for name in available_timezones()
        if name not in {"Factory", "localtime", "posixrules"}
        and not name.startswith(("posix/", "right/"))
    )


def choices() -> list[str]:
    """The zones a form offers: every region's (Europe/Warsaw) and UTC, sorted."""
    return sorted(name for name in names() if name == "UTC" or ("/" in name and "Etc/" not in name))


@lru_cache(maxsize=1)
def _by_folded_name() -> dict[str, str]:
    return {name.casefold(): name for name in names()}


def canonical_name(name: str) -> str | None:
    """The zone's name as the database spells it ("europe/warsaw" is Europe/Warsaw), or None."""
    return _by_folded_name().get(name.strip().casefold())


def zone(name: str | None) -> ZoneInfo | None:
    """The zone called `name`, or None for an empty or unknown name."""
    return ZoneInfo(name) if name and name in names() else None


def validate_name(name: str) -> None:
    """A model field's check: empty (follow the browser), or a zone that exists."""
    if name and canonical_name(name) != name:
        raise ValidationError(
            _("%(name)s is no time zone; name one as Europe/Warsaw or Asia/Tokyo are named.")
            % {"name": name[:NAME_LENGTH]},
            code="unknown_time_zone",
        )
