"""How the work of one call grows with the size of what it is given.

A hostile input is made to cost more than its size: a scanner that goes back over the text
for each quote, a loop that copies the rest of the text on every step. Such work grows with
the square of the size, and no budget per request bounds it. `assert_grows_with_size`
measures a call on one input at 1×, 4× and 16× its size and fails when the cost grows
faster than the size: a ratio, whatever the machine's speed.

The cost is the process's own CPU time (what the call itself spent, not the time other
processes of a busy machine took from it), per call, over enough calls to be read well
above the clock's grain, the least of several tries.
"""

import gc
import math
import time
from collections.abc import Callable

# Work in proportion to the size grows 4× and 16×; work growing with its square, 16× and
# 256×. The bounds leave room for a busy machine's caches and still catch the square early.
BOUNDS = {4: 4 * 3.5, 16: 16 * 4.0}
TRIES = 5
# A measure shorter than this is read over several calls.
READING_S = 0.02


def cost(call: Callable[[], object], tries: int = TRIES) -> float:
    """The CPU seconds one call takes: the least over `tries` readings, each over enough
    calls to last about READING_S."""
    started = time.process_time()
    call()
    once = time.process_time() - started
    calls = max(1, math.ceil(READING_S / max(once, 1e-6)))
    best = once
    collecting = gc.isenabled()
    gc.disable()  # a collection of the whole process's objects is no part of the call
    try:
        for _ in range(tries):
            started = time.process_time()
            for _ in range(calls):
                call()
            best = min(best, (time.process_time() - started) / calls)
    finally:
        if collecting:
            gc.enable()
    return max(best, 1e-9)


def assert_grows_with_size(
    run: Callable[[object], object], make: Callable[[int], object], *, what: str
) -> None:
    """`run(make(n))` for n = 1, 4, 16 costs at most in proportion to n (within BOUNDS).

    `make(n)` builds the input at n times its base size."""
    inputs = {factor: make(factor) for factor in (1, *BOUNDS)}
    base = cost(lambda: run(inputs[1]))
    for factor, bound in BOUNDS.items():
        # A call already far past its bound is read once: that is the failure being shown.
        first = time.process_time()
        run(inputs[factor])
        taken = time.process_time() - first
        if taken > base * bound:
            taken = min(taken, cost(lambda f=factor: run(inputs[f]), tries=2))
        assert taken <= base * bound, (
            f"{what}: {factor}× the input cost {taken / base:.0f}× the CPU time "
            f"({base * 1000:.2f} ms → {taken * 1000:.2f} ms); at most {bound:.0f}× expected"
        )
