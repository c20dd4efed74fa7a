"""Random Swiss events paired by this package and, round by round, by bbpPairings, a FIDE
endorsed engine of the same edition (the rules in force from 1 February 2026), fed the
event as a Tournament Report File (tournaments/trf.py).

bbpPairings is not a dependency: `engine_path()` finds it from the BBP_PAIRINGS setting of
the environment or on the PATH, and is None when it is not installed.
"""

import os
import random
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from tournaments.systems.swiss import pairing as swiss
from tournaments.systems.swiss import trf

ONE, HALF, NIL = Fraction(1), Fraction(1, 2), Fraction(0)
POINTS = trf.PointValues(win=ONE, draw=HALF, loss=NIL, pairing_bye=ONE, absent=NIL)


def engine_path() -> str | None:
    wanted = os.environ.get("BBP_PAIRINGS")
    if wanted:
        return wanted if Path(wanted).is_file() else None
    return shutil.which("bbpPairings") or shutil.which("bbpPairings.exe")


@dataclass(frozen=True)
class Round:
    """A round's pairing as plain comparable data: (white, black) by pairing number."""

    pairs: frozenset[tuple[int, int]]
    bye: int | None


@dataclass
class Event:
    """A Swiss played out with random results; players are numbered 1..n."""

    players: int
    rounds_total: int
    white_for_number_one: bool
    chooser: random.Random
    history: dict[int, list[trf.RoundEntry]] = field(default_factory=dict)
    withdrawn: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.history = {n: [] for n in range(1, self.players + 1)}

    def points(self, number: int) -> Fraction:
        values = {trf.WIN: ONE, trf.DRAW: HALF, trf.PAIRING_BYE: ONE, trf.FORFEIT_WIN: ONE}
        return sum((values.get(e.result, NIL) for e in self.history[number]), NIL)

    def competitors(self) -> list[swiss.Competitor]:
        made = []
        for number, entries in self.history.items():
            if number in self.withdrawn:
                continue
            floats: list = []
            running: dict[int, Fraction] = {}
            for index, entry in enumerate(entries):
                mine = self._points_before(number, index)
                if entry.result in (trf.PAIRING_BYE, trf.FORFEIT_WIN):
                    floats.append("down")
                elif entry.opponent is not None and entry.result in (trf.WIN, trf.DRAW, trf.LOSS):
                    theirs = self._points_before(entry.opponent, index)
                    floats.append("down" if mine > theirs else "up" if mine < theirs else None)
                else:
                    floats.append(None)
                running[index] = mine
            played = [e for e in entries if e.result in (trf.WIN, trf.DRAW, trf.LOSS)]
            made.append(
                swiss.Competitor(
                    id=str(number),
                    pairing_number=number,
                    points=self.points(number),
                    opponents=frozenset(str(e.opponent) for e in played),
                    seats=tuple(
                        ("first" if e.colour == "w" else "second")
                        if e.result in (trf.WIN, trf.DRAW, trf.LOSS)
                        else None
                        for e in entries
                    ),
                    floats=tuple(floats),
                    had_bye=any(e.result in (trf.PAIRING_BYE, trf.FORFEIT_WIN) for e in entries),
                )
            )
        return made

    def _points_before(self, number: int, index: int) -> Fraction:
        values = {trf.WIN: ONE, trf.DRAW: HALF, trf.PAIRING_BYE: ONE, trf.FORFEIT_WIN: ONE}
        return sum((values.get(e.result, NIL) for e in self.history[number][:index]), NIL)

    def pair_here(self) -> Round:
        initial = "first" if self.white_for_number_one else "second"
        played = len(next(iter(self.history.values())))
        final = played + 1 == self.rounds_total
        result = swiss.pair_round(
            self.competitors(),
            initial_seat=initial,
            topscorers_over=Fraction(played, 2) if final else None,
        )
        return Round(
            frozenset((int(p.first), int(p.second)) for p in result.pairings),
            None if result.bye is None else int(result.bye.player),
        )

    def report(self) -> str:
        """The event so far, the withdrawn marked absent in the round to be paired."""
        ranked = trf.standings_places([(n, self.points(n)) for n in self.history])
        players = []
        for number, entries in self.history.items():
            rounds = list(entries)
            if number in self.withdrawn:
                rounds.append(trf.RoundEntry(None, "-", trf.ZERO_BYE))
            players.append(
                trf.PlayerRecord(
                    number=number,
                    name=f"Player {number}",
                    rating=None,
                    points=self.points(number),
                    place=ranked[number],
                    rounds=tuple(rounds),
                )
            )
        return trf.write(
            trf.Tournament(
                name="Random event",
                starts=None,
                ends=None,
                rounds=self.rounds_total,
                white_for_number_one=self.white_for_number_one,
                points=POINTS,
                players=tuple(players),
            )
        )

    def play(self, pairing: Round) -> None:
        """Random results; sometimes a forfeit; then maybe a withdrawal before the next."""
        paired = set()
        for white, black in pairing.pairs:
            paired |= {white, black}
            roll = self.chooser.random()
            if roll < 0.03:
                self.history[white].append(trf.RoundEntry(black, "w", trf.FORFEIT_WIN))
                self.history[black].append(trf.RoundEntry(white, "b", trf.FORFEIT_LOSS))
                continue
            outcome = self.chooser.choice((trf.WIN, trf.DRAW, trf.LOSS))
            other = {trf.WIN: trf.LOSS, trf.LOSS: trf.WIN, trf.DRAW: trf.DRAW}[outcome]
            self.history[white].append(trf.RoundEntry(black, "w", outcome))
            self.history[black].append(trf.RoundEntry(white, "b", other))
        if pairing.bye is not None:
            paired.add(pairing.bye)
            self.history[pairing.bye].append(trf.RoundEntry(None, "-", trf.PAIRING_BYE))
        for number in self.history:
            if number not in paired:
                self.history[number].append(trf.RoundEntry(None, "-", trf.ZERO_BYE))
        present = [n for n in self.history if n not in self.withdrawn]
        if len(present) > 4 and self.chooser.random() < 0.15:
            self.withdrawn.add(self.chooser.choice(present))


