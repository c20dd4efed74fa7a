"""Every reason code the pairing emits, with its params; all param values are strings.

Scores are written as decimals ("1.5"), seats as "first"/"second", players by id.
"""

from fractions import Fraction

from tournaments.systems.swiss.pairing.model import Reason

# Seats (C.04.3 E), one per pair:
#   seat_both_preferences {first, second}: E1, each got the seat they preferred.
#   seat_stronger_preference {player, seat, strength, opponent}: E2, `player` got `seat`
#       because their preference ("absolute", "strong" or "mild") was stronger.
#   seat_wider_difference {player, seat, opponent}: E2, both were due `seat` absolutely (a
#       topscorer of the final round and their opponent); `player`'s seat difference is the
#       wider.
#   seat_alternate_last_difference {first, second, games_back}: E3, both wanted the same
#       seat; they swap the seats they had `games_back` played games ago, the latest game
#       in which their seats differed.
#   seat_higher_ranked_preference {player, seat}: E4, `player` ranks higher and got `seat`.
#   seat_initial_by_pairing_number {player, pairing_number, seat, initial_seat}: E5, no
#       preference decided; the higher-ranked `player` got `seat` from the parity of their
#       pairing number and the seat drawn for number 1 (`initial_seat`).
# Floats (C.04.3 1.4), on the pair whose scores differ:
#   float_down {player, score, opponent, opponent_score}: `player` meets a lower score.
#   float_up {player, score, opponent, opponent_score}: `player` meets a higher score.
#   float_odd_bracket {player, score_group}: `player` was left over from the bracket of
#       `score_group`, which had an odd number of players.
#   float_unpaired_in_bracket {player, score_group}: `player` could not be paired well in the
#       bracket of `score_group` (met everyone possible already, seat limits, or the rest of
#       the round could not be completed otherwise).
# Bye (C.04.1 Article 3; C.04.3 C2, C4, C5, C9), on the bye, which the lowest bracket's
# pairing leaves over (byes.py):
#   bye_odd_field {players}: the number of players present is odd.
#   bye_lowest_eligible {player, score, pairing_number}: `player` ranks lowest among those
#       who have had no bye nor forfeit win: lowest score, then highest pairing number.
#   bye_lower_ranked_had_bye {count}: `count` players ranked lower had a bye or forfeit win
#       (C2).
#   bye_others_unpairable {players}: with the bye on any of `players` (ids, comma-separated,
#       ranked lower than the bye, with a lower score) the others could not all have been
#       paired (C4, C5).
#   bye_others_kept_in_play {players, score_group}: `players` (ids, comma-separated, ranked
#       lower than the bye, with the same score `score_group`) could have had it, but the
#       lowest bracket's pairing kept them in play: they had more rounds without a game
#       (C9), or leaving them over would have cost more on seats, floats or the Dutch order.
REASON_CODES: frozenset[str] = frozenset(
    {
        "seat_both_preferences",
        "seat_stronger_preference",
        "seat_wider_difference",
        "seat_alternate_last_difference",
        "seat_higher_ranked_preference",
        "seat_initial_by_pairing_number",
        "float_down",
        "float_up",
        "float_odd_bracket",
        "float_unpaired_in_bracket",
        "bye_odd_field",
        "bye_lowest_eligible",
        "bye_lower_ranked_had_bye",
        "bye_others_unpairable",
        "bye_others_kept_in_play",
    }
)


def score_text(score: Fraction) -> str:
    """A score as a short decimal: 1, 1.5, 0.25."""
    if score.denominator == 1:
        return str(score.numerator)
    text = f"{float(score):.6f}".rstrip("0")
    return text


def reason(code: str, **params: object) -> Reason:
    if code not in REASON_CODES:
        raise ValueError(f"unknown reason code {code!r}")
    return Reason(
        code,
        {
            name: score_text(value) if isinstance(value, Fraction) else str(value)
            for name, value in params.items()
        },
    )
