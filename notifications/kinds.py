"""What a notification can say: its kinds, and the sentence of each, written at read time.

A notification keeps its kind and its params (names, numbers, times), never its text: the
text is written when somebody reads it, in the reader's language and time zone (the caller
activates both). Params come from users too (championship names, the organiser's reasons),
so a text is plain text, to be escaped wherever it is shown as HTML.
"""

from collections.abc import Callable, Mapping
from datetime import UTC
from enum import StrEnum
from typing import Any

from django.utils import formats, timezone
from django.utils.dateparse import parse_datetime
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from accounts.shown_names import shown_username
from games.titles import game_title, result_reason


class Kind(StrEnum):
    GAME_INVITED = "game_invited"
    YOUR_MOVE = "your_move"
    GAME_ENDED = "game_ended"
    CHAMPIONSHIP_INVITED = "championship_invited"
    CHAMPIONSHIP_STARTED = "championship_started"
    ROUND_STARTED = "round_started"
    DEADLINE_SOON = "deadline_soon"
    DECISION = "decision"
    CHAMPIONSHIP_FINISHED = "championship_finished"
    ORGANISER_NEEDED = "organiser_needed"
    PLAN_ENDING = "plan_ending"
    ANNOUNCEMENT = "announcement"
    CHECK_IN = "check_in"


# What each kind is about, for the e-mail preferences ("E-mail me about …").
LABELS = {
    Kind.GAME_INVITED: gettext_lazy("Invitations to a game"),
    Kind.YOUR_MOVE: gettext_lazy("Your move, when you have been away from the game"),
    Kind.GAME_ENDED: gettext_lazy("The results of your games"),
    Kind.CHAMPIONSHIP_INVITED: gettext_lazy("Invitations to a championship"),
    Kind.CHAMPIONSHIP_STARTED: gettext_lazy("A championship you entered has started"),
    Kind.ROUND_STARTED: gettext_lazy("A new round: your championship game is ready"),
    Kind.DEADLINE_SOON: gettext_lazy("A round's deadline is near and your game is unfinished"),
    Kind.DECISION: gettext_lazy("The organiser's decisions about you"),
    Kind.CHAMPIONSHIP_FINISHED: gettext_lazy("A championship you played is over: your place"),
    Kind.ORGANISER_NEEDED: gettext_lazy("A championship you organise or referee needs you"),
    Kind.PLAN_ENDING: gettext_lazy("Your paid plan ends within a week and will not renew"),
    Kind.ANNOUNCEMENT: gettext_lazy("The organisers' announcements in a championship you entered"),
    Kind.CHECK_IN: gettext_lazy("Check-in before a championship you entered"),
}


def when(value: str | None) -> str:
    """An ISO date and time as the reader reads it: their time zone, their language's format."""
    moment = parse_datetime(value) if isinstance(value, str) else None
    if moment is None:
        raise ValueError(f"not a date and time: {value!r}")
    if timezone.is_naive(moment):
        moment = moment.replace(tzinfo=UTC)
    local = timezone.localtime(moment)
    return f"{formats.date_format(local, 'DATETIME_FORMAT')} {local.tzname()}"


def player_name(username: str) -> str:
    """A player named in the params, as read now: "deleted player" for a deleted account."""
    return str(shown_username(username))


def people(names: list[str]) -> str:
    """Usernames as one phrase: "bob", "bob and carol", "bob, carol and dave"."""
    return get_text_list([player_name(username) for username in names], _("and"))


def game_invited(params: Mapping) -> str:
    # {"game": a registry name, "by": the inviting player's username}
    return _("%(by)s invites you to a game of %(game)s.") % {
        "by": player_name(params["by"]),
        "game": game_title(params["game"]),
    }


def your_move(params: Mapping) -> str:
    # {"game": a registry name, "opponents": [usernames]}
    return _("It is your move in your game of %(game)s against %(opponents)s.") % {
        "game": game_title(params["game"]),
        "opponents": people(params["opponents"]),
    }


