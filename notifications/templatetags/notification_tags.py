"""Template tags of notifications: the account page's e-mail choices."""

from django import template

from notifications import selectors

register = template.Library()


@register.simple_tag
def email_preference_rows(user) -> list[dict]:
    """Each kind of notification with its label and whether the user is e-mailed about it."""
    return selectors.email_preference_rows(user)
