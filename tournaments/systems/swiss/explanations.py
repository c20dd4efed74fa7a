"""A Swiss pairing's record put into words: the reasons the pairing engine gave (codes
with their values) as sentences in the reader's language, players by name."""

from collections.abc import Callable, Mapping

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

Names = Callable[[str], str]  # an entry id (as text) → the player's name as shown


def _strength(word: str) -> str:
    return {
        "absolute": pgettext("seat preference", "absolute"),
        "strong": pgettext("seat preference", "strong"),
        "mild": pgettext("seat preference", "mild"),
    }.get(word, word)


def _seat(seat: str, seats: Mapping[str, str]) -> str:
    """The seat in words: "the first seat (red)"; `seats` gives each seat's name as people
    read it, in their language."""
    label = seats.get(seat, "")
    if seat == "first":
        return _("the first seat (%(name)s)") % {"name": label} if label else _("the first seat")
    return _("the second seat (%(name)s)") % {"name": label} if label else _("the second seat")


_NAMING_PLAYERS = ("bye_others_unpairable", "bye_others_kept_in_play")


def sentence(reason: Mapping, names: Names, seats: Mapping[str, str]) -> str:
    """One reason of the record as a sentence; a code without words of its own (one the
    pairing learned since) reads as its name and its values."""
    code, given = reason["code"], dict(reason.get("params", {}))
    for key in ("player", "opponent", "first", "second", "ordered"):
        if key in given:
            given[key] = names(given[key])
    if "players" in given and reason["code"] in _NAMING_PLAYERS:
        given["players"] = ", ".join(names(pk) for pk in given["players"].split(",") if pk)
    if "seat" in given:
        given["seat"] = _seat(given["seat"], seats)
    if "initial_seat" in given:
        given["initial_seat"] = _seat(given["initial_seat"], seats)
    if "strength" in given:
        given["strength"] = _strength(given["strength"])
    words = _SENTENCES.get(code)
    if words is not None:
        try:
            return words() % given
        except (KeyError, TypeError, ValueError):
            pass  # the record's values do not fit the words: said plainly below
    return _plainly(code, given)


def _plainly(code: str, given: Mapping[str, str]) -> str:
    """A reason without fitting words: "Rematch avoided (player: anna, opponent: ewa)."."""
    title = code.replace("_", " ").strip().capitalize() or "?"
    values = ", ".join(f"{key.replace('_', ' ')}: {value}" for key, value in given.items())
    return f"{title} ({values})." if values else f"{title}."


_SENTENCES: dict[str, Callable[[], str]] = {
    "seat_both_preferences": lambda: _(
        "%(first)s and %(second)s each got the seat they were due (FIDE C.04.3 E1)."
    ),
    "seat_stronger_preference": lambda: _(
        "%(player)s takes %(seat)s: their %(strength)s claim to it is stronger than "
        "%(opponent)s's (E2)."
    ),
    "seat_wider_difference": lambda: _(
        "%(player)s takes %(seat)s: both were due it absolutely (a leader of the final round "
        "may meet such a player), and %(player)s's seat difference is the wider (E2)."
    ),
    "seat_alternate_last_difference": lambda: _(
        "Both were due the same seat, so %(first)s and %(second)s swap the seats they had "
        "%(games_back)s game(s) ago, the last time their seats differed (E3)."
    ),
    "seat_higher_ranked_preference": lambda: _(
        "%(player)s ranks higher and takes %(seat)s, the seat they were due (E4)."
    ),
    "seat_initial_by_pairing_number": lambda: _(
        "Nothing else decided, so %(player)s (pairing number %(pairing_number)s) takes "
        "%(seat)s by the seat drawn for number 1, %(initial_seat)s (E5)."
    ),
    "float_down": lambda: _(
        "%(player)s (score %(score)s) floats down to meet %(opponent)s (score %(opponent_score)s)."
    ),
    "float_up": lambda: _(
        "%(player)s (score %(score)s) floats up to meet %(opponent)s (score %(opponent_score)s)."
    ),
    "float_odd_bracket": lambda: _(
        "%(player)s was left over from the %(score_group)s-point group, which had an odd "
        "number of players."
    ),
    "float_unpaired_in_bracket": lambda: _(
        "%(player)s could not be paired within the %(score_group)s-point group (opponents "
        "already met, seat limits, or the rest of the round could not be paired otherwise)."
    ),
    "opponent_group_order": lambda: _(
        "Among the %(size)s players of the %(score_group)s-point group paired with each other, "
        "%(player)s is number %(place)s and %(opponent)s number %(opponent_place)s: the "
        "group's top half meets its bottom half in order."
    ),
    "opponent_rematch_avoided": lambda: _(
        "By the group's order %(player)s would have met %(ordered)s, whom they have played "
        "already: nobody meets the same opponent twice, so they meet %(opponent)s."
    ),
    "opponent_seats_kept": lambda: _(
        "By the group's order %(player)s would have met %(ordered)s, but both could only "
        "take %(seat)s (nobody takes one seat three games running, nor two more of one "
        "seat than of the other), so they meet %(opponent)s."
    ),
    "opponent_seat_preference_kept": lambda: _(
        "By the group's order %(player)s would have met %(ordered)s, but both were due "
        "%(seat)s; against %(opponent)s each can have the seat they are due."
    ),
    "opponent_order_changed": lambda: _(
        "By the group's order %(player)s would have met %(ordered)s; the opponents were "
        "exchanged so that the whole group could be paired with fewer floats and more "
        "players on the seat they are due."
    ),
    "bye_odd_field": lambda: _("An odd number of players (%(players)s) leaves one without a game."),
    "bye_lowest_eligible": lambda: _(
        "%(player)s (score %(score)s, pairing number %(pairing_number)s) ranks lowest of "
        "those who have had no bye nor a win without a game."
    ),
    "bye_lower_ranked_had_bye": lambda: _(
        "%(count)s player(s) ranked lower have had a bye or a win without a game already."
    ),
    "bye_others_kept_in_play": lambda: _(
        "%(players)s (score %(score_group)s) could have had the bye too, but the pairing of "
        "the lowest bracket kept them playing: they had more rounds without a game, or the "
        "seats and floats paired better so."
    ),
    "bye_others_unpairable": lambda: _(
        "With the bye on a lower-ranked player (%(players)s), the others could not all have "
        "been paired."
    ),
}
