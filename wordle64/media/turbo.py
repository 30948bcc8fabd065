"""The turbo tape: a standard boot file whose header carries our loader, then the game in turbo
blocks (workflow/asm/tape/turbo.s has the loader; docs/tape.md the format and what it
guarantees; this module writes the pulses and reads them back).

Tape layout: the boot file as the KERNAL saves it (header pilot, header twice, data pilot, the
boot PRG twice; the header's 171 free bytes hold the loader), a lead-in of zero bits (the loader
finds it, then measures the tape's speed on it), then per block: a few zero bits, SYNC1 SYNC2,
the block's number (blocks after it), 256 bytes (the last padded with zeros), the XOR checksum
from SYNC2 on. The load address and the number of blocks are assembled into the loader.
"""

from __future__ import annotations

import logging
import struct
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from wordle64.c64.datasette import faulty_pulses
from wordle64.c64.emu import PAL_HZ
from wordle64.c64.prg import Prg, parse_prg, read_prg
from wordle64.errors import Wordle64Error
from wordle64.io import write_bytes
from wordle64.media.images import (TAPE_BLOCK_SIZE, TAPE_FILE_PRG, TAPE_NAME_SIZE, TapeTiming,
                                   block_pulses, byte_pulses, petscii_name, read_tap, tap_bytes,
                                   tap_pulses, xor_of)
from wordle64.toolchain import assemble_and_link

log = logging.getLogger(__name__)

HEADER_FIXED = 5 + TAPE_NAME_SIZE          # type, start, end, name: the rest is ours
LOADER_SIZE = TAPE_BLOCK_SIZE - HEADER_FIXED  # 171 bytes at $0351
SYNC1, SYNC2 = 0x96, 0x69
BLOCK = 256
BODY = 1 + 1 + BLOCK + 1      # SYNC2, number, data, checksum
# a block's bytes in the turbo stream after its gap: SYNC1, SYNC2, number, data, checksum
FIELDS = {"sync1": 0, "sync2": 1, "number": 2, "checksum": 3 + BLOCK}
DATA_START = 3


# The boot file's pilots: the Commodore KERNAL saves 27,136 pulses before the header and 5,376
# before the data; the Open ROMs need 8,192 at least to find a header, so 9,216 keep a margin,
# and 2,560 (a second) before the data leave the motor time to start again after FOUND.
BOOT_KERNAL_TIMING = replace(TapeTiming(), header_pilot=0x2400, data_pilot=0x0A00)
BOOT_FLIP = (0xCD, 2)      # the fault cases' bit of the boot file: in get_byte, off the error path


@dataclass(frozen=True)
class TurboTiming:
    """Pulse lengths in cycles. The loader's threshold is not a constant: it times 97 of the
    lead-in's short pulses and takes their sum / 64 (turbo.s); `lead_threshold` (assembled,
    -D LEAD_THRESHOLD) lies above the lead-in's pulses and below the KERNAL's shortest, at any
    speed the loader takes."""

    short: int = 160           # a 0 bit (TAP byte $14; Action Replay's turbo uses $13)
    long: int = 320            # a 1 bit (TAP byte $28, Turbo Tape 64's long pulse)
    lead_threshold: int = 264  # the lead-in is found as 256 pulses in a row shorter than this
    lead_in: int = 2048        # zero bits before the first block: found, then timed
    gap: int = 16              # zero bits before every block

    @property
    def bytes_per_second(self) -> float:
        return PAL_HZ / (4 * (self.short + self.long))


def game_start(prg: Prg) -> int:
    """The SYS address of a PRG's first BASIC line (where the loader jumps when done)."""
    data = prg.payload
    if prg.load_address != 0x0801 or len(data) < 6 or data[4] != 0x9E:
        raise Wordle64Error("the PRG does not start with a BASIC line SYS (load address $0801)")
    digits = bytes(data[5:data.index(0, 5)]).strip()
    if not digits.isdigit():
        raise Wordle64Error(f"the PRG's SYS line has {digits!r}, not an address")
    return int(digits)


