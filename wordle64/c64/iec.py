"""The Commodore serial (IEC) bus, device side, at the level of its three lines.

The C64 drives ATN, CLK and DATA through CIA2 port A ($DD00: bits 3-5 pull ATN, CLK, DATA low;
bits 6-7 read CLK and DATA back). A device is open-collector too: a line is low when anyone pulls
it. :class:`SerialDevice` is the device end: the host tells it what it pulls and when
(:meth:`SerialDevice.host_write`, at a CPU cycle) and asks what the device pulls
(:meth:`SerialDevice.lines`). Between those calls nothing runs: the device's protocol is a Python
generator that yields *waits* (a delay in cycles, or a line condition with an optional deadline),
resumed lazily at the exact cycle its wait ends. So the bus costs nothing while the host computes,
and :meth:`SerialDevice.next_event` tells an idle-skipping machine when the device will next move
on its own.

The protocol is the standard one (Commodore's serial bus, as documented by M. Steil's cbmbus_doc
and the Open ROMs' iec_*.s): on ATN every device pulls DATA within 1 ms and receives command bytes
(LISTEN $20+dev, UNLISTEN $3F, TALK $40+dev, UNTALK $5F, and for the addressed device DATA
$60+sa, CLOSE $E0+sa, OPEN $F0+sa); a byte goes LSB first, each bit valid while CLK is released;
the listener acknowledges a byte by pulling DATA; EOI is the talker waiting over 200 us before
the first bit, answered by the listener pulling DATA for 60 us; after TALK the host and the
device turn the bus around. What the device does with the bytes is a :class:`DeviceHandler`
(the 1541's DOS in :mod:`.drive`).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass

from wordle64.c64.emu import PAL_HZ

US = PAL_HZ / 1_000_000  # cycles per microsecond
EOI_TIMEOUT = int(200 * US)  # talker silence that means EOI
EOI_ACK = int(60 * US)  # listener's DATA pulse answering EOI
ATN_RESPONSE = int(20 * US)  # the 1541's hardware pulls DATA this soon after ATN
# A bit's two phases both outlast a VIC bad line (40 cycles the host's CPU stands still) plus
# the host's reads around it, so a listener with the screen on misses neither: the Open ROMs see
# CLK released in one loop and read DATA in the next, up to 7 + 40 + 12 cycles later.
BIT_SETUP = int(70 * US)  # talker: DATA set while CLK is held (the bus's typical Ts)
BIT_VALID = int(80 * US)  # talker: CLK released, DATA valid
ACK_DELAY = int(20 * US)  # listener: DATA pulled this long after the last bit
ACK_TIMEOUT = int(1000 * US)  # talker: no acknowledge within 1 ms is a frame error
TURNAROUND = int(80 * US)  # talker: CLK pulled this long after the host released it
READY_DELAY = int(30 * US)  # talker: CLK pulled again after the listener is ready
FIRST_BIT_DELAY = int(60 * US)  # talker: DATA left released this long after that CLK pull (a
# listener stalled by a bad line while it releases DATA must still see DATA high after it)
HOLD = int(100 * US)  # talker: CLK held at least this long before each "ready to send"

LISTEN, UNLISTEN, TALK, UNTALK = 0x20, 0x3F, 0x40, 0x5F
_BIT_ABS, _LDA_ABS = 0x2C, 0xAD
_ROL, _BPL, _DEY, _BNE = 0x2A, 0x10, 0x88, 0xD0
_INTERRUPT, _OVERFLOW = 0x04, 0x40
_BRANCHES = {0x10: (0x80, 0), 0x30: (0x80, 0x80), 0x50: (0x40, 0), 0x70: (0x40, 0x40),
             0xD0: ("z", False), 0xF0: ("z", True)}  # opcode -> (N/V bit, value) taken
DATA, CLOSE, OPEN = 0x60, 0xE0, 0xF0


@dataclass(frozen=True)
class Delay:
    cycles: int


@dataclass(frozen=True)
class Until:
    """Wait until ``test(bus)`` holds (checked now and after every host write) or ``deadline``
    (an absolute cycle); the yield returns whether the test held."""

    test: Callable[[SerialDevice], bool]
    deadline: int | None = None


Wait = Delay | Until
Task = Generator[Wait, bool, None]


class DeviceHandler:
    """What a device does with the bus traffic addressed to it (override in a device)."""

    def listen(self, sa: int) -> None:
        """DATA $60+sa after LISTEN: the bytes that follow go to channel ``sa``."""

    def open(self, sa: int) -> None:
        """OPEN $F0+sa: the bytes that follow are the name for channel ``sa``."""

    def close(self, sa: int) -> None:
        """CLOSE $E0+sa."""

    def receive(self, byte: int, eoi: bool) -> None:
        """A byte the host sent while this device listens."""

    def unlisten(self) -> None:
        """UNLISTEN (an OPEN's name is complete)."""

    def talk(self, sa: int) -> None:
        """DATA $60+sa after TALK: the following reads come from channel ``sa``."""

    def send(self) -> tuple[int, bool] | None:
        """The next byte to talk and whether it is the last (EOI); None: nothing to send."""
        return None

    def untalk(self) -> None:
        """UNTALK."""

    def ready_delay(self, talking: bool) -> int:
        """Cycles the device stays busy before this byte (its own speed; 0 = at once)."""
        return 0

    def frame_error(self) -> None:
        """The host did not acknowledge a byte in time."""


class SerialDevice:
    """One device on the bus (number ``device``), run lazily in the host's cycle time."""

    def __init__(self, handler: DeviceHandler, device: int = 8):
        self.handler, self.device = handler, device
        self.now = 0
        self.host_atn = self.host_clk = self.host_data = False  # True: the host pulls it
        self.clk = self.data = False  # True: this device pulls it
        self.addressed: str | None = None  # "listen", "talk" or None
        self.bytes_sent = self.bytes_received = 0
        self._task: Task | None = None
        self._wait: Wait | None = None
        self._wake = 0  # the cycle a Delay ends
        self.board = None  # the machine, once attached (for idle skips)

    # ---- the lines as everyone sees them ---------------------------------------------------
    @property
    def clk_low(self) -> bool:
        return self.host_clk or self.clk

    @property
    def data_low(self) -> bool:
        return self.host_data or self.data

    # ---- host side -------------------------------------------------------------------------
    def host_write(self, cycle: int, atn: bool, clk: bool, data: bool) -> None:
        """The host pulls (True) or releases the lines from ``cycle`` on."""
        self.advance(cycle)
        atn_edge = atn and not self.host_atn
        self.host_atn, self.host_clk, self.host_data = atn, clk, data
        if atn_edge:
            self._start(self._attention())
        else:
            self._check()

    def write(self, port_value: int, cycle: int) -> None:
        """The machine's hook: CIA2 drives ``port_value`` on $DD00 (bits 3-5 = 1: ATN, CLK,
        DATA pulled low through the 7406 inverters)."""
        self.host_write(cycle, bool(port_value & 0x08), bool(port_value & 0x10),
                        bool(port_value & 0x20))

    def read(self, cycle: int) -> int:
        """The machine's hook: bits 6 (CLK) and 7 (DATA), 1 while this device releases the
        line (the machine ANDs in its own pulls)."""
        self.advance(cycle)
        bits = (0 if self.clk else 0x40) | (0 if self.data else 0x80)
        if self.board is not None:
            idle_skip(self.board, bits, self.next_event())
        return bits

    def attach(self, board) -> None:
        """Put this device on ``board``'s serial bus (wordle64.c64.board) with idle skips."""
        self.board = board
        board.attach_serial(self)

    def lines(self, cycle: int) -> tuple[bool, bool]:
        """(CLK, DATA) as pulled by this device at ``cycle``."""
        self.advance(cycle)
        return self.clk, self.data

    def next_event(self) -> int | None:
        """The cycle at which the device next changes anything by itself (None: only a host
        write can wake it)."""
        if isinstance(self._wait, Delay):
            return self._wake
        if isinstance(self._wait, Until):
            return self._wait.deadline
        return None

    def advance(self, cycle: int) -> None:
        """Run the device's timed waits that end by ``cycle``."""
        while True:
            event = self.next_event()
            if event is None or event > cycle:
                break
            self.now = max(self.now, event)
            self._resume(isinstance(self._wait, Delay))
        self.now = max(self.now, cycle)

    # ---- the coroutine engine --------------------------------------------------------------
    def _start(self, task: Task) -> None:
        if self._task is not None:
            self._task.close()
        self._task, self._wait = task, None
        self._resume(True, first=True)

    def _check(self) -> None:
        if isinstance(self._wait, Until) and self._wait.test(self):
            self._resume(True)

    def _resume(self, value: bool, first: bool = False) -> None:
        while self._task is not None:
            try:
                wait = next(self._task) if first else self._task.send(value)
            except StopIteration:
                self._task, self._wait = None, None
                return
            first = False
            if isinstance(wait, Delay):
                if wait.cycles > 0:
                    self._wait, self._wake = wait, self.now + wait.cycles
                    return
                value = True
            elif wait.test(self):
                value = True
            elif wait.deadline is not None and wait.deadline <= self.now:
                value = False
            else:
                self._wait = wait
                return

    # ---- protocol --------------------------------------------------------------------------
    def _pull(self, clk: bool | None = None, data: bool | None = None) -> None:
        if clk is not None:
            self.clk = clk
        if data is not None:
            self.data = data

    def _attention(self) -> Task:
        """ATN: acknowledge, take command bytes until ATN is released, then act on them."""
        yield Delay(ATN_RESPONSE)
        self._pull(clk=False, data=True)
        selected = self.addressed
        while True:
            got = yield from self._receive_byte(under_atn=True)
            if got is None:  # ATN released
                break
            command = got[0]
            selected = self._command(command, selected)
        if selected == "talk":
            yield from self._turnaround()
            yield from self._talk_loop()
        elif selected == "listen":
            yield from self._listen_loop()
        else:
            self._pull(clk=False, data=False)

    def _command(self, command: int, selected: str | None) -> str | None:
        """Act on one command byte; return what this device is addressed as afterwards."""
        handler, group = self.handler, command & 0xE0
        if command == UNLISTEN:
            if selected == "listen":
                handler.unlisten()
            self.addressed = None
            return None
        if command == UNTALK:
            if selected == "talk":
                handler.untalk()
            self.addressed = None
            return None
        if group in (LISTEN, TALK):
            mine = command & 0x1F == self.device
            self.addressed = ("listen" if group == LISTEN else "talk") if mine else None
            return self.addressed
        if selected is None:
            return None
        sa, kind = command & 0x0F, command & 0xF0
        if selected == "talk":  # as the 1541: a talker talks from channel sa, whatever the
            handler.talk(sa)    # secondary (the Open ROMs' TKSA sends $F0+sa)
        elif kind == OPEN:
            handler.open(sa)
        elif kind == CLOSE:
            handler.close(sa)
        elif group == DATA:
            handler.listen(sa)
        return selected

    def _receive_byte(self, under_atn: bool = False):
        """Listen for one byte; return (byte, eoi), or None when ATN changes the subject."""
        def atn_gone(dev: SerialDevice) -> bool:
            return under_atn and not dev.host_atn

        yield Until(lambda d: not d.clk_low or atn_gone(d))  # talker ready to send
        if atn_gone(self):
            return None
        if not under_atn:
            yield Delay(self.handler.ready_delay(False))
        self._pull(data=False)  # ready for data
        eoi = False
        clocked = yield Until(lambda d: d.clk_low or atn_gone(d), self.now + EOI_TIMEOUT)
        if atn_gone(self):
            return None
        if not clocked:  # EOI: acknowledge with a 60 us DATA pulse
            eoi = True
            self._pull(data=True)
            yield Delay(EOI_ACK)
            self._pull(data=False)
            yield Until(lambda d: d.clk_low or atn_gone(d))
            if atn_gone(self):
                return None
        value = 0
        for bit in range(8):
            yield Until(lambda d: not d.clk_low)
            value |= (0 if self.data_low else 1) << bit
            yield Until(lambda d: d.clk_low)
        yield Delay(ACK_DELAY)
        self._pull(data=True)  # frame acknowledged
        self.bytes_received += 1
        return value, eoi

    def _listen_loop(self) -> Task:
        while True:
            got = yield from self._receive_byte()
            if got is None:
                return
            self.handler.receive(*got)

    def _turnaround(self) -> Task:
        """Become the talker: once the host has released CLK, pull CLK and release DATA."""
        yield Until(lambda d: not d.host_clk)
        yield Delay(TURNAROUND)
        self._pull(clk=True, data=False)

    def _talk_loop(self) -> Task:
        while True:
            yield Delay(max(HOLD, self.handler.ready_delay(True)))
            item = self.handler.send()
            if item is None:  # nothing (more) to say: let go; the host times out
                self._pull(clk=False, data=False)
                return
            byte, eoi = item
            self._pull(clk=False)  # ready to send
            yield Until(lambda d: not d.data_low)  # every listener ready for data
            if eoi:  # wait out the listener's EOI acknowledge
                yield Until(lambda d: d.data_low)
                yield Until(lambda d: not d.data_low)
            else:
                yield Delay(READY_DELAY)
            self._pull(clk=True)
            yield Delay(FIRST_BIT_DELAY)
            for bit in range(8):
                self._pull(clk=True, data=not (byte >> bit) & 1)
                yield Delay(BIT_SETUP)
                self._pull(clk=False)
                yield Delay(BIT_VALID)
            self._pull(clk=True, data=False)
            acked = yield Until(lambda d: d.data_low, self.now + ACK_TIMEOUT)
            if not acked:
                self.handler.frame_error()
                self._pull(clk=False, data=False)
                return
            self.bytes_sent += 1
            if eoi:
                yield Delay(TURNAROUND)
                self._pull(clk=False)
                return


def _branch_target(view, at: int) -> int:
    """Where the branch whose opcode is at ``at`` goes when taken."""
    offset = view[(at + 1) & 0xFFFF]
    return (at + 2 + (offset - 256 if offset & 0x80 else offset)) & 0xFFFF


def _port_value(board, device_bits: int) -> int:
    """$DD00 as the CPU reads it: CIA2's outputs, CLK/DATA low where either side pulls."""
    out = board.bus.cia2.port_out(0)
    lines = 0xFF & ~(0x40 if out & 0x10 else 0) & ~(0x80 if out & 0x20 else 0)
    return out & lines & (device_bits | 0x3F)


def _jump(board, cycles: int) -> None:
    board.skipped += cycles
    board.mpu.processorCycles += cycles
    board.bus.cia1.dirty = True  # the board re-plans its interrupt and bad lines


def idle_skip(board, device_bits: int, event: int | None) -> None:
    """Jump the CPU's clock towards ``event`` when it only polls $DD00 with interrupts off:
    nothing it reads can change before the device's next event (the host writes nothing in the
    loop), so it would spin until then. Two loop shapes (the Open ROMs' waits):
    ``bit $DD00`` / ``lda $DD00`` and a branch back (to the event itself), and the counted wait
    ``lda $DD00 / rol / bpl out / dey / bne back`` (whole turns, Y counted down, never to its
    time-out)."""
    mpu = board.mpu
    now = mpu.processorCycles
    if event is None or event <= now or not mpu.p & _INTERRUPT:
        return
    view, pc = board.bus.view, mpu.pc  # pc: the operand of the reading instruction
    opcode, branch = view[(pc - 1) & 0xFFFF], view[(pc + 2) & 0xFFFF]
    if opcode == _LDA_ABS and branch == _ROL:
        _counted_skip(board, _port_value(board, device_bits), event)
        return
    if opcode not in (_BIT_ABS, _LDA_ABS) or branch not in _BRANCHES:
        return
    if _branch_target(view, pc + 2) != pc - 1:
        return
    value = _port_value(board, device_bits)
    mask, taken_when = _BRANCHES[branch]
    if mask == "z":
        zero = (mpu.a & value if opcode == _BIT_ABS else value) == 0
        taken = zero == taken_when
    elif mask == 0x40 and opcode == _LDA_ABS:
        taken = (mpu.p & _OVERFLOW) == taken_when
    else:
        taken = (value & mask) == taken_when
    if taken:
        _jump(board, event - now)


def _counted_skip(board, value: int, event: int) -> None:
    """``lda $DD00 / rol / bpl out / dey / bne back``: while CLK reads high the loop turns every
    13 cycles, counting Y down; skip the whole turns before the one that reads at ``event``,
    as long as Y stays above zero (the time-out is left to run for real)."""
    mpu, view, pc = board.mpu, board.bus.view, board.mpu.pc
    if (view[(pc + 3) & 0xFFFF] != _BPL or view[(pc + 5) & 0xFFFF] != _DEY
            or view[(pc + 6) & 0xFFFF] != _BNE or _branch_target(view, pc + 6) != pc - 1
            or not value & 0x40):
        return
    period = 13 + ((pc + 8) >> 8 != (pc - 1) >> 8)  # a taken bne across a page costs one more
    turns = -(-(event - mpu.processorCycles) // period) - 1
    if 0 < turns < mpu.y:
        mpu.y -= turns
        _jump(board, turns * period)
