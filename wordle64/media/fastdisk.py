"""The fast disk: a boot file that starts its own loader in the drive, then the game.

`assemble` builds the loader from workflow/asm/fastload (boot.s for the C64, drive.s for the
drive, linked by fastload.cfg) and splits it: the boot file (what `LOAD"*",8,1` and
`LOAD"WORDLE64",8` load) and the drive's image, all of its code as records of the DOS's "&"
command (address, length, bytes and checksum). `write_fast_d64` writes a .d64 of four files: the
boot file; the "&" file, &W64DRIVE, one block, which the DOS loads and runs at its first record's
address (a bootstrap, and the decoding routines); the code file, W64DRIVECODE, which the
bootstrap reads into the drive's RAM; the game's plain PRG (tools that only read files still see
it). It writes the code file's first track and sector into the bootstrap, and the game's into
the code. The game's blocks sit as many sectors apart as turn past while the drive reads,
decodes and sends one (`block_ms`), so the next one has not passed the head when the drive
looks for it.
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
FAST_NAME = "W64FAST"           # what the drive code sends: the loader's second part, then the game
DRIVE_NAME = "&W64DRIVE"        # boot.s's "&" command: the DOS looks the whole command up as
                                # the file's name, "&" included
CODE_NAME = "W64DRIVECODE"      # the drive code itself, read by the "&" file's bootstrap
DRIVE_BASE = 0x0300             # drive.s runs here (fastload.cfg's DRIVE): the code file
DRIVE_SIZE = 0x0200
DRIVE_LOW_BASE = 0x0146         # and the rest of it here (fastload.cfg's DRIVELOW)
BOOTSTRAP_BASE = 0x0600         # the "&" file's bootstrap (fastload.cfg's DRIVEBOOT)
BOOTSTRAP_ENTRY = 0x0605        # drive.s's drive_boot: what the "&" command runs
CODE_FIRST = 0x0603             # drive.s's code_first: the code file's first track and sector
RECORD_MAX = 255                # bytes per "&" record (its length byte)
BLOCK_PAYLOAD = 254             # a file's bytes in one block
TURN_MS = 200.0                 # one turn of a 1541's disk (300 rpm)
# The game's tracks: inwards from the directory's neighbour, one step of the head between them
# (the DOS's own order, 17, 19, 16, 20, ..., crosses the directory track at every change)
GAME_TRACKS = list(range(17, 0, -1)) + list(range(19, 36))
GAME_FIRST = 0x0303             # drive.s's game_first: the game's first track and sector
STEP_MS = 18.4                  # drive.s's step_track: two half steps of STEP_WAIT x 256 x 9 cycles
# On VICE's 1541 a .d64's next track out passes its sector s under the head this much later than
# this track passes its own sector s (9 of 21 sectors: measured, docs/vice.md)
TRACK_SHIFT_MS = 86.0
# Where the first three files lie: the directory's own track, so that neither the KERNAL's LOAD,
# the DOS's "&" nor the bootstrap moves the head between the directory and the file; (first
# sector, sectors between blocks), each the quickest of those tried on VICE's 1541 (docs/vice.md)
BOOT_PLACE = (8, 5)
DRIVE_PLACE = (12, 7)
CODE_PLACE = (14, 4)
GAME_FIRST_SECTOR = 4           # on GAME_TRACKS[0]
SCREEN_SUFFIX = " SCREEN"       # the boot file that keeps the screen on while it loads
SCREEN_PLACE = (2, 8)           # (on the directory's track too; its time is not the one tuned)
# workflow/asm/stream.inc: the game's depack_packed_bytes and the JMP to depack_stream, which the
# loader relies on (it routes the stream and the blob, then calls the JMP)
DEPACK_PACKED = 0x0813
STREAM_ENTRY = 0x0815
STREAM_HEADER = 0x0818          # image_start, stream_copy, image_end
JMP = 0x4C
LOADER_RUN = 0xC000             # fastload.cfg's HIGH: the stream's copy must end below it
HOOK_BASE = 0x0326              # boot.s: where LOAD"*",8,1 puts the boot file (it starts itself)
PART2_BLOCKS = 2                # boot.s: the loader's second part, the fast file's first blocks


@dataclass(frozen=True)
class Loader:
    boot: bytes                 # the boot file (a PRG)
    part2: bytes                # the loader's second part (LOADER2), which the fast file brings
    drive: bytes                # the drive's code, as it lies from DRIVE_BASE (the code file)
    low: bytes                  # the rest of the drive's code, from DRIVE_LOW_BASE
    bootstrap: bytes            # what the "&" command runs, from BOOTSTRAP_BASE

    def drive_image(self) -> bytes:
        """All of the drive's code as "&" records (results/fastload/drive.usr): the bootstrap
        from its entry first (the DOS runs the first record's address), then what lies before
        it, the low part, then DRIVECODE; `split_drive_image` makes the disk's two files of it."""
        entry = BOOTSTRAP_ENTRY - BOOTSTRAP_BASE
        return (records(BOOTSTRAP_ENTRY, self.bootstrap[entry:])
                + records(BOOTSTRAP_BASE, self.bootstrap[:entry])
                + records(DRIVE_LOW_BASE, self.low) + records(DRIVE_BASE, self.drive))


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


def split_drive_image(image: bytes) -> tuple[bytes, bytes]:
    """The drive's two files: the "&" file (every record outside DRIVECODE's pages, the
    bootstrap's first) and the code file (DRIVECODE's bytes, which the bootstrap reads)."""
    ampersand, code, at = bytearray(), bytearray(), DRIVE_BASE
    for address, chunk in read_records(image).items():
        if not DRIVE_BASE <= address < DRIVE_BASE + DRIVE_SIZE:
            ampersand += records(address, chunk)
        elif address != at:
            raise Wordle64Error(f"{DRIVE_NAME}: DRIVECODE's records must follow each other "
                                f"from ${DRIVE_BASE:04X} (one at ${address:04X})")
        else:
            code += chunk
            at += len(chunk)
    return bytes(ampersand), bytes(code)


def with_bytes_at(ampersand: bytes, address: int, value: bytes) -> bytes:
    """The "&" file with `value` written at the drive's `address` (its checksums made anew)."""
    patched = bytearray()
    for start, chunk in read_records(ampersand).items():
        code = bytearray(chunk)
        if start <= address < start + len(code):
            code[address - start:address - start + len(value)] = value
        patched += records(start, bytes(code))
    return bytes(patched)


def with_game_first(code: bytes, track: int, sector: int) -> bytes:
    """The code file with GAME_FIRST set to the game's first block."""
    at = GAME_FIRST - DRIVE_BASE
    return code[:at] + bytes([track, sector]) + code[at + 2:]


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
             log=None, screen_on: bool = False, out_part2: str | Path | None = None) -> Loader:
    """ca65 boot.s and drive.s, ld65 them with fastload.cfg; the boot file is what the link
    wrote up to the loader's second part (`out_part2`, which the fast file brings, two blocks),
    then the drive code, whose three parts the link puts last and which becomes the drive's
    image (`out_drive`). `screen_on`: the boot file that keeps the screen on
    (fastload-screen.cfg), both parts in it (its first part takes the fast file's copy of the
    second and drops it)."""
    asm_dir = Path(asm_dir)
    config = asm_dir / ("fastload-screen.cfg" if screen_on else "fastload.cfg")
    with tempfile.TemporaryDirectory(prefix="wordle64-fastload-") as work:
        prg = Path(work) / "boot.prg"
        assemble_and_link([asm_dir / name for name in SOURCES], config, prg,
                          labels=out_labels, map_file=out_map, log=log,
                          options=["-I", str(asm_dir), "-I", str(common_dir),
                                   "-D", f"SCREEN_ON={int(screen_on)}"])
        data = prg.read_bytes()
    labels = parse_labels(Path(out_labels).read_text(), str(out_labels))
    base = labels["__MAIN_START__"]

    def at(segment: str) -> int:
        return 2 + labels[f"__{segment}_LOAD__"] - base

    first, second = ("LOADER2", "LOADER") if screen_on else ("LOADER", "LOADER2")
    if at(second) != at(first) + labels[f"__{first}_SIZE__"]:
        raise Wordle64Error(f"{config}: {second} must follow {first}")
    cut = at(second) + labels[f"__{second}_SIZE__"]
    parts, end = [], cut
    for segment in ("DRIVECODE", "DRIVELOWCODE", "DRIVEBOOTCODE"):
        if at(segment) != end:
            raise Wordle64Error(f"{config}: DRIVECODE, DRIVELOWCODE and DRIVEBOOTCODE must end "
                                "the boot file, in that order")
        parts.append(data[end:end + labels[f"__{segment}_SIZE__"]])
        end += labels[f"__{segment}_SIZE__"]
    if end != len(data):
        raise Wordle64Error(f"{config}: the drive's code must end the boot file")
    part2 = data[at("LOADER2"):at("LOADER2") + labels["__LOADER2_SIZE__"]]
    if blocks_of(part2) != PART2_BLOCKS:
        raise Wordle64Error(f"{config}: the loader's second part must fill {PART2_BLOCKS} blocks, "
                            f"not {blocks_of(part2)}")
    loader = Loader(data[:cut if screen_on else at("LOADER2")], part2, *parts)
    write_bytes(out_prg, loader.boot)
    if out_drive is not None:
        write_bytes(out_drive, loader.drive_image())
    if out_part2 is not None:
        write_bytes(out_part2, loader.part2)
    return loader


