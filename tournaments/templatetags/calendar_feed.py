"""The account page's calendar section asks here for the player's private address."""

from django import template

from tournaments import calendar_selectors
from tournaments.views.calendars import address

register = template.Library()


@register.simple_tag(takes_context=True)
def calendar_feed_url(context: template.Context) -> str:
    """The logged-in player's private calendar address; empty until they have one."""
    request = context.get("request")
    if request is None or not request.user.is_authenticated:
        return ""
    feed = calendar_selectors.calendar_feed_of(request.user)
    return address(request, feed) if feed else ""
