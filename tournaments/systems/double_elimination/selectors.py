"""Reads of a double elimination: its places at the end and its bracket, both from the
plan and the decided matches."""

from collections.abc import Callable
from dataclasses import dataclass

from django.db.models import Prefetch

from games.selectors import games_with_players
from tournaments import bracket_marks, slot_names
from tournaments.match_labels import match_label
from tournaments.models import Championship, Entry, Match, Stage
from tournaments.selectors import present_entrants, seeded_names
from tournaments.systems.double_elimination import DOUBLE_ELIMINATION
from tournaments.systems.double_elimination import plan as plan_of


def stage_of(championship: Championship) -> Stage | None:
    return championship.stages.filter(kind=DOUBLE_ELIMINATION).first()


def planned_matches(stage: Stage) -> list[plan_of.PlannedMatch]:
    return plan_of.plan(stage.lots["entrants"], stage.lots["grand_final_reset"])


def key_of(match: Match) -> plan_of.MatchKey:
    return plan_of.MatchKey(match.bracket, match.round, match.index)


def seeds_of(stage: Stage, matches: list[Match]) -> list[str]:
    """The entry (as text) of every seed, from the matches the seeds were put in."""
    seeds = [""] * stage.lots["entrants"]
    by_key = {key_of(match): match for match in matches}
    for planned in planned_matches(stage):
        match = by_key.get(planned.key)
        for side, source in (("first", planned.first), ("second", planned.second)):
            if match is not None and source.kind == "seed":
                seeds[source.seed - 1] = str(getattr(match, f"{side}_id"))
    return seeds


def final_places(championship: Championship) -> list[tuple[int, int]]:
    """(place, entry id) for every entrant: the bracket's places (shared by those knocked
    out in the same round), then anyone it did not place."""
    stage = stage_of(championship)
    placed: list[tuple[int, int]] = []
    if stage is not None:
        matches = list(stage.matches.all())
        # A match both players lost (both withdrew) ranks as if its first player had won it:
        # they are both out of the way of the bracket, and one of them must be sent on for
        # the places to be counted.
        winners = {
            key_of(match): str(match.winner_id or match.first_id or match.second_id)
            for match in matches
            if match.status == Match.Status.FINISHED
        }
        placings = plan_of.placings(planned_matches(stage), seeds_of(stage, matches), winners)
        placed = sorted((placing.place, int(placing.player)) for placing in placings)
    seen = {entry_id for _, entry_id in placed}
    last = max((place for place, _ in placed), default=0)
    rest = Entry.objects.filter(championship=championship).exclude(pk__in=seen)
    return placed + [(last + 1, entry_id) for entry_id in rest.values_list("pk", flat=True)]


def _rounds_in(planned: list[plan_of.PlannedMatch]) -> dict[str, int]:
    rounds: dict[str, int] = {}
    for match in planned:
        rounds[match.key.bracket] = max(rounds.get(match.key.bracket, 0), match.key.round)
    return rounds


def rounds_per_bracket(stage: Stage) -> dict[str, int]:
    """How many rounds each bracket of the stage has (the final's: 2, with its reset)."""
    return _rounds_in(planned_matches(stage))


@dataclass(frozen=True)
class _Plan:
    """What naming a plan's slots needs: each bracket's rounds and each match's letter."""

    rounds: dict[str, int]
    letters: dict[plan_of.MatchKey, str]


def _source_view(source: plan_of.Source, plan: _Plan) -> dict | None:
    if source.kind == "seed":
        return None
    key = source.match
    view = {
        "bracket": key.bracket,
        "round": key.round,
        "rounds": plan.rounds[key.bracket],
        "match": key.index + 1,
        "result": source.kind,
    }
    view = {**view, "label": slot_names.bracket_source_label(view)}
    return bracket_marks.with_match_label(view, plan.letters[key])


def _planned_source_view(source: plan_of.Source, plan: _Plan) -> dict:
    """A slot of the plan before the draw: a seed, or a match's winner or loser."""
    if source.kind == "seed":
        return {"seed": source.seed, "label": slot_names.seed_label(source.seed)}
    return _source_view(source, plan)


