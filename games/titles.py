"""The games' names as people read them (the API uses the short ids)."""

from django.utils.translation import gettext_lazy as _

GAME_TITLES = {
    "kropki": _("Kropki (Dots)"),
    "dots_and_boxes": _("Dots and Boxes"),
    "quadrotone": _("Quadrotone"),
    "quadramids": _("Quadramids"),
}


def game_title(game: str) -> str:
    return str(GAME_TITLES.get(game, game))
