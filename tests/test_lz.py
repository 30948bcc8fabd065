"""The PRG's code compressor (wordle64.lz) and its 6502 depacker (workflow/asm/depack.s)."""

from __future__ import annotations

import random
import shutil

import pytest
from asm_core import CORE_MODULES, link_core

from wordle64 import lz
from wordle64.build import pack_image
from wordle64.c64.emu import Machine, parse_labels

MODULES = (*CORE_MODULES, "charset.s")


def test_stream_format_by_hand():
    # "A": flag byte (bit 0 = literal), then the byte
    assert lz.pack(b"A") == b"\x00A"
    # "AAAA": literal A; match: 1, short 0, offset-1 = 0 (a byte), length-1 = 2 as
    # interlaced gamma "1 0" + stop "0": bits 0 1 0 1 0 0 -> 0x50
    assert lz.pack(b"AAAA") == bytes([0x50, 0x41, 0x00])
    assert lz.unpack(bytes([0x50, 0x41, 0x00]), 4) == b"AAAA"


def test_long_offsets_reach_back_8_kb():
    rng = random.Random(3)
    chunk = bytes(rng.randrange(256) for _ in range(40))
    noise = bytes(rng.randrange(256) for _ in range(5000))
    data = chunk + noise + chunk
    assert lz.Token(length=40, offset=5040) in lz.parse(data)   # the repeat: one long match
    assert lz.unpack(lz.pack(data), len(data)) == data


@pytest.mark.parametrize("seed", range(4))
def test_round_trip(seed):
    rng = random.Random(seed)
    data = bytes(rng.choice(b"\x00\x01\x20\xa9\xff") for _ in range(rng.randint(0, 700)))
    assert lz.unpack(lz.pack(data), len(data)) == data


def test_unpack_refuses_a_match_before_the_start():
    with pytest.raises(Exception, match="bytes back"):
        lz.unpack(bytes([0x80, 0x05]), 4)          # a match as the first token


@pytest.fixture(scope="module")
def linked(tmp_path_factory) -> tuple[bytes, dict[str, int]]:
    if shutil.which("ca65") is None:
        pytest.skip("cc65 is not installed")
    prg, labels = link_core(tmp_path_factory.mktemp("lz"),
                            bytes((i * 7 + 3) & 0xFF for i in range(3001)), MODULES,
                            work_bytes=0x0C40)
    return prg.read_bytes(), parse_labels(labels.read_text())


def test_6502_depacker_restores_the_linked_memory(linked):
    plain, labels = linked
    packed, stream = pack_image(plain, labels)
    assert 0 < stream and len(packed) == len(plain) - (labels["__BLOB_LOAD__"]
                                                       - labels["__CODE_LOAD__"]) + stream
    want = Machine(plain, labels, depack=False)
    got = Machine(packed, labels)                 # runs depack.s
    start, end = labels["__CODE_LOAD__"], labels["__INIT_LOAD__"] + labels["__INIT_SIZE__"]
    assert got.read(start, end - start) == want.read(start, end - start)
    patched = labels["depack_packed_bytes"]
    assert got.read_word(patched) == stream and want.read_word(patched) == 0
    assert got.read(0x0801, patched - 0x0801) == want.read(0x0801, patched - 0x0801)
    mover = labels["depack_move_up"]              # self-modifying: its operands differ after
    assert got.read(patched + 2, mover - patched - 2) == want.read(patched + 2, mover - patched - 2)
    assert got.prg_end == end
    assert got.memory[1] == 0x36                  # BASIC ROM out: the stream's copy may reach it
    # nothing below the image or above the stream's copy was touched (the stack aside)
    copy_end = end + stream
    assert got.read(copy_end, 0xD000 - copy_end) == want.read(copy_end, 0xD000 - copy_end)
    assert got.read(0x0200, 0x0600) == want.read(0x0200, 0x0600)


def test_depack_is_a_no_op_on_a_plain_prg(linked):
    plain, labels = linked
    machine = Machine(plain, labels, depack=False)
    before = bytes(machine.memory)
    result = machine.call("depack")
    assert result.cycles < 40
    assert bytes(machine.memory)[0x0200:] == before[0x0200:]
