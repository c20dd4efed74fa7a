"""Every round of a championship with its pairings and their results, and why each pairing
is as it is, in the words its stage gives (a Swiss: why these two met, who floated and why,
what decided the seats, why the bye)."""

from fractions import Fraction

from django.utils.translation import gettext as _

from accounts.models import User
from games import selectors as game_selectors
from games.engines import engine
from games.engines.base import seats_in_play
from games.models import CPU_PLAYER
from games.titles import seat_title
from tournaments.models import Championship, Entry, Match
from tournaments.systems import registry


def _seat_names(championship: Championship) -> dict[str, str]:
    """The game's own names of the first and second seats ("first" → "red")."""
    seats = seats_in_play(engine(championship.game), championship.options)
    return {"first": seats[0], "second": seats[1]}


def _number(text: str | None) -> float | None:
    """A score group kept as exact text ("1.5") as a JSON number."""
    return None if text is None else float(Fraction(text))


def _generic_why(match: Match) -> str:
    """Why a pairing is so where its stage keeps no reasons of its own."""
    told = registry.stage(match.stage.kind).pairing_why
    return told(match) if told else _("Paired by the bracket.")


def _chosen_because(
    championship: Championship, matches: list[Match], entrants: list[Entry]
) -> dict[int, dict]:
    """Each stage's reasons for its pairings (a Swiss's: why these two met), by match id."""
    found: dict[int, dict] = {}
    for kind in {match.stage.kind for match in matches}:
        explain = registry.stage(kind).explain_pairings
        if explain is not None:
            in_stage = [match for match in matches if match.stage.kind == kind]
            found.update(explain(championship, in_stage, entrants))
    return found


def _result(match: Match, name) -> dict | None:
    """A decided match's result: its winner (None for a draw or a loss for both), whether
    drawn, whether decided without play; None while it is played."""
    if match.status != Match.Status.FINISHED:
        return None
    winner = None if match.winner_id is None else name(match.winner_id)
    return {"winner": winner, "drawn": match.drawn, "forfeit": match.forfeit}


def rounds(championship: Championship, number: int | None = None) -> list[dict]:
    """`[{round, stage, bracket, pairings: [{game, players: {seat: username}, score_group,
    floats: {username: "up"|"down"}, why, result: {winner, drawn, forfeit} | None}],
    byes: [{username, why}]}]`, stage by stage and round by round, as far as they are
    paired (only round `number` when given)."""
    seats = _seat_names(championship)
    # In the sentences a seat reads as people name it, in their language.
    seat_words = {place: seat_title(seat, championship.game) for place, seat in seats.items()}
    entrants = list(
        Entry.objects.filter(championship=championship)
        .select_related("player")
        .only("id", "pairing_number", "player", "player__username", "player__deleted_at")
    )
    entries = {str(entry.pk): entry.player.shown_name for entry in entrants}
    # A game's seats hold the entrants' accounts: named from the rows read here.
    players_named = {entry.player_id: entry.player.shown_name for entry in entrants}

    def name(pk: str) -> str:
        return entries.get(str(pk), "?")

    matches = Match.objects.filter(stage__championship=championship)
    if number is not None:
        matches = matches.filter(round=number)
    matches = list(
        matches.exclude(first__isnull=True, second__isnull=True)
        .select_related("stage", "group")
        .order_by("stage_id", "bracket", "round", "third_place", "group__order", "index")
    )
    seating = game_selectors.seating_of_match_games([match.pk for match in matches])
    seated = {
        user_id
        for games in seating.values()
        for _game, holders in games
        for user_id in holders.values()
    }
    # An account no longer among the entries (removed since) is read on its own.
    for user in User.objects.filter(pk__in=seated - players_named.keys() - {None}):
        players_named[user.pk] = user.shown_name
    chosen_because = _chosen_because(championship, matches, entrants)
    found: dict[tuple, dict] = {}
    for match in matches:
        key = (match.stage_id, match.bracket, match.round)
        view = found.setdefault(
            key,
            {
                "round": match.round,
                "stage": match.stage.kind,
                "bracket": match.bracket or None,
                "pairings": [],
                "byes": [],
            },
        )
        record = match.pairing or {}
        reasons = list(record.get("reasons", []))
        if match.pk in chosen_because:
            reasons.insert(0, chosen_because[match.pk])
        sentence = registry.stage(match.stage.kind).reason_sentence
        why = " ".join(sentence(reason, name, seat_words) for reason in reasons) if sentence else ""
        if registry.stage(match.stage.kind).paired_by_score and match.second_id is None:
            view["byes"].append({"username": name(match.first_id), "why": why})
            continue
        if match.first_id is None or match.second_id is None:
            continue  # a knockout match still waiting for a player
        games = seating.get(match.pk)
        game, seated_in = games[-1] if games else (None, {})
        players = (
            {
                seat: CPU_PLAYER if user_id is None else players_named[user_id]
                for seat, user_id in seated_in.items()
            }
            if game is not None
            else {seats["first"]: name(match.first_id), seats["second"]: name(match.second_id)}
        )
        view["pairings"].append(
            {
                "game": game,
                "players": players,
                "score_group": _number(record.get("score_group")),
                "floats": {name(pk): way for pk, way in record.get("floats", {}).items()},
                "why": why or _generic_why(match),
                "result": _result(match, name),
            }
        )
    return list(found.values())
