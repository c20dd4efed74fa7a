"""How the work of one call grows with the size of what it is given.

A hostile input is made to cost more than its size: a scanner that goes back over the text
for each quote, a loop that copies the rest of the text on every step. Such work grows with
the square of the size, and no budget per request bounds it. `assert_grows_with_size`
times a call on one input at 1×, 4× and 16× its size and fails when the time grows
faster than the size: a ratio, whatever the machine's speed.
"""

import gc
import time
from collections.abc import Callable

FACTORS = (1, 4, 16)
# Linear work at 16× the size takes 16× the time; this much more is noise on a busy
# machine, while work growing with the square of the size takes 256×.
SLACK = 3.0
RUNS = 3


def _fastest(call: Callable[[], object], runs: int) -> float:
    """The quickest of `runs` calls, in seconds: the one the machine disturbed least."""
    best = float("inf")
    collecting = gc.isenabled()
    gc.disable()  # a collection of the whole process's objects is no part of the call
    try:
        for _ in range(runs):
            started = time.perf_counter()
            call()
            best = min(best, time.perf_counter() - started)
    finally:
        if collecting:
            gc.enable()
    return best


def assert_grows_with_size(
    run: Callable[[object], object], make: Callable[[int], object], *, what: str
) -> None:
    """`run(make(n))` for n = 1, 4, 16 takes time at most in proportion to n (with slack).

    `make(n)` builds the input at n times its base size; the base should be large enough
    that the call's fixed cost does not hide the growth.
    """
    inputs = {factor: make(factor) for factor in FACTORS}
    base = _fastest(lambda: run(inputs[1]), RUNS)
    for factor in FACTORS[1:]:
        bound = base * factor * SLACK
        # A call already far past its bound is not repeated: that is the failure being shown.
        taken = _fastest(lambda f=factor: run(inputs[f]), 1)
        if taken > bound:
            taken = min(taken, _fastest(lambda f=factor: run(inputs[f]), RUNS - 1))
        assert taken <= bound, (
            f"{what}: {factor}× the input took {taken / base:.0f}× the time "
            f"({base * 1000:.2f} ms → {taken * 1000:.2f} ms); "
            f"at most {factor * SLACK:.0f}× expected"
        )
