"""The fast disk's layout (wordle64.media.fastdisk): the drive's "&" file and code file, where
the game lies. The loader itself runs on VICE in test_vice.py."""
from __future__ import annotations

import pytest

from wordle64.c64.d64 import D64
from wordle64.errors import Wordle64Error
from wordle64.media.fastdisk import (BOOT_PLACE, CODE_FIRST, CODE_NAME, CODE_PLACE, fast_file,
                                     DRIVE_NAME, DRIVE_PLACE, FAST_NAME, GAME_FIRST,
                                     GAME_FIRST_SECTOR, Loader, block_interleave,
                                     read_records, records,
                                     split_drive_image, with_bytes_at, with_game_first,
                                     write_fast_d64)


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


def test_the_ampersand_file_runs_the_bootstrap_and_the_code_file_is_the_rest():
    loader = Loader(b"", b"", bytes(range(0x20)), bytes([7]) * 9, bytes(range(8)))
    ampersand, code = split_drive_image(loader.drive_image())
    parts = read_records(ampersand)
    assert list(parts) == [0x0605, 0x0600, 0x0146]  # the DOS jumps to the first record
    assert parts[0x0605] == bytes([5, 6, 7]) and parts[0x0600] == bytes(range(5))
    assert parts[0x0146] == bytes([7]) * 9
    assert code == bytes(range(0x20))              # as it lies from $0300
    patched = read_records(with_bytes_at(ampersand, CODE_FIRST, bytes([18, 15])))
    assert patched[0x0600][CODE_FIRST - 0x0600:][:2] == bytes([18, 15])
    assert patched[0x0146] == parts[0x0146]
    game = with_game_first(code, 17, 4)
    assert game[GAME_FIRST - 0x0300:GAME_FIRST - 0x0300 + 2] == bytes([17, 4])
    assert len(game) == len(code)


def test_drive_code_records_with_a_gap_are_refused():
    image = records(0x0600, b"\x60") + records(0x0300, bytes(4)) + records(0x0310, bytes(4))
    with pytest.raises(Wordle64Error, match="follow each other"):
        split_drive_image(image)


def test_blocks_sit_as_many_sectors_apart_as_turn_past_in_a_blocks_time():
    sectors = block_interleave(62)
    # a turn is 200 ms: 21 sectors of 9.5 ms on track 17, 19 of 10.5 ms on track 19
    assert (sectors(17), sectors(19), sectors(31)) == (7, 6, 6)
    assert block_interleave(199)(17) == 20          # never a whole turn


def streamable(game: bytes) -> bytes:
    """`game` with what the loader streams by (stream.inc): depack_packed_bytes at $0813 not 0,
    a JMP (to depack_stream) at $0815."""
    out = bytearray(game)
    out[2 + 0x12:2 + 0x15] = bytes([0x10, 0x00, 0x4C])
    out[2 + 0x19:2 + 0x1B] = bytes([0x00, 0x70])           # stream_copy: $7000
    return bytes(out)


def test_a_game_the_loader_cannot_stream_is_refused(tmp_path):
    boot = b"\x01\x08" + b"W64GAME" + DRIVE_NAME.encode("ascii") + bytes(300)
    drive = Loader(b"", b"", bytes(0x1C0), bytes(0x10), bytes(0x20)).drive_image()
    plain = bytearray(streamable(b"\x01\x08" + bytes(1000)))
    plain[2 + 0x12:2 + 0x14] = bytes(2)                     # stored plain: nothing to unpack
    high = bytearray(streamable(b"\x01\x08" + bytes(1000)))
    high[2 + 0x19:2 + 0x1B] = bytes([0xF8, 0xBF])          # stream_copy $BFF8 + 16 bytes
    for game, why in ((bytes(plain), "no packed stream"), (bytes(high), "over the fast loader"),
                      (b"\x00\xC0" + streamable(bytes(1002))[2:], "loads at \\$C000")):
        with pytest.raises(Wordle64Error, match=why):
            write_fast_d64(boot, game, tmp_path / "f.d64", drive=drive, part2=bytes(200),
                           screen_boot=boot, disk_name="T", disk_id="64", boot_name="WORDLE64",
                           block_ms=62)