def _reset_to_come(plan: plan_of.PlannedMatch, view: Callable[[plan_of.Source], dict]) -> dict:
    """The grand final's reset before anyone knows whether it is played."""
    sources = {"a": view(plan.first), "b": view(plan.second)}
    return bracket_marks.match_to_come(sources, shown_sources=sources, if_necessary=True)


def bracket_rounds(championship: Championship) -> list[dict]:
    """Every round of the two brackets and the final, each with `bracket` (winners, losers,
    final) and its matches as the playoff bracket gives them; a side with no player yet says
    where it comes from. The reset is there "if necessary" (`if_necessary`) until the grand
    final is over, then as played or not at all."""
    stage = stage_of(championship)
    if stage is None:
        return []
    matches = {
        key_of(match): match
        for match in stage.matches.select_related(
            "first__player", "second__player", "winner__player"
        ).prefetch_related(Prefetch("games", queryset=games_with_players()))
    }

    def name(entry: Entry | None) -> str | None:
        return entry.player.shown_name if entry else None

    def view(plan: plan_of.PlannedMatch, naming: _Plan) -> dict | None:
        match = matches.get(plan.key)
        if match is None:
            grand_final = matches.get(plan.first.match) if plan.is_reset else None
            if grand_final is None or grand_final.status == Match.Status.FINISHED:
                return None  # the reset, not needed
            return _reset_to_come(plan, lambda source: _source_view(source, naming))
        sides = (match.first, match.second)
        return {
            "id": match.pk,
            "a": name(match.first),
            "b": name(match.second),
            "winner": name(match.winner),
            "forfeit": match.forfeit,
            "bye": False,
            "games": sorted(game.pk for game in match.games.all()),
            "from": {
                key: _source_view(source, naming) if entry is None else None
                for key, entry, source in zip(
                    ("a", "b"), sides, (plan.first, plan.second), strict=True
                )
            },
            # Where each side comes from, filled or not (null: a seed), for the drawing's
            # lines.
            "sources": {
                key: _source_view(source, naming)
                for key, source in (("a", plan.first), ("b", plan.second))
            },
            "score": bracket_marks.score_of(match),
            "if_necessary": False,
        }

    return _rounds_of(planned_matches(stage), view)


def planned_bracket_rounds(entrants: int, grand_final_reset: bool) -> list[dict]:
    """The brackets the draw will make for `entrants` players, before the start: every slot
    says where its player comes from (a seed, or a match's winner or loser); the reset is
    shown "if necessary", as in the drawn bracket before its grand final."""

    def view(plan: plan_of.PlannedMatch, naming: _Plan) -> dict | None:
        if plan.is_reset:
            return _reset_to_come(plan, lambda source: _planned_source_view(source, naming))
        sources = {
            key: _planned_source_view(source, naming)
            for key, source in (("a", plan.first), ("b", plan.second))
        }
        return bracket_marks.match_to_come(
            sources,
            shown_sources={
                key: None if source.kind == "seed" else sources[key]
                for key, source in (("a", plan.first), ("b", plan.second))
            },
        )

    planned = plan_of.plan(min(entrants, plan_of.MAX_ENTRANTS), grand_final_reset)
    return _rounds_of(planned, view)


def _rounds_of(
    planned: list[plan_of.PlannedMatch],
    view: Callable[[plan_of.PlannedMatch, _Plan], dict | None],
) -> list[dict]:
    """The planned matches as rounds in the bracket's order (winners, losers, final), each
    match as `view` shows it (None: not shown) with its letter in the order of play (the
    plan's order, the brackets' rounds interleaved as they can be played)."""
    rounds = _rounds_in(planned)
    letters = {plan.key: match_label(position) for position, plan in enumerate(planned)}
    naming = _Plan(rounds=rounds, letters=letters)
    order = {"winners": 0, "losers": 1, "final": 2}
    views: dict[tuple[str, int], dict] = {}
    for plan in sorted(planned, key=lambda p: (order[p.key.bracket], p.key.round, p.key.index)):
        shown = view(plan, naming)
        if shown is None:
            continue
        shown = {**shown, "label": letters[plan.key]}
        round_key = (plan.key.bracket, plan.key.round)
        if round_key not in views:
            views[round_key] = {
                "name": slot_names.bracket_round_name(*round_key, rounds[plan.key.bracket]),
                "bracket": plan.key.bracket,
                "round": plan.key.round,
                "matches": [],
            }
        views[round_key]["matches"].append(shown)
    return list(views.values())


