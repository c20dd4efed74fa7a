"""Refused moves in the reader's language.

The engines are pure and speak English: their message names the exact point, line or tile
(`3-3 already holds a dot (K9).`). A reader in another language gets the translated
meaning of the refusal's code instead; the code itself never changes. The codes every game
shares are here; a game's own are in its declaration (`refusals`).
"""

from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from games import registry

REFUSALS = {
    "malformed": _("That is not a move of this game."),
    "unknown_player": _("There is no such player in this game."),
    "game_over": _("The game is over."),
    "not_your_turn": _("It is not your move."),
    "wrong_seq": _("That move number is not the next one; the page reloads the game."),
    "too_late": _("Time ran out for this move."),
    "not_a_player_move": _("Only the server makes that move; use the game's buttons instead."),
    "not_started": _("The game has not started: it waits for every invited player."),
    "off_board": _("That is off the board."),
}


def refusal_message(game: str, code: str, message: str) -> str:
    """The refusal as the reader should see it: the engine's own words in English,
    the translated meaning of its code in other languages."""
    language = (get_language() or "en").split("-")[0]
    if language == "en":
        return message
    own = registry.declaration(game).refusals if game in registry.names() else {}
    meaning = own.get(code) or REFUSALS.get(code)
    return str(meaning) if meaning else message


def translated_reason(game: str, reason: dict | None) -> dict | None:
    """A `{"code", "message"}` refusal with its message for the reader."""
    if not reason:
        return reason
    return {**reason, "message": refusal_message(game, reason["code"], reason["message"])}
