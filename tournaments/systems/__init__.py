"""The championship systems, one package each (see docs/code-layout.md)."""
