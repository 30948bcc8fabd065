"""Emulation harness: run the real 6502 routines of the C64 program under py65.

Load a PRG and its ld65 label file (``-Ln``), fill every other byte of memory with a sentinel,
call a routine by label with registers and memory, run it to its RTS within a cycle budget and
get back registers, memory and the cycle count. A BRK, an undocumented opcode, a jump into the
KERNAL that no trap handles or a runaway loop raises `EmulationError` with the PC and a
disassembly. KERNAL entry points are trapped in Python (`Machine.traps`, address -> handler);
a trap can sit on any address (e.g. a RAM hook), and returns to the caller as an RTS would.

The machine is a flat 64 KB of RAM: no ROMs, no I/O chips, no interrupts. That is what the
core routines need (they never touch I/O); whole-machine boots are another tool's job.
"""

from __future__ import annotations

import collections
import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np
from py65.devices.mpu6502 import MPU
from py65.disassembler import Disassembler

from wordle64.c64 import fast6502
from wordle64.c64.prg import linked_end
from wordle64.errors import Wordle64Error

PAL_HZ = 985_248
FRAME_CYCLES = 19_656  # one PAL frame (312 lines x 63 cycles)
NTSC_HZ = 1_022_727

SENTINEL = 0xDB            # fills untouched memory; an undocumented opcode, so stray jumps stop
RETURN_TRAP = 0xFF00       # the routine under test returns here (inside the absent KERNAL ROM)
KERNAL_START = 0xE000      # executing at or above this without a trap is an error
DEFAULT_MAX_CYCLES = 2_000_000
DEPACK_MAX_CYCLES = 5_000_000  # the start-up decompressor (workflow/asm/depack.s)

# KERNAL jump-table entries the harness knows by name (c64.inc has the same addresses).
KERNAL = {
    "CINT": 0xFF81, "SCNKEY": 0xFF9F, "CHRIN": 0xFFCF, "CHROUT": 0xFFD2, "STOP": 0xFFE1,
    "GETIN": 0xFFE4, "RDTIM": 0xFFDE, "PLOT": 0xFFF0,
}

_LABEL_LINE = re.compile(r"^al\s+([0-9A-Fa-f]+)\s+\.(\S+)\s*$")


class EmulationError(Wordle64Error):
    """The 6502 code did something the contract forbids (BRK, runaway, bad opcode, stray jump)."""


@dataclass(frozen=True)
class CallResult:
    """Registers after the routine's RTS, its cycle count (JSR + body + RTS) and the machine's
    memory (live: the next call changes it; copy it with bytes() to keep a snapshot)."""

    a: int
    x: int
    y: int
    p: int
    cycles: int
    memory: bytearray

    @property
    def carry(self) -> bool:
        return bool(self.p & MPU.CARRY)

    @property
    def zero(self) -> bool:
        return bool(self.p & MPU.ZERO)

    @property
    def negative(self) -> bool:
        return bool(self.p & MPU.NEGATIVE)


def parse_labels(text: str, source: str = "labels") -> dict[str, int]:
    """Label name -> address from an ld65 ``-Ln`` file (``al 000811 .name`` lines).

    A name that appears twice (a local label in two scopes) keeps its first address.
    """
    labels: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        match = _LABEL_LINE.match(line)
        if match is None:
            raise EmulationError(f"{source}:{number}: not an ld65 label line: {line.strip()!r}")
        labels.setdefault(match.group(2), int(match.group(1), 16))
    return labels


