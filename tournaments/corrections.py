"""Which results may still be decided or corrected, and by whom: the one rule the
adjudication service applies, the organise page lists and the game page links by.

A result others have already built on stands: a group result once the playoff has begun, a
Swiss result once the next round is paired (or the Swiss is over), a knockout result whose
next match has begun, and any game but the last of its match.
"""

from django.contrib.auth.models import AnonymousUser
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.models import User
from games import selectors as game_selectors
from games.models import Game
from infrastructure.errors import Conflict
from tournaments import deciders
from tournaments.models import Championship, Match
from tournaments.systems import registry


def later_matches(match: Match) -> list[Match]:
    """The knockout matches a match's result feeds (the next round's; where a double
    elimination sends its winner and its loser)."""
    fed = registry.stage(match.stage.kind).later_matches
    return fed(match) if fed else []


def why_it_stands(championship: Championship, match: Match, game: Game) -> Conflict | None:
    """The refusal a decision on `game` meets because others built on its result, or None
    when it may still be decided (or corrected)."""
    latest = game_selectors.games_for_matches([match.pk]).last()
    if latest is not None and latest.pk != game.pk:
        return Conflict(
            _("A later game of this match has been played: only the last one can be decided."),
            code="not_last_game",
        )
    stands = registry.stage(match.stage.kind).result_stands
    if stands is not None:
        return stands(championship, match)
    if match.status != Match.Status.FINISHED:
        return None
    if any(m.status != Match.Status.WAITING for m in later_matches(match)):
        return Conflict(
            _("The next round's match has begun: this result stands."), code="next_round_started"
        )
    return None


def decision_url(game: Game, viewer: User | AnonymousUser) -> str | None:
    """Where `viewer` decides this championship game, or corrects its result; None when
    they may not (not a decider, a game of their own, a result that stands).

    `game` is loaded with its match, stage and championship (the games' `related`)."""
    if game.status not in (Game.Status.ACTIVE, Game.Status.FINISHED):
        return None
    match = game.match
    championship = match.stage.championship
    if not deciders.may_decide(viewer, match) or why_it_stands(championship, match, game):
        return None
    return reverse("championship-decide", args=[championship.pk, game.pk])


def correctable_results(championship: Championship, reader: User) -> list[dict]:
    """The finished games of a finished championship whose result `reader` may still
    correct: the last game of the final and of the match for third place (of a double
    elimination: the grand final or its reset; of a Swiss with no playoff: the last
    round's), when no rule and no stake keeps them from it; `[{"game", "third_place",
    "url"}]`."""
    if championship.status != Championship.Status.FINISHED:
        return []
    last_stage = championship.stages.order_by("-pk").first()
    correctable = registry.stage(last_stage.kind).correctable_at_the_end if last_stage else None
    if correctable is None:
        return []
    matches = correctable(list(last_stage.matches.select_related("stage", "first", "second")))
    matches = [m for m in matches if m.second_id is not None]  # a Swiss bye has no game
    if not matches:
        return []
    last_round = max(m.round for m in matches)
    games = []
    for match in [m for m in matches if m.round == last_round]:
        match.stage.championship = championship
        game = game_selectors.games_for_matches([match.pk]).last()
        if game is None or game.status != Game.Status.FINISHED:
            continue
        if deciders.may_decide(reader, match) and why_it_stands(championship, match, game) is None:
            url = reverse("championship-decide", args=[championship.pk, game.pk])
            games.append({"game": game, "third_place": match.third_place, "url": url})
    return sorted(games, key=lambda item: item["third_place"])
