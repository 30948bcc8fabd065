"""A scripted serial-bus host for the drive's unit tests: the Open ROMs' iec_*.s routines
(tx_command, tx_byte, rx_byte, turnaround) re-told in Python with their timings, polling the
device like the 6502 does (every ``POLL`` cycles, skipping ahead to the device's next event).

The whole-machine tests run the real KERNAL instead; this host isolates the drive.
"""

from __future__ import annotations

from wordle64.c64.iec import SerialDevice

POLL = 11  # cycles per iteration of the KERNAL's polling loops


class HostError(Exception):
    pass


class Host:
    def __init__(self, device: SerialDevice):
        self.dev = device
        self.t = 0
        self.atn = self.clk = self.data = False
        self.eoi = False  # status bit 6 after rx_byte

    def write(self, atn=None, clk=None, data=None, cost: int = 6) -> None:
        self.atn = self.atn if atn is None else atn
        self.clk = self.clk if clk is None else clk
        self.data = self.data if data is None else data
        self.dev.host_write(self.t, self.atn, self.clk, self.data)
        self.t += cost

    def clk_high(self) -> bool:
        return not self.clk and not self.dev.lines(self.t)[0]

    def data_high(self) -> bool:
        return not self.data and not self.dev.lines(self.t)[1]

    def wait(self, test, timeout: int | None = None, limit: int = 50_000_000) -> bool:
        start = self.t
        while not test():
            if timeout is not None and self.t - start >= timeout:
                return False
            if self.t - start > limit:
                raise HostError(f"host hung at cycle {self.t}")
            event = self.dev.next_event()
            step = POLL if event is None or event <= self.t else max(POLL, event - self.t)
            if timeout is not None:
                step = min(step, max(1, start + timeout - self.t))
            self.t += step
        return True

    # ---- byte level (iec_tx_common, iec_tx_command, iec_rx_byte) -------------------------------
    def _tx_common(self, byte: int, eoi: bool) -> None:
        self.wait(self.data_high)
        if eoi:
            self.wait(lambda: not self.data_high())
            self.wait(self.data_high)
        self.write(clk=True, data=False)
        self.t += 64
        for bit in range(8):
            self.write(data=not (byte >> bit) & 1)
            self.write(clk=False)
            self.t += 21
            self.write(clk=True, data=False)
            self.t += 21
        if not self.wait(lambda: not self.data_high(), timeout=255 * POLL):
            raise HostError("DEVICE NOT PRESENT (no frame acknowledge)")

    def tx_command(self, byte: int) -> None:
        self.write(atn=True, clk=True, data=False)
        self.t += 1000
        if self.data_high():
            raise HostError("DEVICE NOT PRESENT (no ATN acknowledge)")
        self.write(clk=False, data=False)
        self._tx_common(byte, False)

    def finalize(self) -> None:
        self.t += 21
        self.write(atn=False, clk=True, data=False)
        self.t += 21

    def tx_byte(self, byte: int, eoi: bool = False) -> None:
        self.write(atn=False, clk=False, data=False)
        self._tx_common(byte, eoi)

    def turnaround_to_listen(self) -> None:
        self.write(data=True)
        self.write(clk=False)
        self.write(atn=False)
        if not self.wait(lambda: not self.clk_high(), timeout=255 * 13):
            raise HostError("DEVICE NOT PRESENT (no turnaround)")

    def rx_byte(self) -> int:
        self.wait(self.clk_high)
        self.write(clk=False, data=False)
        self.wait(self.data_high)
        if not self.wait(lambda: not self.clk_high(), timeout=19 * POLL):
            self.eoi = True
            self.write(data=True)
            self.t += 64
            self.write(data=False)
        value = 0
        for bit in range(8):
            self.wait(self.clk_high)
            value |= (1 if self.data_high() else 0) << bit
            if not self.wait(lambda: not self.clk_high(), timeout=25 * 13):
                self.eoi = True
                return value
        self.write(clk=False, data=True)
        return value

    # ---- KERNAL level ------------------------------------------------------------------------
    def listen(self, dev: int, sa_command: int) -> None:
        self.tx_command(0x20 | dev)
        self.tx_command(sa_command)

    def unlisten(self) -> None:
        self.tx_command(0x3F)
        self.finalize()

    def _send(self, dev: int, sa_command: int, data: bytes) -> None:
        """LISTEN with a secondary command, the bytes (EOI on the last), UNLISTEN."""
        self.listen(dev, sa_command)
        self.finalize()
        for index, byte in enumerate(data):
            self.tx_byte(byte, eoi=index == len(data) - 1)
        self.unlisten()

    def open(self, dev: int, sa: int, name: bytes) -> None:
        self._send(dev, 0xF0 | sa, name)

    def close(self, dev: int, sa: int) -> None:
        self.listen(dev, 0xE0 | sa)
        self.finalize()
        self.unlisten()

    def read(self, dev: int, sa: int, limit: int = 100_000) -> bytes:
        """TALK, read until EOI, UNTALK (the status's EOI bit is left in ``self.eoi``)."""
        self.tx_command(0x40 | dev)
        self.tx_command(0x60 | sa)
        self.turnaround_to_listen()
        self.eoi, out = False, bytearray()
        while not self.eoi and len(out) < limit:
            out.append(self.rx_byte())
        self.tx_command(0x5F)
        self.finalize()
        return bytes(out)

    def write_channel(self, dev: int, sa: int, data: bytes) -> None:
        self._send(dev, 0x60 | sa, data)

    def load(self, dev: int, name: bytes) -> bytes | None:
        """As load_iec: None for FILE NOT FOUND (EOI on the address bytes)."""
        self.open(dev, 0, name)
        data = self.read(dev, 0)
        self.close(dev, 0)
        if len(data) < 3:
            return None
        return data

    def save(self, dev: int, name: bytes, data: bytes) -> None:
        self.open(dev, 1, name)
        self.write_channel(dev, 1, data)
        self.close(dev, 1)

    def status(self, dev: int) -> str:
        return self.read(dev, 15).decode("ascii").rstrip("\r")