class Machine:
    """A 64 KB 6502 with a PRG loaded, callable by label.

    A PRG whose code the build stored packed (labels with ``depack``, workflow/asm/depack.s)
    is unpacked as SYS 2061 would do it, by running the real 6502 depacker once per PRG (the
    result is cached): afterwards memory holds the linked image, as if loaded plain.
    """

    def __init__(self, prg: bytes, labels: dict[str, int], sentinel: int = SENTINEL,
                 depack: bool = True) -> None:
        if len(prg) < 3:
            raise EmulationError("the PRG is shorter than its load address plus one byte")
        self.labels = dict(labels)
        self.memory = bytearray([sentinel]) * 0x10000
        self.load_address = prg[0] | prg[1] << 8
        end = self.load_address + len(prg) - 2
        if end > 0x10000:
            raise EmulationError(f"the PRG runs past $FFFF (load ${self.load_address:04X})")
        self.memory[self.load_address:end] = prg[2:]
        self.prg_end = end
        self.view = fast6502.memory_view(self.memory)   # the same bytes, for the compiled core
        self._stops_key: frozenset[int] | None = None
        self._stops = None
        self.mpu = MPU(memory=self.memory, pc=RETURN_TRAP)
        self.output = bytearray()                    # what CHROUT printed
        self.keys: collections.deque[int] = collections.deque()   # what GETIN returns
        self.cursor = [0, 0]                         # PLOT row, column
        self.stop_pressed = False
        self.traps: dict[int, Callable[[Machine], None]] = {
            KERNAL["CHROUT"]: _trap_chrout,
            KERNAL["GETIN"]: _trap_getin,
            KERNAL["CHRIN"]: _trap_getin,
            KERNAL["SCNKEY"]: _trap_nothing,
            KERNAL["CINT"]: _trap_nothing,
            KERNAL["PLOT"]: _trap_plot,
            KERNAL["RDTIM"]: _trap_rdtim,
            KERNAL["STOP"]: _trap_stop,
        }
        if depack and "depack" in self.labels:
            self.memory[:] = _depacked_memory(bytes(prg), tuple(sorted(self.labels.items())),
                                              sentinel)
            self.prg_end = max(end, linked_end(self.labels))

    @classmethod
    def from_files(cls, prg_path: str | Path, labels_path: str | Path,
                   sentinel: int = SENTINEL) -> Machine:
        prg = Path(prg_path).read_bytes()
        labels = parse_labels(Path(labels_path).read_text(), str(labels_path))
        return cls(prg, labels, sentinel)

    # ---- addresses and memory -----------------------------------------------------------------
    def addr(self, where: str | int) -> int:
        if isinstance(where, int):
            return where
        try:
            return self.labels[where]
        except KeyError:
            raise EmulationError(f"no label {where!r} in the label file") from None

    def read(self, where: str | int, length: int) -> bytes:
        start = self.addr(where)
        return bytes(self.memory[start:start + length])

    def write(self, where: str | int, data: bytes | list[int]) -> None:
        start = self.addr(where)
        if start + len(data) > 0x10000:
            raise EmulationError(f"write of {len(data)} bytes at ${start:04X} runs past $FFFF")
        self.memory[start:start + len(data)] = bytes(data)

    def read_word(self, where: str | int) -> int:
        start = self.addr(where)
        return self.memory[start] | self.memory[start + 1] << 8

    def write_word(self, where: str | int, value: int) -> None:
        self.write(where, [value & 0xFF, value >> 8 & 0xFF])

    def label_at(self, address: int) -> str:
        """`name+offset` of the nearest label at or below `address` (for error messages)."""
        best_name, best_addr = "", -1
        for name, value in self.labels.items():
            if best_addr < value <= address and not name.startswith(("__", "@")):
                best_name, best_addr = name, value
        if best_addr < 0:
            return f"${address:04X}"
        offset = address - best_addr
        return best_name if offset == 0 else f"{best_name}+{offset}"

    def disassemble(self, address: int, count: int = 6) -> str:
        disassembler = Disassembler(self.mpu)
        lines = []
        for _ in range(count):
            length, text = disassembler.instruction_at(address)
            raw = " ".join(f"{self.memory[(address + i) & 0xFFFF]:02X}" for i in range(length))
            lines.append(f"  ${address:04X}  {raw:<8}  {text}")
            address = (address + length) & 0xFFFF
        return "\n".join(lines)

    # ---- calling ------------------------------------------------------------------------------
    def call(self, routine: str | int, *, a: int = 0, x: int = 0, y: int = 0,
             carry: bool = False, max_cycles: int = DEFAULT_MAX_CYCLES,
             engine: str = "compiled") -> CallResult:
        """JSR to `routine` with the given registers; run to its RTS; return the outcome.

        The cycle count includes the JSR (6) and the final RTS, as a caller on the C64 pays them.
        `engine` "compiled" runs wordle64.c64.fast6502; "py65" steps py65 itself (the reference
        the compiled core is checked and benchmarked against).
        """
        target = self.addr(routine)
        mpu = self.mpu
        mpu.a, mpu.x, mpu.y = a & 0xFF, x & 0xFF, y & 0xFF
        mpu.p = MPU.UNUSED | MPU.BREAK | (MPU.CARRY if carry else 0)
        mpu.sp = 0xFF
        mpu.stPushWord(RETURN_TRAP - 1)
        mpu.pc = target
        mpu.processorCycles = 6
        if engine == "py65":
            self._run_py65(max_cycles, routine)
        else:
            self._run(max_cycles, routine)
        return CallResult(mpu.a, mpu.x, mpu.y, mpu.p, mpu.processorCycles, self.memory)

    def _run(self, max_cycles: int, routine: str | int) -> None:
        """Run the compiled core (wordle64.c64.fast6502) from mpu.pc to RETURN_TRAP, doing the
        traps in Python on the way; py65's MPU holds the registers between runs."""
        mpu, traps = self.mpu, self.traps
        stops = self._stop_map()
        regs = fast6502.registers_of(mpu)
        while True:
            reason = fast6502.run(self.view, regs, stops, max_cycles, 0, False)
            fast6502.store_registers(mpu, regs)
            pc = mpu.pc
            if reason == fast6502.OVER_LIMIT:
                self._fail(f"ran past its budget of {max_cycles:,} cycles", pc, routine)
            if reason == fast6502.BAD_OPCODE:
                self._fail_opcode(pc, routine)
            if pc == RETURN_TRAP:
                return
            if pc not in traps:
                self._fail("jumped into the KERNAL at an address no trap handles", pc, routine)
            traps[pc](self)                          # a trapped routine: Python, then RTS
            return_from_trap(mpu)
            regs = fast6502.registers_of(mpu)

    def _run_py65(self, max_cycles: int, routine: str | int) -> None:
        """_run with py65 stepping every instruction."""
        mpu, memory, traps, bad = self.mpu, self.memory, self.traps, fast6502.bad_opcodes()
        while mpu.pc != RETURN_TRAP:
            pc = mpu.pc
            if pc in traps:
                traps[pc](self)
                return_from_trap(mpu)
                continue
            if pc >= KERNAL_START:
                self._fail("jumped into the KERNAL at an address no trap handles", pc, routine)
            if bad[memory[pc]]:
                self._fail_opcode(pc, routine)
            mpu.step()
            if mpu.processorCycles > max_cycles:
                self._fail(f"ran past its budget of {max_cycles:,} cycles", mpu.pc, routine)

    def _stop_map(self) -> np.ndarray:
        """Where a run stops: the traps, RETURN_TRAP and the whole (absent) KERNAL ROM."""
        key = frozenset(self.traps)
        if self._stops_key != key:
            self._stops = fast6502.stop_map(key | {RETURN_TRAP}, KERNAL_START)
            self._stops_key = key
        return self._stops

    def _fail_opcode(self, pc: int, routine: str | int) -> None:
        opcode = self.memory[pc]
        self._fail("hit BRK" if opcode == 0x00 else f"hit undocumented opcode ${opcode:02X}",
                   pc, routine)

    def _fail(self, what: str, pc: int, routine: str | int) -> None:
        name = routine if isinstance(routine, str) else f"${routine:04X}"
        raise EmulationError(
            f"{name} {what} at ${pc:04X} ({self.label_at(pc)}), after "
            f"{self.mpu.processorCycles:,} cycles; A={self.mpu.a:02X} X={self.mpu.x:02X} "
            f"Y={self.mpu.y:02X} SP={self.mpu.sp:02X}\n{self.disassemble(pc)}")


