"""Compile the numba kernels once, into numba's on-disk cache (``python -m wordle64.warm``).

setup.sh runs it, so the build's parallel jobs and the test workers load compiled code instead
of each compiling it (seconds of CPU apiece on a fresh clone): the 6502 cores of
wordle64.c64.fast6502, the solver's kernels and the Absurdle check's cost model, each called
once on tiny inputs of the types the real calls use. Already cached, it only loads them.
"""

from __future__ import annotations

import numpy as np
from py65.devices.mpu6502 import MPU

from wordle64.c64 import fast6502
from wordle64.game.absurdle import opener_costs
from wordle64.solver import core, play


def warm_6502() -> None:
    memory = bytearray(0x10000)
    view = fast6502.memory_view(memory)
    stops = np.zeros(0x10000, np.uint8)
    regs = fast6502.registers_of(MPU(memory=memory))
    fast6502.run(view, regs, stops, 0, 0, True)
    fast6502.run_banked(view, view, np.zeros(256, np.uint8), True, regs, stops, 0, 0, True, -1)


def warm_solver() -> None:
    codes = np.zeros((70, 3), np.uint8)
    core.split_figures(codes)
    core.split_figures(codes[:3])
    core.bound_figures(codes[:3])
    core.exact_order(codes[:3])
    play._group_by_code(np.ascontiguousarray(codes), np.arange(3, dtype=np.int64), 0)


def main() -> None:
    warm_6502()
    warm_solver()
    opener_costs(["crane"], ["slate"])


if __name__ == "__main__":
    main()
