"""Refused moves in the reader's language.

The engines are pure and speak English: their message names the exact point, line or tile
(`3-3 already holds a dot (K9).`). A reader in another language gets the translated
meaning of the refusal's code instead; the code itself never changes.
"""

from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

REFUSALS = {
    "malformed": _("That is not a move of this game."),
    "bad_move": _("That is not a move of this game (M1)."),
    "unknown_player": _("There is no such player in this game."),
    "game_over": _("The game is over."),
    "not_your_turn": _("It is not your move."),
    "wrong_seq": _("That move number is not the next one; the page reloads the game."),
    "too_late": _("Time ran out for this move."),
    "not_a_player_move": _("Only the server makes that move; use the game's buttons instead."),
    "not_started": _("The game has not started: it waits for every invited player."),
    "off_board": _("That is off the board."),
    # Kropki
    "occupied": _("That place is taken."),
    "owned": _("That point lies in captured territory (K9)."),
    # Dots and Boxes
    "taken": _("That line is already drawn (D2)."),
    # Quadrotone
    "not_your_tile": _("That tile is not in your hand (Q6)."),
    "cell_taken": _("That cell is taken (Q6, Q7)."),
    "limit_reached": _("You have used every move of that size (Q8)."),
    "undo": _("That move would undo most of your opponent's last move (Q9)."),
    "no_change": _("Every tile of a rearrangement must change its cell or its turn (Q7)."),
    "tile_count": _("A move takes from 1 to 8 tiles (Q6, Q7)."),
    "bad_turn": _("A turn is 0 to 3 quarter turns."),
    "unknown_tile": _("There is no such tile."),
    "empty_cell": _("There is no tile on that cell."),
    "duplicate_tile": _("The move names a tile or a cell twice."),
    "wrong_variant": _("That move belongs to the other variant of the game."),
    "not_a_swap": _("In a swap every tile changes its cell (Q22)."),
    "too_early": _("Moves of that many tiles come later in the game (Q24)."),
    "has_moves": _("You may pass only when you have no move."),
    "not_your_seat": _("That is not your seat."),
    # Quadramids
    "put_not_allowed": _("A figure is put on a free entry or next to one of yours (M5)."),
    "empty_hand": _("You have no figure left in hand (M5)."),
    "not_your_figure": _("That is not one of your figures."),
    "move_not_allowed": _("That figure cannot go there (M6–M17)."),
}


def refusal_message(code: str, message: str) -> str:
    """The refusal as the reader should see it: the engine's own words in English,
    the translated meaning of its code in other languages."""
    language = (get_language() or "en").split("-")[0]
    if language == "en" or code not in REFUSALS:
        return message
    return str(REFUSALS[code])


def translated_reason(reason: dict | None) -> dict | None:
    """A `{"code", "message"}` refusal with its message for the reader."""
    if not reason:
        return reason
    return {**reason, "message": refusal_message(reason["code"], reason["message"])}
