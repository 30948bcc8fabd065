"""The ctxhuff checkpoint trailer: its fields, the segment scan (the Python reference of the
6502's lookup), and the bit stream it leaves unchanged."""

from __future__ import annotations

import hashlib
import random
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordle64 import pack
from wordle64.errors import Wordle64Error
from wordle64.pack.stream import BlobReader

HAND = ["aback", "abase", "abate", "abbey", "badge", "baker", "crane", "crate", "cross",
        "mambo", "mamma", "zebra", "zonal", "zzzzz"]
HAND_ANSWERS = [True, False, True, True, False, False, True, False, True, False, True, True,
                False, True]

# sha256 of the blobs the encoder wrote before the trailer existed (commit fe0b30e): the
# trailer must leave header fields N and the regions, the first word and the bit stream as
# they were (the size field counts the stream alone: the stream is the old blob, byte for byte).
OLD_BLOBS = {
    "crane crate": ("ad7b9fe335007f80e838e445cf9864b6db4e3bd10118f9e6e6ef2f0d4240f396", 364),
    "zzzzz": ("d0039d26285ef633dc8dc5a61ec791edfe41267523963020c7eef197774640ab", 363),
    "": ("669f52677ebdc8267b3404596bf08c50159b8918242847e0b4fef49df5d95689", 36),
}
OLD_REAL = ("6ea9f506b1d30496b2f31858061c29748f6c5f42e3935efe3bba1dc7b06c4467", 14_285)


def strip_trailer(blob: bytes) -> bytes:
    """The blob as it was before the trailer: trailer cut, size field set back."""
    k = blob[-1]
    old = blob[:len(blob) - (10 * k + 3)]
    return old[:2] + len(old).to_bytes(2, "little") + old[4:]


def one_letter_off(word: str) -> list[str]:
    return [word[:i] + c + word[i + 1:] for i in range(5) for c in string.ascii_lowercase
            if c != word[i]]


def answers_of(words: list[str], answers: list[bool]) -> list[str]:
    return [w for w, a in zip(words, answers) if a]


@pytest.fixture(scope="module")
def hand_blob() -> bytes:
    return pack.encode("ctxhuff", HAND, HAND_ANSWERS)


@pytest.fixture(scope="module")
def real_blob(real_list) -> bytes:
    return pack.encode("ctxhuff", *real_list)


# ---- the layout -------------------------------------------------------------------------------

@pytest.mark.parametrize("n, k", [(1, 1), (2, 1), (3, 2), (14, 13), (25, 24),
                                  # S = 2: 1 + 2 s <= 26 leaves 13 checkpoints, <= 27 14
                                  (26, 13), (27, 14),
                                  (1_000, 24), (14_855, 24)])
def test_checkpoint_count_by_hand(n, k):
    ks = pack.checkpoint_words(n)
    assert len(ks) == k
    assert ks[0] == 1 and all(1 <= x <= n for x in ks)
    assert len({b - a for a, b in zip(ks, ks[1:])}) <= 1   # evenly spaced


def test_hand_list_trailer_fields(hand_blob):
    n = len(HAND)
    points = pack.read_checkpoints(hand_blob)
    # N = 14: K = min(24, 13) = 13, S = 1: a checkpoint before every word 1..13
    assert len(points) == 13 == hand_blob[-1] == pack.checkpoint_count(hand_blob)
    assert len(hand_blob) == int.from_bytes(hand_blob[2:4], "little") + 10 * 13 + 3
    assert pack.answer_total(hand_blob) == 8
    assert int.from_bytes(hand_blob[-3:-1], "little") == 8
    for s, point in enumerate(points):
        prev = HAND[s]                                   # word k - 1 = s
        assert "".join(chr(97 + c) for c in point.prev) == prev
        assert point.prev_answer == HAND_ANSWERS[s]
        assert point.ans_before == sum(HAND_ANSWERS[:s])
    assert n - 1 == len(points)


def test_crane_crate_trailer_by_hand():
    # N = 2: one checkpoint before crate, prev = crane (an answer), no answer before it.
    # The code-length tables: 858 (D) + 351 (G) + 2 x 676 (T, T4) present bits, plus 3 bits
    # for each of the 5 symbols used (D: crate's 6 and the end's 0 in context 8; G 27; T4 97;
    # the end's G 5): 2,576 bits = 322 bytes exactly, so crate starts on a byte boundary.
    blob = pack.encode("ctxhuff", ["crane", "crate"], [True, False])
    assert len(blob) == 364 + 13
    trailer = blob[-13:]
    assert trailer == bytes([(41 + 322) & 0xFF, (41 + 322) >> 8, 0x80,
                             0x80 | 2, 17, 0, 13, 4, 0, 0, 1, 0, 1])