def fed_matches(match: Match) -> list[Match]:
    """The matches a double elimination's match sends its winner and its loser to (and,
    for the grand final, its reset once made)."""
    stage = match.stage
    planned = {plan.key: plan for plan in planned_matches(stage)}
    plan = planned[key_of(match)]
    targets = {target[0] for target in (plan.winner_to, plan.loser_to) if target is not None}
    if match.bracket == Match.Bracket.FINAL and match.round == 1:
        targets.add(plan_of.MatchKey("final", 2, 0))
    return [m for m in stage.matches.all() if key_of(m) in targets]


def rounds_per_bracket_of(stage_ids) -> dict[int, dict[str, int]]:
    """For each double-elimination stage among `stage_ids`, its rounds per bracket (one
    query for them all)."""
    stages = Stage.objects.filter(pk__in=stage_ids, kind=DOUBLE_ELIMINATION)
    return {stage.pk: rounds_per_bracket(stage) for stage in stages}


def knocked_out(championship: Championship) -> set[int]:
    """The entries a double elimination has knocked out so far: two lost matches each."""
    stage = stage_of(championship)
    if stage is None:
        return set()
    losses: dict[int, int] = {}
    decided = stage.matches.filter(status=Match.Status.FINISHED).values_list(
        "first_id", "second_id", "winner_id"
    )
    for first, second, winner in decided:
        for entry in (first, second):
            if entry is not None and entry != winner:
                losses[entry] = losses.get(entry, 0) + 1
    return {entry for entry, count in losses.items() if count >= 2}


def grand_final_matches(matches: list[Match]) -> list[Match]:
    """Of a finished double elimination, the grand final and its reset."""
    return [match for match in matches if match.bracket == Match.Bracket.FINAL]


def entrant_states(championship: Championship) -> dict[int, tuple[str, None]]:
    """Who is out (two lost matches); everyone else still plays."""
    return {entry: ("out", None) for entry in knocked_out(championship)}


def round_names(matches: list[Match]) -> Callable[[Match], str]:
    """A match's round by its bracket's name for it ("Losers' round 2", "Grand final")."""
    stage = matches[0].stage
    rounds = rounds_per_bracket(stage)
    return lambda match: slot_names.bracket_round_name(
        match.bracket, match.round, rounds.get(match.bracket, match.round)
    )


BRACKET_ORDER = {"winners": 0, "losers": 1, "final": 2}


def round_order(round_: dict) -> tuple[int, int]:
    """The schedule's rounds bracket by bracket: winners', losers', the final."""
    return (BRACKET_ORDER.get(round_["bracket"], 3), round_["number"])


def bracket_view(championship: Championship) -> dict:
    """The drawn brackets, or during registration the plan for the players entered so far."""
    if stage_of(championship) is not None:
        rounds = bracket_rounds(championship)
        return {"rounds": rounds, "planned": False, "entrants": None}
    if championship.status != Championship.Status.REGISTRATION:
        return {"rounds": [], "planned": False, "entrants": None}
    entrants = present_entrants(championship)
    rounds = []
    if entrants >= 2:
        rounds = planned_bracket_rounds(entrants, championship.grand_final_reset)
        holder = bracket_marks.seeded_holder(seeded_names(championship))
        rounds = bracket_marks.with_entrants(rounds, holder)
    return {"rounds": rounds, "planned": True, "entrants": entrants}
