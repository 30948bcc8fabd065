"""The 1541 drive (wordle64.c64.drive) on the serial bus (wordle64.c64.iec).

First against a scripted host that re-tells the Open ROMs' bus routines in Python (iec_host.py),
then — the real proof — through the real Open ROMs KERNAL on the emulated machine, with small
PRGs so the suite stays fast (the full-size LOAD is the machine_disk rules' job).
"""

from __future__ import annotations

import pytest

from conftest import roms_or_skip
from iec_host import Host, HostError
from wordle64.c64.d64 import D64, ChainError
from wordle64.c64.drive import Drive, FileName
from wordle64.c64.ready import (PROBE, PROBE_OUT, STATUS_PROBE, command, kernal_load,
                                kernal_save, read_status, screen_after)
from wordle64.media.disk import (DriveModel, case_bad_chain, case_missing_file,
                                 case_save_round_trip)
from wordle64.media.disk_faults import break_chain, loop_chain
from wordle64.media.images import read_d64, write_d64

SMALL = bytes([0x01, 0x08]) + bytes((i * 7 + 3) & 0xFF for i in range(600))  # 3 blocks


@pytest.fixture
def disk(tmp_path):
    path = tmp_path / "t.d64"
    write_d64(SMALL, path, disk_name="TEST", disk_id="64", file_name="SMALL")
    return path


def host_for(image, **kwargs) -> tuple[Drive, Host]:
    drive = Drive(image, **kwargs)
    return drive, Host(drive.serial)


def test_power_on_status_is_the_dos_banner(disk):
    _drive, host = host_for(disk)
    assert host.status(8) == "73,CBM DOS V2.6 1541,00,00"
    assert host.status(8) == "00,OK,00,00"  # reading the status clears it


def test_load_by_name_and_pattern_returns_the_file_with_eoi_on_the_last_byte(disk):
    drive, host = host_for(disk)
    assert host.load(8, b"SMALL") == SMALL
    assert host.eoi and drive.serial.bytes_sent == len(SMALL)
    assert host.load(8, b"SM*") == SMALL
    assert host.load(8, b"0:SMAL?") == SMALL


def test_load_time_follows_the_drive_model(disk):
    drive, host = host_for(disk, bytes_per_second=400, open_seconds=0.5)
    host.open(8, 0, b"SMALL")
    start = host.t
    host.read(8, 0)
    model = drive.open_cycles + len(SMALL) * drive.byte_cycles
    assert model <= host.t - start <= model * 1.02


def test_missing_file_sends_nothing_and_reports_62(disk):
    drive, host = host_for(disk)
    assert host.load(8, b"NOPE") is None
    assert drive.serial.bytes_sent == 0
    assert host.status(8) == "62,FILE NOT FOUND,00,00"


def test_device_9_is_not_present(disk):
    _drive, host = host_for(disk)
    host.tx_command(0x29)  # LISTEN 9: drive 8 acknowledges ATN, then lets go
    host.tx_command(0xF0)
    host.finalize()
    with pytest.raises(HostError, match="DEVICE NOT PRESENT"):
        host.tx_byte(ord("X"))


def test_chain_off_the_disk_stops_with_66_not_a_hang(disk):
    image = D64.open(disk)
    bad = break_chain(image, b"SMALL", (36, 1), at=0)
    drive, host = host_for(image)
    data = host.load(8, b"SMALL")
    assert data is not None and len(data) == 254 + 1 and data[:254] == SMALL[:254]
    assert host.status(8) == "66,ILLEGAL TRACK OR SECTOR,36,01"
    assert bad == image.find(b"SMALL").first


def test_looping_chain_is_detected(disk):
    image = D64.open(disk)
    loop_chain(image, b"SMALL", at=1)
    with pytest.raises(ChainError, match="looping"):
        image.read_chain(*image.find(b"SMALL").first)
    _drive, host = host_for(image)
    data = host.load(8, b"SMALL")
    assert data[:508] == SMALL[:508]
    first = image.find(b"SMALL").first
    assert host.status(8) == f"66,ILLEGAL TRACK OR SECTOR,{first[0]:02d},{first[1]:02d}"


