"""A championship system defined only here: one round robin of every entrant, no playoff.
It proves that a system is one package behind the registry: nothing outside tests/ names it."""

ROUND_ROBIN = "round_robin_only"