def block_count(prg: Prg) -> int:
    return -(-len(prg.payload) // BLOCK)


def build_loader(asm_dir: str | Path, prg: Prg, timing: TurboTiming = TurboTiming(), *,
                 log_file=None) -> tuple[bytes, bytes]:
    """Assemble tape/turbo.s for ``prg``: (the 171 loader bytes, the boot PRG). Twice: the
    second pass sets BOOT_BALANCE, the byte that makes the boot file's XOR 0, as autostart
    checks it."""
    asm_dir = Path(asm_dir)
    source, config = asm_dir / "tape" / "turbo.s", asm_dir / "tape" / "turbo.cfg"
    defines = {"GAME_START": game_start(prg), "LOAD_ADDRESS": prg.load_address,
               "BLOCKS": block_count(prg), "LEAD_THRESHOLD": timing.lead_threshold,
               "BOOT_BALANCE": 0}
    with tempfile.TemporaryDirectory(prefix="wordle64-turbo-") as work:
        out = Path(work) / "loader.bin"
        for _ in range(2):
            options = ["-I", str(asm_dir)]
            for name, value in defines.items():
                options += ["-D", f"{name}={value}"]
            assemble_and_link([source], config, out, log=log_file, link_name="ld65 turbo",
                              options=options)
            loader, boot = out.read_bytes(), Path(str(out) + ".boot").read_bytes()
            defines["BOOT_BALANCE"] = xor_of(boot[2:])
    if len(loader) != LOADER_SIZE:
        raise Wordle64Error(f"{source}: the loader is {len(loader)} bytes, not {LOADER_SIZE}")
    if xor_of(boot[2:]):
        raise Wordle64Error(f"{source}: the boot file's XOR is not 0 after balancing")
    return loader, boot


def boot_header(boot: Prg, name: bytes, loader: bytes) -> bytes:
    """The boot file's 192-byte header: type, start, end, name, then the loader."""
    head = struct.pack("<BHH", TAPE_FILE_PRG, boot.load_address, boot.end_address & 0xFFFF)
    return head + name.ljust(TAPE_NAME_SIZE, b" ") + loader


def kernal_file_pulses(header: bytes, payload: bytes, timing: TapeTiming = TapeTiming(),
                       flips: tuple[dict[int, int], dict[int, int]] = ({}, {}),
                       repeat: int | None = None) -> list[int]:
    """A file as the KERNAL saves it: header twice, silence, data twice; ``flips`` for the
    data block's first and second copy; ``repeat``: the second copy cut to that many bytes."""
    pulses: list[int] = [timing.short] * timing.header_pilot
    pulses += block_pulses(header, True, timing) + [timing.short] * timing.gap
    pulses += block_pulses(header, False, timing) + [timing.short] * timing.trailer
    pulses += [timing.silence] + [timing.short] * timing.data_pilot
    pulses += block_pulses(payload, True, timing, flips[0]) + [timing.short] * timing.gap
    pulses += block_pulses(payload[:repeat], False, timing, flips[1])
    return pulses + [timing.short] * timing.trailer


def boot_file_pulses(header: bytes, payload: bytes, timing: TapeTiming = TapeTiming()
                     ) -> list[int]:
    """The boot file as the KERNAL saves it, but the data's repeat cut to its first byte. The
    Commodore KERNAL leaves the file for the loader as its last byte arrives, before any
    repeat; the Open ROMs read the repeat to its end marker whether or not they need it (only
    to correct a bad byte), so they get one that ends at once: a clean file loads, a bad one
    ends in ?LOAD ERROR, where with no repeat every load would."""
    return kernal_file_pulses(header, payload, timing, repeat=1)


def turbo_blocks(prg: Prg) -> list[bytes]:
    """The game as turbo blocks (sync to checksum), the last padded to 256 bytes."""
    data = prg.payload
    count = block_count(prg)
    blocks = []
    for index in range(count):
        chunk = data[index * BLOCK:(index + 1) * BLOCK].ljust(BLOCK, b"\0")
        body = bytes([SYNC2, count - 1 - index]) + chunk
        blocks.append(bytes([SYNC1]) + body + bytes([xor_of(body)]))
    return blocks


def turbo_byte_pulses(value: int, timing: TurboTiming) -> list[int]:
    return [timing.long if value >> bit & 1 else timing.short for bit in range(7, -1, -1)]


def turbo_pulses(prg: Prg, name: bytes, loader: bytes, boot: Prg,
                 timing: TurboTiming = TurboTiming(), kernal: TapeTiming = BOOT_KERNAL_TIMING,
                 flips: dict[int, int] | None = None) -> list[int]:
    """Every pulse of the turbo tape; ``flips``: byte offset in the turbo stream -> bit mask."""
    pulses = boot_file_pulses(boot_header(boot, name, loader), boot.payload, kernal)
    pulses += [timing.short] * timing.lead_in
    stream = b"".join(bytes(timing.gap // 8) + block for block in turbo_blocks(prg))
    for offset, value in enumerate(stream):
        pulses += turbo_byte_pulses(value ^ (flips or {}).get(offset, 0), timing)
    return pulses + [timing.short] * 8


def turbo_part_start(pulses: list[int], timing: TurboTiming = TurboTiming()) -> int:
    """Where a turbo tape's lead-in starts, from the pulses alone: after the boot file's last
    KERNAL pulse, which is longer than any turbo pulse."""
    kernal_shortest = TapeTiming().short
    return max(index for index, pulse in enumerate(pulses)
               if pulse > (timing.long + kernal_shortest) // 2) + 1


def turbo_tape_cycles(pulses: list[int], timing: TurboTiming = TurboTiming()) -> int:
    """The tape time of the turbo part (lead-in and blocks), from the pulses alone. An outside
    model of the loader's time: it reads as the tape runs, so RUN to its last block should take
    this long, give or take its set-up and the rest of the boot file's trailer."""
    return sum(pulses[turbo_part_start(pulses, timing):])


@dataclass(frozen=True)
class Flip:
    """One flipped bit: block, byte within the block (FIELDS, or DATA_START + n), bit 7-0."""

    block: int
    byte: int
    bit: int

    @property
    def kind(self) -> str:
        names = {offset: name for name, offset in FIELDS.items()}
        return names.get(self.byte, "data")


@dataclass(frozen=True)
class TapeLayout:
    """Where the turbo blocks' pulses are on the tape."""

    first_pulse: int        # the first turbo pulse (after the boot file and the lead-in)
    gap_bytes: int
    blocks: int

    @property
    def block_bytes(self) -> int:
        return self.gap_bytes + len(FIELDS) + BLOCK

    def stream_offset(self, flip: Flip) -> int:
        return flip.block * self.block_bytes + self.gap_bytes + flip.byte

    def pulse_index(self, flip: Flip) -> int:
        return self.first_pulse + 8 * self.stream_offset(flip) + 7 - flip.bit

    def block_start(self, block: int) -> int:
        """The pulse where block ``block``'s gap starts."""
        return self.first_pulse + 8 * block * self.block_bytes


def flipped(pulses: list[int], index: int, timing: TurboTiming = TurboTiming()) -> list[int]:
    """The pulses with the one at ``index`` swapped between short and long: one bit flipped."""
    out = list(pulses)
    out[index] = timing.long if pulses[index] == timing.short else timing.short
    return out


def boot_flipped(pulses: list[int], offset: int, bit: int,
                 timing: TapeTiming = BOOT_KERNAL_TIMING) -> list[int]:
    """The pulses with bit ``bit`` of the boot file's data byte ``offset`` flipped, its check bit
    left (the KERNAL sees a parity error): the byte's pulse pair for that bit swapped. The data
    block is found after the one pause on the tape, the silence before its pilot."""
    per_byte = len(byte_pulses(0, timing))
    data = pulses.index(timing.silence) + 1 + timing.data_pilot + 9 * per_byte  # past the sync
    at = data + offset * per_byte + 2 + 2 * bit                                 # past the marker
    out = list(pulses)
    out[at], out[at + 1] = pulses[at + 1], pulses[at]
    return out


def damaged_tapes(pulses: list[int], timing: TurboTiming = TurboTiming()
                  ) -> dict[str, tuple[str, list[int], bool]]:
    """Damaged copies of a turbo tape's pulses for a loader that is not ours to step (VICE):
    name -> (what, pulses, whether it must still load)."""
    boot = turbo_part_start(pulses, timing)
    first = boot + timing.lead_in
    block_pulses = 8 * (timing.gap // 8 + len(FIELDS) + BLOCK)
    layout = TapeLayout(first, timing.gap // 8, (len(pulses) - first) // block_pulses)
    middle = layout.block_start(layout.blocks // 2) + block_pulses // 2
    return {
        "boot_file_bit": ("one bit of the boot file flipped (the KERNAL's parity catches it, "
                          "the boot file's XOR too)", boot_flipped(pulses, *BOOT_FLIP), False),
        "flipped_bit": ("one data bit of block 1 flipped",
                        flipped(pulses, layout.pulse_index(Flip(1, DATA_START + 100, 4)),
                                timing), False),
        "cut_short": ("the tape ends in the middle of a block", pulses[:middle], False),
        "fast_jitter": ("the turbo part 10 % fast, every pulse ±48 cycles", pulses[:boot]
                        + faulty_pulses(pulses[boot:], speed=0.9, jitter=48, seed=11), True),
        "slow_jitter": ("the turbo part 10 % slow, every pulse ±48 cycles", pulses[:boot]
                        + faulty_pulses(pulses[boot:], speed=1.1, jitter=48, seed=12), True),
    }


@dataclass(frozen=True)
class TurboTape:
    """A turbo tape's pulses and how many of them the boot file takes (the lead-in's first)."""

    pulses: list[int]
    boot_pulses: int


def turbo_tape(prg: Prg, asm_dir: str | Path, file_name: str,
               timing: TurboTiming = TurboTiming(), flips: dict[int, int] | None = None
               ) -> TurboTape:
    """The whole turbo tape of ``prg``, its loader assembled; ``flips`` as turbo_pulses'."""
    loader, boot_bytes = build_loader(asm_dir, prg, timing)
    boot = parse_prg(boot_bytes, "boot file")
    name = petscii_name(file_name)
    header = boot_header(boot, name, loader)
    return TurboTape(turbo_pulses(prg, name, loader, boot, timing, flips=flips),
                     len(boot_file_pulses(header, boot.payload, BOOT_KERNAL_TIMING)))


def decode_turbo(pulses: list[int], load_address: int, threshold: int | None = None) -> Prg:
    """Read the turbo blocks back (an independent check of the writer): each block's number one
    less than the last's, its checksum good, until block 0. ``threshold``: the middle of the two
    pulse lengths unless given."""
    timing = TurboTiming()
    limit = (timing.short + timing.long) // 2 if threshold is None else threshold
    bits = [1 if p > limit else 0 for p in pulses]
    blocks: list[bytes] = []
    position, expected = 0, None
    while expected != 0:
        shift = 0
        while position < len(bits) and shift & 0xFF != SYNC1:
            shift = shift << 1 | bits[position]
            position += 1
        if position + 8 * BODY > len(bits):
            raise Wordle64Error("turbo tape: it ends before the last block")
        raw = bytes(int("".join(map(str, bits[position + 8 * i:position + 8 * i + 8])), 2)
                    for i in range(BODY))
        if raw[0] != SYNC2:
            continue                     # not a block: search on from here, as the loader does
        position += 8 * BODY
        if xor_of(raw) or (expected is not None and raw[1] != expected - 1):
            raise Wordle64Error(f"turbo tape: bad block at pulse {position}")
        expected = raw[1]
        blocks.append(raw[2:2 + BLOCK])
    return Prg(load_address, b"".join(blocks))


def make_turbo_tap(prg_path: str, asm_dir: str, out_path: str, *, file_name: str,
                   timing: TurboTiming = TurboTiming(), log_file=None) -> list[int]:
    """The media_turbo_tap rule: write the turbo tape, read the boot file back with tapfile and
    the turbo blocks with decode_turbo."""
    prg = read_prg(prg_path)
    loader, boot_bytes = build_loader(asm_dir, prg, timing, log_file=log_file)
    boot = parse_prg(boot_bytes, "boot file")
    name = petscii_name(file_name)
    pulses = turbo_pulses(prg, name, loader, boot, timing)
    out = Path(out_path)
    tmp = out.with_name(out.stem + ".new" + out.suffix)
    write_bytes(tmp, tap_bytes(pulses))
    files = read_tap(tmp)
    if not files or files[0].data != boot.payload or files[0].start != boot.load_address:
        raise Wordle64Error(f"{tmp}: tapfile does not read the boot file back")
    read = decode_turbo(tap_pulses(tmp.read_bytes(), str(tmp)), prg.load_address)
    if read.load_address != prg.load_address or read.payload[:len(prg.payload)] != prg.payload:
        raise Wordle64Error(f"{tmp}: the turbo blocks do not read back as the PRG")
    tmp.replace(out)
    log.info("%s: %d pulses, %.1f s PAL of tape (boot file and %d turbo blocks)", out,
             len(pulses), sum(pulses) / PAL_HZ, len(turbo_blocks(prg)))
    return pulses