def test_save_writes_a_file_that_d64py_reads_back_and_survives_a_new_drive(disk):
    stats = bytes([0x00, 0xC0]) + bytes(range(256)) * 2
    _drive, host = host_for(disk)
    host.save(8, b"STATS", stats)
    assert host.status(8) == "00,OK,00,00"
    contents = read_d64(disk)  # an independent reader of the saved image
    assert contents.data["STATS"] == stats and contents.data["SMALL"] == SMALL
    _drive, host = host_for(disk)  # "power cycle": a new drive on the same file
    assert host.load(8, b"STATS") == stats


def test_save_over_an_existing_name_needs_the_replace_prefix(disk):
    drive, host = host_for(disk)
    host.save(8, b"SMALL", b"\x01\x08new")
    assert host.status(8) == "63,FILE EXISTS,00,00"
    assert host.load(8, b"SMALL") == SMALL
    free = drive.image.blocks_free()
    host.save(8, b"@0:SMALL", b"\x01\x08new")
    assert host.load(8, b"SMALL") == b"\x01\x08new"
    assert drive.image.blocks_free() == free + 2  # three blocks freed, one used


def test_sequential_file_by_open_print_and_scratch_command(disk):
    drive, host = host_for(disk)
    host.open(8, 2, b"SCORES,S,W")
    host.write_channel(8, 2, b"5,4,3\r")
    host.close(8, 2)
    assert drive.image.find(b"SCORES").type_name == "SEQ"
    host.open(8, 3, b"SCORES,S,R")
    assert host.read(8, 3) == b"5,4,3\r"
    host.close(8, 3)
    host.open(8, 4, b"SCORES,S,A")
    host.write_channel(8, 4, b"2,1\r")
    host.close(8, 4)
    host.open(8, 3, b"SCORES,S,R")
    assert host.read(8, 3) == b"5,4,3\r2,1\r"
    host.close(8, 3)
    host.open(8, 15, b"S0:SCORES")
    assert host.status(8) == "01,FILES SCRATCHED,01,00"
    assert drive.image.find(b"SCORES") is None


def test_a_bare_star_loads_the_file_last_touched_and_0_star_the_first(disk):
    """Commodore DOS: LOAD"*" after another file was read or written loads that file again, the
    rule that made a player's LOAD"*",8,1 load the statistics instead of the game."""
    stats = bytes([0x00, 0xC8]) + b"W64S"
    drive, host = host_for(disk)
    assert host.load(8, b"*") == SMALL              # nothing touched since reset: the first
    host.save(8, b"0:STATS", stats)
    assert host.load(8, b"*") == stats              # the file just written
    assert host.load(8, b"0:*") == SMALL            # a drive number: the first file again
    assert host.load(8, b"*") == SMALL              # ... which is now the last one touched
    host.load(8, b"STATS")
    host.write_channel(8, 15, b"UJ")                # a drive reset forgets it
    assert host.load(8, b"*") == SMALL


def test_unknown_command_is_a_syntax_error(disk):
    _drive, host = host_for(disk)
    host.write_channel(8, 15, b"XYZZY")
    assert host.status(8) == "31,SYNTAX ERROR,00,00"


@pytest.mark.parametrize("raw, sa, expected", [
    (b"@0:STATS", 1, FileName(b"STATS", "PRG", True, True, drive_number=True)),
    (b"LOG,S,W", 2, FileName(b"LOG", "SEQ", True, False)),
    (b"0:LOG,S,A", 3, FileName(b"LOG", "SEQ", True, False, True, drive_number=True)),
    (b"WORDLE64", 0, FileName(b"WORDLE64", "PRG", False, False)),
    (b"@:STATS", 1, FileName(b"STATS", "PRG", True, True)),
])
def test_file_names_are_taken_apart_like_the_1541(raw, sa, expected):
    assert FileName.parse(raw, sa) == expected


