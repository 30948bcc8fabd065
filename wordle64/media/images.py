"""Media stage: the PRG on a .d64 disk, a .tap tape (real pulses) and a .t64, plus load times.

Writers and readers are deliberately different code: the .d64 is written with the `d64` package
and read back with `d64py`; the .tap pulses and the .t64 container are written here and read back
with `tapfile` and `t64`. Every image is compared with the PRG byte for byte after it is written.

Tape model (the standard KERNAL SAVE of a program file, as recorded on real C64 tapes):
a pilot of short pulses (27,136 before the header, 5,376 before the data), then each block twice
(first copy with sync bytes $89..$81, the repeat with $09..$01), every byte 20 pulses: a
new-data marker (long, medium), eight bits LSB first (0 = short+medium, 1 = medium+short) and an
odd check bit; a block ends with its XOR checksum byte and an end-of-data marker (long, short),
79 short pulses sit between the two copies and 78 follow the repeat; about 0.4 s of silence
separates the header from the data. Pulse lengths are the values seen on C64 ROM-loader tapes:
TAP bytes $30 / $42 / $56 (384 / 528 / 688 cycles).
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import struct
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

from wordle64.argtypes import positive_float_up_to
from wordle64.c64.emu import NTSC_HZ, PAL_HZ
from wordle64.c64.prg import Prg, read_prg
from wordle64.errors import Wordle64Error
from wordle64.io import write_bytes, write_json

log = logging.getLogger(__name__)

TAPE_BLOCK_SIZE = 192  # bytes in a KERNAL tape header block
TAPE_NAME_SIZE = 16
TAPE_FILE_PRG = 3  # header type: program loaded at its own address (SAVE "NAME",1,1)
DISK_BLOCK_DATA = 254  # payload bytes per 1541 sector
C64_MAX_SECONDS = 3600  # `wordle64 c64 --seconds`: an emulated hour (hours of emulation)
D64_SIZE = 174_848  # 35 tracks, no error bytes
D64_DATA_BLOCKS = 664  # blocks free on an empty 35-track disk
T64_MAGIC = b"C64 tape image file"
TAP_MAGIC = b"C64-TAPE-RAW"

_NAME_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 !#$%&'()*+,-./:;<=>?@[]")


def petscii_name(name: str, max_len: int = TAPE_NAME_SIZE, what: str = "file name") -> bytes:
    """A name as the C64 stores it (upper case, PETSCII = ASCII for these characters)."""
    upper = name.upper()
    bad = sorted(set(upper) - _NAME_CHARS)
    if not upper or len(upper) > max_len or bad:
        raise Wordle64Error(f"{what} {name!r} must be 1-{max_len} characters of A-Z, 0-9, "
                            "space and punctuation" + (f" (not {''.join(bad)!r})" if bad else ""))
    return upper.encode("ascii")


# ---- disk (.d64) -------------------------------------------------------------------------------

@dataclass(frozen=True)
class DiskFile:
    name: str
    file_type: str
    blocks: int


@dataclass(frozen=True)
class DiskContents:
    """What an independent reader finds on a .d64."""

    disk_name: str
    disk_id: str
    files: tuple[DiskFile, ...]
    blocks_free: int
    data: dict[str, bytes]


def write_d64(prg_data: bytes, path: str | Path, *, disk_name: str, disk_id: str,
              file_name: str) -> None:
    """Write a 35-track .d64 holding the PRG as its only file (with the `d64` package)."""
    from d64 import DiskImage

    path = Path(path)
    name = petscii_name(disk_name, 16, "disk name")
    ident = petscii_name(disk_id, 2, "disk id")
    if len(ident) != 2:
        raise Wordle64Error(f"disk id {disk_id!r} must be exactly 2 characters")
    fname = petscii_name(file_name)
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=path.parent) as tmp:
        image_path = Path(tmp) / path.name
        DiskImage.create("d64", image_path, name, ident)
        with DiskImage(image_path, mode="w") as image:
            with image.path(fname).open("w", ftype="prg") as handle:
                handle.write(prg_data)
        image_path.chmod(0o644)
        image_path.replace(path)


def read_d64(path: str | Path) -> DiskContents:
    """Directory, header and file contents of a .d64, read with `d64py` (not our writer)."""
    from d64py import Geometry
    from d64py.DiskImage import DiskImage as PyDiskImage

    image = PyDiskImage(Path(path))
    try:
        header = image.getDirHeader()
        name_at = Geometry.getDiskNameOffset(header.imageType)
        image.readBam()
        files, data = [], {}
        for entry in image.getDirectory():
            name = bytes(entry.getRawFileName()).rstrip(b"\xa0").decode("latin-1")
            files.append(DiskFile(name, str(entry.getFileTypeDescription()).strip(),
                                  entry.getFileSize()))
            data[name] = bytes(image.readChain(entry.getFileTrackSector()))
        return DiskContents(
            disk_name=bytes(header.raw[name_at:name_at + 16]).rstrip(b"\xa0").decode("latin-1"),
            disk_id=bytes(header.getDiskId()).decode("latin-1"),
            files=tuple(files),
            blocks_free=image.getBlocksFree(),
            data=data,
        )
    finally:
        image.close()


def verify_d64(path: str | Path, prg_data: bytes, *, disk_name: str, disk_id: str,
               file_name: str) -> DiskContents:
    """Read the image back independently; raise unless it holds exactly the PRG as named."""
    size = Path(path).stat().st_size
    if size != D64_SIZE:
        raise Wordle64Error(f"{path}: {size} bytes, a 35-track .d64 has {D64_SIZE}")
    contents = read_d64(path)
    want_name = petscii_name(file_name).decode("ascii")
    problems = []
    if contents.disk_name != petscii_name(disk_name, 16, "disk name").decode("ascii"):
        problems.append(f"disk name {contents.disk_name!r}")
    if contents.disk_id != petscii_name(disk_id, 2, "disk id").decode("ascii"):
        problems.append(f"disk id {contents.disk_id!r}")
    if [(f.name, f.file_type) for f in contents.files] != [(want_name, "PRG")]:
        problems.append(f"directory {[(f.name, f.file_type) for f in contents.files]}")
    elif contents.data[want_name] != prg_data:
        problems.append(f"{want_name!r} differs from the PRG "
                        f"({len(contents.data[want_name])} vs {len(prg_data)} bytes)")
    elif contents.files[0].blocks != math.ceil(len(prg_data) / DISK_BLOCK_DATA):
        problems.append(f"directory says {contents.files[0].blocks} blocks")
    elif contents.blocks_free + contents.files[0].blocks != D64_DATA_BLOCKS:
        problems.append(f"BAM shows {contents.blocks_free} blocks free")
    if problems:
        raise Wordle64Error(f"{path}: read back with d64py: " + "; ".join(problems))
    return contents


# ---- tape pulses (.tap) ------------------------------------------------------------------------

@dataclass(frozen=True)
class TapeTiming:
    """Pulse lengths (cycles) and counts of the KERNAL tape format."""

    short: int = 0x30 * 8
    medium: int = 0x42 * 8
    long: int = 0x56 * 8
    header_pilot: int = 0x6A00
    data_pilot: int = 0x1500
    gap: int = 79  # short pulses between a block and its repeat
    trailer: int = 78  # short pulses after the repeat
    silence: int = 394_099  # cycles between header and data (0.4 s PAL)


def tape_header_block(prg: Prg, name: bytes) -> bytes:
    """The 192-byte KERNAL header: type, start, end, name padded with spaces."""
    head = struct.pack("<BHH", TAPE_FILE_PRG, prg.load_address, prg.end_address & 0xFFFF)
    return (head + name.ljust(TAPE_NAME_SIZE, b" ")).ljust(TAPE_BLOCK_SIZE, b" ")


def byte_pulses(value: int, timing: TapeTiming) -> list[int]:
    """20 pulses: new-data marker, eight bits LSB first, odd check bit."""
    zero, one = [timing.short, timing.medium], [timing.medium, timing.short]
    pulses = [timing.long, timing.medium]
    check = 1
    for bit in range(8):
        set_ = value >> bit & 1
        check ^= set_
        pulses += one if set_ else zero
    return pulses + (one if check else zero)


def xor_of(data: bytes) -> int:
    """The XOR of every byte: the checksum of a KERNAL tape block (and of a turbo block)."""
    check = 0
    for value in data:
        check ^= value
    return check


def block_pulses(data: bytes, first_copy: bool, timing: TapeTiming,
                 flips: dict[int, int] | None = None) -> list[int]:
    """Sync countdown, data, XOR checksum and end-of-data marker of one block copy; ``flips``
    (byte offset -> bit mask) changes data bits on tape without their check bit, as a misread
    pulse would (the KERNAL sees a parity error)."""
    sync = bytes(range(0x89, 0x80, -1)) if first_copy else bytes(range(0x09, 0x00, -1))
    pulses: list[int] = [p for value in sync for p in byte_pulses(value, timing)]
    for offset, value in enumerate(data + bytes([xor_of(data)])):
        mask = (flips or {}).get(offset, 0)
        good = byte_pulses(value, timing)
        pulses += byte_pulses(value ^ mask, timing)[:-2] + good[-2:] if mask else good
    return pulses + [timing.long, timing.short]


def kernal_tape_pulses(prg: Prg, name: bytes, timing: TapeTiming = TapeTiming()) -> list[int]:
    """Every pulse of a program saved with the KERNAL: header twice, silence, data twice."""
    pulses: list[int] = []
    for pilot, block in ((timing.header_pilot, tape_header_block(prg, name)),
                         (timing.data_pilot, prg.payload)):
        if pulses:
            pulses.append(timing.silence)
        pulses += [timing.short] * pilot
        pulses += block_pulses(block, True, timing)
        pulses += [timing.short] * timing.gap
        pulses += block_pulses(block, False, timing)
        pulses += [timing.short] * timing.trailer
    return pulses


def tap_bytes(pulses: list[int]) -> bytes:
    """A TAP version 1 file: one byte per pulse (cycles / 8), 0 + 24-bit cycles when longer."""
    body = bytearray()
    for cycles in pulses:
        unit = round(cycles / 8)
        if 1 <= unit <= 255:
            body.append(unit)
        elif 0 < cycles < 1 << 24:
            body += b"\x00" + struct.pack("<I", cycles)[:3]
        else:
            raise ValueError(f"pulse of {cycles} cycles cannot be stored in a TAP file")
    return TAP_MAGIC + struct.pack("<BBBBI", 1, 0, 0, 0, len(body)) + bytes(body)


def tap_pulses(data: bytes, source: str = "TAP") -> list[int]:
    """Pulse lengths (cycles) of a TAP version 0 or 1 file."""
    if data[:12] != TAP_MAGIC or len(data) < 20:
        raise Wordle64Error(f"{source}: not a TAP file (no C64-TAPE-RAW header)")
    version = data[12]
    (length,) = struct.unpack_from("<I", data, 16)
    if version not in (0, 1) or length != len(data) - 20:
        raise Wordle64Error(f"{source}: version {version}, declared length {length} "
                            f"for {len(data) - 20} bytes of pulses")
    pulses, position = [], 20
    while position < len(data):
        unit = data[position]
        position += 1
        if unit:
            pulses.append(unit * 8)
        elif version == 1:
            pulses.append(int.from_bytes(data[position:position + 3], "little"))
            position += 3
        else:
            pulses.append(256 * 8)
    return pulses


@dataclass(frozen=True)
class TapeFile:
    name: str
    start: int
    end: int
    data: bytes


def read_tap(path: str | Path) -> list[TapeFile]:
    """Program files decoded from a .tap's pulses by `tapfile` (not our encoder)."""
    import tapfile

    tape = tapfile.TapFile(Path(path), mode="r")
    try:
        return [TapeFile(bytes(f.name).decode("latin-1"), f.start_addr, f.end_addr,
                         bytes(f.contents)) for f in tape.getfiles()]
    finally:
        tape.close()


