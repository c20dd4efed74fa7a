"""How ratings are kept: the numbers of the rating policy, in one place."""

from django.conf import settings

from ratings import glicko2

RD_FLOOR, RD_CEILING = 45.0, 350.0
PROVISIONAL_RD = 110.0


def periods_per_day() -> float:
    """Rating periods per idle day: by default RD grows from 60 to 110 in a year of rest."""
    configured = getattr(settings, "RATING_PERIODS_PER_DAY", None)
    if configured:
        return float(configured)
    start, end = 60.0 / glicko2.SCALE, 110.0 / glicko2.SCALE
    return (end**2 - start**2) / (glicko2.DEFAULT_VOLATILITY**2 * 365.0)


def clamp_rd(rd: float) -> float:
    return min(RD_CEILING, max(RD_FLOOR, rd))


def is_provisional(rd: float) -> bool:
    return rd >= PROVISIONAL_RD


def idle_periods(seconds: float) -> float:
    return max(0.0, seconds) / 86_400.0 * periods_per_day()