# ---- through the real Open ROMs KERNAL on the machine model ------------------------------------

def basic_program(text: str) -> bytes:
    """A one-line BASIC program ``10 PRINT"<text>"`` as a PRG at $0801."""
    line = bytes([0x0A, 0x00, 0x99, 0x22]) + text.encode("ascii") + bytes([0x22, 0x00])
    link = 0x0801 + 2 + len(line)
    return b"\x01\x08" + link.to_bytes(2, "little") + line + b"\x00\x00"


@pytest.fixture
def kernal_machine():
    from wordle64.c64.machine import Machine

    roms = roms_or_skip()

    def attach(image, **model) -> tuple[Machine, Drive]:
        machine = Machine(roms)
        drive = Drive(image, **model)
        drive.attach(machine.board)
        machine.boot()
        return machine, drive

    return attach


def test_kernal_lists_the_directory(disk, kernal_machine):
    machine, _drive = kernal_machine(disk, open_seconds=0.1)
    command(machine, 'load"$",8', 20_000_000)
    command(machine, "list", 2_000_000)
    listing = screen_after(machine, "list")
    assert listing[1].startswith('0 "TEST') and '"SMALL"' in listing[2]
    assert listing[2].split()[0] == "3" and listing[2].endswith("PRG")
    assert listing[3] == "661 BLOCKS FREE."


def test_status_probe_is_the_size_its_comment_says_and_fits_the_cassette_buffer():
    assert len(STATUS_PROBE) == 50
    assert 0x033C <= PROBE and PROBE + len(STATUS_PROBE) <= PROBE_OUT <= 0x03FC - 64


def test_kernal_loads_and_runs_a_program_from_the_drive(tmp_path, kernal_machine):
    program = basic_program("DISK OK") + bytes(300)  # two blocks
    path = tmp_path / "p.d64"
    write_d64(program, path, disk_name="TEST", disk_id="64", file_name="PROG")
    machine, drive = kernal_machine(path, open_seconds=0.1)
    cycles = command(machine, 'load"prog",8', 20_000_000)
    assert machine.ram(0x0801, len(program) - 2) == program[2:]
    assert drive.serial.bytes_sent == len(program)
    assert cycles >= drive.open_cycles + len(program) * drive.byte_cycles
    command(machine, "run", 2_000_000)
    assert "DISK OK" in screen_after(machine, "run")


def test_kernal_loads_whatever_the_phase_of_the_vic_bad_lines(tmp_path, kernal_machine):
    """The screen is on while the KERNAL loads: a bad line stops the CPU for 40 cycles every
    504. A byte takes the drive 2,463 cycles (not a multiple of 504), so the bad lines fall on
    every part of the bit protocol within a few bytes; three starting phases on top."""
    # a null link first: BASIC's relink after LOAD stops there, whatever the bytes after it
    program = b"\x01\x08\x00\x00" + bytes((i * 37 + 11) & 0xFF for i in range(300))
    path = tmp_path / "p.d64"
    write_d64(program, path, disk_name="TEST", disk_id="64", file_name="P")
    for offset in (0, 168, 336):
        machine, drive = kernal_machine(path, open_seconds=0.01)
        machine.run(offset)
        command(machine, 'load"p",8', 20_000_000)
        assert machine.ram(0x0801, len(program) - 2) == program[2:], offset
        assert machine.board.stolen > 0 and drive.serial.bytes_sent == len(program)
        assert machine.board.skipped > 0  # the $DD00 idle skips ran (same bytes, fewer steps)