def game_ended(params: Mapping) -> str:
    # {"game", "opponents": [usernames], "outcome": "won"|"lost"|"draw"|"placed",
    #  "winner": username|None, "place": int|None, "reason": a ResultReason value}
    words = {
        "game": game_title(params["game"]),
        "opponents": people(params["opponents"]),
        "winner": player_name(params["winner"]) if params.get("winner") else "",
        "place": params.get("place"),
        "reason": result_reason(params["reason"], params["game"]) if params["reason"] else "",
    }
    outcome = params["outcome"]
    if outcome == "won":
        return _("You won your game of %(game)s against %(opponents)s: %(reason)s.") % words
    if outcome == "lost" and words["winner"]:
        return _("You lost your game of %(game)s to %(winner)s: %(reason)s.") % words
    if outcome == "lost":
        return _("You lost your game of %(game)s against %(opponents)s: %(reason)s.") % words
    if outcome == "placed":
        return (
            _("Your game of %(game)s against %(opponents)s is over; your place: %(place)s.") % words
        )
    if outcome == "draw":
        return _("Your game of %(game)s against %(opponents)s ended in a draw: %(reason)s.") % words
    raise ValueError(f"unknown outcome {outcome!r}")


def championship_invited(params: Mapping) -> str:
    return _("%(by)s invites you to play in the championship %(championship)s.") % {
        "by": player_name(params["by"]),
        "championship": params["championship"],
    }


def championship_started(params: Mapping) -> str:
    return _("The championship %(championship)s has started.") % {
        "championship": params["championship"]
    }


# A new round's notice by (stage, bracket): each stage names its rounds its own way. The
# app that runs the stages tells them (add_round_texts) when it starts.
_ROUND_STARTED: dict[tuple[str, str | None], Any] = {}


def add_round_texts(stage: str, texts: Mapping[str | None, Any]) -> None:
    """A stage's notices of a new round, by bracket (None: a stage without brackets, and
    the text for a bracket with none of its own)."""
    for bracket, text in texts.items():
        _ROUND_STARTED[(stage, bracket)] = text


_GRAND_FINAL_STARTED = {
    False: gettext_lazy(
        "The grand final of %(championship)s: your game against %(opponent)s is ready."
    ),
    True: gettext_lazy(
        "The grand final's deciding match of %(championship)s: "
        "your game against %(opponent)s is ready."
    ),
}


def round_started(params: Mapping) -> str:
    words = {
        "championship": params["championship"],
        "opponent": player_name(params["opponent"]),
        "round": int(params["round"]),
    }
    text = _ROUND_STARTED.get((params["stage"], params.get("bracket")))
    if text is None:
        text = _ROUND_STARTED[(params["stage"], None)]
    if params.get("bracket") == "final":  # a grand final, or its deciding match
        text = _GRAND_FINAL_STARTED[int(params["round"]) > 1]
    text = str(text) % words
    if params.get("deadline"):
        text += " " + _("Finish it by %(deadline)s.") % {"deadline": when(params["deadline"])}
    return text


def deadline_soon(params: Mapping) -> str:
    hours = int(params["hours"])
    return ngettext(
        "Your game against %(opponent)s in %(championship)s must be finished within "
        "%(hours)s hour, by %(deadline)s.",
        "Your game against %(opponent)s in %(championship)s must be finished within "
        "%(hours)s hours, by %(deadline)s.",
        hours,
    ) % {
        "opponent": player_name(params["opponent"]),
        "championship": params["championship"],
        "hours": hours,
        "deadline": when(params["deadline"]),
    }


def _decided_result(params: Mapping) -> str:
    outcome = params.get("outcome")
    if outcome == "win":
        return _("%(winner)s wins") % {"winner": player_name(params["winner"])}
    if outcome == "draw":
        return _("a draw")
    if outcome == "double_forfeit":
        return _("both players lose")
    return ""


def decision(params: Mapping) -> str:
    # {"championship", "action", "outcome", "winner", "reason"}
    action, championship = params["action"], params["championship"]
    result = _decided_result(params)
    if action == "adjudicated" and result:
        text = _("The organiser of %(championship)s decided your game: %(result)s.") % {
            "championship": championship,
            "result": result,
        }
    elif action == "adjudicated":
        text = _("The organiser of %(championship)s decided your game.") % {
            "championship": championship
        }
    elif action == "withdrew":
        text = _("The organiser withdrew you from %(championship)s.") % {
            "championship": championship
        }
    elif action == "removed":
        text = _("The organiser removed your entry from %(championship)s.") % {
            "championship": championship
        }
    else:
        raise ValueError(f"unknown action {action!r}")
    if params.get("reason"):
        text += " " + _("Reason: %(reason)s") % {"reason": params["reason"]}
    return text


def championship_finished(params: Mapping) -> str:
    place = int(params["place"])
    if place == 1:
        return _("The championship %(championship)s is over, and you won it!") % {
            "championship": params["championship"]
        }
    return _("The championship %(championship)s is over; your place: %(place)s.") % {
        "championship": params["championship"],
        "place": place,
    }


