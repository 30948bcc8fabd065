"""The two 6526 CIAs of the whole machine, timers evaluated lazily from the cycle count.

A timer is stored as (cycle it was (re)started, value then, latch) and its value, its underflows
and the cycle of its next underflow are computed only when someone asks: a read of a register,
the interrupt check of the run loop (`Cia.irq_at`). Timer B counts either cycles or the underflows
of timer A (CRB bits 5-6 = %10), which the Open ROMs use to time tape pulses in units of 4 cycles.

The FLAG input (ICR bit 4) comes from a source with ``edges(cycle) -> int`` (the datasette): every
edge since the last look sets the bit. Port values come from hooks (keyboard, serial bus).
"""

from __future__ import annotations

from collections.abc import Callable

NEVER = 1 << 62
ICR_TA, ICR_TB, ICR_FLAG = 0x01, 0x02, 0x10


class Timer:
    """One 16-bit down counter: cycles, or the underflows of ``source`` (another timer)."""

    def __init__(self) -> None:
        self.latch = 0xFFFF
        self.value = 0xFFFF        # counter when stopped, or at `start` when running
        self.start = 0             # the tick count (cycles or underflows) at which `value` held
        self.running = False
        self.one_shot = False
        self.source: Timer | None = None  # count this timer's underflows instead of cycles
        self.seen = 0              # underflows already reported to the ICR
        self.seen_base = 0         # underflows counted before the last (re)start

    def ticks(self, cycle: int) -> int:
        return cycle if self.source is None else self.source.underflows(cycle)

    def underflows(self, cycle: int) -> int:
        """Underflows since (re)start up to ``cycle`` (one at most for a one-shot timer)."""
        if not self.running:
            return self.seen_base
        elapsed = self.ticks(cycle) - self.start
        if elapsed <= self.value:
            return self.seen_base
        extra = 1 if self.one_shot else 1 + (elapsed - self.value - 1) // (self.latch + 1)
        return self.seen_base + extra

    def read(self, cycle: int) -> int:
        if not self.running:
            return self.value
        elapsed = self.ticks(cycle) - self.start
        if elapsed <= self.value:
            return self.value - elapsed
        if self.one_shot:
            self._stop(cycle)
            return self.value
        return self.latch - (elapsed - self.value - 1) % (self.latch + 1)

    def next_underflow(self, cycle: int) -> int:
        """The cycle of the next underflow after ``cycle`` (cycle-counting timers only)."""
        if not self.running or self.source is not None:
            return NEVER
        elapsed = cycle - self.start
        if elapsed <= self.value:
            return self.start + self.value + 1
        if self.one_shot:
            return NEVER                      # it ran out and stopped
        period = self.latch + 1
        done = (elapsed - self.value - 1) // period + 1
        return self.start + self.value + 1 + done * period

    def _stop(self, cycle: int) -> None:
        count = self.underflows(cycle)
        self.value = self.read_running(cycle)
        self.running = False
        self.seen_base = count

    def read_running(self, cycle: int) -> int:
        elapsed = self.ticks(cycle) - self.start
        if elapsed <= self.value:
            return self.value - elapsed
        if self.one_shot:
            return self.latch
        return self.latch - (elapsed - self.value - 1) % (self.latch + 1)

    def control(self, value: int, cycle: int, source: Timer | None = None) -> None:
        """A write of CRA/CRB: start/stop (bit 0), one-shot (bit 3), force load (bit 4);
        ``source``: the timer whose underflows it counts from now on (None: cycles)."""
        count = self.underflows(cycle)
        current = self.read_running(cycle) if self.running else self.value
        self.seen_base = self.seen = count
        self.one_shot = bool(value & 0x08)
        self.value = self.latch if value & 0x10 else current
        self.running = bool(value & 0x01)
        self.source = source
        self.start = self.ticks(cycle)

    def write_high(self, cycle: int) -> None:
        """A write of the high latch byte loads the counter when the timer is stopped."""
        if not self.running:
            self.value = self.latch


