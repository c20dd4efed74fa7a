"""A championship's rounds page: every round's pairings and byes, and why each is so."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from games.titles import seat_title
from tournaments import round_selectors, selectors, slot_names
from tournaments.models import Championship
from tournaments.systems import registry
from tournaments.views.access import visible_or_404
from tournaments.views.words import number, round_title


def round_anchor(stage: str, number: int, bracket: str | None = None) -> str:
    """The id of a round on the rounds page, for links from the championship page."""
    return "-".join(str(part) for part in ("round", stage, bracket, number) if part)


def _round_heading(championship: Championship, round_: dict, bracket_rounds: dict) -> str:
    stage, number_ = round_["stage"], round_["round"]
    bracket = round_["bracket"]
    if bracket:
        rounds = bracket_rounds.get(bracket, number_)
        return round_title(slot_names.bracket_round_name(bracket, number_, rounds))
    return str(registry.stage(stage).round_heading) % {"number": number_}


def _in_playing_order(rounds: list[dict]) -> list[dict]:
    """Stage by stage as given; a double elimination's winners' rounds, then the losers',
    then the grand final."""
    stages = list(dict.fromkeys(round_["stage"] for round_ in rounds))
    brackets = {"winners": 0, "losers": 1, "final": 2}
    return sorted(
        rounds,
        key=lambda r: (stages.index(r["stage"]), brackets.get(r["bracket"] or "", 0), r["round"]),
    )


def _result_text(result: dict | None) -> str:
    """A decided pairing's result in words; empty while it is played."""
    if result is None:
        return ""
    if result["drawn"]:
        return _("Drawn")
    if result["winner"] is None:
        return _("Both lost: neither played")
    if result["forfeit"]:
        return _("%(player)s won without play") % {"player": result["winner"]}
    return _("%(player)s won") % {"player": result["winner"]}


def _pairing(championship: Championship, pairing: dict) -> dict:
    floats = pairing["floats"]
    result = pairing.get("result")
    return {
        "url": reverse("game", args=[pairing["game"]]) if pairing["game"] else None,
        "game": pairing["game"],
        "players": [
            {
                "seat": seat_title(seat, championship.game),
                "name": name,
                "float": floats.get(name),
                "won": result is not None and result["winner"] == name,
            }
            for seat, name in pairing["players"].items()
        ],
        "score_group": number(pairing["score_group"]),
        "why": pairing["why"],
        "result": _result_text(result),
    }


def championship_rounds(request: HttpRequest, championship_id: int) -> HttpResponse:
    championship = visible_or_404(request, championship_id)
    bracket_rounds = selectors.bracket_rounds(championship)
    rounds = [
        {
            "anchor": round_anchor(round_["stage"], round_["round"], round_["bracket"]),
            "title": _round_heading(championship, round_, bracket_rounds),
            "paired_by_score": registry.stage(round_["stage"]).paired_by_score,
            "pairings": [_pairing(championship, pairing) for pairing in round_["pairings"]],
            "byes": round_["byes"],
        }
        for round_ in _in_playing_order(round_selectors.rounds(championship))
    ]
    return render(
        request,
        "tournaments/rounds.html",
        {"championship": championship, "rounds": rounds},
    )
