"""The whole C64 on py65: the 6510 on `Bus`, CIA1's timer interrupt, and idle skips.

`Board` is the machine model every whole-machine check runs on (wordle64.c64.machine drives it
with keys and reads the screen). The run loop steps py65, takes CIA1's interrupt (the KERNAL's
keyboard scan and jiffy clock) when its lazily computed time comes, and stops the CPU for 40
cycles on every bad line while the display is on (no sprites, no partial-cycle detail).

Idle skips keep tape loads fast without changing what the program sees: when the CPU polls a
register in a two-instruction loop (``bit $DC0D`` / ``beq`` back, or ``cmp $D012`` / ``beq``
back) with interrupts off, the cycle counter jumps to the cycle the loop would exit (the next
tape edge, the next raster line; X lines when a ``lda $D012 / dex / bne`` counts them), as if
it had spun until then; a poll that counts its rounds in X (``bit $DC0D / bne / dex / bne``
back) jumps whole rounds, X counted down with them.

The serial bus: ``attach_serial(device)``; the device's ``write(port_value, cycle)`` gets every
value CIA2 drives on $DD00 (ATN out bit 3, CLK out bit 4, DATA out bit 5, 1 = pulled low) and
``read(cycle)`` returns bits 6 (CLK) and 7 (DATA) of the lines as the device leaves them
(1 = released); the C64 reads a line high only when both sides release it.
"""

from __future__ import annotations

import copy
from pathlib import Path

import numpy as np
from py65.devices.mpu6502 import MPU

from wordle64.c64 import fast6502
from wordle64.c64.bus import FRAME_LINES, LINE_CYCLES, Bus
from wordle64.c64.cia import NEVER
from wordle64.errors import Wordle64Error

PAL_HZ = 985_248
ROM_NAMES = {"basic": "basic_generic.rom", "kernal": "kernal_generic.rom",
             "chargen": "chargen_openroms.rom"}
_POLL_OP = 0x2C           # bit abs: the FLAG poll
_BRANCHES = (0xF0, 0xD0)   # beq, bne
BAD_LINE_CYCLES = 40       # the CPU stops for 40 cycles on a bad line (PAL, no sprites)
BAD_LINE_START = 12        # cycle of the line where it stops
FIRST_BAD_LINE, LAST_BAD_LINE = 0x30, 0xF7
_LINE_COUNT = bytes([0xAD, 0x12, 0xD0, 0xCA, 0xD0])  # lda $D012, dex, bne (the offset follows)
# after `bit $DC0D`: bne out (its offset at +3 is free), dex, bne back to the bit (the turbo
# loader's poll with a timeout): the bytes at the operand +2, +4, +5, +6
_COUNTED_POLL = (0xD0, 0xCA, 0xD0, 0xF8)


class BoardError(Wordle64Error):
    """The machine model cannot run (missing ROM, a jam)."""


