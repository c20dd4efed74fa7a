"""Where a bracket slot's player comes from, in words: "Winner of group A", "Runner-up of
group B", "Winner of quarter-final 2", "Loser of semi-final 1"."""

from django.utils.translation import gettext as _
from django.utils.translation import pgettext


def source_label(source: dict) -> str:
    """The readable label of a slot's source: `{"group", "place"}` (a group's finish),
    `{"swiss_place"}` (a place in a Swiss's final ranking) or `{"round", "match", "result"}`
    (the winner or loser of an earlier playoff match)."""
    if "group" in source:
        return finish_label(source["group"], source["place"])
    if "swiss_place" in source:
        return swiss_place_label(source["swiss_place"])
    return match_result_label(source["round"], source["match"], source["result"])


def finish_label(group: str, place: int) -> str:
    if place == 1:
        return _("Winner of group %(group)s") % {"group": group}
    if place == 2:
        return _("Runner-up of group %(group)s") % {"group": group}
    if place == 3:
        return pgettext("bracket slot", "3rd of group %(group)s") % {"group": group}
    # Places 4 to 16 (a group holds at most 16) all take "th" in English.
    return pgettext("bracket slot", "%(place)sth of group %(group)s") % {
        "place": place,
        "group": group,
    }


def swiss_place_label(place: int) -> str:
    return pgettext("bracket slot", "Place %(place)s in the Swiss") % {"place": place}


def seed_label(seed: int) -> str:
    """A slot of a bracket drawn by seed: the entrant seeded `seed` at the start."""
    return pgettext("bracket slot", "Seed %(seed)s") % {"seed": seed}


def match_result_label(round_name: str, number: int, result: str) -> str:
    """`round_name` as the bracket names it in English ("Semi-finals", "Round of 16")."""
    if result == "loser":
        # Only the losers of the semi-finals play on, for third place.
        return _("Loser of semi-final %(number)s") % {"number": number}
    if round_name == "Semi-finals":
        return _("Winner of semi-final %(number)s") % {"number": number}
    if round_name == "Quarter-finals":
        return _("Winner of quarter-final %(number)s") % {"number": number}
    players = round_name.removeprefix("Round of ")
    return _("Winner of match %(number)s of the round of %(players)s") % {
        "number": number,
        "players": players,
    }


def bracket_round_name(bracket: str, round_number: int, rounds: int) -> str:
    """A double elimination's round in English, as the API names it: "Winners' round 2",
    "Losers' final", "Grand final", "Grand final reset"."""
    if bracket == "final":
        return "Grand final" if round_number == 1 else "Grand final reset"
    side = "Winners'" if bracket == "winners" else "Losers'"
    return f"{side} final" if round_number == rounds else f"{side} round {round_number}"


def bracket_source_label(source: dict) -> str:
    """Where a double elimination's slot comes from: `{"bracket", "round", "rounds",
    "match", "result"}`."""
    bracket, number, rounds = source["bracket"], source["round"], source["rounds"]
    match, loser = source["match"], source["result"] == "loser"
    if bracket == "final":
        # Only the reset draws from a final: the grand final's two players meet again.
        return _("Loser of the grand final") if loser else _("Winner of the grand final")
    if bracket == "winners" and number == rounds:
        return _("Loser of the winners' final") if loser else _("Winner of the winners' final")
    if bracket == "losers" and number == rounds:
        return _("Winner of the losers' final")
    if bracket == "winners":
        if loser:
            return _("Loser of winners' round %(round)s, match %(match)s") % {
                "round": number, "match": match,
            }  # fmt: skip
        return _("Winner of winners' round %(round)s, match %(match)s") % {
            "round": number, "match": match,
        }  # fmt: skip
    return _("Winner of losers' round %(round)s, match %(match)s") % {
        "round": number, "match": match,
    }  # fmt: skip


def match_source_label(match_label: str, result: str) -> str:
    """A slot that waits on a lettered match: "Winner of C", "Loser of C"."""
    if result == "loser":
        return _("Loser of %(match)s") % {"match": match_label}
    return _("Winner of %(match)s") % {"match": match_label}
