"""The playoff's reads, shared by the systems that end with one: its bracket drawn or
planned, and the places it gives."""

from django.db.models import Prefetch

from games import selectors as game_selectors
from tournaments import bracket, bracket_marks, slot_names
from tournaments.bracket import PLAYOFF
from tournaments.models import Championship, Entry, Match, Stage


def playoff_stage(championship: Championship) -> Stage | None:
    return championship.stages.filter(kind=PLAYOFF).first()


def drawn_bracket(championship: Championship) -> dict | None:
    """The playoff's bracket once drawn (None before)."""
    stage = playoff_stage(championship)
    if stage is None:
        return None
    rounds = bracket_marks.letter_knockout(_drawn_rounds(championship, stage))
    return {"rounds": rounds, "planned": False, "entrants": None}


def planned_rounds(
    championship: Championship, first: list[dict | None], third_place: bool
) -> list[dict]:
    """The bracket a draw of the first round's slots `first` (each where its player comes
    from, None a bye) will make, lettered in the order of play."""
    return _planned_rounds(championship, first, third_place)


def places_after_playoff(
    championship: Championship, first_stage_places: dict[int, tuple]
) -> list[tuple[int, int]]:
    """(rank, entry id) for every entrant: the playoff's places first (the final, the
    match for third place, then by the round they went out in, later is better), then
    the rest; a tie, and everyone the playoff does not place, goes by `first_stage_places`
    (entry id → a sortable place in the stage before)."""
    playoff = playoff_stage(championship)
    placed: list[int] = []

    def by_first_stage(entry_id: int) -> tuple:
        return first_stage_places.get(entry_id, (99, 0))

    if playoff is not None:
        matches = list(playoff.matches.all())
        if matches:
            last = max(match.round for match in matches)
            final = next(m for m in matches if m.round == last and not m.third_place)
            third = next((m for m in matches if m.third_place), None)
            for match in (final, third):
                if match is not None and match.winner_id:
                    loser = match.second_id if match.winner_id == match.first_id else match.first_id
                    placed += [e for e in (match.winner_id, loser) if e and e not in placed]
            for round_number in range(last - 1 if third else last, 0, -1):
                out = [
                    (m.second_id if m.winner_id == m.first_id else m.first_id)
                    for m in matches
                    if m.round == round_number and not m.third_place and m.winner_id
                ]
                out = [e for e in out if e and e not in placed]
                placed += sorted(out, key=by_first_stage)
    rest = [
        entry_id
        for entry_id in Entry.objects.filter(championship=championship).values_list("pk", flat=True)
        if entry_id not in placed
    ]
    placed += sorted(rest, key=by_first_stage)
    return [(rank, entry_id) for rank, entry_id in enumerate(placed, start=1)]


def _source(
    names: list[str], round_number: int, index: int, side: int, first: list[dict | None] | None
) -> dict | None:
    """Where side `side` (0 top) of match `index` of round `round_number` (from 1) comes
    from; `first`: the first round's slots when the bracket is a plan."""
    if round_number == 1:
        return first[2 * index + side] if first is not None else None
    feeder = 2 * index + side
    if round_number == 2 and first is not None:
        top, bottom = first[2 * feeder], first[2 * feeder + 1]
        if top is None or bottom is None:
            return top or bottom  # a bye: the seed goes straight through
    return {"round": names[round_number - 2], "match": feeder + 1, "result": "winner"}


def _labelled(source: dict | None) -> dict | None:
    return None if source is None else {**source, "label": slot_names.source_label(source)}


def _planned_rounds(
    championship: Championship, first: list[dict | None], third_place: bool
) -> list[dict]:
    return bracket_marks.letter_knockout(_unlettered_plan(championship, first, third_place))


def _unlettered_plan(
    championship: Championship, first: list[dict | None], third_place: bool
) -> list[dict]:
    names = bracket.round_names(len(first))
    rounds = []
    for number, title in enumerate(names, start=1):
        matches = []
        for index in range(len(first) >> number):
            sources = [_source(names, number, index, side, first) for side in (0, 1)]
            match = bracket_marks.match_to_come(
                {"a": _labelled(sources[0]), "b": _labelled(sources[1])}
            )
            match["bye"] = number == 1 and None in sources
            matches.append(match)
        rounds.append({"name": title, "matches": matches})
    if championship.third_place and third_place:
        losers = [{"round": names[-2], "match": side + 1, "result": "loser"} for side in (0, 1)]
        third = bracket_marks.match_to_come({"a": _labelled(losers[0]), "b": _labelled(losers[1])})
        rounds.append({"name": "Third place", "matches": [third]})
    return rounds


def _drawn_rounds(championship: Championship, stage: Stage) -> list[dict]:
    matches = list(
        stage.matches.select_related("first__player", "second__player", "winner__player")
        .prefetch_related(Prefetch("games", queryset=game_selectors.games_with_players()))
        .order_by("round", "third_place", "index")
    )
    size = 2 ** max(match.round for match in matches) if matches else 2
    names = bracket.round_names(size)

    def name(entry: Entry | None) -> str | None:
        return entry.player.shown_name if entry else None

    def sources(match: Match) -> list[dict | None]:
        if match.third_place:
            return [{"round": names[-2], "match": side + 1, "result": "loser"} for side in (0, 1)]
        return [_source(names, match.round, match.index, side, None) for side in (0, 1)]

    rounds = []
    for number, title in enumerate(names, start=1):
        in_round = [m for m in matches if m.round == number and not m.third_place]
        rounds.append(
            {"name": title, "matches": [_match_view(m, name, sources(m)) for m in in_round]}
        )
    third = [m for m in matches if m.third_place]
    if third:
        rounds.append(
            {"name": "Third place", "matches": [_match_view(m, name, sources(m)) for m in third]}
        )
    return rounds


def _match_view(match: Match, name, sources: list[dict | None]) -> dict:
    """A drawn match; a side still waiting for its player gives where it comes from."""
    sides = (match.first, match.second)
    return {
        "id": match.pk,
        "a": name(match.first),
        "b": name(match.second),
        "winner": name(match.winner),
        "forfeit": match.forfeit,
        "bye": match.round == 1
        and not match.third_place
        and match.status == Match.Status.FINISHED
        and None in sides,
        "games": sorted(game.pk for game in match.games.all()),
        "from": {
            key: _labelled(source) if entry is None else None
            for key, entry, source in zip(("a", "b"), sides, sources, strict=True)
        },
        "score": bracket_marks.score_of(match),
        "if_necessary": False,
    }