def verify_tap(path: str | Path, prg: Prg, file_name: str) -> TapeFile:
    """Decode the tape independently; raise unless it holds exactly the PRG as named."""
    files = read_tap(path)
    want = petscii_name(file_name).decode("ascii")
    if len(files) != 1:
        raise Wordle64Error(f"{path}: tapfile finds {len(files)} files, expected 1")
    found = files[0]
    problems = []
    if found.name != want:
        problems.append(f"name {found.name!r} (expected {want!r})")
    if (found.start, found.end) != (prg.load_address, prg.end_address):
        problems.append(f"addresses ${found.start:04X}-${found.end:04X}")
    if found.data != prg.payload:
        problems.append(f"data differs ({len(found.data)} vs {len(prg.payload)} bytes)")
    if problems:
        raise Wordle64Error(f"{path}: decoded with tapfile: " + "; ".join(problems))
    return found


# ---- tape container (.t64) ---------------------------------------------------------------------

def t64_bytes(prg: Prg, *, tape_name: str, file_name: str) -> bytes:
    """A .t64 with one PRG entry (version $0101, one directory slot)."""
    header = T64_MAGIC.ljust(32, b"\x00")
    header += struct.pack("<HHHH", 0x0101, 1, 1, 0)
    header += petscii_name(tape_name, 24, "tape name").ljust(24, b" ")
    data_offset = 0x60
    entry = struct.pack("<BBHHHII", 1, 0x82, prg.load_address, prg.end_address & 0xFFFF, 0,
                        data_offset, 0)
    entry += petscii_name(file_name).ljust(TAPE_NAME_SIZE, b" ")
    return header + entry + prg.payload


