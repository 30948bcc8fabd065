"""A disk drive for the py65 harness, at the level of the KERNAL's file calls.

`Drive` is files by name -> bytes. `Drive.attach(machine)` traps SETLFS, SETNAM, OPEN, CLOSE,
CHKIN, CHKOUT, CLRCHN, CHRIN, CHROUT, READST, LOAD and SAVE: a file opened, loaded or saved on
the drive's device reads and writes `Drive.files`; the keyboard and screen channels keep the harness's own traps. A name's
drive prefix ("@0:", "0:") and ",S,R" / ",S,W" suffixes are understood, as a 1541 does: "@"
replaces a file, reading a missing file gives one byte and status $42 (end + read timeout), the
last byte of a file comes with status $40 (end). SAVE stores the load address and the RAM range
(as a 1541 does, "@0:" replaces an existing file and a plain name over one leaves it, 63 FILE
EXISTS); OPEN on secondary address 15 sends its name as a DOS command, of which "S0:NAME"
(scratch) is kept; LOAD with secondary address 0 loads to X/Y, else to the file's own address, returns the
end in X/Y, and fails with C = 1, A = 4 for a missing file. Another device is not present (OPEN: C = 1,
A = 5). Every call is logged (`Drive.calls`), so a test can tell the drive was not used.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from py65.devices.mpu6502 import MPU

from wordle64.c64 import emu

KERNAL_FILE = {"READST": 0xFFB7, "SETLFS": 0xFFBA, "SETNAM": 0xFFBD, "OPEN": 0xFFC0,
               "CLOSE": 0xFFC3, "CHKIN": 0xFFC6, "CHKOUT": 0xFFC9, "CLRCHN": 0xFFCC,
               "CHRIN": 0xFFCF, "CHROUT": 0xFFD2, "LOAD": 0xFFD5, "SAVE": 0xFFD8}
STATUS = 0x90                # the KERNAL's ST
ST_EOF, ST_READ_TIMEOUT = 0x40, 0x02
ERROR_FILE_NOT_OPEN, ERROR_FILE_NOT_FOUND, ERROR_DEVICE_NOT_PRESENT = 3, 4, 5
COMMAND_SA = 15


@dataclass
class _Open:
    name: str
    write: bool
    data: bytearray
    position: int = 0


@dataclass
class Drive:
    """Files by name -> bytes on device `device`."""

    files: dict[str, bytes] = field(default_factory=dict)
    device: int = 8
    calls: list[str] = field(default_factory=list)

    def attach(self, machine: emu.Machine) -> None:
        """Trap the KERNAL's file calls of `machine` (keyboard and screen stay its own)."""
        self._machine = machine
        self._keyboard_in = machine.traps[KERNAL_FILE["CHRIN"]]
        self._screen_out = machine.traps[KERNAL_FILE["CHROUT"]]
        self._lfs = (0, 0, 0)
        self._name = ""
        self._open: dict[int, _Open] = {}
        self._input = self._output = None
        for name, address in KERNAL_FILE.items():
            handler = "_open_" if name == "OPEN" else f"_{name.lower()}"
            machine.traps[address] = getattr(self, handler)

    # ---- helpers ----
    def _carry(self, error: int | None) -> None:
        mpu = self._machine.mpu
        if error is None:
            mpu.p &= ~MPU.CARRY
        else:
            mpu.p |= MPU.CARRY
            mpu.a = error

    def _status(self, value: int) -> None:
        self._machine.memory[STATUS] = value

    @staticmethod
    def _file_name(name: str) -> tuple[str, bool, bool]:
        """(file, write, replace) from a name such as "@0:STATS,S,W"."""
        replace = name.startswith("@")
        name = name.lstrip("@")
        if ":" in name:
            name = name.split(":", 1)[1]
        parts = name.split(",")
        write = len(parts) > 2 and parts[2].upper().startswith("W")
        return parts[0], write, replace

    # ---- the calls ----
    def _setlfs(self, machine) -> None:
        mpu = machine.mpu
        self._lfs = (mpu.a, mpu.x, mpu.y)
        self.calls.append(f"SETLFS {mpu.a},{mpu.x},{mpu.y}")

    def _setnam(self, machine) -> None:
        mpu = machine.mpu
        start = mpu.x | mpu.y << 8
        self._name = bytes(machine.memory[start:start + mpu.a]).decode("latin-1")
        self.calls.append(f"SETNAM {self._name!r}")

    def _open_(self, machine) -> None:
        logical, device, secondary = self._lfs
        self.calls.append(f"OPEN {logical}")
        if device != self.device:
            self._carry(ERROR_DEVICE_NOT_PRESENT)
            return
        if secondary == COMMAND_SA:
            self._command(self._name)
            self._status(0)
            self._carry(None)
            return
        name, write, _replace = self._file_name(self._name)
        data = bytearray() if write else bytearray(self.files.get(name, b""))
        self._open[logical] = _Open(name, write, data)
        self._status(0)
        self._carry(None)

    def _command(self, text: str) -> None:
        """A DOS command: "S0:NAME" scratches NAME (if it is there); others change nothing."""
        self.calls.append(f"COMMAND {text!r}")
        if text.startswith("S") and ":" in text:
            self.files.pop(text.split(":", 1)[1], None)

    def _close(self, machine) -> None:
        handle = self._open.pop(machine.mpu.a, None)
        self.calls.append(f"CLOSE {machine.mpu.a}")
        if handle is not None and handle.write:
            self.files[handle.name] = bytes(handle.data)
        self._carry(None)

    def _channel(self, machine) -> _Open | None:
        handle = self._open.get(machine.mpu.x)
        self._carry(None if handle is not None else ERROR_FILE_NOT_OPEN)
        return handle

    def _chkin(self, machine) -> None:
        self.calls.append(f"CHKIN {machine.mpu.x}")
        self._input = self._channel(machine)

    def _chkout(self, machine) -> None:
        self.calls.append(f"CHKOUT {machine.mpu.x}")
        self._output = self._channel(machine)

    def _clrchn(self, machine) -> None:
        self.calls.append("CLRCHN")
        self._input = self._output = None

    def _chrin(self, machine) -> None:
        handle = self._input
        if handle is None:
            self._keyboard_in(machine)
            return
        if handle.position >= len(handle.data):       # missing or read past the end
            machine.mpu.a = 0x0D
            self._status(ST_EOF | ST_READ_TIMEOUT)
            return
        machine.mpu.a = handle.data[handle.position]
        handle.position += 1
        self._status(ST_EOF if handle.position == len(handle.data) else 0)

    def _chrout(self, machine) -> None:
        handle = self._output
        if handle is None:
            self._screen_out(machine)
            return
        handle.data.append(machine.mpu.a)
        machine.mpu.p &= ~MPU.CARRY

    def _readst(self, machine) -> None:
        mpu = machine.mpu
        mpu.a = machine.memory[STATUS]
        mpu.p = (mpu.p & ~(MPU.ZERO | MPU.NEGATIVE)) | (MPU.ZERO if mpu.a == 0 else 0) | (
            mpu.a & MPU.NEGATIVE)

    def _load(self, machine) -> None:
        mpu = machine.mpu
        logical, device, secondary = self._lfs
        self.calls.append(f"LOAD {logical},{secondary}")
        if device != self.device:
            self._carry(ERROR_DEVICE_NOT_PRESENT)
            return
        name, _write, _replace = self._file_name(self._name)
        if name not in self.files:
            self._carry(ERROR_FILE_NOT_FOUND)
            return
        data = self.files[name]
        start = mpu.x | mpu.y << 8
        if secondary != 0 and len(data) >= 2:
            start = data[0] | data[1] << 8
        body = data[2:]
        end = min(start + len(body), 0x10000)
        machine.memory[start:end] = list(body[:end - start])
        mpu.x, mpu.y = end & 0xFF, end >> 8 & 0xFF
        self._status(ST_EOF)
        self._carry(None)

    def _save(self, machine) -> None:
        mpu = machine.mpu
        logical, device, _ = self._lfs
        self.calls.append(f"SAVE {logical}")
        if device != self.device:
            self._carry(ERROR_DEVICE_NOT_PRESENT)
            return
        name, _write, replace = self._file_name(self._name)
        start = machine.memory[mpu.a] | machine.memory[(mpu.a + 1) & 0xFF] << 8
        end = mpu.x | mpu.y << 8
        if replace or name not in self.files:
            self.files[name] = bytes([start & 0xFF, start >> 8]) + bytes(
                machine.memory[start:end])
        self._status(0)
        self._carry(None)
