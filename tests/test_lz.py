"""The PRG's code compressor (wordle64.lz) and its 6502 depacker (workflow/asm/depack.s)."""

from __future__ import annotations

import random
import shutil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from asm_core import CORE_MODULES, link_core

from wordle64 import lz
from wordle64.build import pack_image
from wordle64.c64.emu import Machine, parse_labels

MODULES = (*CORE_MODULES, "charset.s")


# the end marker: a match with a new offset, byte 0, length code "1 1" and a gamma code of 256
# ("1 0" eight times); after a literal the match bit is followed by "0": a new offset
END = ("1", b"\x00", "11" + "10" * 8)
END_AFTER_LITERAL = ("10", b"\x00", "11" + "10" * 8)
# length codes by hand: "1 1" then the gamma code of value - 2 (interlaced: a "1 x" pair for
# each bit x after the leading 1, then the stop "0")
LENGTH_255 = "11" + "11" * 5 + "10" + "11" + "0"    # 253 = 1111 1101
LENGTH_254 = "11" + "11" * 5 + "10" + "10" + "0"    # 252 = 1111 1100


def stream(*items: str | bytes | tuple[str | bytes, ...]) -> bytes:
    """A stream by hand, in the decoder's order: strings of bits (into bit bytes, MSB first,
    a new one when the last is full) and plain bytes."""
    out, slot, used = bytearray(), -1, 8
    flat = [part for item in items for part in (item if isinstance(item, tuple) else (item,))]
    for item in flat:
        if isinstance(item, bytes):
            out += item
            continue
        for bit in item:
            if used == 8:
                slot, used = len(out), 0
                out.append(0)
            out[slot] |= int(bit) << (7 - used)
            used += 1
    return bytes(out)


def test_stream_format_by_hand():
    assert stream("0", b"A", "10", b"\x00", "1010101010101010") == bytes(
        [0x55, 0x41, 0x00, 0x55, 0x40])                 # the helper itself, by hand
    assert lz.pack(b"A") == stream("0", b"A", END_AFTER_LITERAL)    # a literal: 0, the byte
    # "AAAA": literal A; match "1", then "1" after a literal = repeat the last offset (1
    # before any match), its length 3 as "1 1" and the gamma code of 1: the stop "0"
    assert lz.pack(b"AAAA") == stream("0", b"A", "1" "1" "110", END)
    assert lz.unpack(stream("0", b"A", "1" "1" "110", END), 4) == b"AAAA"


def test_short_match_then_repeat_after_a_literal():
    # A, B; match "1", new offset "0", byte offset-1 = 1; length 2 (length - 1 = 1: length
    # code "0" = 1); C; match "1", repeat "1": offset 2, length 2 (code "1 0" = 2)
    packed = stream("0", b"A", "0", b"B", "10", b"\x01", "0", "0", b"C", "11" "10", END)
    assert lz.unpack(packed, 7) == b"ABABCBC"
    # a repeat of one byte: code "0"; then D, and a repeat of 1 again
    packed = stream("0", b"A", "0", b"B", "10", b"\x01", "0", "0", b"C", "11" "0",
                    "0", b"D", "11" "0", END)
    assert lz.unpack(packed, 8) == b"ABABCBDB"


def test_long_offsets_by_hand():
    # B, A, a repeat of offset 1 and length 255: B and 256 A; then a match after a match
    # (always a new offset): byte $80 (long, low bits 0), class "0", high bits "001":
    # offset - 1 = 128 + 1 * 128 + 0 = 256, the B; length 2
    packed = stream("0", b"B", "0", b"A", "11" + LENGTH_255, "1", b"\x80", "0" "001", "0", END)
    assert lz.unpack(packed, 259) == b"B" + b"A" * 256 + b"BA"
    # four more (A, repeat 255): B and 1,280 A; byte $83, class "1", high bits "00001":
    # offset - 1 = 1,152 + 1 * 128 + 3 = 1,283 (the B, 1,281 back, is offset - 1 = 1,280)
    runs = ("0", b"A", "11" + LENGTH_255) * 4
    packed = stream("0", b"B", "0", b"A", "11" + LENGTH_255, *runs, "1", b"\x80", "1" "00001",
                    "0", END)
    assert lz.unpack(packed, 1283) == b"B" + b"A" * 1280 + b"BA"
    # after a literal: "1 0" (a new offset), byte $FF: low bits 127, class "0", high "000":
    # offset - 1 = 128 + 127 = 255: the first two A
    data = b"B" + b"A" * 255 + b"CAA"
    packed = stream("0", b"B", "0", b"A", "11" + LENGTH_254, "0", b"C",
                    "10", b"\xff", "0" "000", "0", END)
    assert lz.unpack(packed, len(data)) == data
    for example in (data, b"B" + b"A" * 1280 + b"BA"):
        assert lz.unpack(lz.pack(example), len(example)) == example


