"""Typed readers for settings that come from the process environment."""

import os

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default).strip()


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name} must be one of 1/0, true/false, yes/no, on/off; got {raw!r}"
    )


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number; got {raw!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list; an unset variable gives the default."""
    raw = os.environ.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


# DRF's rates: a whole number, a slash and a period it reads by its first letter.
_RATE_PERIODS = ("s", "m", "h", "d")


def env_rate(name: str, default: str) -> str:
    """A budget's rate as DRF's throttles write it, "30/minute": checked here, so that a
    mistyped one stops the site at its start rather than failing each request it meets."""
    rate = env_str(name, default)
    count, slash, period = rate.partition("/")
    if not (slash and count.isdigit() and period[:1] in _RATE_PERIODS):
        raise ImproperlyConfigured(
            f"{name} must be a number of requests per second, minute, hour or day, "
            f'such as "30/minute"; got {rate!r}'
        )
    return rate