def organiser_needed(params: Mapping) -> str:
    what, championship = params["what"], params["championship"]
    if what == "level_playoff_game":
        return _(
            "A playoff game of %(championship)s between %(players)s is level at the round's "
            "deadline and waits for your decision."
        ) % {"championship": championship, "players": people(params["players"])}
    if what == "start_postponed":
        entrants = int(params["entrants"])
        return ngettext(
            "%(championship)s could not start at its time with %(entrants)s entrant "
            "(it needs at least 2): its start is postponed.",
            "%(championship)s could not start at its time with %(entrants)s entrants "
            "(it needs at least 2): its start is postponed.",
            entrants,
        ) % {"championship": championship, "entrants": entrants}
    if what == "swiss_ended_early":
        return _(
            "No pairing of round %(round)s of %(championship)s keeps the Swiss rules (nobody "
            "meets an opponent twice, nobody's seats run out of balance): the Swiss ended "
            "after round %(last)s."
        ) % {"championship": championship, "round": params["round"], "last": params["round"] - 1}
    raise ValueError(f"unknown need {what!r}")


def plan_ending(params: Mapping) -> str:
    # {"until": when the paid plan ends, ISO 8601}
    return _(
        "Your paid plan ends on %(until)s and will not renew. To keep it, buy it again on "
        "your account page."
    ) % {"until": when(params["until"])}


def announcement(params: Mapping) -> str:
    # {"championship": its name, "by": the announcing organiser's username, "text": theirs}
    return _("%(championship)s, from %(by)s: %(text)s") % {
        "championship": params["championship"],
        "by": player_name(params["by"]),
        "text": params["text"],
    }


def check_in(params: Mapping) -> str:
    # {"championship": its name, "what": "open" (with "closes", ISO 8601) or "missed"}
    if params["what"] == "open":
        return _(
            "Check-in for %(championship)s is open: check in by %(closes)s to be in the draw."
        ) % {"championship": params["championship"], "closes": when(params["closes"])}
    if params["what"] == "missed":
        return _(
            "You did not check in for %(championship)s, so you were withdrawn before the draw."
        ) % {"championship": params["championship"]}
    raise ValueError(f"unknown check-in notice {params['what']!r}")


TEXTS: dict[Kind, Callable[[Mapping], str]] = {
    Kind.GAME_INVITED: game_invited,
    Kind.YOUR_MOVE: your_move,
    Kind.GAME_ENDED: game_ended,
    Kind.CHAMPIONSHIP_INVITED: championship_invited,
    Kind.CHAMPIONSHIP_STARTED: championship_started,
    Kind.ROUND_STARTED: round_started,
    Kind.DEADLINE_SOON: deadline_soon,
    Kind.DECISION: decision,
    Kind.CHAMPIONSHIP_FINISHED: championship_finished,
    Kind.ORGANISER_NEEDED: organiser_needed,
    Kind.PLAN_ENDING: plan_ending,
    Kind.ANNOUNCEMENT: announcement,
    Kind.CHECK_IN: check_in,
}


def _check_in_action(params: Mapping) -> str | None:
    return _("Check in") if params.get("what") == "open" else None


# What the link of each kind's e-mail does, as its button says it; a kind not here, or a
# None, leaves the button "See it on the site".
ACTIONS: dict[Kind, Callable[[Mapping], str | None]] = {
    Kind.GAME_INVITED: lambda params: _("Answer the invitation"),
    Kind.YOUR_MOVE: lambda params: _("Make your move"),
    Kind.CHAMPIONSHIP_INVITED: lambda params: _("Answer the invitation"),
    Kind.ROUND_STARTED: lambda params: _("Open your game"),
    Kind.DEADLINE_SOON: lambda params: _("Open the championship"),
    Kind.CHECK_IN: _check_in_action,
}


def action(kind: str, params: Mapping) -> str:
    """What following the notification's link does, for its e-mail's button."""
    try:
        label = ACTIONS[Kind(kind)](params)
    except (KeyError, TypeError, ValueError, AttributeError):
        label = None
    return label or _("See it on the site")


def text(kind: str, params: Mapping) -> str:
    """The notification's sentence in the active language and time zone.

    A kind no longer known or params it cannot read (a row older than its kind's present
    shape) still read as something, never as an error.
    """
    try:
        return TEXTS[Kind(kind)](params)
    except (KeyError, TypeError, ValueError, AttributeError):
        return _("You have a new notification.")
