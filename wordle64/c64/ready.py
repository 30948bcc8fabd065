"""Typing at BASIC's READY. and reading a disk drive's status through the KERNAL.

``command(machine, 'load"x",8', max_cycles)`` types a line in the keyboard matrix, presses RETURN
and runs until ``READY.`` comes back below it (the cycles from RETURN are the command's time);
``read_status(machine)`` has the C64 itself read the drive's status line (OPEN 15,8,15 / CHKIN /
CHRIN / CLRCHN / CLOSE, a 50-byte probe in the cassette buffer started with SYS: the Open ROMs' BASIC has no
INPUT#). Both work with any device on the serial bus (wordle64.c64.drive).
"""

from __future__ import annotations

from wordle64.c64.machine import MachineError

DEVICE = 8
PROBE = 0x033C  # the status probe's code: the cassette buffer ($033C-$03FB), free on disk runs
PROBE_OUT = 0x03A0  # where it leaves the status line (up to 64 bytes, below $03FB)
# KERNAL calls: OPEN 15,8,15 (no name), CHKIN 15, CHRIN until CR or STATUS <> 0, CLRCHN,
# CLOSE 15. Hand-assembled (50 bytes) because Open ROMs BASIC has no INPUT#; every call is a
# jump-table entry, so the bytes work on any KERNAL. (Logical file 15, not 1: the Open ROMs'
# CHKIN refuses logical file 1, testing the logical-file table where it means the secondary.)
STATUS_PROBE = bytes([
    0xA9, 0x0F, 0xA2, DEVICE, 0xA0, 0x0F, 0x20, 0xBA, 0xFF,  # lda #15 ldx #8 ldy #15 SETLFS
    0xA9, 0x00, 0x20, 0xBD, 0xFF,                            # lda #0 jsr SETNAM
    0x20, 0xC0, 0xFF,                                        # jsr OPEN
    0xA2, 0x0F, 0x20, 0xC6, 0xFF,                            # ldx #15 jsr CHKIN
    0xA0, 0x00,                                              # ldy #0
    0x20, 0xCF, 0xFF,                                        # loop: jsr CHRIN
    0x99, PROBE_OUT & 0xFF, PROBE_OUT >> 8,                  # sta PROBE_OUT,y
    0xC8, 0xC9, 0x0D, 0xF0, 0x06,                            # iny cmp #13 beq done
    0xA5, 0x90, 0xD0, 0x02, 0xF0, 0xEF,                      # lda STATUS bne done beq loop
    0x20, 0xCC, 0xFF, 0xA9, 0x0F, 0x20, 0xC3, 0xFF, 0x60,    # done: CLRCHN, CLOSE 15, rts
])


def _ready_below(machine, row: int) -> bool:
    return any(line.rstrip() == "READY." for line in machine.lines()[row + 1:])


def _row_of(machine, text: str) -> int:
    rows = [i for i, line in enumerate(machine.lines()) if line.startswith(text[:20].upper())]
    if not rows:
        raise MachineError(f"{text!r} is not on screen\n" + machine.dump())
    return rows[-1]


def command(machine, text: str, max_cycles: int) -> int:
    """Type ``text`` at READY., press RETURN, run until READY. comes back below it; return the
    cycles from RETURN going down to READY. (checked every frame)."""
    machine.press("{clr}")
    machine.press(text.lower())
    row = _row_of(machine, text)
    start = machine.cycles
    machine.press("\n")
    machine.run_until(lambda m: _ready_below(m, row), max_cycles, f"READY. after {text}")
    return machine.cycles - start


def screen_after(machine, text: str) -> list[str]:
    """The non-blank screen lines from the last line starting with ``text``."""
    lines = machine.lines()
    row = _row_of(machine, text)
    return [line.rstrip() for line in lines[row:] if line.strip()]


def read_status(machine, max_cycles: int = 5_000_000) -> str:
    """The drive's status line, read by the C64: the probe (OPEN 15,8,15 / CHKIN / CHRIN) is
    run with SYS from READY."""
    machine.poke(PROBE, STATUS_PROBE)
    machine.poke(PROBE_OUT, bytes(64))
    command(machine, f"sys{PROBE}", max_cycles)
    raw = machine.ram(PROBE_OUT, 64).split(b"\r")[0]
    return raw.decode("latin-1")


# ---- KERNAL SAVE and LOAD of a memory range (what a program keeping a file on disk calls) ------
NAME_AT = 0x03C0  # the file name (up to 32 bytes)
RESULT_AT = 0x03E0  # the processor flags after the call, then A (the KERNAL error code)


def _kernal_call(machine, name: bytes, call: bytes, max_cycles: int) -> tuple[bool, int]:
    """SETNAM ``name``, SETLFS 1,8,1, then ``call``; run it with SYS; return (carry clear,
    the error code in A when carry is set, else 0)."""
    if len(name) > 32:
        raise ValueError(f"file name {name!r}: more than 32 bytes")
    code = bytes([
        0xA9, len(name), 0xA2, NAME_AT & 0xFF, 0xA0, NAME_AT >> 8, 0x20, 0xBD, 0xFF,  # SETNAM
        0xA9, 0x01, 0xA2, DEVICE, 0xA0, 0x01, 0x20, 0xBA, 0xFF,  # SETLFS 1,8,1
    ]) + call + bytes([
        0x8D, (RESULT_AT + 1) & 0xFF, RESULT_AT >> 8,  # sta RESULT_AT+1 (error code)
        0x08, 0x68, 0x8D, RESULT_AT & 0xFF, RESULT_AT >> 8, 0x60,  # php pla sta RESULT_AT rts
    ])
    machine.poke(PROBE, code)
    machine.poke(NAME_AT, name)
    command(machine, f"sys{PROBE}", max_cycles)
    flags, error = machine.ram(RESULT_AT, 2)
    failed = bool(flags & 0x01)
    return not failed, error if failed else 0


def kernal_save(machine, name: bytes, start: int, end: int, max_cycles: int = 20_000_000
                ) -> tuple[bool, int]:
    """SAVE ``start``..``end``-1 to device 8 as ``name`` (``@0:NAME`` replaces) through the
    KERNAL's SAVE; return (success, KERNAL error code)."""
    call = bytes([0xA9, start & 0xFF, 0x85, 0xFB, 0xA9, start >> 8, 0x85, 0xFC,  # ($FB) = start
                  0xA9, 0xFB, 0xA2, end & 0xFF, 0xA0, end >> 8, 0x20, 0xD8, 0xFF])  # SAVE
    return _kernal_call(machine, name, call, max_cycles)


def kernal_load(machine, name: bytes, max_cycles: int = 20_000_000) -> tuple[bool, int]:
    """LOAD ``name`` from device 8 with secondary address 1 (back to the address it was saved
    from) through the KERNAL's LOAD; return (success, KERNAL error code: 4 = file not found)."""
    return _kernal_call(machine, name, bytes([0xA9, 0x00, 0x20, 0xD5, 0xFF]), max_cycles)