def test_kernal_missing_file_is_file_not_found_and_status_62(disk, kernal_machine):
    machine, drive = kernal_machine(disk, open_seconds=0.1)
    result = case_missing_file(machine, drive, 20_000_000)
    assert result["passed"], result


def test_kernal_chain_off_the_disk_returns_with_status_66(disk, kernal_machine):
    image = D64.open(disk)
    break_chain(image, b"SMALL", (36, 1), at=0)
    machine, drive = kernal_machine(image, open_seconds=0.1)
    result = case_bad_chain(machine, drive, "small", "66,ILLEGAL TRACK OR SECTOR,36,01",
                            "chain to track 36", 20_000_000)
    assert result["passed"], result


def test_kernal_save_survives_a_reset(disk, kernal_machine):
    from wordle64.c64.machine import Machine

    roms = roms_or_skip()
    result = case_save_round_trip(lambda: Machine(roms), disk,
                                  DriveModel(open_seconds=0.1), 20_000_000)
    assert result["passed"], result


def test_kernal_save_and_load_of_a_ram_range_survive_a_reset(disk, kernal_machine):
    stats = bytes(range(40, 104))
    machine, _drive = kernal_machine(disk, open_seconds=0.1)
    machine.poke(0xC100, stats)
    assert kernal_save(machine, b"@0:STATS", 0xC100, 0xC100 + len(stats)) == (True, 0)
    assert read_status(machine) == "00,OK,00,00"
    machine, _drive = kernal_machine(disk, open_seconds=0.1)  # reset: only the .d64 survives
    assert machine.ram(0xC100, len(stats)) != stats
    assert kernal_load(machine, b"STATS")[0]
    assert machine.ram(0xC100, len(stats)) == stats
    ok, error = kernal_load(machine, b"NOSTATS")
    assert not ok and error == 4  # FILE NOT FOUND


def test_load_times_take_the_emulated_disk_figures(tmp_path):
    import json

    from wordle64.media.images import disk_load_times

    run = {"passed": True, "cycles": 49_625_330, "seconds_pal": 50.37, "startup_cycles": 6_565_569,
           "drive_model": {"bytes_per_second": 400, "open_seconds": 1.0}}
    path = tmp_path / "load-disk.json"
    path.write_text(json.dumps(run))
    base = {"disk": {"seconds": 51.29, "model": "estimate"}, "time_to_playable": {"tape_seconds": 68}}
    result = disk_load_times(base, path)
    assert result["disk"]["emulated"] and result["disk"]["cycles"] == 49_625_330
    assert "400 bytes/s" in result["disk"]["model"]
    assert result["time_to_playable"] == {"tape_seconds": 68, "disk_seconds": 57.03,
                                          "disk_cycles": 56_190_899}
    path.write_text(json.dumps({"skipped": "no ROMs", "passed": None}))
    kept = disk_load_times({"disk": {"seconds": 51.29}}, path)
    assert kept["disk"] == {"seconds": 51.29, "emulated": False}


def test_untalk_in_the_middle_of_a_file_leaves_the_drive_ready(disk):
    drive, host = host_for(disk)
    host.open(8, 0, b"SMALL")
    host.tx_command(0x48)
    host.tx_command(0x60)
    host.turnaround_to_listen()
    first = bytes(host.rx_byte() for _ in range(10))  # then RUN/STOP, as it were
    host.tx_command(0x5F)
    host.finalize()
    host.close(8, 0)
    assert first == SMALL[:10] and not drive.channels
    assert host.load(8, b"SMALL") == SMALL
    assert host.status(8) == "00,OK,00,00"


def test_drive_model_from_a_rules_params():
    """The disk rules pass machine.drive_* as params bytes_per_second and open_seconds."""
    from types import SimpleNamespace

    params = SimpleNamespace(bytes_per_second=250.0, open_seconds=0.5, file_name="WORDLE64")
    assert DriveModel.from_params(params) == DriveModel(bytes_per_second=250.0, open_seconds=0.5)