def test_the_end_marker_ends_the_stream():
    assert lz.unpack_parts(stream("0", b"A", END_AFTER_LITERAL), [1]) == [b"A"]
    with pytest.raises(Exception, match="no end marker"):
        lz.unpack_parts(stream("0", b"A", "0", b"B"), [1])
    with pytest.raises(Exception, match="end marker comes"):
        lz.unpack_parts(stream("0", b"A", END_AFTER_LITERAL), [2])


def test_the_packer_repeats_offsets_across_literals():
    # a table of 3-byte entries differing in their middle byte: "a X b" at offset 3 each time
    data = b"".join(bytes([0xA9, i, 0x8D]) for i in range(40))
    tokens = lz.parse(data)
    # a literal (9 bits) and a repeat of length 2 (1 + 1 + 2 bits) an entry: 65 B, where a
    # new short offset each time (1 + 1 + 8 + 1 bits) would take 100 B; the end marker 3.4 B
    assert len(lz.pack(data)) <= 75
    assert lz.unpack(lz.pack(data), len(data)) == data
    repeats = [b for a, b in zip(tokens, tokens[1:]) if a.offset == 0 and b.offset == 3]
    assert len(repeats) >= 30


def test_long_offsets_reach_back_5_kb():
    rng = random.Random(3)
    chunk = bytes(rng.randrange(256) for _ in range(40))
    noise = bytes(rng.randrange(256) for _ in range(5200))
    data = chunk + noise + chunk
    assert lz.Token(length=40, offset=5240) in lz.parse(data)   # the repeat: one long match
    assert lz.unpack(lz.pack(data), len(data)) == data
    far = chunk + bytes(rng.randrange(256) for _ in range(5250)) + chunk
    assert all(token.offset <= lz.LONG_OFFSET for token in lz.parse(far))
    assert lz.unpack(lz.pack(far), len(far)) == far


@pytest.mark.parametrize("seed", range(4))
def test_round_trip(seed):
    rng = random.Random(seed)
    data = bytes(rng.choice(b"\x00\x01\x20\xa9\xff") for _ in range(rng.randint(0, 700)))
    assert lz.unpack(lz.pack(data), len(data)) == data


@settings(max_examples=60, deadline=None)
@given(st.lists(st.binary(max_size=300) | st.lists(st.sampled_from(b"\x00\x01\xa9\x20"),
                                                     max_size=300).map(bytes),
                min_size=1, max_size=3))
def test_parts_round_trip(parts):
    packed = lz.pack_parts(parts)
    assert lz.unpack_parts(packed, [len(part) for part in parts]) == parts


def test_parts_do_not_reach_into_each_other():
    part = b"\x20\xd2\xff" * 20
    packed = lz.pack_parts([part, part])
    assert lz.unpack_parts(packed, [len(part), len(part)]) == [part, part]
    # the second part starts with a literal, then may repeat the first part's last offset
    assert len(packed) < len(lz.pack(part)) * 2 + 2


def test_unpack_refuses_a_match_before_the_start():
    with pytest.raises(Exception, match="bytes back"):
        lz.unpack(stream("1", b"\x05", "0", END), 4)    # a match as the first token
    with pytest.raises(Exception, match="bytes back"):  # a repeat (offset 1) in a new part
        lz.unpack_parts(stream("0", b"A", "1" "1" "10", END), [1, 3])


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
    plain_parts = labels["__BLOB_LOAD__"] - labels["__CODE_LOAD__"] + labels["__INIT_SIZE__"]
    assert 0 < stream and len(packed) == len(plain) - plain_parts + stream   # image and INIT
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


