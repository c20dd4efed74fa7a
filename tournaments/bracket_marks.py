"""What a bracket's boxes say besides the players: each match's letter in the order of play
and the slots that wait on it ("Winner of C"), each side's score, and before the draw the
entrant who holds each seeded slot as the seeding stands."""

from collections.abc import Callable, Iterable

from games.models import Game
from games.selectors import players_by_seat
from tournaments import slot_names
from tournaments.bracket_scores import GameTally, match_score
from tournaments.match_labels import match_label
from tournaments.models import Match


def score_of(match: Match) -> dict | None:
    """The match's score by side (see `bracket_scores.match_score`); its games' seats should
    be prefetched."""
    games = sorted(match.games.all(), key=lambda game: game.pk)
    tallies = [
        GameTally(
            players=players_by_seat(game),
            score=game.score or {},
            finished=game.status == Game.Status.FINISHED,
            winner=game.winner,
        )
        for game in games
    ]
    first = match.first.player_id if match.first else None
    second = match.second.player_id if match.second else None
    return match_score(tallies, first, second)


def with_match_label(source: dict | None, label: str | None) -> dict | None:
    """A slot's source that names an earlier match, with that match's letter and the short
    words for it ("Winner of C")."""
    if source is None or label is None:
        return source
    return {
        **source,
        "match_label": label,
        "short_label": slot_names.match_source_label(label, source["result"]),
    }


def letter_knockout(rounds: list[dict]) -> list[dict]:
    """A knockout's rounds with every match lettered round by round, top to bottom (a bye
    is no match and has no letter, the match for third place follows the final), and every
    slot waiting on a match saying which."""
    letters: dict[tuple[str, int], str] = {}
    played = 0
    for round_ in rounds:
        for number, match in enumerate(round_["matches"], start=1):
            if not match.get("bye"):
                letters[(round_["name"], number)] = match_label(played)
                played += 1
    lettered = []
    for round_ in rounds:
        matches = []
        for number, match in enumerate(round_["matches"], start=1):
            sides = {
                side: with_match_label(source, _fed_by(source, letters))
                for side, source in (match.get("from") or {}).items()
            }
            label = letters.get((round_["name"], number))
            matches.append({**match, "label": label, "from": sides})
        lettered.append({**round_, "matches": matches})
    return lettered


def _fed_by(source: dict | None, letters: dict[tuple[str, int], str]) -> str | None:
    if source is None or "result" not in source:
        return None
    return letters.get((source["round"], source["match"]))


def seeded_holder(
    seeded: list[str], groups: Iterable[tuple[str, list[str]]] = ()
) -> Callable[[dict], str | None]:
    """Who holds a slot as the seeding stands (`seeded`: the entrants' names, best first):
    seed n and place n of a Swiss are the n-th; a group's place n is the n-th of that group
    as the snake draw would deal it (`groups`: each group's name and players)."""
    by_group = dict(groups)

    def holder(source: dict) -> str | None:
        number = source.get("seed") or source.get("swiss_place")
        if number is not None:
            return seeded[number - 1] if number <= len(seeded) else None
        if "group" in source:
            members = by_group.get(source["group"], [])
            return members[source["place"] - 1] if source["place"] <= len(members) else None
        return None

    return holder


def with_entrants(rounds: list[dict], holder: Callable[[dict], str | None]) -> list[dict]:
    """A planned bracket whose seeded slots also give `entrant`: who holds it now."""

    def filled(source: dict | None) -> dict | None:
        if source is None:
            return None
        entrant = holder(source)
        return source if entrant is None else {**source, "entrant": entrant}

    return [
        {
            **round_,
            "matches": [
                {**match, "from": {side: filled(s) for side, s in match["from"].items()}}
                for match in round_["matches"]
            ],
        }
        for round_ in rounds
    ]


def match_to_come(
    sources: dict, *, shown_sources: dict | None = None, if_necessary: bool = False
) -> dict:
    """A match of the bracket that nobody plays yet: its sides named by where they come
    from (`sources`, and the `sources` the API shows when they differ)."""
    view = {
        "id": None,
        "a": None,
        "b": None,
        "winner": None,
        "forfeit": False,
        "bye": False,
        "games": [],
        "from": sources,
        "score": None,
        "if_necessary": if_necessary,
    }
    if shown_sources is not None:
        view["sources"] = shown_sources
    return view
