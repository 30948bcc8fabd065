"""Statistics on a real (emulated IEC) disk: the file the game SAVEs through the Python drive is
read back by the real game through the Open ROMs and the emulated 1541 (a small case: the PRG is
put in RAM, only the statistics file goes over the serial bus). The full run — LOAD the game
from the .d64, play, SAVE, reset, LOAD again, damaged files — is the rule machine_persist_iec
(results/machine/persist.json)."""

from __future__ import annotations

import json

import pytest

from conftest import roms_or_skip
from test_game import words  # noqa: F401  (a fixture; game_files is conftest's)
from wordle64.c64 import emu
from wordle64.c64.d64 import D64
from wordle64.game.devices import Drive as PythonDrive
from wordle64.game.persist import FILE, HISTORY_MAX, HISTORY_ENTRY_BYTES, file_bytes
from wordle64.game.session import Game
from wordle64.game.shared import ScenarioResult, play_rows, random_game
from wordle64.media.images import write_d64
from wordle64.media.disk import DriveModel
from wordle64.media.persist_iec import DAMAGED, KEPT, Session

def test_the_buffer_is_free_ram_above_the_dictionary(game_files):
    layout = json.loads((game_files[0].parent / "layout.json").read_text())
    labels = emu.parse_labels(game_files[1].read_text(), "lbl")
    buffer = labels["persist_buffer"]      # the longest file ends at the I/O
    assert layout["table_end"] <= buffer and buffer + file_bytes(HISTORY_MAX) - 2 == 0xD000
    assert HISTORY_ENTRY_BYTES * HISTORY_MAX == 3000


def _saved_by_python_drive(prg: bytes, labels: dict, words) -> tuple[bytes, bytes]:  # noqa: F811
    drive = PythonDrive()
    game = Game.boot(prg, labels, drive=drive)
    play_rows(ScenarioResult("iec"), game, words, [random_game(game, 0x004000)])
    start = labels["stats_played"]
    return drive.files[FILE], bytes(game.memory[start:labels["stats_day"] + 3])


@pytest.mark.parametrize("damage", [None, "short"])
def test_a_saved_file_is_loaded_by_the_game_through_the_iec_drive(tmp_path, game_files,
                                                                   words, damage):  # noqa: F811
    roms = roms_or_skip()
    from wordle64.c64.machine import Machine, read_labels
    prg = game_files[0].read_bytes()
    labels = read_labels(game_files[1])
    data, stats = _saved_by_python_drive(prg, labels, words)
    assert len(data) == file_bytes(0) and data[2:6] == b"W64S"
    disk = tmp_path / "stats.d64"
    write_d64(b"\x01\x08\x00\x00", disk, disk_name="STATS", disk_id="64", file_name="X")
    image = D64.open(disk)
    image.write_file(FILE.encode(), data if damage is None else data[:-1])
    image.save(disk)
    session = Session(lambda: Machine(roms), disk, DriveModel(), labels, prg=prg)
    if damage is None:
        assert session.note() == KEPT, session.machine.dump()
        assert session.saved_state()[0] == stats
    else:
        assert session.note() == DAMAGED, session.machine.dump()
        assert not any(session.saved_state()[0])
    assert any("W64STATS" in line for line in session.drive.log), session.drive.log
    assert session.drive.last_file == b"X"      # "0:*" after the LOAD: LOAD"*" gets the game