def token_kinds(data: bytes, last_offset: int = lz.FIRST_OFFSET) -> set[str]:
    """The token kinds lz.parse's tokens are written as (the format's rules, restated)."""
    kinds, after_literal = set(), False
    for token in lz.parse(data, last_offset):
        if token.offset == 0:
            kinds.add("literal")
        elif after_literal and token.offset == last_offset:
            kinds.add("repeat" if token.length > 1 else "one-byte repeat")
        else:
            far = ("short" if token.offset <= lz.SHORT_OFFSET else
                   "long" if token.offset <= lz.LONG_CLASSES[1][1] else "far")
            kinds.add(f"{far} after a {'literal' if after_literal else 'match'}")
        if token.length == lz.MAX_MATCH:
            kinds.add("the longest match")
        after_literal = token.offset == 0
        last_offset = token.offset or last_offset
    return kinds


def synthetic(seed: int, size: int) -> bytes:
    """Code-like bytes that need every token kind: 3-byte entries differing in the middle
    (repeats), chunks reused from far back (long and far offsets), a long run (a 255-byte
    match)."""
    rng = random.Random(seed)
    out = bytearray(bytes([rng.randrange(256)]) * 300)   # one: a run is slow to parse
    while len(out) < size:
        pick = rng.random()
        if pick < 0.3:
            out += b"".join(bytes([0xA9, rng.randrange(256), 0x8D]) for _ in range(6))
        elif pick < 0.5 and len(out) > 300:
            at = rng.randrange(max(0, len(out) - 5000), len(out) - 300)
            out += out[at:at + rng.randint(3, 40)]
        else:
            out += bytes(rng.randrange(256) for _ in range(rng.randint(1, 60)))
    return bytes(out[:size])


@pytest.mark.parametrize("seed", range(2))
def test_6502_depacker_decodes_every_token_kind(linked, seed):
    plain, labels = linked
    offset = 2 - labels["__LOADADDR__"]
    image = range(labels["__CODE_LOAD__"] + offset, labels["__BLOB_LOAD__"] + offset)
    init = range(labels["__INIT_LOAD__"] + offset, len(plain))
    assert len(image) > 4500 and len(init) == labels["__INIT_SIZE__"]
    content = bytearray(plain)
    content[image.start:image.stop] = synthetic(seed, len(image))
    content[init.start:init.stop] = synthetic(seed + 10, len(init))
    kinds = token_kinds(bytes(content[image.start:image.stop]))
    assert kinds >= {"literal", "repeat", "one-byte repeat", "short after a literal", "short after a match",
                     "long after a literal", "long after a match", "far after a literal",
                     "far after a match", "the longest match"}
    packed, stream = pack_image(bytes(content), labels)
    assert stream > 0
    want = Machine(bytes(content), labels, depack=False)
    got = Machine(packed, labels)
    start, end = labels["__CODE_LOAD__"], labels["__INIT_LOAD__"] + labels["__INIT_SIZE__"]
    assert got.read(start, end - start) == want.read(start, end - start)


def test_a_stream_longer_than_the_image_is_left_plain(linked):
    """depack.s moves the blob up from the stream's end to the image's: a stream longer than the
    image (though shorter than image and INIT together) would move it down over itself, so the
    build ships such a PRG plain."""
    plain, labels = linked
    offset = 2 - labels["__LOADADDR__"]
    image = range(labels["__CODE_LOAD__"] + offset, labels["__BLOB_LOAD__"] + offset)
    init = range(labels["__INIT_LOAD__"] + offset, len(plain))
    # Random bytes cost 9 bits each as literals, a copy of them next to nothing: a copy this
    # long puts the stream between the image's size and the two parts' (asserted below).
    copied = (len(image) - 4 * len(init)) // 9
    fresh = random.Random(3).randbytes(len(image) - copied)
    content = bytearray(plain)
    content[image.start:image.stop] = fresh + fresh[:copied]
    content[init.start:init.stop] = bytes(i & 0xFF for i in range(len(init)))   # a few matches
    parts = [bytes(content[image.start:image.stop]), bytes(content[init.start:init.stop])]
    assert len(image) < len(lz.pack_parts(parts)) < len(image) + len(init)
    assert pack_image(bytes(content), labels) == (bytes(content), 0)


def test_the_linked_stream_uses_the_repeat(linked):
    plain, labels = linked
    offset = 2 - labels["__LOADADDR__"]
    image = plain[labels["__CODE_LOAD__"] + offset:labels["__BLOB_LOAD__"] + offset]
    assert {"repeat", "one-byte repeat"} <= token_kinds(image)
