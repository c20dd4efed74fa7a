"""A championship's system's own pieces of the generic pages, asked of the registry:
`{% system_piece championship "settings" as piece %}{% if piece %}{% include piece %}`."""

from django import template

from tournaments.systems import registry

register = template.Library()


@register.simple_tag
def system_piece(championship, piece: str) -> str:
    """The template of the system's own piece (empty where it has none)."""
    if championship.system not in registry.names():
        return ""
    return registry.system(championship.system).templates.get(piece, "")


@register.filter
def has_round_deadlines(championship) -> bool:
    """Whether the championship's rounds have a time after which a game still running is
    decided (an Arena's games run on their clocks alone)."""
    if championship.system not in registry.names():
        return True
    return registry.stage(registry.system(championship.system).first_stage).round_deadlines