def return_from_trap(mpu: MPU) -> None:
    """Leave a routine done in Python as its RTS would: pop the return address, 6 cycles."""
    mpu.pc = (mpu.stPopWord() + 1) & 0xFFFF
    mpu.processorCycles += 6


def changed_outside(before: bytes, after: bytes, allowed: list[range]) -> list[int]:
    """Addresses whose byte differs between two snapshots and lies in none of `allowed`."""
    return [i for i, (b, a) in enumerate(zip(before, after))
            if b != a and not any(i in r for r in allowed)]


STACK_PAGE = range(0x0100, 0x0200)


def cycles_to_seconds(cycles: int) -> dict[str, float]:
    return {"pal_s": cycles / PAL_HZ, "ntsc_s": cycles / NTSC_HZ}


# ---- KERNAL traps: each leaves registers as the real routine documents ----------------------
def _trap_nothing(machine: Machine) -> None:
    pass


def _trap_chrout(machine: Machine) -> None:
    machine.output.append(machine.mpu.a)
    machine.mpu.p &= ~MPU.CARRY


def _trap_getin(machine: Machine) -> None:
    mpu = machine.mpu
    mpu.a = machine.keys.popleft() if machine.keys else 0
    mpu.p = (mpu.p & ~(MPU.ZERO | MPU.NEGATIVE | MPU.CARRY)) | (MPU.ZERO if mpu.a == 0 else 0) \
        | (mpu.a & MPU.NEGATIVE)


def _trap_plot(machine: Machine) -> None:
    mpu = machine.mpu
    if mpu.p & MPU.CARRY:
        mpu.x, mpu.y = machine.cursor
    else:
        machine.cursor = [mpu.x, mpu.y]


def _trap_rdtim(machine: Machine) -> None:
    mpu, memory = machine.mpu, machine.memory
    mpu.a, mpu.x, mpu.y = memory[0xA2], memory[0xA1], memory[0xA0]


def _trap_stop(machine: Machine) -> None:
    mpu = machine.mpu
    mpu.p = (mpu.p & ~MPU.ZERO) | (MPU.ZERO if machine.stop_pressed else 0)


@functools.lru_cache(maxsize=4)
def _depacked_memory(prg: bytes, labels: tuple[tuple[str, int], ...], sentinel: int) -> bytes:
    """Memory after the PRG's own depacker ran (a no-op for a PRG stored plain)."""
    machine = Machine(prg, dict(labels), sentinel, depack=False)
    machine.call("depack", max_cycles=DEPACK_MAX_CYCLES)
    return bytes(machine.memory)