def verify_t64(path: str | Path, prg: Prg, file_name: str) -> None:
    """Read the .t64 with the `t64` package; raise unless it holds exactly the PRG as named."""
    from t64 import T64ImageReader

    want = petscii_name(file_name)
    with T64ImageReader(Path(path)) as image:
        entries = [(e.name, e.disk_type, e.contents()) for e in image.iterdir()]
    if entries != [(want, "PRG", prg.to_bytes())]:
        described = [(n, t, len(c)) for n, t, c in entries]
        raise Wordle64Error(f"{path}: read back with t64: entries {described}, expected "
                            f"[({want!r}, 'PRG', {len(prg.to_bytes())})] with the PRG's bytes")


# ---- load times --------------------------------------------------------------------------------

@dataclass(frozen=True)
class DiskModel:
    """Stock 1541 + KERNAL serial LOAD: a fixed start-up plus a steady byte rate."""

    bytes_per_second: float = 400.0
    overhead_seconds: float = 2.0  # command, directory search, head seek


def load_times(prg: Prg, pulses: list[int], *, disk: DiskModel = DiskModel(),
               startup_cycles: int | None = None, tape_target_seconds: float = 360.0,
               startup_source: str = "") -> dict:
    """Tape seconds from the pulses, the disk estimate, and time to playable (PAL)."""
    tape_seconds = sum(pulses) / PAL_HZ
    file_bytes = len(prg.payload) + 2
    blocks = math.ceil(file_bytes / DISK_BLOCK_DATA)
    disk_seconds = disk.overhead_seconds + file_bytes / disk.bytes_per_second
    startup = None if startup_cycles is None else startup_cycles / PAL_HZ
    result = {
        "prg_bytes": file_bytes,
        "disk_blocks": blocks,
        "clock_hz_pal": PAL_HZ,
        "tape": {
            "pulses": len(pulses),
            "seconds_pal": round(tape_seconds, 2),
            "seconds_ntsc": round(sum(pulses) / NTSC_HZ, 2),
            "seconds_per_program_byte_pal": round(
                sum(byte_pulses(0x55, TapeTiming())) * 2 / PAL_HZ, 5),
            "model": "sum of every pulse in the .tap (both copies, pilots, gaps, silence); "
                     "the KERNAL's FOUND pause and motor start are not counted",
            "target_seconds": tape_target_seconds,
        },
        "disk": {
            "seconds": round(disk_seconds, 2),
            "model": f"stock 1541 and KERNAL: {disk.overhead_seconds:g} s start-up + "
                     f"{disk.bytes_per_second:g} bytes/s (an estimate, not emulated)",
        },
        "startup": {
            "cycles": startup_cycles,
            "seconds_pal": None if startup is None else round(startup, 3),
            "source": startup_source or None,
        },
    }
    if startup is not None:
        tape_total = tape_seconds + startup
        result["time_to_playable"] = {
            "tape_seconds": round(tape_total, 2),
            "disk_seconds": round(disk_seconds + startup, 2),
            "tape_within_target": tape_total <= tape_target_seconds,
        }
    else:
        result["time_to_playable"] = None
    result["tape"]["within_target"] = tape_seconds <= tape_target_seconds
    return result


