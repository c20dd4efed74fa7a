"""Why the two of each Swiss pairing met, read back from what the players had before its
round (the score group's order, a rematch avoided, the seats kept), for the rounds page."""

from fractions import Fraction

from tournaments.models import Championship, Entry, Match
from tournaments.systems.swiss import opponent_choices
from tournaments.systems.swiss import pairing as swiss
from tournaments.systems.swiss import selectors as swiss_selectors


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


def opponent_reasons(
    championship: Championship, matches: list[Match], entrants: list[Entry]
) -> dict[int, dict]:
    """Why the two of each Swiss pairing met, by match id: read from what the players had
    before its round."""
    swiss_matches = list(matches)
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