def test_one_word_trailer_points_at_the_end_marker():
    blob = pack.encode("ctxhuff", ["zzzzz"], [True])
    [point] = pack.read_checkpoints(blob)
    assert point.prev == (25,) * 5 and point.prev_answer and point.ans_before == 0
    # 2,561 table bits + 3 x 2 symbols (the end marker's D and G): bit 2,567, 7 into byte 320
    assert point.next == 41 + 321
    body = blob[41:]
    assert point.bits == ((body[320] << 7) | 0x40) & 0xFF
    assert pack.checkpoint_lookup(blob, "zzzzz") == (True, True)
    assert pack.checkpoint_lookup(blob, "zzzzy") == (False, False)
    assert pack.checkpoint_lookup(blob, "aaaaa") == (False, False)
    assert pack.checkpoint_answer(blob, 0) == "zzzzz"
    with pytest.raises(Wordle64Error):
        pack.checkpoint_answer(blob, 1)


def test_empty_list_has_no_trailer():
    blob = pack.encode("ctxhuff", [], [])
    assert len(blob) == 36 == int.from_bytes(blob[2:4], "little")
    assert pack.read_checkpoints(blob) == [] and pack.checkpoint_count(blob) == 0
    assert pack.answer_total(blob) == 0
    assert pack.checkpoint_lookup(blob, "crane") == (False, False)


def test_two_words():
    blob = pack.encode("ctxhuff", ["abbey", "zonal"], [False, True])
    assert len(pack.read_checkpoints(blob)) == 1
    assert pack.checkpoint_lookup(blob, "abbey") == (True, False)
    assert pack.checkpoint_lookup(blob, "zonal") == (True, True)
    assert pack.checkpoint_lookup(blob, "mamma") == (False, False)
    assert pack.checkpoint_lookup(blob, "zzzzz") == (False, False)
    assert pack.checkpoint_answer(blob, 0) == "zonal"


def reader_states(blob: bytes) -> list[tuple[int, int]]:
    """(read pointer, bit buffer) of a plain decode from the body's start, before each word
    1..N's first symbol and (last) the end marker's."""
    reader = BlobReader(blob)
    reader.consumed = pack.BODY_START
    tables = pack.ctxhuff_read_tables(reader)
    first = list(blob[36:41])
    cur = [first[0] & 0x7F] + first[1:]
    states = []
    while True:
        states.append((reader.consumed, reader.bits))
        step = pack.ctxhuff_decode_word(reader, tables, cur)
        if step is None:
            return states
        cur = step[0]


@pytest.mark.parametrize("words", [HAND, ["zzzzz"], ["crane", "crate"],
                                   [a + b + "abc" for a in "abcdefghij" for b in "aeiou"]])
def test_next_and_bits_match_a_plain_decode(words):
    answers = [len(w) % 3 == 0 or w[4] > "m" for w in words]
    blob = pack.encode("ctxhuff", words, answers)
    states = reader_states(blob)
    assert len(states) == len(words)
    for k, point in zip(pack.checkpoint_words(len(words)), pack.read_checkpoints(blob)):
        assert (point.next, point.bits) == states[k - 1]


# ---- lookups ----------------------------------------------------------------------------------

def test_hand_list_lookups(hand_blob):
    for word, answer in zip(HAND, HAND_ANSWERS):
        assert pack.checkpoint_lookup(hand_blob, word) == (True, answer), word
    listed = set(HAND)
    for word in HAND:
        for other in one_letter_off(word):
            if other not in listed:
                assert pack.checkpoint_lookup(hand_blob, other) == (False, False), other
    for r, word in enumerate(answers_of(HAND, HAND_ANSWERS)):
        assert pack.checkpoint_answer(hand_blob, r) == word
    with pytest.raises(Wordle64Error):
        pack.checkpoint_answer(hand_blob, 8)


def test_real_list_lookups(real_list, real_blob):
    words, answers = real_list
    rng = random.Random(64)
    listed = dict(zip(words, answers))
    sampled = rng.sample(words, 300) + [words[0], words[1], words[-1]]
    for word in sampled:
        assert pack.checkpoint_lookup(real_blob, word) == (True, listed[word]), word
    for word in sampled[:120]:
        for other in rng.sample(one_letter_off(word), 4):
            if other not in listed:
                assert pack.checkpoint_lookup(real_blob, other) == (False, False), other
    for outside in ("aaaaa", "zzzzz", "mmmmm"):
        if outside not in listed:
            assert pack.checkpoint_lookup(real_blob, outside) == (False, False)


def test_real_list_answer_numbers(real_list, real_blob):
    words, answers = real_list
    plain = answers_of(words, answers)
    assert pack.answer_total(real_blob) == len(plain)
    rng = random.Random(6502)
    for r in rng.sample(range(len(plain)), 150) + [0, len(plain) - 1]:
        assert pack.checkpoint_answer(real_blob, r) == plain[r], r


