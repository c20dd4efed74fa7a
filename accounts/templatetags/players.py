"""Players' names on the pages: a link to the player's page, or "deleted player"."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from accounts.models import User
from accounts.shown_names import shown_username as shown_username_of

register = template.Library()


@register.filter
def player_link(user: User | None) -> SafeString | str:
    """The player's name linking to their page; a deleted account's name has no page."""
    if user is None:
        return ""
    url = user.profile_url
    if url is None:
        return format_html('<span class="deleted-player">{}</span>', user.shown_name)
    return format_html('<a href="{}">{}</a>', url, user.shown_name)


@register.filter
def shown_username(name: str | None) -> str | None:
    """A username kept as text (a decision's winner), as others read it."""
    return shown_username_of(name)
