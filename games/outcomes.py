"""How games end, what a run-out clock does and how long a championship's games are: the
values stored in `Game.result_reason`, declared by the engines as `time_out`, and the match
formats of a championship's stages.

Plain Python (no Django), so engines and the engines' command line may import it too. A
`StrEnum` equals its string, so the values stored in the database and sent by the API stay
the same strings.
"""

from enum import StrEnum


class ResultReason(StrEnum):
    """Why a game ended, for reasons every game shares."""

    # A game's own reasons, set by the rules (its engine's `result`: a full board, a secured
    # lead...), are declared with their words in the game's declaration (`result_reasons`).
    # Set by the service, or by the rules where an ending is a move of the record (Q19).
    RESIGNATION = "resignation"
    TIME = "time"
    AGREEMENT = "agreement"
    FORFEIT = "forfeit"
    NO_SHOW = "no_show"
    DISCONNECTION = "disconnection"
    # Set by a championship: its round's time was up (the leader by score wins), or its
    # organiser decided the game (a win, a draw, or a loss for both).
    ROUND_DEADLINE = "deadline"
    ADJUDICATED = "adjudicated"
    DOUBLE_FORFEIT = "double_forfeit"


class TimeOut(StrEnum):
    """What happens when the side to move lets its time run out."""

    LOSE = "lose"  # it loses (K12); with more than two players it leaves the game
    CPU_MOVES = "cpu_moves"  # the CPU moves for it (D6)
    PASS = "pass"  # its turn passes (Q17)


class MatchFormat(StrEnum):
    """How long the games of a championship's stage are (each game's rules say what each
    means in it: Quadramids' M20 and the like)."""

    EXPRESS = "express"
    EXTENDED = "extended"
    FULL = "full"


# Every match format, shortest first.
MATCH_FORMATS: tuple[str, ...] = tuple(MatchFormat)