# ---- stage entry points (called by workflow/scripts/media_*.py) --------------------------------

def make_d64(prg_path: str, out_path: str, *, disk_name: str, disk_id: str,
             file_name: str) -> DiskContents:
    data = read_prg(prg_path).to_bytes()
    out = Path(out_path)
    tmp = out.with_name(out.stem + ".new" + out.suffix)
    write_d64(data, tmp, disk_name=disk_name, disk_id=disk_id, file_name=file_name)
    contents = verify_d64(tmp, data, disk_name=disk_name, disk_id=disk_id, file_name=file_name)
    tmp.replace(out)
    log.info("%s: %r,%r holds %s (%d blocks, %d free), verified with d64py", out, disk_name,
             disk_id, [asdict(f) for f in contents.files], contents.files[0].blocks,
             contents.blocks_free)
    return contents


def make_tap(prg_path: str, out_path: str, *, file_name: str) -> list[int]:
    prg = read_prg(prg_path)
    pulses = kernal_tape_pulses(prg, petscii_name(file_name))
    out = Path(out_path)
    tmp = out.with_name(out.stem + ".new" + out.suffix)
    write_bytes(tmp, tap_bytes(pulses))
    verify_tap(tmp, prg, file_name)
    tmp.replace(out)
    log.info("%s: %d pulses, %.1f s PAL, decoded back by tapfile", out, len(pulses),
             sum(pulses) / PAL_HZ)
    return pulses


