"""The fast disk's layout (wordle64.media.fastdisk): the drive's "&" file, where the game lies.
The loader itself runs on VICE in test_vice.py."""
from __future__ import annotations

import pytest

from wordle64.c64.d64 import D64
from wordle64.errors import Wordle64Error
from wordle64.media.fastdisk import (BOOT_PLACE, DRIVE_NAME, DRIVE_PLACE, GAME_FIRST,
                                     GAME_FIRST_SECTOR, Loader, block_interleave, read_records,
                                     records, with_game_first, write_fast_d64)


def test_an_ampersand_record_sums_its_bytes_with_each_carry_added_back():
    # the 1541 DOS: CLC, ADC sum, ADC #0 over address, length and data; by hand:
    # 0 + $00 = 0, + $03 = 3, + $02 = 5, + $FF = $104 -> 4 + carry = 5, + $02 = 7
    assert records(0x0300, bytes([0xFF, 0x02])) == bytes([0x00, 0x03, 0x02, 0xFF, 0x02, 0x07])
    # longer code splits into records of at most 255 bytes, each with its own address
    split = read_records(records(0x0300, bytes(range(256)) + bytes(44)))
    assert [(hex(a), len(c)) for a, c in split.items()] == [("0x300", 255), ("0x3ff", 45)]


def test_a_damaged_record_is_refused():
    data = bytearray(records(0x0300, b"\x4c\x00\x03"))
    data[4] ^= 1
    with pytest.raises(Wordle64Error, match="bad checksum"):
        read_records(bytes(data))


def test_the_drive_file_runs_from_its_entry_and_carries_the_games_first_block():
    code = bytes(range(0x20))                      # as it lies from $0300; the entry at $0305
    drive = Loader(b"", code, 0x0305, low=bytes([7]) * 9).drive_file()
    parts = read_records(drive)
    assert list(parts) == [0x0305, 0x0300, 0x0146]  # the DOS jumps to the first record
    assert parts[0x0146] == bytes([7]) * 9         # the rest, above the DOS's stack
    patched = read_records(with_game_first(drive, 17, 4))
    assert patched[0x0300][GAME_FIRST - 0x0300:GAME_FIRST - 0x0300 + 2] == bytes([17, 4])
    assert patched[0x0305] == parts[0x0305]


def test_blocks_sit_as_many_sectors_apart_as_turn_past_in_a_blocks_time():
    sectors = block_interleave(62)
    # a turn is 200 ms: 21 sectors of 9.5 ms on track 17, 19 of 10.5 ms on track 19
    assert (sectors(17), sectors(19), sectors(31)) == (7, 6, 6)
    assert block_interleave(199)(17) == 20          # never a whole turn


def test_the_fast_disk_holds_boot_file_drive_file_and_game_in_that_order(tmp_path):
    boot = b"\x01\x08" + b"W64GAME" + DRIVE_NAME.encode("ascii") + bytes(300)
    drive = Loader(b"", bytes(0x40), 0x0305).drive_file()
    game = b"\x01\x08" + bytes(range(256)) * 40
    files = write_fast_d64(boot, game, tmp_path / "f.d64", drive=drive, disk_name="T",
                           disk_id="64", boot_name="WORDLE64", block_ms=62)
    assert [name for name, _ in files] == ["WORDLE64", DRIVE_NAME, "W64GAME"]
    image = D64.open(tmp_path / "f.d64")
    chain = [(t, s) for t, s, _ in image.chain(*image.find(b"W64GAME").first)]
    # inwards from track 17, one track at a time, 7 sectors apart on a track of 21
    assert [t for t, _ in chain] == sorted((t for t, _ in chain), reverse=True)
    assert chain[0][0] == 17 and chain[-1][0] >= 17 - 2
    on_16 = [s for t, s in chain if t == 16]
    assert all((b - a) % 21 >= 7 for a, b in zip(on_16, on_16[1:]))
    assert chain[0] == (17, GAME_FIRST_SECTOR)
    # 62 ms, the step's 28 and VICE's 86 between tracks: 176 ms, 18.5 of 21 sectors -> 19 on
    last_17 = [s for t, s in chain if t == 17][-1]
    assert on_16[0] == (last_17 + 19) % 21
    for name, (first, apart) in ((b"WORDLE64", BOOT_PLACE), (DRIVE_NAME.encode(), DRIVE_PLACE)):
        blocks = [(t, s) for t, s, _ in image.chain(*image.find(name).first)]
        assert blocks[0] == (18, first)          # the directory's track
        assert all(t == 18 and (b - a) % 19 >= apart
                   for (t, a), (_, b) in zip(blocks, blocks[1:]))
    stored = read_records(b"".join(c for *_, c in image.chain(
        *image.find(DRIVE_NAME.encode("ascii")).first)))
    assert stored[0x0300][GAME_FIRST - 0x0300:GAME_FIRST - 0x0300 + 2] == bytes(chain[0])
    with pytest.raises(Wordle64Error, match="less than a turn"):
        write_fast_d64(boot, game, tmp_path / "g.d64", drive=drive, disk_name="T",
                       disk_id="64", boot_name="WORDLE64", block_ms=200)
