"""Noughts and Crosses: a fifth game that lives in the tests, registered by their settings
(tests/settings.py), to show that a game is one package and nothing else."""