def test_real_list_trailer_fields(real_list, real_blob):
    words, answers = real_list
    points = pack.read_checkpoints(real_blob)
    assert len(points) == 24
    step = -(-(len(words) - 1) // 24)                    # 619 for 14,855 words
    states = reader_states(real_blob)
    for s, point in enumerate(points):
        k = 1 + s * step
        assert "".join(chr(97 + c) for c in point.prev) == words[k - 1]
        assert point.prev_answer == answers[k - 1]
        assert point.ans_before == sum(answers[:k - 1])
        assert (point.next, point.bits) == states[k - 1]


@settings(max_examples=40, deadline=None)
@given(st.sets(st.text(alphabet="abcz", min_size=5, max_size=5), min_size=1, max_size=60),
       st.randoms(use_true_random=False))
def test_random_lists(words, rng):
    words = sorted(words)
    answers = [rng.random() < 0.4 for _ in words]
    blob = pack.encode("ctxhuff", words, answers)
    for word, answer in zip(words, answers):
        assert pack.checkpoint_lookup(blob, word) == (True, answer)
    for other in rng.sample(one_letter_off(words[0]), 10):
        if other not in words:
            assert pack.checkpoint_lookup(blob, other) == (False, False)
    for r, word in enumerate(answers_of(words, answers)):
        assert pack.checkpoint_answer(blob, r) == word


# ---- the unchanged bit stream -----------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(OLD_BLOBS))
def test_bit_stream_unchanged(name):
    words = name.split()
    answers = [i % 2 == 0 for i in range(len(words))]
    blob = pack.encode("ctxhuff", words, answers)
    old = strip_trailer(blob) if words else blob
    assert (hashlib.sha256(old).hexdigest(), len(old)) == OLD_BLOBS[name]


def test_real_bit_stream_unchanged(real_list, real_blob):
    old = strip_trailer(real_blob)
    assert (hashlib.sha256(old).hexdigest(), len(old)) == OLD_REAL
    assert len(real_blob) == OLD_REAL[1] + 243
    # both decode to the same table: the decoder stops at the end marker
    assert pack.decode("ctxhuff", old).table == pack.decode("ctxhuff", real_blob).table \
        == pack.build_table(*real_list)


@pytest.mark.parametrize("words", [["mamma", "mambo"], ["crane", "crane"]])
def test_unsorted_or_repeated_words_refused(words):
    # a decreasing letter would code a negative gap: a corrupt stream, not a blob
    with pytest.raises(Wordle64Error, match="sorted and distinct"):
        pack.encode("ctxhuff", words, [False, False])


# ---- the build's define -----------------------------------------------------------------------

def test_dict_checkpoints_of_each_codec():
    from wordle64.build import dict_checkpoints
    hand = pack.encode("ctxhuff", HAND, HAND_ANSWERS)
    assert dict_checkpoints("ctxhuff", hand) == 13
    assert dict_checkpoints("ctxhuff", pack.encode("ctxhuff", [], [])) == 0
    assert dict_checkpoints("seed", pack.encode("seed", HAND, HAND_ANSWERS)) == 0


def test_ca65_gets_dict_checkpoints(tmp_path, monkeypatch):
    from wordle64 import build, toolchain
    commands: list[list[str]] = []
    monkeypatch.setattr(toolchain, "run_tool", lambda command, *_: commands.append(command))
    (tmp_path / "a.s").write_text("")
    (tmp_path / "blob.bin").write_bytes(pack.encode("ctxhuff", HAND, HAND_ANSWERS))
    build.assemble_and_link(tmp_path, tmp_path / "x.cfg", tmp_path / "blob.bin",
                            tmp_path / "x.prg", tmp_path / "x.lbl", tmp_path / "x.map")
    assert "DICT_CHECKPOINTS=13" in commands[0]
    assert "DICT_WORK_BYTES=" + str(pack.ctxhuff_work_bytes(
        (tmp_path / "blob.bin").read_bytes())) in commands[0]


def test_a_stand_in_blob_gets_no_checkpoints(tmp_path, monkeypatch):
    # the asm tests link garbage blobs: no header to trust, so DICT_CHECKPOINTS = 0
    from wordle64 import build, toolchain
    commands: list[list[str]] = []
    monkeypatch.setattr(toolchain, "run_tool", lambda command, *_: commands.append(command))
    (tmp_path / "a.s").write_text("")
    (tmp_path / "blob.bin").write_bytes(bytes(range(256)) * 4)
    build.assemble_and_link(tmp_path, tmp_path / "x.cfg", tmp_path / "blob.bin",
                            tmp_path / "x.prg", tmp_path / "x.lbl", tmp_path / "x.map")
    assert "DICT_CHECKPOINTS=0" in commands[0]
