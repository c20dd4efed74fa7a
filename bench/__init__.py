"""Benchmarks a person can run with `make bench`; numbers go to docs/benchmarks.md."""