def blocks_of(data: bytes) -> int:
    """The blocks a file's bytes fill on the disk (its links apart)."""
    return -(-len(data) // BLOCK_PAYLOAD)


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


def check_streamable(game: bytes, name: str) -> None:
    """The loader's needs of the game (stream.inc): loaded at $0801, its code stored packed (a
    plain one would be routed as if packed), the JMP to depack_stream in its place."""
    body, entry, packed = game[2:], STREAM_ENTRY - 0x0801, DEPACK_PACKED - 0x0801
    if game[:2] != bytes([0x01, 0x08]):
        raise Wordle64Error(f"{name}: loads at ${game[1]:02X}{game[0]:02X}, the fast loader "
                            "needs $0801")
    if len(body) <= entry or body[entry] != JMP or body[packed] | body[packed + 1] == 0:
        raise Wordle64Error(f"{name}: no packed stream with a JMP at ${STREAM_ENTRY:04X} "
                            "(workflow/asm/stream.inc): the fast loader cannot stream it")
    header = STREAM_HEADER - 0x0801
    stream_end = (int.from_bytes(body[header + 2:header + 4], "little")
                  + int.from_bytes(body[packed:packed + 2], "little"))
    if stream_end > LOADER_RUN:
        raise Wordle64Error(f"{name}: the packed stream's copy would end at ${stream_end:04X}, "
                            f"over the fast loader at ${LOADER_RUN:04X}")


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


WIRE_ORDER = (5, 7, 4, 6, 1, 3, 0, 2)   # boot.s's take_pair: the bits of b, from bit 7 down


def on_the_wire(byte: int) -> int:
    """What the C64's take_pair assembles from a byte the drive sends: its bits in WIRE_ORDER,
    each inverted (a 1 pulls its line, read as 0)."""
    out = 0
    for bit in WIRE_ORDER:
        out = out << 1 | ((byte >> bit) & 1) ^ 1
    return out


FOR_THE_WIRE = bytes(sorted(range(256), key=on_the_wire))  # [b]: the byte it assembles as b


def fast_file(part2: bytes, game: bytes) -> bytes:
    """The file the drive code sends: the loader's second part in its first blocks (boot.s
    takes whole blocks: its first part the first, the second part itself the next), then the
    game's PRG from the next block's start; each byte stored as the one the drive must send for
    take_pair to assemble it (FOR_THE_WIRE), so that the C64 needs no decoding. The blocks'
    links, which the drive follows, stay plain."""
    if not part2:
        raise Wordle64Error("the loader's second part is empty: the fast file starts with it")
    padded = part2.ljust(blocks_of(part2) * BLOCK_PAYLOAD, b"\0")
    return (padded + game).translate(FOR_THE_WIRE)


def write_fast_d64(boot: bytes, game: bytes, path: str | Path, *, drive: bytes, part2: bytes,
                   screen_boot: bytes, disk_name: str, disk_id: str, boot_name: str,
                   block_ms: float, game_name: str = GAME_NAME) -> list[tuple[str, int]]:
    """The fast disk: the boot file, the drive's "&" file and code file (`drive`, the drive's
    image as `Loader.drive_image` makes it), the fast file (`part2`, the loader's second part,
    then the game), the game's plain PRG, and the boot file that keeps the screen on
    (`screen_boot`, boot.s with SCREEN_ON); returns (name, blocks) per file."""
    check_streamable(game, game_name)
    for name in (petscii_name(game_name), DRIVE_NAME.encode("ascii")):
        if name not in boot or name not in screen_boot:
            raise Wordle64Error(f"the boot files do not name {name}")
    if not 0 < block_ms < TURN_MS:
        raise Wordle64Error(f"fast disk block time {block_ms} ms: more than 0, less than a "
                            f"turn ({TURN_MS:g} ms)")
    ampersand, code = split_drive_image(drive)
    if len(ampersand) > BLOCK_PAYLOAD:
        raise Wordle64Error(f"{DRIVE_NAME}: {len(ampersand)} bytes, more than one block")
    names = [petscii_name(boot_name), DRIVE_NAME.encode("ascii"), CODE_NAME.encode("ascii"),
             FAST_NAME.encode("ascii"), petscii_name(game_name),
             petscii_name(boot_name + SCREEN_SUFFIX)]
    path = Path(path)
    with tempfile.TemporaryDirectory(dir=path.parent if path.parent.exists() else None) as tmp:
        draft = Path(tmp) / "fast.d64"
        write_d64(boot, draft, disk_name=disk_name, disk_id=disk_id, file_name=boot_name)
        image = D64.open(draft)
        image.scratch(names[0])                         # to the directory's track, same slot
        for name, data, kind, (first, apart) in (
                (names[0], boot, "PRG", BOOT_PLACE), (names[1], ampersand, "USR", DRIVE_PLACE),
                (names[2], code, "USR", CODE_PLACE)):
            image.write_file(name, data, kind=kind, tracks=[DIR_TRACK], first=first,
                             interleave=apart)
        sectors, skew = block_interleave(block_ms), track_skew(block_ms, GAME_TRACKS[0])
        fast_first = image.write_file(names[3], fast_file(part2, game), kind="USR",
                                      interleave=sectors, tracks=GAME_TRACKS, skew=skew,
                                      first=GAME_FIRST_SECTOR).first
        image.write_file(names[4], game, interleave=sectors, tracks=GAME_TRACKS, skew=skew)
        image.write_file(names[5], screen_boot, tracks=[DIR_TRACK],
                         first=SCREEN_PLACE[0], interleave=SCREEN_PLACE[1])
        rewrite_file(image, names[2], with_game_first(code, *fast_first))
        rewrite_file(image, names[1], with_bytes_at(ampersand, CODE_FIRST,
                                                    bytes(image.find(names[2]).first)))
        image.save(draft)
        entries = image.entries()
        if [e.name for e in entries] != names:
            raise Wordle64Error(f"{path}: the boot file, the drive's two files, the fast file, "
                                f"the game and the screen-on boot file must be the disk's six "
                                f"files, found {[e.name for e in entries]}")
        write_bytes(path, draft.read_bytes())
    return [(e.name.decode("latin-1"), e.blocks) for e in entries]