def pair_there(engine: str, report: str) -> Round | None:
    """bbpPairings' pairing of the next round; None when it finds none."""
    with tempfile.TemporaryDirectory() as folder:
        source, answer = Path(folder, "event.trf"), Path(folder, "pairs.txt")
        source.write_text(report)
        run = subprocess.run(
            [engine, "--dutch", str(source), "-p", str(answer)],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        if run.returncode == 1:
            return None
        if run.returncode != 0:
            raise RuntimeError(f"bbpPairings failed ({run.returncode}): {run.stderr}")
        lines = answer.read_text().split()
    numbers = [int(token) for token in lines[1:]]
    pairs, bye = set(), None
    for white, black in zip(numbers[::2], numbers[1::2], strict=True):
        if black == 0:
            bye = white
        else:
            pairs.add((white, black))
    return Round(frozenset(pairs), bye)


Difference = tuple[int, Round | None, Round | None]


def compare_event(
    engine: str, seed: int, players: int, rounds: int, final: bool = True
) -> list[Difference]:
    """Every round of one random event where the two engines differ: (round, ours, theirs).
    With `final` the last round compared is the event's final one, with its topscorers."""
    chooser = random.Random(seed)
    event = Event(players, rounds if final else rounds + 1, chooser.random() < 0.5, chooser)
    differences = []
    for number in range(1, rounds + 1):
        try:
            ours = event.pair_here()
        except swiss.PairingImpossible:
            ours = None
        theirs = pair_there(engine, event.report())
        if ours != theirs:
            differences.append((number, ours, theirs))
        if ours is None:
            break
        event.play(ours)
    return differences
