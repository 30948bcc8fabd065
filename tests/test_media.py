"""Disk, tape and t64 images: written, then read back by readers we did not write (and by hand)."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pytest

from wordle64.media import images as media
from wordle64.c64.prg import Prg, parse_prg
from wordle64.errors import Wordle64Error

SHORT, MEDIUM, LONG = 384, 528, 688  # TAP bytes $30, $42, $56 times 8
BYTE_CYCLES = LONG + MEDIUM + 9 * (SHORT + MEDIUM)  # every byte: marker, 8 bits, check bit


@pytest.fixture(scope="module")
def prg_bytes() -> bytes:
    """A 3,000-byte program at $0801 holding every byte value."""
    payload = bytes((i * 7 + i // 256) & 0xFF for i in range(3000))
    return b"\x01\x08" + payload


@pytest.fixture
def prg_file(tmp_path: Path, prg_bytes: bytes) -> Path:
    path = tmp_path / "game.prg"
    path.write_bytes(prg_bytes)
    return path


def test_parse_prg_refuses_what_cannot_load() -> None:
    assert parse_prg(b"\x01\x08\xea") == Prg(0x0801, b"\xea")
    with pytest.raises(Wordle64Error, match="too short"):
        parse_prg(b"\x01\x08", "x.prg")
    with pytest.raises(Wordle64Error, match=r"past \$FFFF"):
        parse_prg(b"\x00\xff" + bytes(257), "x.prg")


def test_images_command_refuses_a_text_file(tmp_path: Path,
                                            capsys: pytest.CaptureFixture) -> None:
    from wordle64.cli import main

    text = tmp_path / "passwd"
    text.write_text("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin:/bin/sh\n")
    assert main(["images", str(text), "-o", str(tmp_path / "out")]) == 2
    error = capsys.readouterr().err
    assert "a text file, not a PRG" in error and len(error.strip().splitlines()) == 1
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())


def test_names_are_upper_case_and_bounded() -> None:
    assert media.petscii_name("wordle64") == b"WORDLE64"
    with pytest.raises(Wordle64Error, match="1-16"):
        media.petscii_name("a" * 17)
    with pytest.raises(Wordle64Error, match="not"):
        media.petscii_name("caf\u00e9")


def test_byte_pulses_follow_the_kernal_encoding() -> None:
    timing = media.TapeTiming()
    zero, one = [SHORT, MEDIUM], [MEDIUM, SHORT]
    # $00: eight 0 bits, check bit 1 (odd parity); $FF: eight 1 bits, check 1; $01: check 0.
    assert media.byte_pulses(0x00, timing) == [LONG, MEDIUM] + zero * 8 + one
    assert media.byte_pulses(0xFF, timing) == [LONG, MEDIUM] + one * 9
    assert media.byte_pulses(0x01, timing) == [LONG, MEDIUM] + one + zero * 7 + zero
    assert sum(media.byte_pulses(0x5A, timing)) == BYTE_CYCLES


def test_d64_reads_back_with_d64py_and_by_hand(tmp_path: Path, prg_file: Path,
                                               prg_bytes: bytes) -> None:
    out = tmp_path / "game.d64"
    contents = media.make_d64(str(prg_file), str(out), disk_name="wordle64", disk_id="64",
                              file_name="wordle64")
    assert contents.disk_name == "WORDLE64" and contents.disk_id == "64"
    assert [(f.name, f.file_type, f.blocks) for f in contents.files] == [("WORDLE64", "PRG", 12)]
    assert contents.blocks_free == 664 - 12
    # A third reading, by hand: BAM at track 18 sector 0, directory at 18/1, then the chain.
    image = out.read_bytes()
    sectors_before = [0] + [21] * 17 + [19] * 7 + [18] * 6 + [17] * 5

    def sector(track: int, number: int) -> bytes:
        offset = (sum(sectors_before[:track]) + number) * 256
        return image[offset:offset + 256]

    bam = sector(18, 0)
    assert bam[0x90:0xA0] == b"WORDLE64" + b"\xa0" * 8 and bam[0xA2:0xA4] == b"64"
    entry = sector(18, 1)[2:32]
    assert entry[0] == 0x82 and entry[3:19] == b"WORDLE64" + b"\xa0" * 8
    data, link = b"", (entry[1], entry[2])
    while link[0]:
        block = sector(*link)
        data += block[2:] if block[0] else block[2:block[1] + 1]
        link = (block[0], block[1])
    assert data == prg_bytes


def test_d64_verify_catches_a_changed_byte(tmp_path: Path, prg_file: Path,
                                           prg_bytes: bytes) -> None:
    out = tmp_path / "game.d64"
    media.make_d64(str(prg_file), str(out), disk_name="W", disk_id="64", file_name="W")
    image = bytearray(out.read_bytes())
    image[image.index(prg_bytes[100:140])] ^= 0xFF
    out.write_bytes(bytes(image))
    with pytest.raises(Wordle64Error, match="differs from the PRG"):
        media.verify_d64(out, prg_bytes, disk_name="W", disk_id="64", file_name="W")


def test_tap_decodes_with_tapfile_and_has_the_kernal_layout(tmp_path: Path, prg_file: Path,
                                                            prg_bytes: bytes) -> None:
    out = tmp_path / "game.tap"
    pulses = media.make_tap(str(prg_file), str(out), file_name="wordle64")
    raw = out.read_bytes()
    assert raw[:12] == b"C64-TAPE-RAW" and raw[12] == 1
    assert struct.unpack_from("<I", raw, 16)[0] == len(raw) - 20
    assert media.tap_pulses(raw) == pulses
    # Four block copies (header 192 bytes twice, data twice), each with 9 sync bytes and a
    # checksum, plus pilots, gaps and trailers of short pulses and the 0.4 s silence.
    payload = len(prg_bytes) - 2
    shorts = 27136 + 5376 + 2 * (79 + 78)
    copies = 2 * (9 + 192 + 1) + 2 * (9 + payload + 1)
    assert len(pulses) == shorts + copies * 20 + 4 * 2 + 1
    assert sum(pulses) == shorts * SHORT + copies * BYTE_CYCLES + 4 * (LONG + SHORT) + 394_099
    found = media.read_tap(out)
    assert [(f.name, f.start, f.end) for f in found] == [("WORDLE64", 0x0801, 0x0801 + payload)]
    assert found[0].data == prg_bytes[2:]


def test_tap_verify_catches_a_different_program(tmp_path: Path, prg_bytes: bytes) -> None:
    other = Prg(0x0801, prg_bytes[2:-1] + b"\x00")
    out = tmp_path / "other.tap"
    out.write_bytes(media.tap_bytes(media.kernal_tape_pulses(other, b"WORDLE64")))
    with pytest.raises(Wordle64Error, match="data differs"):
        media.verify_tap(out, parse_prg(prg_bytes), "wordle64")


def test_t64_reads_back_with_the_t64_package(tmp_path: Path, prg_file: Path,
                                             prg_bytes: bytes) -> None:
    out = tmp_path / "game.t64"
    media.make_t64(str(prg_file), str(out), tape_name="wordle64 tape", file_name="wordle64")
    raw = out.read_bytes()
    assert raw[:19] == b"C64 tape image file"
    end = 0x0801 + len(prg_bytes) - 2
    assert struct.unpack_from("<HH", raw, 0x40 + 2) == (0x0801, end)
    assert raw[0x60:] == prg_bytes[2:]
    with pytest.raises(Wordle64Error, match="t64"):
        media.verify_t64(out, Prg(0x0801, b"\xff" + prg_bytes[3:]), "wordle64")


def test_load_times_from_pulses_and_startup(tmp_path: Path, prg_file: Path,
                                            prg_bytes: bytes) -> None:
    tap = tmp_path / "game.tap"
    pulses = media.make_tap(str(prg_file), str(tap), file_name="w")
    run = tmp_path / "run.json"
    run.write_text(json.dumps({"startup_cycles": 985_248}))
    out = tmp_path / "load-times.json"
    result = media.make_load_times(str(prg_file), str(tap), str(run), str(out),
                                   disk=media.DiskModel(400, 2), tape_target_seconds=360)
    assert json.loads(out.read_text()) == result
    tape = sum(pulses) / 985_248
    assert result["tape"]["seconds_pal"] == round(tape, 2)
    assert result["tape"]["seconds_per_program_byte_pal"] == round(2 * BYTE_CYCLES / 985_248, 5)
    assert result["disk"]["seconds"] == round(2 + len(prg_bytes) / 400, 2)
    assert result["startup"]["seconds_pal"] == 1.0
    assert result["time_to_playable"]["tape_seconds"] == round(tape + 1.0, 2)
    assert result["time_to_playable"]["tape_within_target"] is True
    run.write_text(json.dumps({"skipped": "no ROMs", "startup_cycles": None}))
    skipped = media.make_load_times(str(prg_file), str(tap), str(run), str(out),
                                    disk=media.DiskModel(), tape_target_seconds=360)
    assert skipped["time_to_playable"] is None and "no ROMs" in skipped["startup"]["source"]


def test_images_command_writes_three_verified_images(tmp_path: Path, prg_file: Path,
                                                     capsys: pytest.CaptureFixture) -> None:
    from wordle64.cli import main

    assert main(["images", str(prg_file), "-o", str(tmp_path / "out")]) == 0
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "game.d64", "game.t64", "game.tap"]
    assert "verified by d64py, tapfile and t64" in capsys.readouterr().out
    assert main(["images", str(tmp_path / "missing.prg")]) == 2
    assert "missing.prg: cannot read the PRG" in capsys.readouterr().err


def test_images_command_refuses_a_disk_id_not_two_characters(tmp_path: Path, prg_file: Path,
                                                             capsys: pytest.CaptureFixture
                                                             ) -> None:
    from wordle64.cli import main

    for bad in ("X", "ABC"):
        assert main(["images", str(prg_file), "-o", str(tmp_path), "--disk-id", bad]) == 2
        error = capsys.readouterr().err
        assert f"disk id {bad!r}" in error and len(error.strip().splitlines()) == 1
    assert not list(tmp_path.glob("*.d64"))


def test_c64_command_takes_options_between_prg_and_keys() -> None:
    from wordle64.cli import build_parser

    args = build_parser().parse_args(["c64", "game.prg", "--seconds", "2", "R", "crane",
                                      "--png", "s.png", "\\n"])
    assert (args.prg, args.seconds, args.png) == ("game.prg", 2.0, "s.png")
    assert args.keys == ["R", "crane", "\\n"]
    assert build_parser().parse_args(["c64", "game.prg"]).keys == []
    for bad in ("nan", "0", "-1", "inf"):
        with pytest.raises(SystemExit):
            build_parser().parse_args(["c64", "game.prg", "--seconds", bad])
