"""The fast disk: a boot file that starts its own loader in the drive, then the game.

`assemble` builds the loader from workflow/asm/fastload (boot.s for the C64, drive.s for the
drive, linked by fastload.cfg) and splits it in two: the boot file (what `LOAD"*",8,1` and
`LOAD"WORDLE64",8` load) and the drive's file, &W64DRIVE, in the format of the DOS's "&" command
(records of address, length, bytes and checksum), which loads it into the drive's RAM and runs it
at its first record's address. `write_fast_d64` writes a .d64 of the three: the boot file, the
drive's file beside it, then the game's plain PRG (tools that only read files still see it),
whose first track and sector it writes into the drive's file. The game's blocks sit as many
sectors apart as turn past while the drive decodes and sends one (`block_ms`), so the next one
has not passed the head when the drive looks for it.
"""
from __future__ import annotations

import math
import tempfile
from dataclasses import dataclass
from pathlib import Path

from wordle64.c64.d64 import D64, DIR_TRACK, sectors_per_track
from wordle64.c64.emu import parse_labels
from wordle64.errors import Wordle64Error
from wordle64.io import write_bytes
from wordle64.media.images import petscii_name, write_d64
from wordle64.toolchain import assemble_and_link

SOURCES = ("boot.s", "drive.s")
GAME_NAME = "W64GAME"           # boot.s's KERNAL fallback loads it by this name
DRIVE_NAME = "&W64DRIVE"        # boot.s's "&" command: the DOS looks the whole command up as
                                # the file's name, "&" included
DRIVE_BASE = 0x0300             # drive.s runs here (fastload.cfg's DRIVE)
DRIVE_LOW_BASE = 0x0146         # and the rest of it here (fastload.cfg's DRIVELOW)
RECORD_MAX = 255                # bytes per "&" record (its length byte)
TURN_MS = 200.0                 # one turn of a 1541's disk (300 rpm)
# The game's tracks: inwards from the directory's neighbour, one step of the head between them
# (the DOS's own order, 17, 19, 16, 20, ..., crosses the directory track at every change)
GAME_TRACKS = list(range(17, 0, -1)) + list(range(19, 36))
GAME_FIRST = 0x0303             # drive.s's game_first: the game's first track and sector
STEP_MS = 28.0                  # drive.s's step_out: two half steps of STEP_WAIT x 256 x 9 cycles
# On VICE's 1541 a .d64's next track out passes its sector s under the head this much later than
# this track passes its own sector s (9 of 21 sectors: measured, docs/vice.md)
TRACK_SHIFT_MS = 86.0
# Where the first two files lie: the directory's own track, so that neither the KERNAL's LOAD
# nor the DOS's "&" moves the head between the directory and the file; (first sector, sectors
# between blocks), each the quickest of those tried on VICE's 1541 (docs/vice.md)
BOOT_PLACE = (8, 2)
DRIVE_PLACE = (12, 7)
GAME_FIRST_SECTOR = 10          # on GAME_TRACKS[0]


@dataclass(frozen=True)
class Loader:
    boot: bytes                 # the boot file (a PRG)
    drive: bytes                # the drive's code, as it lies from DRIVE_BASE
    entry: int                  # where the drive starts it (drive_start)
    low: bytes = b""            # the rest of the drive's code, from DRIVE_LOW_BASE

    def drive_file(self) -> bytes:
        """The "&" file: the code from `entry` on first (the DOS runs the first record's
        address), then what lies before it, then the low part."""
        start = self.entry - DRIVE_BASE
        return (records(self.entry, self.drive[start:]) + records(DRIVE_BASE, self.drive[:start])
                + records(DRIVE_LOW_BASE, self.low))


def records(address: int, code: bytes) -> bytes:
    """`code` at `address` as "&" records: address (low, high), length, the bytes, and the sum
    of all of those with each carry added back in (the DOS's check)."""
    out = bytearray()
    for offset in range(0, len(code), RECORD_MAX):
        chunk = code[offset:offset + RECORD_MAX]
        head = bytes([(address + offset) & 0xFF, (address + offset) >> 8, len(chunk)])
        total = 0
        for byte in head + chunk:
            total += byte
            total = (total & 0xFF) + (total >> 8)
        out += head + chunk + bytes([total])
    return bytes(out)


def with_game_first(drive_file: bytes, track: int, sector: int) -> bytes:
    """The "&" file with GAME_FIRST set to the game's first block (its checksum made anew)."""
    patched = bytearray()
    for address, chunk in read_records(drive_file).items():
        code = bytearray(chunk)
        if address <= GAME_FIRST < address + len(code):
            code[GAME_FIRST - address:GAME_FIRST - address + 2] = bytes([track, sector])
        patched += records(address, bytes(code))
    return bytes(patched)


def read_records(data: bytes) -> dict[int, bytes]:
    """The "&" file's records by address (what the DOS would store), each checksum checked."""
    found, at = {}, 0
    while at < len(data):
        address, length = data[at] | data[at + 1] << 8, data[at + 2] or 256
        chunk = data[at + 3:at + 3 + length]
        if records(address, chunk)[-1] != data[at + 3 + length]:
            raise Wordle64Error(f"{DRIVE_NAME}: record at ${address:04X}: bad checksum")
        found[address] = chunk
        at += 4 + length
    return found


