"""The per-client budgets in tests: tests/settings.py lifts them; a budget's own test puts
a rate back (the project's default or its own) and may run the throttles on a clock of its
own."""

from rest_framework.throttling import SimpleRateThrottle

import config.settings as project_settings
from tests.settings import LIFTED_BUDGETS

# What the site runs with when the environment says nothing.
DEFAULT_RATES = {
    scope: project_settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"][scope]
    for scope in LIFTED_BUDGETS
}
DEFAULT_PENDING_MOVES = project_settings.PENDING_MOVES_PER_PLAYER


def set_rates(settings, **rates: str) -> None:
    """These budgets' rates for the test (the `settings` fixture puts them back after)."""
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **rates},
    }


def the_sites_own_budgets(settings) -> None:
    """Every budget as the site runs it by default."""
    set_rates(settings, **DEFAULT_RATES)
    settings.PENDING_MOVES_PER_PLAYER = DEFAULT_PENDING_MOVES


class Clock:
    """The throttles' time, moved on by the test."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def throttle_clock(monkeypatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(SimpleRateThrottle, "timer", staticmethod(clock))
    return clock
