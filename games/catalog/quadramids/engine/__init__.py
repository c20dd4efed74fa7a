"""Quadramids: rules/quadramids.md as an engine, with its records and a CPU player.

`ENGINE.seats` lists every seat there can be; `ENGINE.seats_for(options)` the seats in play.
"""

from games.catalog.quadramids.engine.engine import ENGINE, QuadramidsEngine, QuadramidsState

__all__ = ["ENGINE", "QuadramidsEngine", "QuadramidsState"]