class Board:
    """A PAL C64 with ROMs, reset; ``run(cycles)`` runs it, ``cycles`` counts PAL cycles."""

    def __init__(self, basic: bytes, kernal: bytes, chargen: bytes) -> None:
        for name, rom, size in (("BASIC", basic, 8192), ("KERNAL", kernal, 8192),
                                ("character", chargen, 4096)):
            if len(rom) != size:
                raise BoardError(f"the {name} ROM has {len(rom)} bytes, not {size}")
        self.bus = Bus(basic, kernal, chargen)
        self.bus.clock = self._clock
        self.bus.on_poll = self._idle_skip
        self.mpu = MPU(memory=self.bus, pc=None)
        self.mpu.ByteAt = self.bus.__getitem__   # one Python call less per operand read
        self.mpu.reset()
        self.mpu.p |= MPU.INTERRUPT
        self.skipped = 0           # cycles jumped over by idle skips
        self.irq_at = NEVER        # the next CIA1 interrupt (kept by run)
        self.stolen = 0            # cycles the VIC took for bad lines
        self.stop_pc = -1          # run stops when the CPU is about to run this address
        self.stopped_at: int | None = None   # the cycle it stopped there (stop_pc disarmed)
        self._arrays = tuple(fast6502.memory_view(part) for part in
                             (self.bus.view, self.bus.ram, self.bus.kind))
        self._stops = np.zeros(0x10000, np.uint8)   # the compiled core's stop map: stop_pc

    def clone(self) -> Board:
        """An independent copy in the same state (the compiled core's views rebuilt on the
        copy's own memory)."""
        twin = copy.deepcopy(self)
        twin._arrays = tuple(fast6502.memory_view(part) for part in
                             (twin.bus.view, twin.bus.ram, twin.bus.kind))
        return twin

    @classmethod
    def from_folder(cls, folder: str | Path, names: dict[str, str] | None = None) -> Board:
        folder, names = Path(folder), names or ROM_NAMES
        roms = {}
        for key, name in names.items():
            path = folder / name
            if not path.is_file():
                raise BoardError(f"{path}: no such ROM file")
            roms[key] = path.read_bytes()
        return cls(roms["basic"], roms["kernal"], roms["chargen"])

    def _clock(self) -> int:
        return self.mpu.processorCycles

    @property
    def cycles(self) -> int:
        return self.mpu.processorCycles

    @property
    def datasette(self):
        return self.bus.datasette

    def attach_serial(self, device) -> None:
        """Put a device on the serial bus (CIA2 port A, $DD00); see the module text."""
        self.bus.serial = device

    # ---- running ------------------------------------------------------------------------
    def run(self, cycles: int) -> None:
        """Run ``cycles`` more cycles (the last instruction may overshoot by a few).

        The compiled core (wordle64.c64.fast6502.run_banked) runs the CPU on the bus's view
        and RAM until an instruction would touch I/O or the 6510 port, a bad line or the
        interrupt is due, or the time is up; such an instruction is stepped here by py65
        through the bus (py65's ``step`` inlined), and the events are taken as after any
        instruction. With ``stop_at`` armed, it stops early, before the instruction at that
        address runs."""
        mpu, cia1, bus = self.mpu, self.bus.cia1, self.bus
        view, ram, kind = self._arrays
        instruct, cycletime, extracycles = mpu.instruct, mpu.cycletime, mpu.extracycles
        target = mpu.processorCycles + cycles
        irq_at = self.irq_at = cia1.irq_at(mpu.processorCycles)
        bad_at = self.next_bad_line(mpu.processorCycles)
        cia1.dirty = False
        regs = np.empty(fast6502.REGISTERS, np.int64)
        while mpu.processorCycles < target:
            fast6502.registers_of(mpu, into=regs)
            reason = fast6502.run_banked(view, ram, kind, True, regs, self._stops,
                                         min(target, bad_at) - 1, 0, False,
                                         irq_at if irq_at < NEVER else -1)
            fast6502.store_registers(mpu, regs)
            if reason == fast6502.STOPPED:           # at stop_pc
                self._stops[self.stop_pc] = 0
                self.stopped_at, self.stop_pc = mpu.processorCycles, -1
                return
            if reason in (fast6502.IO_ACCESS, fast6502.BAD_OPCODE):
                op = bus.view[mpu.pc]
                mpu.pc = (mpu.pc + 1) & 0xFFFF
                mpu.excycles = 0
                mpu.addcycles = extracycles[op]
                instruct[op](mpu)
                mpu.pc &= 0xFFFF
                mpu.processorCycles += cycletime[op] + mpu.excycles
            if cia1.dirty:               # a CIA1 access, $D011 written or an idle skip
                cia1.dirty = False
                irq_at = self.irq_at = cia1.irq_at(mpu.processorCycles)
                bad_at = self.next_bad_line(mpu.processorCycles)
            if mpu.processorCycles >= bad_at:
                mpu.processorCycles += BAD_LINE_CYCLES
                self.stolen += BAD_LINE_CYCLES
                bad_at = self.next_bad_line(mpu.processorCycles)
            if mpu.processorCycles >= irq_at and not mpu.p & MPU.INTERRUPT:
                mpu.irq()
                irq_at = self.irq_at = cia1.irq_at(mpu.processorCycles)

    def stop_at(self, pc: int) -> None:
        """Arm a stop: the next ``run`` that reaches ``pc`` returns before running it, with
        ``stopped_at`` = that cycle (one stop per arming)."""
        if self.stop_pc >= 0:
            self._stops[self.stop_pc] = 0
        self.stop_pc, self.stopped_at = pc, None
        self._stops[pc] = 1

    def next_bad_line(self, cycle: int) -> int:
        """The cycle at which the VIC next stops the CPU for a bad line (NEVER with the
        display off): lines $30-$F7 whose low 3 bits equal $D011's YSCROLL, 12 cycles in."""
        ctrl = self.bus.vic[0x11]
        if not ctrl & 0x10:
            return NEVER
        line = cycle // LINE_CYCLES + (cycle % LINE_CYCLES > BAD_LINE_START)
        while not (FIRST_BAD_LINE <= line % FRAME_LINES <= LAST_BAD_LINE
                   and line & 7 == ctrl & 7):
            line += 1
        return line * LINE_CYCLES + BAD_LINE_START

    def _skip_counted_poll(self, start: int, now: int, limit: int) -> None:
        """``bit $DC0D / bne out / dex / bne start``: whole rounds of the loop up to the one
        whose read sees the next edge, X counted down with them, never to 0 (the code's own
        round then takes the wrap)."""
        mpu = self.mpu
        if not mpu.a & 0x10 or self.bus.cia1.flag_pending(now):
            return
        period = 11 + (start >> 8 != (start + 8) >> 8)
        edge = min(self.bus.datasette.next_edge(now), limit)
        rounds = min(-(-(edge - now) // period) if edge != NEVER else 256,
                     (mpu.x or 256) - 1, (limit - now) // period if limit != NEVER else 256)
        if rounds <= 0:
            return
        mpu.x = (mpu.x - rounds) & 0xFF
        self.skipped += rounds * period
        mpu.processorCycles = now + rounds * period
        self.bus.cia1.dirty = True

    def _idle_skip(self, address: int) -> None:
        """Called before a read of $DC0D or $D012: jump the clock if the CPU only waits
        (never past the next interrupt when interrupts are on)."""
        mpu = self.mpu
        limit = NEVER if mpu.p & MPU.INTERRUPT else self.irq_at
        view, pc = self.bus.view, mpu.pc          # pc: the operand of the reading instruction
        if address == 0xDC0D and view[pc - 1] == _POLL_OP and (
                view[(pc + 2) & 0xFFFF], view[(pc + 4) & 0xFFFF], view[(pc + 5) & 0xFFFF],
                view[(pc + 6) & 0xFFFF]) == _COUNTED_POLL:
            self._skip_counted_poll(pc - 1, mpu.processorCycles, limit)
            return
        branch = view[(pc + 2) & 0xFFFF]
        if branch not in _BRANCHES:
            return
        offset = view[(pc + 3) & 0xFFFF]
        dest = (pc + 4 + (offset - 256 if offset & 0x80 else offset)) & 0xFFFF
        if not pc - 3 <= dest <= pc - 1:
            return
        now = mpu.processorCycles
        if address == 0xDC0D:
            if view[pc - 1] != _POLL_OP or branch != 0xF0:
                return
            cia1 = self.bus.cia1
            if not mpu.a & 0x10 or cia1.flag_pending(now):
                return
            edge = min(self.bus.datasette.next_edge(now), limit)
            if edge != NEVER and edge > now:
                self.skipped += edge - now
                mpu.processorCycles = edge
                self.bus.cia1.dirty = True
        elif view[pc - 1] == 0xCD and branch == 0xF0 and dest == pc - 1:
            if mpu.a != self.bus.raster(now) & 0xFF:
                return
            lines = 1
            # `lda $D012 / dex / bne` back to the cmp after it: X lines are waited for; all
            # but the last are skipped at once, X left at 1 for the loop's own last pass.
            if bytes(view[pc + 4:pc + 9]) == _LINE_COUNT and view[pc + 9] == 0xF5 \
                    and mpu.x > 1:
                lines, mpu.x = mpu.x, 1
            line_end = (now // LINE_CYCLES + lines) * LINE_CYCLES
            if line_end > limit:
                if lines > 1:
                    mpu.x = lines
                return
            self.skipped += line_end - now
            mpu.processorCycles = line_end
            self.bus.cia1.dirty = True      # re-plan: the skipped lines' bad lines are not due