def assemble(asm_dir: str | Path, common_dir: str | Path, out_prg: str | Path,
             out_labels: str | Path, out_map: str | Path, out_drive: str | Path | None = None,
             log=None) -> Loader:
    """ca65 boot.s and drive.s, ld65 them with fastload.cfg; the boot file is what the link
    wrote up to the drive code, whose two parts fastload.cfg puts last and which becomes the "&"
    file."""
    asm_dir = Path(asm_dir)
    with tempfile.TemporaryDirectory(prefix="wordle64-fastload-") as work:
        prg = Path(work) / "boot.prg"
        assemble_and_link([asm_dir / name for name in SOURCES], asm_dir / "fastload.cfg", prg,
                          labels=out_labels, map_file=out_map, log=log,
                          options=["-I", str(asm_dir), "-I", str(common_dir)])
        data = prg.read_bytes()
    labels = parse_labels(Path(out_labels).read_text(), str(out_labels))
    cut = 2 + labels["__DRIVECODE_LOAD__"] - 0x0801
    low = cut + labels["__DRIVECODE_SIZE__"]
    if (labels["__DRIVELOWCODE_LOAD__"] - labels["__DRIVECODE_LOAD__"] != low - cut
            or low + labels["__DRIVELOWCODE_SIZE__"] != len(data)):
        raise Wordle64Error(f"{asm_dir / 'fastload.cfg'}: DRIVECODE, then DRIVELOWCODE, must "
                            "end the boot file")
    loader = Loader(data[:cut], data[cut:low], labels["drive_start"], data[low:])
    write_bytes(out_prg, loader.boot)
    if out_drive is not None:
        write_bytes(out_drive, loader.drive_file())
    return loader


def rewrite_file(image: D64, name: bytes, data: bytes) -> None:
    """Put `data` in place of the file `name`'s bytes (the same length, the same blocks)."""
    blocks = [(t, sec, payload) for t, sec, payload in image.chain(*image.find(name).first)]
    if sum(len(payload) for *_block, payload in blocks) != len(data):
        raise Wordle64Error(f"{name!r}: new contents must keep its length")
    at = 0
    for track, sector, payload in blocks:
        block = image.block(track, sector)
        image.put_block(track, sector, bytes(block[:2]) + data[at:at + len(payload)]
                        + bytes(block[2 + len(payload):]))
        at += len(payload)


def block_interleave(block_ms: float):
    """Sectors between the game's blocks on a track: the fewest that turn past in `block_ms`
    (a track's sectors share one turn of the disk; the outer tracks hold more of them)."""
    def sectors(track: int) -> int:
        count = sectors_per_track(track)
        return min(count - 1, math.ceil(block_ms * count / TURN_MS))
    return sectors


def track_skew(block_ms: float, track: int) -> int:
    """Sectors from a track's last block to the next track's first: those that turn past in
    the block's time, the head's step and the tracks' own shift (TRACK_SHIFT_MS)."""
    count = sectors_per_track(track)
    return math.ceil((block_ms + STEP_MS + TRACK_SHIFT_MS) * count / TURN_MS) % count


def write_fast_d64(boot: bytes, game: bytes, path: str | Path, *, drive: bytes, disk_name: str,
                   disk_id: str, boot_name: str, block_ms: float, game_name: str = GAME_NAME
                   ) -> list[tuple[str, int]]:
    """The fast disk: the boot file, the drive's "&" file, the game; returns (name, blocks) per
    file."""
    for name in (petscii_name(game_name), DRIVE_NAME.encode("ascii")):
        if name not in boot:
            raise Wordle64Error(f"the boot file does not name {name}")
    if not 0 < block_ms < TURN_MS:
        raise Wordle64Error(f"fast disk block time {block_ms} ms: more than 0, less than a "
                            f"turn ({TURN_MS:g} ms)")
    read_records(drive)
    path = Path(path)
    with tempfile.TemporaryDirectory(dir=path.parent if path.parent.exists() else None) as tmp:
        draft = Path(tmp) / "fast.d64"
        write_d64(boot, draft, disk_name=disk_name, disk_id=disk_id, file_name=boot_name)
        image = D64.open(draft)
        image.scratch(petscii_name(boot_name))          # to the directory's track, same slot
        image.write_file(petscii_name(boot_name), boot, tracks=[DIR_TRACK],
                         first=BOOT_PLACE[0], interleave=BOOT_PLACE[1])
        image.write_file(DRIVE_NAME.encode("ascii"), drive, kind="USR", tracks=[DIR_TRACK],
                         first=DRIVE_PLACE[0], interleave=DRIVE_PLACE[1])
        first = image.write_file(petscii_name(game_name), game,
                                 interleave=block_interleave(block_ms), tracks=GAME_TRACKS,
                                 skew=track_skew(block_ms, GAME_TRACKS[0]),
                                 first=GAME_FIRST_SECTOR).first
        rewrite_file(image, DRIVE_NAME.encode("ascii"), with_game_first(drive, *first))
        image.save(draft)
        entries = image.entries()
        if [e.name for e in entries] != [petscii_name(boot_name), DRIVE_NAME.encode("ascii"),
                                         petscii_name(game_name)]:
            raise Wordle64Error(f"{path}: the boot file, the drive's file and the game must be "
                                f"the disk's three files, found {[e.name for e in entries]}")
        write_bytes(path, draft.read_bytes())
    return [(e.name.decode("latin-1"), e.blocks) for e in entries]
