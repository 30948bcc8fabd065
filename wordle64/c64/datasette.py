"""The datasette: .tap pulses played into CIA1's FLAG input while PLAY is down and the motor runs.

The tape is a list of pulse lengths in CPU cycles. Tape time moves only while PLAY is pressed
and the 6510 port drives the motor ($01 bit 5 low); each pulse ends with an edge that sets
CIA1 ICR bit 4. Motor spin-up, wow and flutter are not modelled (the fault cases stretch and
jitter the pulses instead, `faulty_pulses`).
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Sequence

from wordle64.c64.cia import NEVER


class Datasette:
    """Tape position in cycles; ``edges(cycle)`` counts the edges passed since the last call."""

    def __init__(self, pulses: Sequence[int] = ()) -> None:
        self.motor = False
        self.insert(pulses)
        self.play = False
        self.on_stop = None        # called with the cycle whenever the motor stops

    def insert(self, pulses: Sequence[int], cycle: int = 0) -> None:
        """Put a tape in, rewound, at machine cycle ``cycle``: ``pulses`` in cycles."""
        self.ends = list(itertools.accumulate(int(p) for p in pulses))  # tape time of each edge
        self.position = 0          # tape time at `since` (or now, when the motor is off)
        self.since = cycle         # machine cycle the tape last started moving
        self.next_index = 0        # the first edge not yet reported

    @property
    def running(self) -> bool:
        return self.motor and self.play and self.next_index < len(self.ends)

    def tape_time(self, cycle: int) -> int:
        if self.motor and self.play:
            return self.position + cycle - self.since
        return self.position

    def set_motor(self, on: bool, cycle: int) -> None:
        if on == self.motor:
            return
        self.position = self.tape_time(cycle)
        self.since = cycle
        self.motor = on
        if not on and self.on_stop is not None:
            self.on_stop(cycle)

    def press_play(self, cycle: int, down: bool = True) -> None:
        self.position = self.tape_time(cycle)
        self.since = cycle
        self.play = down

    def rewind(self, cycle: int) -> None:
        self.position, self.since, self.next_index = 0, cycle, 0

    def edges(self, cycle: int) -> int:
        """Edges passed since the last call (each sets CIA1 FLAG)."""
        if not (self.motor and self.play):
            return 0
        reached = bisect.bisect_right(self.ends, self.tape_time(cycle), lo=self.next_index)
        passed = reached - self.next_index
        self.next_index = reached
        return passed

    def next_edge(self, cycle: int) -> int:
        """The machine cycle of the next edge (NEVER while the tape stands or has ended)."""
        if not self.running:
            return NEVER
        return cycle + max(0, self.ends[self.next_index] - self.tape_time(cycle))

    @property
    def finished(self) -> bool:
        return self.next_index >= len(self.ends)


def faulty_pulses(pulses: Sequence[int], *, speed: float = 1.0, jitter: int = 0,
                  seed: int = 0) -> list[int]:
    """The tape played ``speed`` times too slow (>1) or fast (<1), each pulse moved by a
    uniform random ±``jitter`` cycles (seeded), never below 8 cycles."""
    rng = random.Random(seed)
    out = []
    for pulse in pulses:
        value = pulse * speed
        if jitter:
            value += rng.randint(-jitter, jitter)
        out.append(max(8, round(value)))
    return out
