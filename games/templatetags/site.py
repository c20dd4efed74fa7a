"""Template filters shared by every page: game names, clock times, seat colours."""

from datetime import UTC

from django import template
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html

from games import registry
from games.selectors import seat_names
from games.titles import format_title as format_title_of
from games.titles import game_title as title_of

register = template.Library()


@register.filter
def game_title(game: str) -> str:
    return title_of(game)


@register.simple_tag
def game_settings(game: str, options: dict) -> str:
    """The game's title and what its declaration says of its options ("…, 20×20 board")."""
    parts = [title_of(game)]
    if game in registry.names():
        describe = registry.declaration(game).describe_options
        parts += [str(part) for part in describe(options or {})] if describe else []
    return ", ".join(parts)


@register.filter
def clock(seconds: float | None) -> str:
    """Seconds as m:ss (h:mm:ss from an hour up); an empty string when there is no clock."""
    if seconds is None:
        return ""
    whole = max(0, int(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@register.filter
def lookup(mapping: dict, key):
    """mapping[key] in a template, or None."""
    return mapping.get(key) if hasattr(mapping, "get") else None


@register.filter
def players(game) -> str:
    """The game's players in seat order: "alice – bob"."""
    return " – ".join(seat_names(game).values())


@register.filter
def format_title(name: str) -> str:
    """A match format's name in the page's language."""
    return format_title_of(name)


@register.filter
def local_time(moment) -> str:
    """A moment for people, in the reader's time zone (the one the request runs in) and in
    their language's format, as e-mails write it. A browser in another zone than the page
    was written for (its first visit, before it has told the site its zone) shows it in its
    own, by static/js/local-times.js."""
    if not moment:
        return ""
    local = timezone.localtime(moment)
    text = f"{date_format(local, 'DATETIME_FORMAT')} {local.tzname()}"
    return format_html(
        '<time datetime="{}" data-local data-zone="{}">{}</time>',
        timezone.localtime(moment, UTC).isoformat(),
        timezone.get_current_timezone_name(),
        text,
    )