def make_t64(prg_path: str, out_path: str, *, tape_name: str, file_name: str) -> None:
    prg = read_prg(prg_path)
    out = Path(out_path)
    tmp = out.with_name(out.stem + ".new" + out.suffix)
    write_bytes(tmp, t64_bytes(prg, tape_name=tape_name, file_name=file_name))
    verify_t64(tmp, prg, file_name)
    tmp.replace(out)
    log.info("%s: verified with t64", out)


def make_load_times(prg_path: str, tap_path: str, machine_json: str | None, out_path: str, *,
                    disk: DiskModel, tape_target_seconds: float) -> dict:
    prg = read_prg(prg_path)
    pulses = tap_pulses(Path(tap_path).read_bytes(), tap_path)
    startup_cycles, source = None, ""
    if machine_json:
        run = json.loads(Path(machine_json).read_text())
        startup_cycles = run.get("startup_cycles")
        source = (f"{machine_json}: whole-machine run, RUN to the end of start-up (the menu "
                  "reads its first key), interrupts live")
        if startup_cycles is None:
            source = f"{machine_json}: {run.get('skipped', 'no startup figure')}"
    result = load_times(prg, pulses, disk=disk, startup_cycles=startup_cycles,
                        tape_target_seconds=tape_target_seconds, startup_source=source)
    write_json(out_path, result)
    log.info("load times: %s", result)
    return result


def disk_load_times(result: dict, load_disk_json: str | Path) -> dict:
    """Replace the estimated disk part of a load-times dict by the emulated figures."""
    run = json.loads(Path(load_disk_json).read_text())
    if run.get("skipped") or not run.get("passed"):
        result["disk"]["emulated"] = False
        return result
    model = run["drive_model"]
    result["disk"] = {
        "emulated": True,
        "cycles": run["cycles"],
        "seconds": run["seconds_pal"],
        "seconds_pal": run["seconds_pal"],
        "model": (f"emulated: LOAD through the Open ROMs KERNAL to a protocol-level 1541 on "
                  f"the serial bus; the drive's own time is modelled as "
                  f"{model['open_seconds']:g} s per OPEN + {model['bytes_per_second']:g} "
                  f"bytes/s (stock 1541, Prindle 1984)"),
        "source": str(load_disk_json),
    }
    startup = run.get("startup_cycles")
    playable = result.get("time_to_playable")
    if startup is not None:
        seconds = round((run["cycles"] + startup) / PAL_HZ, 2)
        if playable is None:
            result["time_to_playable"] = playable = {}
        playable["disk_seconds"] = seconds
        playable["disk_cycles"] = run["cycles"] + startup
    return result


# ---- command line ------------------------------------------------------------------------------

