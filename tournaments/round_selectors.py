"""Every round of a championship with its pairings and their results, and for a Swiss why
each pairing is as it is: why these two met (the score group's order, a rematch avoided,
the seats kept), who floated and why, what decided the seats, why the bye."""

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
from tournaments.systems.swiss import explanations as pairing_explanations
from tournaments.systems.swiss import opponent_choices
from tournaments.systems.swiss import pairing as swiss
from tournaments.systems.swiss import selectors as swiss_selectors


def _seat_names(championship: Championship) -> dict[str, str]:
    """The game's own names of the first and second seats ("first" → "red")."""
    seats = seats_in_play(engine(championship.game), championship.options)
    return {"first": seats[0], "second": seats[1]}


def _number(text: str | None) -> float | None:
    """A score group kept as exact text ("1.5") as a JSON number."""
    return None if text is None else float(Fraction(text))


def _generic_why(match: Match) -> str:
    if match.group_id is not None:
        return _("Round %(round)s of group %(group)s's round robin (Berger table).") % {
            "round": match.round,
            "group": match.group.name,
        }
    return _("Paired by the bracket.")


def _result(match: Match, name) -> dict | None:
    """A decided match's result: its winner (None for a draw or a loss for both), whether
    drawn, whether decided without play; None while it is played."""
    if match.status != Match.Status.FINISHED:
        return None
    winner = None if match.winner_id is None else name(match.winner_id)
    return {"winner": winner, "drawn": match.drawn, "forfeit": match.forfeit}


def _before_each_round(
    championship: Championship, played: list[Match], entries: dict[int, Entry]
) -> dict[int, dict[str, swiss.Competitor]]:
    """What each Swiss player had before each round (points, opponents met over the board,
    seats), from the matches already read: no query more however many rounds."""
    win, draw, loss = swiss_selectors.point_values(championship)
    points: dict[str, Fraction] = {}
    met: dict[str, set[str]] = {}
    seats: dict[str, list] = {}
    before: dict[int, dict[str, swiss.Competitor]] = {}
    for number in sorted({match.round for match in played}):
        in_round = [match for match in played if match.round == number]
        before[number] = {
            str(pk): swiss.Competitor(
                id=str(pk),
                pairing_number=entry.pairing_number or 0,
                points=points.get(str(pk), Fraction(0)),
                opponents=frozenset(met.get(str(pk), ())),
                seats=tuple(seats.get(str(pk), ())),
                floats=(),
                had_bye=False,
            )
            for pk, entry in entries.items()
        }
        for match in in_round:
            if match.status != Match.Status.FINISHED:
                continue
            first = str(match.first_id)
            if match.second_id is None:
                points[first] = points.get(first, Fraction(0)) + win
                continue
            second = str(match.second_id)
            for player, opponent, seat in ((first, second, "first"), (second, first, "second")):
                if match.drawn:
                    gained = draw
                elif match.winner_id is None:
                    gained = loss
                else:
                    gained = win if str(match.winner_id) == player else loss
                points[player] = points.get(player, Fraction(0)) + gained
                if not match.forfeit:
                    met.setdefault(player, set()).add(opponent)
                    seats.setdefault(player, []).append(seat)
    return before


def _opponent_reasons(
    championship: Championship, matches: list[Match], entrants: list[Entry]
) -> dict[int, dict]:
    """Why the two of each Swiss pairing met, by match id: read from what the players had
    before its round."""
    swiss_matches = [match for match in matches if registry.stage(match.stage.kind).paired_by_score]
    if not swiss_matches:
        return {}
    stage = swiss_matches[0].stage
    read = {match.round for match in swiss_matches}
    if read != set(range(1, max(read) + 1)):
        # Only a later round was read: the ones before it are read too, for what came first.
        swiss_matches = list(stage.matches.all())
    entries = {entry.pk: entry for entry in entrants}
    before = _before_each_round(championship, swiss_matches, entries)
    found = {}
    for number, players in before.items():
        paired = [
            match
            for match in swiss_matches
            if match.round == number and match.second_id is not None
        ]
        pairs = [(str(m.first_id), str(m.second_id)) for m in paired]
        reasons = opponent_choices.opponent_reasons(players.values(), pairs)
        for match, pair in zip(paired, pairs, strict=True):
            explained = reasons.get(frozenset(pair))
            if explained is not None:
                found[match.pk] = explained.as_record()
    return found


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
    chosen_because = _opponent_reasons(championship, matches, entrants)
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
        why = " ".join(
            pairing_explanations.sentence(reason, name, seat_words) for reason in reasons
        )
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
