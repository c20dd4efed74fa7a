"""Timing helpers shared by the benchmarks."""

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Timing:
    name: str
    runs: int
    median_ms: float
    p95_ms: float
    per_second: float

    def line(self) -> str:
        return (
            f"{self.name:<44} {self.runs:>6} runs  median {self.median_ms:8.3f} ms  "
            f"p95 {self.p95_ms:8.3f} ms  {self.per_second:9.1f}/s"
        )


def measure(name: str, action: Callable[[int], object], runs: int, warmup: int = 20) -> Timing:
    """Call `action(i)` `runs` times after a warm-up; report median, p95 and rate."""
    for i in range(warmup):
        action(-1 - i)
    samples = []
    started = time.perf_counter()
    for i in range(runs):
        before = time.perf_counter()
        action(i)
        samples.append((time.perf_counter() - before) * 1000)
    total = time.perf_counter() - started
    samples.sort()
    return Timing(
        name=name,
        runs=runs,
        median_ms=statistics.median(samples),
        p95_ms=samples[int(0.95 * (len(samples) - 1))],
        per_second=runs / total,
    )


@dataclass(frozen=True)
class Throughput:
    """Many small steps timed one by one: their rate, mean and slowest."""

    name: str
    steps: int
    mean_ms: float
    slowest_ms: float
    per_second: float

    def line(self) -> str:
        return (
            f"{self.name:<44} {self.steps:>6} moves mean {self.mean_ms:8.4f} ms  "
            f"slowest {self.slowest_ms:7.3f} ms  {self.per_second:9.0f}/s"
        )


class StepTimer:
    """Times many small steps one by one: `timer(action, *args)` runs and times one."""

    def __init__(self) -> None:
        self.seconds: list[float] = []

    def __call__(self, action: Callable[..., object], *args: object) -> object:
        started = time.perf_counter()
        value = action(*args)
        self.seconds.append(time.perf_counter() - started)
        return value

    def throughput(self, name: str) -> Throughput:
        spent = sum(self.seconds)
        steps = len(self.seconds)
        return Throughput(
            name, steps, spent / steps * 1000, max(self.seconds) * 1000, steps / spent
        )
