"""A 1541 disk drive at the protocol level: files from a .d64, served over the serial bus.

``Drive(d64_path)`` is device 8 on an emulated C64's serial bus (:mod:`.iec`): the KERNAL's LOAD,
SAVE, OPEN/CHKIN/CHKOUT/CLOSE reach it bit by bit through CIA2 port A. Its DOS keeps the 1541's
conventions: secondary address 0 reads and 1 writes a PRG, 2-14 are files opened by name
(``NAME,S,W``, ``NAME,S,A`` to append), 15 is the command/status channel (``I``, ``S:NAME``,
``UJ``; reading it gives ``62,FILE NOT FOUND,00,00``). ``@:NAME`` replaces a file, ``0:`` is
ignored, ``*``/``?`` match, ``LOAD"$",8`` gets the directory as a BASIC listing. As Commodore
DOS does, a bare ``*`` (no drive number) opens the file last opened, read or written, when there
is one since the drive was reset; ``0:*`` always opens the first file.
A write is committed to the image on CLOSE and, when the drive was opened from a file, the .d64
is saved atomically then, so a new machine with a new ``Drive`` on the same file reads it back.

Faults are errors, never hangs: a missing file leaves the talker silent (the KERNAL times out and
reports FILE NOT FOUND) with status 62; a sector chain that leaves the disk or loops stops the
transfer at the bad link with status 66 and the link's track and sector.

Timing model (not the 1541's 6502 and GCR head; its measured throughput): each file byte takes
``1 / bytes_per_second`` of drive time (a stock 1541 with the standard KERNAL loads about
400 B/s; Prindle, "Disk drive speed", 1984) and each OPEN costs ``open_seconds`` (directory
search, head seek, first block) before the first byte. The bus handshake itself runs at the
protocol's own timings (iec.py) and overlaps the drive time.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from wordle64.c64.d64 import D64, ChainError, DiskFull
from wordle64.c64.emu import PAL_HZ
from wordle64.c64.iec import DeviceHandler, SerialDevice

log = logging.getLogger(__name__)

MESSAGES = {
    0: "OK", 1: "FILES SCRATCHED", 30: "SYNTAX ERROR", 31: "SYNTAX ERROR",
    61: "FILE NOT OPEN", 62: "FILE NOT FOUND", 63: "FILE EXISTS", 64: "FILE TYPE MISMATCH",
    66: "ILLEGAL TRACK OR SECTOR", 72: "DISK FULL", 73: "CBM DOS V2.6 1541",
}
COMMAND_CHANNEL = 15
TYPE_LETTERS = {"P": "PRG", "S": "SEQ", "U": "USR"}


@dataclass
class Channel:
    """An open file: bytes to read (with the error met at their end, if any) or collected."""

    sa: int
    name: bytes
    kind: str
    writing: bool
    data: bytearray = field(default_factory=bytearray)
    pos: int = 0
    error: ChainError | None = None


@dataclass(frozen=True)
class FileName:
    """An OPEN name taken apart: ``[@][0]:NAME[,type[,mode]]``."""

    name: bytes
    kind: str | None
    writing: bool
    replace: bool
    append: bool = False
    drive_number: bool = False   # "0:" given (a bare "*" then means the first file)

    @classmethod
    def parse(cls, raw: bytes, sa: int) -> FileName:
        text = raw.rstrip(b"\r")
        replace = text.startswith(b"@")
        text = text[1:] if replace else text
        drive_number = False
        if b":" in text[:3]:
            drive_number = text.split(b":", 1)[0][-1:].isdigit()
            text = text.split(b":", 1)[1]
        name, *options = text.split(b",")
        kind, writing, append = None, sa == 1, False
        for option in options:
            letter = chr(option[0]) if option else ""
            if letter in TYPE_LETTERS:
                kind = TYPE_LETTERS[letter]
            elif letter in ("W", "A"):
                writing, append = True, letter == "A"
            elif letter == "R":
                writing = False
        if sa in (0, 1):
            kind = kind or "PRG"
        return cls(name, kind, writing, replace, append, drive_number)


class Drive(DeviceHandler):
    """A 1541 (device ``device``) serving ``image`` (a .d64 path or a :class:`D64`)."""

    def __init__(self, image: str | Path | D64, *, device: int = 8,
                 bytes_per_second: float = 400.0, open_seconds: float = 1.0,
                 clock_hz: float = PAL_HZ, autosave: bool = True):
        self.image = image if isinstance(image, D64) else D64.open(image)
        self.autosave = autosave and self.image.path is not None
        self.byte_cycles = int(round(clock_hz / bytes_per_second))
        self.open_cycles = int(round(clock_hz * open_seconds))
        self.serial = SerialDevice(self, device)
        self.channels: dict[int, Channel] = {}
        self.status = (73, 0, 0)
        self.log: list[str] = []  # what the DOS did, one line per operation
        self._sa: int | None = None  # the channel LISTEN/TALK selected
        self._opening: int | None = None
        self._name = bytearray()
        self._command = bytearray()
        self._status_out: bytes | None = None
        self._busy_until = 0  # the drive's own time: when it can take the next byte
        self._open_pending = False
        self.last_file: bytes | None = None   # the file a bare "*" opens (None: the first)

    # ---- the machine's serial hooks (Board.attach_serial(drive)) ----------------------------
    def write(self, port_value: int, cycle: int) -> None:
        self.serial.write(port_value, cycle)

    def read(self, cycle: int) -> int:
        return self.serial.read(cycle)

    def next_event(self) -> int | None:
        return self.serial.next_event()

    def attach(self, board) -> None:
        """Put the drive on ``board``'s serial bus (wordle64.c64.board), idle skips on."""
        self.serial.attach(board)

    # ---- status ----------------------------------------------------------------------------
    def set_status(self, code: int, track: int = 0, sector: int = 0) -> None:
        self.status = (code, track, sector)

    def status_text(self) -> str:
        code, track, sector = self.status
        return f"{code:02d},{MESSAGES.get(code, 'ERROR')},{track:02d},{sector:02d}"

    # ---- the bus (DeviceHandler) -----------------------------------------------------------
    def open(self, sa: int) -> None:
        self._opening, self._name = sa, bytearray()

    def listen(self, sa: int) -> None:
        self._sa = sa

    def receive(self, byte: int, eoi: bool) -> None:
        if self._opening is not None:
            self._name.append(byte)
        elif self._sa == COMMAND_CHANNEL:
            self._command.append(byte)
        elif self._sa in self.channels and self.channels[self._sa].writing:
            self.channels[self._sa].data.append(byte)
        elif self.status[0] < 20:  # keep the first error (63 FILE EXISTS before a SAVE's data)
            self.set_status(61)

    def unlisten(self) -> None:
        if self._opening is not None:
            sa, name = self._opening, bytes(self._name)
            self._opening = None
            self._open_file(sa, name)
        elif self._sa == COMMAND_CHANNEL and self._command:
            self.execute(bytes(self._command))
            self._command = bytearray()
        self._sa = None

    def talk(self, sa: int) -> None:
        self._sa = sa
        if sa == COMMAND_CHANNEL:
            self._status_out = (self.status_text() + "\r").encode("ascii")

    def untalk(self) -> None:
        self._sa = None

    def send(self) -> tuple[int, bool] | None:
        if self._sa == COMMAND_CHANNEL:
            return self._send_status()
        channel = self.channels.get(self._sa) if self._sa is not None else None
        if channel is None or channel.writing:
            return None
        if channel.pos >= len(channel.data):
            if channel.error is not None:
                error = channel.error
                self.set_status(error.code, error.track, error.sector)
                self.log.append(f"read {channel.name!r}: {self.status_text()}")
            return None
        byte = channel.data[channel.pos]
        channel.pos += 1
        return byte, channel.pos == len(channel.data) and channel.error is None

    def _send_status(self) -> tuple[int, bool] | None:
        if not self._status_out:
            return None
        byte, self._status_out = self._status_out[0], self._status_out[1:]
        if not self._status_out:
            self.set_status(0)
        return byte, not self._status_out

    def close(self, sa: int) -> None:
        channel = self.channels.pop(sa, None)
        if sa == COMMAND_CHANNEL:
            self.channels.clear()
        if channel is not None and channel.writing:
            self._commit(channel)

    def ready_delay(self, talking: bool) -> int:
        """The drive's own time before the next byte of a file (command channel: none)."""
        if self._sa == COMMAND_CHANNEL or self._opening is not None or self._sa is None:
            return 0
        now = self.serial.now
        start = max(now, self._busy_until)
        if self._open_pending:
            start, self._open_pending = start + self.open_cycles, False
        self._busy_until = start + self.byte_cycles
        return start - now

    def frame_error(self) -> None:
        self.log.append("talk: the host did not acknowledge a byte")

    # ---- the DOS ---------------------------------------------------------------------------
    def _open_file(self, sa: int, raw: bytes) -> None:
        if sa == COMMAND_CHANNEL:
            self.execute(raw)
            return
        self._open_pending = True
        self.channels.pop(sa, None)
        spec = FileName.parse(raw, sa)
        if spec.writing:
            self._open_write(sa, spec)
        else:
            self._open_read(sa, spec)

    def _open_read(self, sa: int, spec: FileName) -> None:
        if sa == 0 and spec.name.startswith(b"$"):
            self.channels[sa] = Channel(sa, b"$", "PRG", False, bytearray(self.directory()))
            self.set_status(0)
            self.log.append("open the directory")
            return
        name = spec.name
        if name == b"*" and not spec.drive_number and self.last_file is not None:
            name = self.last_file
        entry = self.image.find(name, spec.kind)
        if entry is None:
            self.set_status(62)
            self.log.append(f"open {spec.name!r}: {self.status_text()}")
            return
        channel = Channel(sa, entry.name, entry.type_name, False)
        try:
            for _track, _sector, payload in self.image.chain(*entry.first):
                channel.data += payload
        except ChainError as error:
            channel.error = error
        self.channels[sa] = channel
        self.last_file = entry.name
        self.set_status(0)
        self.log.append(f"open {entry.name!r} for reading: {len(channel.data)} bytes"
                        + (f", then {error_text(channel.error)}" if channel.error else ""))

    def _open_write(self, sa: int, spec: FileName) -> None:
        existing = self.image.find(spec.name)
        if spec.append:  # ,A: the file's bytes so far, then what is written (rewritten on CLOSE)
            if existing is None:
                self.set_status(62)
                return
            data = bytearray(self.image.read_chain(*existing.first))
            self.channels[sa] = Channel(sa, existing.name, existing.type_name, True, data)
            self.set_status(0)
            return
        if existing is not None and not spec.replace:
            self.set_status(63)
            self.log.append(f"open {spec.name!r} for writing: {self.status_text()}")
            return
        self.channels[sa] = Channel(sa, spec.name, spec.kind or "SEQ", True)
        self.set_status(0)
        self.log.append(f"open {spec.name!r} for writing")

    def _commit(self, channel: Channel) -> None:
        self.image.scratch(channel.name)
        try:
            self.image.write_file(channel.name, bytes(channel.data), channel.kind)
        except DiskFull:
            self.set_status(72)
            return
        self.last_file = channel.name
        if self.autosave:
            self.image.save()
        self.log.append(f"wrote {channel.name!r}: {len(channel.data)} bytes")

    def directory(self) -> bytes:
        """``LOAD"$",8``: the directory as the 1541 sends it, a BASIC program at $0401 (header
        line in reverse video, a line per file with its blocks as the line number, BLOCKS FREE)."""
        def line(number: int, text: bytes) -> bytes:
            return b"\x01\x01" + number.to_bytes(2, "little") + text + b"\x00"

        name = self.image.disk_name().ljust(16, b" ")
        out = bytearray(b"\x01\x04")
        out += line(0, b"\x12\"" + name + b"\" " + self.image.disk_id().replace(b"\xa0", b" "))
        for entry in self.image.entries():
            quoted = (b"\"" + entry.name + b"\"").ljust(18, b" ")
            pad = b" " * (4 - len(str(entry.blocks)))
            out += line(entry.blocks, pad + quoted + entry.type_name.encode("ascii"))
        out += line(self.image.blocks_free(), b"BLOCKS FREE.")
        return bytes(out + b"\x00\x00")

    def execute(self, raw: bytes) -> None:
        """A command sent to channel 15."""
        text = raw.rstrip(b"\r")
        if text[:1] == b"I" or text[:1] == b"V":
            self.set_status(0)
        elif text[:1] == b"S" and b":" in text:
            count = self.image.scratch(text.split(b":", 1)[1])
            if self.autosave and count:
                self.image.save()
            self.set_status(1, count)
        elif text[:2] in (b"UJ", b"UI", b"U:", b"U9"):
            self.channels.clear()
            self.last_file = None
            self.set_status(73)
        else:
            self.set_status(31)
        self.log.append(f"command {text!r}: {self.status_text()}")


def error_text(error: ChainError) -> str:
    return f"{error.code:02d},{MESSAGES[error.code]},{error.track:02d},{error.sector:02d}"
