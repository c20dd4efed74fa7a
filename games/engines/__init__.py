"""Pure rules engines, one per game; nothing here imports Django."""