def add_commands(subparsers) -> None:
    """`wordle64 images` (disk and tape images) and `wordle64 c64` (whole-machine run)."""
    images = subparsers.add_parser(
        "images", help="write .d64, .tap and .t64 images of a PRG and verify them",
        description="Write NAME.d64, NAME.tap and NAME.t64 for a PRG, each read back by an "
                    "independent reader (d64py, tapfile, t64), and print the load times.")
    images.add_argument("prg", help="the program file (.prg)")
    images.add_argument("-o", "--out-dir", default="results/media", help="folder for the images")
    images.add_argument("--name", default="WORDLE64", help="file, disk and tape name")
    images.add_argument("--disk-id", default="64", help="two-character disk ID")
    images.set_defaults(func=_images_command)

    c64 = subparsers.add_parser(
        "c64", help="boot a PRG on the machine model (wordle64.c64.board + ROMs), type keys",
        description="Boot the machine model with the ROMs ($C64_ROMS or --roms), put the PRG "
                    "in RAM as LOAD would, type RUN, press KEYS in the keyboard matrix, print "
                    "the screen.")
    c64.add_argument("prg", help="the program file (.prg)")
    c64.add_argument("keys", nargs="*", help="keys to press after RUN, e.g. R crane '\\n' "
                                              "(wordle64.c64.keyboard: {del}, {f1}, \\n for RETURN)")
    c64.add_argument("--roms", default="../shared/data/open-roms", help="ROM folder")
    c64.add_argument("--seconds", type=positive_float_up_to(C64_MAX_SECONDS), default=8.0,
                     help="PAL seconds to run after RUN before the keys, and after them "
                          "(the dictionary unpack takes most of 8; at most "
                          f"{C64_MAX_SECONDS}: an emulated hour already takes hours)")
    c64.add_argument("--png", help="also save the final screen as a PNG (the game's charset)")
    c64.set_defaults(func=_c64_command)
    _allow_intermixed(c64)


def _allow_intermixed(parser: argparse.ArgumentParser) -> None:
    """Let options come between a sub-command's positionals (`c64 PRG --seconds 2 R`): the
    sub-parser reads its arguments with parse_known_intermixed_args, which calls the plain
    parse_known_args twice (options first, then positionals)."""
    plain = parser.parse_known_args

    def intermixed(args=None, namespace=None):
        parser.parse_known_args = plain
        try:
            return parser.parse_known_intermixed_args(args, namespace)
        finally:
            parser.parse_known_args = intermixed

    parser.parse_known_args = intermixed


def _images_command(args) -> int:
    out = Path(args.out_dir)
    stem = out / Path(args.prg).stem
    make_d64(args.prg, f"{stem}.d64", disk_name=args.name, disk_id=args.disk_id,
             file_name=args.name)
    pulses = make_tap(args.prg, f"{stem}.tap", file_name=args.name)
    make_t64(args.prg, f"{stem}.t64", tape_name=args.name, file_name=args.name)
    times = load_times(read_prg(args.prg), pulses)
    print(f"{stem}.d64 {stem}.tap {stem}.t64: verified by d64py, tapfile and t64")
    print(f"tape {times['tape']['seconds_pal']} s PAL, disk about {times['disk']['seconds']} s "
          f"({times['disk']['model']})")
    return 0


def _c64_command(args) -> int:
    from wordle64.c64.machine import Machine, locate_roms, save_screens_png

    prg = read_prg(args.prg).to_bytes()
    rom_dir = locate_roms(args.roms)
    if rom_dir is None:
        raise Wordle64Error(f"no C64 ROMs in $C64_ROMS or {args.roms}")
    machine = Machine(rom_dir)
    machine.boot()
    machine.load_prg(prg)
    machine.press("run\n")
    steps = int(args.seconds * PAL_HZ)
    machine.run(steps)
    if args.keys:
        for keys in args.keys:
            machine.press(keys.replace("\\n", "\n"))
        machine.run(steps)
    print(machine.dump())
    if args.png:
        save_screens_png([machine.memory_image()], args.png)
    print(f"{machine.cycles:,} cycles ({machine.cycles / PAL_HZ:.2f} s PAL), PC ${machine.pc:04X}")
    return 0
