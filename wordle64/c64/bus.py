"""The C64's address space as py65 sees it: RAM, ROMs banked by the PLA, and the I/O chips.

py65 reads and writes ``memory[address]``; `Bus` answers. Reads come from ``view`` (RAM with the
banked-in ROMs laid over it) except for $00/$01 (the 6510 port) and $D000-$DFFF when I/O is
banked in. Writes always reach RAM (under a ROM too); the PLA banking ($01 bits 0-2 LORAM,
HIRAM, CHAREN, no cartridge) is recomputed when the port changes.

$01 bit 4 reads the datasette's PLAY sense (0 = a key down), bit 5 drives its motor (0 = on).
The VIC-II is a register file whose raster ($D012, $D011 bit 7) follows the cycle count
(63 cycles a line, 312 lines: PAL); the board charges its bad lines (wordle64.c64.board); no
sprites, no VIC interrupts. SID registers are write-only sinks. Colour RAM keeps 4 bits.
"""

from __future__ import annotations

from wordle64.c64.cia import Cia
from wordle64.c64.datasette import Datasette
from wordle64.c64.keyboard import Keyboard

RAM_PAGE, ROM_PAGE, IO_PAGE = 0, 1, 2
LINE_CYCLES, FRAME_LINES = 63, 312
COLOUR_RAM = 0xD800


class Bus:
    """64 KB RAM, BASIC/KERNAL/CHAR ROMs, VIC registers, colour RAM, two CIAs, 6510 port."""

    def __init__(self, basic: bytes, kernal: bytes, chargen: bytes) -> None:
        self.ram = bytearray(0x10000)
        self.view = bytearray(0x10000)
        self.kind = bytearray(256)
        self.basic, self.kernal, self.chargen = bytes(basic), bytes(kernal), bytes(chargen)
        self.vic = bytearray(64)
        self.colour = bytearray(0x400)
        self.cia1, self.cia2 = Cia("CIA1"), Cia("CIA2")
        self.keyboard = Keyboard()
        self.datasette = Datasette()
        self.cia1.flag_source = self.datasette
        self.cia1.read_a = self._cia1_pins_a
        self.cia1.read_b = self._cia1_pins_b
        self.serial = None         # a device with write(port_value, cycle) and read(cycle)
        self.cia2.write_a = self._serial_write
        self.cia2.read_a = self._serial_read
        self.port_ddr, self.port_data = 0x2F, 0x37
        self.clock = None          # a callable -> the current cycle (set by the board)
        self.on_poll = None        # called with the address before a read of $DC0D or $D012
        self.bank_config = -1
        self._bank()

    # ---- the 6510 port and the PLA ------------------------------------------------------
    def port_value(self) -> int:
        """$01 as the CPU reads it: outputs where DDR is 1, the pins elsewhere."""
        pins = 0xEF if self.datasette.play else 0xFF   # bit 4: PLAY sense, others pulled high
        return (self.port_data & self.port_ddr) | (pins & ~self.port_ddr & 0xFF)

    def _port_changed(self) -> None:
        effective = self.port_value()
        motor_on = bool(self.port_ddr & 0x20) and not self.port_data & 0x20
        self.datasette.set_motor(motor_on, self.clock())
        self._bank(effective & 0x07)

    def _bank(self, config: int = 7) -> None:
        if config == self.bank_config:
            return
        self.bank_config = config
        loram, hiram, charen = config & 1, config >> 1 & 1, config >> 2 & 1
        view, ram = self.view, self.ram
        view[:] = ram
        self.kind[:] = bytes(256)
        self.io_on = False
        if loram and hiram:
            view[0xA000:0xC000] = self.basic
            self.kind[0xA0:0xC0] = bytes([ROM_PAGE]) * 0x20
        if hiram:
            view[0xE000:0x10000] = self.kernal
            self.kind[0xE0:0x100] = bytes([ROM_PAGE]) * 0x20
        if loram or hiram:
            if charen:
                self.kind[0xD0:0xE0] = bytes([IO_PAGE]) * 0x10
                self.io_on = True
            else:
                view[0xD000:0xE000] = self.chargen
                self.kind[0xD0:0xE0] = bytes([ROM_PAGE]) * 0x10

    # ---- py65's memory interface ----------------------------------------------------------
    def __getitem__(self, address: int) -> int:
        if address >= 0xD000:
            if address < 0xE000 and self.io_on:
                return self.io_read(address)
            return self.view[address]
        if address > 1:
            return self.view[address]
        return self.port_value() if address else self.port_ddr

    def __setitem__(self, address: int, value: int) -> None:
        kind = self.kind[address >> 8]
        if kind == IO_PAGE:
            self.io_write(address, value)
            return
        self.ram[address] = value
        if kind == RAM_PAGE:
            self.view[address] = value
        if address < 2:
            if address:
                self.port_data = value
            else:
                self.port_ddr = value
            self._port_changed()

    def __len__(self) -> int:
        return 0x10000

    # ---- I/O ------------------------------------------------------------------------------
    def raster(self, cycle: int) -> int:
        return cycle // LINE_CYCLES % FRAME_LINES

    def io_read(self, address: int) -> int:
        page = address >> 8
        if page < 0xD4:
            reg = address & 0x3F
            if reg == 0x12:
                if self.on_poll is not None:
                    self.on_poll(0xD012)
                return self.raster(self.clock()) & 0xFF
            if reg == 0x11:
                return (self.vic[0x11] & 0x7F) | (self.raster(self.clock()) >> 1 & 0x80)
            if reg == 0x19:
                return 0x70
            return self.vic[reg]
        if page < 0xD8:
            return 0
        if page < 0xDC:
            return self.colour[address - COLOUR_RAM] | 0xF0
        if page == 0xDC:
            if address & 0x0F == 0x0D and self.on_poll is not None:
                self.on_poll(0xDC0D)
            return self.cia1.read(address, self.clock())
        if page == 0xDD:
            return self.cia2.read(address, self.clock())
        return 0xFF

    def io_write(self, address: int, value: int) -> None:
        page = address >> 8
        if page < 0xD4:
            self.vic[address & 0x3F] = value
            if address & 0x3F == 0x11:
                self.cia1.dirty = True   # the board re-plans its events (bad lines)
        elif 0xD8 <= page < 0xDC:
            self.colour[address - COLOUR_RAM] = value & 0x0F
        elif page == 0xDC:
            self.cia1.write(address, value, self.clock())
        elif page == 0xDD:
            self.cia2.write(address, value, self.clock())

    def vic_register(self, reg: int) -> int:
        """A VIC register without side effects (for screen reading)."""
        return self.io_read(0xD000 + reg) if reg in (0x11, 0x12) else self.vic[reg]

    # ---- keyboard and serial port -------------------------------------------------------
    def _cia1_pins_a(self, cycle: int) -> int:
        return self.keyboard.columns(self.cia1.port_out(1))

    def _cia1_pins_b(self, cycle: int) -> int:
        return self.keyboard.rows(self.cia1.port_out(0))

    def _serial_write(self, port_value: int, cycle: int) -> None:
        if self.serial is not None:
            self.serial.write(port_value, cycle)

    def _serial_read(self, cycle: int) -> int:
        """$DD00's pins: CLK in (bit 6) and DATA in (bit 7) are low when the C64 pulls its
        own line (outputs bits 4/5, inverted by the 7406) or the device pulls it."""
        out = self.cia2.port_out(0)
        lines = 0xFF
        if out & 0x10:
            lines &= ~0x40
        if out & 0x20:
            lines &= ~0x80
        if self.serial is not None:
            lines &= self.serial.read(cycle) | 0x3F
        return lines