def test_the_fast_disk_holds_boot_file_drive_files_fast_file_and_game_in_that_order(tmp_path):
    boot = b"\x01\x08" + b"W64GAME" + DRIVE_NAME.encode("ascii") + bytes(300)
    screen_boot = boot + b"SCREEN ON"
    drive = Loader(b"", b"", bytes(0x1C0), bytes(0x10), bytes(0x20)).drive_image()
    game = streamable(b"\x01\x08" + bytes(range(256)) * 40)
    part2 = bytes(range(2, 202))                            # 200 bytes: one block
    files = write_fast_d64(boot, game, tmp_path / "f.d64", drive=drive, part2=part2,
                           screen_boot=screen_boot, disk_name="T", disk_id="64",
                           boot_name="WORDLE64", block_ms=62)
    assert files == [("WORDLE64", 2), (DRIVE_NAME, 1), (CODE_NAME, 2), (FAST_NAME, 42),
                     ("W64GAME", 41), ("WORDLE64 SCREEN", 2)]
    image = D64.open(tmp_path / "f.d64")
    plain, screen, fast, kernal = (b"".join(c for *_, c in image.chain(*image.find(name).first))
                                   for name in (b"WORDLE64", b"WORDLE64 SCREEN",
                                                FAST_NAME.encode(), b"W64GAME"))
    assert (plain, screen, kernal) == (boot, screen_boot, game)
    # the game from a block's start; every byte as the C64's take_pair must assemble it: bits
    # 5, 7, 4, 6, 1, 3, 0, 2 of the byte sent, from bit 7 down, each inverted
    order = (5, 7, 4, 6, 1, 3, 0, 2)
    taken = bytes(sum((((b >> bit) & 1) ^ 1) << (7 - at) for at, bit in enumerate(order))
                  for b in fast)
    assert taken == part2 + bytes(254 - 200) + game
    assert fast != taken
    image = D64.open(tmp_path / "f.d64")
    chain = [(t, s) for t, s, _ in image.chain(*image.find(FAST_NAME.encode()).first)]
    # inwards from track 17, one track at a time, 7 sectors apart on a track of 21
    assert [t for t, _ in chain] == sorted((t for t, _ in chain), reverse=True)
    assert chain[0][0] == 17 and chain[-1][0] >= 17 - 2
    on_16 = [s for t, s in chain if t == 16]
    assert all((b - a) % 21 >= 7 for a, b in zip(on_16, on_16[1:]))
    assert chain[0] == (17, GAME_FIRST_SECTOR)
    # 62 ms, the step's 18.4 and VICE's 86 between tracks: 166.4 ms, 17.5 of 21 sectors -> 18 on
    last_17 = [s for t, s in chain if t == 17][-1]
    assert on_16[0] == (last_17 + 18) % 21
    placed = {}
    for name, (first, apart) in ((b"WORDLE64", BOOT_PLACE), (DRIVE_NAME.encode(), DRIVE_PLACE),
                                 (CODE_NAME.encode(), CODE_PLACE)):
        blocks = [(t, s) for t, s, _ in image.chain(*image.find(name).first)]
        placed[name] = blocks[0]
        assert blocks[0] == (18, first)          # the directory's track
        assert all(t == 18 and (b - a) % 19 >= apart
                   for (t, a), (_, b) in zip(blocks, blocks[1:]))
    ampersand = read_records(b"".join(c for *_, c in image.chain(*placed[DRIVE_NAME.encode()])))
    assert ampersand[0x0600][CODE_FIRST - 0x0600:][:2] == bytes(placed[CODE_NAME.encode()])
    code = b"".join(c for *_, c in image.chain(*placed[CODE_NAME.encode()]))
    assert code[GAME_FIRST - 0x0300:GAME_FIRST - 0x0300 + 2] == bytes(chain[0])
    with pytest.raises(Wordle64Error, match="less than a turn"):
        write_fast_d64(boot, game, tmp_path / "g.d64", drive=drive, part2=part2,
                       screen_boot=screen_boot, disk_name="T", disk_id="64",
                       boot_name="WORDLE64", block_ms=200)
    with pytest.raises(Wordle64Error, match="second part"):
        write_fast_d64(boot, game, tmp_path / "g.d64", drive=drive, part2=b"",
                       screen_boot=screen_boot, disk_name="T", disk_id="64",
                       boot_name="WORDLE64", block_ms=62)
    assert len(fast_file(bytes(255), game)) == 2 * 254 + len(game)   # whole blocks