class Cia:
    """One CIA: ports through hooks, two lazy timers, ICR with mask, FLAG from ``flag_source``."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.regs = bytearray(16)
        self.ta, self.tb = Timer(), Timer()
        self.icr = 0               # latched interrupt flags (timer flags are added on look)
        self.mask = 0
        self.flag_source = None    # object with edges(cycle) -> int
        self.read_a: Callable[[int], int] | None = None   # cycle -> pins of port A
        self.read_b: Callable[[int], int] | None = None
        self.write_a: Callable[[int, int], None] | None = None  # (output value, cycle)
        self.cra = self.crb = 0
        self.dirty = False         # a register was touched: the interrupt time may have moved

    # ---- ports --------------------------------------------------------------------------
    def port_out(self, port: int) -> int:
        """What the CIA drives on port A (0) or B (1): outputs, inputs pulled high."""
        data, ddr = self.regs[port], self.regs[port + 2]
        return (data & ddr) | (~ddr & 0xFF)

    # ---- interrupts ---------------------------------------------------------------------
    def _collect(self, cycle: int) -> None:
        ta = self.ta.underflows(cycle)
        if ta != self.ta.seen:
            self.ta.seen = ta
            self.icr |= ICR_TA
        tb = self.tb.underflows(cycle)
        if tb != self.tb.seen:
            self.tb.seen = tb
            self.icr |= ICR_TB
        if self.flag_source is not None and self.flag_source.edges(cycle):
            self.icr |= ICR_FLAG

    def irq_at(self, cycle: int) -> int:
        """The first cycle at or after ``cycle`` at which this CIA pulls its interrupt line."""
        self._collect(cycle)
        if self.icr & self.mask:
            return cycle
        at = NEVER
        if self.mask & ICR_TA:
            at = min(at, self.ta.next_underflow(cycle))
        if self.mask & ICR_TB:
            at = min(at, self.tb.next_underflow(cycle))
        if self.mask & ICR_FLAG and self.flag_source is not None:
            at = min(at, self.flag_source.next_edge(cycle))
        return at

    def flag_pending(self, cycle: int) -> bool:
        self._collect(cycle)
        return bool(self.icr & ICR_FLAG)

    # ---- registers ----------------------------------------------------------------------
    def read(self, reg: int, cycle: int) -> int:
        reg &= 0x0F
        self.dirty = True
        if reg == 0x00:
            pins = self.port_out(0)
            return pins & self.read_a(cycle) if self.read_a else pins
        if reg == 0x01:
            pins = self.port_out(1)
            return pins & self.read_b(cycle) if self.read_b else pins
        if reg in (0x04, 0x05):
            value = self.ta.read(cycle)
            return value & 0xFF if reg == 0x04 else value >> 8
        if reg in (0x06, 0x07):
            value = self.tb.read(cycle)
            return value & 0xFF if reg == 0x06 else value >> 8
        if reg == 0x0D:
            self._collect(cycle)
            value = self.icr
            if value & self.mask:
                value |= 0x80
            self.icr = 0
            return value
        if reg == 0x0E:
            return (self.cra & 0xFE) | int(self.ta.running)
        if reg == 0x0F:
            return (self.crb & 0xFE) | int(self.tb.running)
        return self.regs[reg]

    def write(self, reg: int, value: int, cycle: int) -> None:
        reg &= 0x0F
        self.dirty = True
        self.regs[reg] = value
        if reg in (0x00, 0x02) and self.write_a is not None:
            self.write_a(self.port_out(0), cycle)
        elif reg == 0x04:
            self.ta.latch = (self.ta.latch & 0xFF00) | value
        elif reg == 0x05:
            self.ta.latch = (self.ta.latch & 0x00FF) | value << 8
            self.ta.write_high(cycle)
        elif reg == 0x06:
            self.tb.latch = (self.tb.latch & 0xFF00) | value
        elif reg == 0x07:
            self.tb.latch = (self.tb.latch & 0x00FF) | value << 8
            self.tb.write_high(cycle)
        elif reg == 0x0D:
            self._collect(cycle)
            if value & 0x80:
                self.mask |= value & 0x1F
            else:
                self.mask &= ~value & 0x1F
        elif reg == 0x0E:
            self._collect(cycle)
            self.cra = value
            self.ta.control(value, cycle)
        elif reg == 0x0F:
            self._collect(cycle)
            self.crb = value
            self.tb.control(value, cycle, self.ta if value & 0x60 == 0x40 else None)
