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


RESULT_REASONS = {
    "board_full": _("the board is full"),
    "all_boxes_taken": _("every box is taken"),
    "secured_lead": _("the lead is secured"),
    "move_limit": _("the format's move limit was reached"),
    "resignation": _("resignation"),
    "time": _("time ran out"),
    "agreement": _("a draw was agreed"),
    "forfeit": _("forfeit"),
    "no_show": _("the opponent never played a move"),
    "disconnection": _("a player was disconnected for too long"),
    "passes": _("four passes in a row"),
    "lead": _("a lead of 8000 points"),
    "no_moves": _("neither player can move"),
    "all_passed": _("every player passed in a row"),
    "players_out": _("fewer than two players are left"),
}

SEAT_TITLES = {
    "blue": _("Blue"),
    "red": _("Red"),
    "first": _("First"),
    "second": _("Second"),
    "1": _("Player 1"),
    "2": _("Player 2"),
    "3": _("Player 3"),
    "4": _("Player 4"),
}


def result_reason(reason: str) -> str:
    return str(RESULT_REASONS.get(reason, reason.replace("_", " ")))


def seat_title(seat: str) -> str:
    return str(SEAT_TITLES.get(seat, seat.capitalize()))


FORMAT_TITLES = {
    "express": _("Express"),
    "extended": _("Extended"),
    "full": _("Full"),
}


def format_title(name: str) -> str:
    return str(FORMAT_TITLES.get(name, name))
