"""The pack stage: RAM table, index, seed and ctxhuff codecs (Python references), report."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordle64 import pack
from wordle64.errors import Wordle64Error


def all_words_with_prefix(prefix: str, count: int) -> list[str]:
    letters = string.ascii_lowercase
    tails = (a + b + c for a in letters for b in letters for c in letters)
    return [prefix + next(tails) for _ in range(count)]


SYNTHETIC = {
    "empty": [],
    "one word": ["zzzzz"],
    "one huge group": all_words_with_prefix("ma", 1000),
    "all prefixes": [a + b + "abc" for a in string.ascii_lowercase
                     for b in string.ascii_lowercase],
    "extremes": ["aaaaa", "aaaab", "azzzz", "qzzzz", "zaaaa", "zzzzy", "zzzzz"],
}


# ---- the table and index ----------------------------------------------------------------------

def test_entry_layout_by_hand():
    # "crane": l2 = a (0), l3 = n (13), l4 = e (4): 13 << 6 | 4 << 1 | 1 = 841
    assert pack.entry("crane", True) == 841
    # "zzzzz": 25 << 11 | 25 << 6 | 25 << 1 = 51200 + 1600 + 50
    assert pack.entry("zzzzz", False) == 52850


def test_table_and_index_by_hand():
    words, answers = pack.normalise(["mabcd", "aaaaa", "maaaa"], [False, True, False])
    table, index = pack.build_table(words, answers), pack.build_index(words)
    ma = 12 * 26
    assert len(table) == 676 + 6
    assert table[0] == 1 and table[ma] == 2 and sum(table[:676]) == 3
    # aaaaa (answer) = 1; maaaa = 0; mabcd = 1 << 11 | 2 << 6 | 3 << 1 = 0x0886
    assert table[676:] == bytes([1, 0, 0, 0, 0x86, 0x08])
    assert int.from_bytes(index[2 * ma:2 * ma + 2], "little") == 1
    assert int.from_bytes(index[-2:], "little") == 3


def test_real_list_table(real_list):
    words, answers = real_list
    table, index = pack.build_table(words, answers), pack.build_index(words)
    assert len(table) == 30_386
    assert table[676:678] == bytes([0x06, 0x39])          # aahed: 7 << 11 | 4 << 6 | 3 << 1
    ma = 12 * 26
    assert table[ma] == 271 - 256                         # the count byte keeps count mod 256
    start = int.from_bytes(index[2 * ma:2 * ma + 2], "little")
    end = int.from_bytes(index[2 * ma + 2:2 * ma + 4], "little")
    assert end - start == 271
    assert pack.table_words(table, index) == (words, answers)


def test_bad_words_are_named():
    with pytest.raises(Wordle64Error, match=r"<words>:2: 'ab1de' is not five letters a-z"):
        pack.normalise(["crane", "ab1de"])
    with pytest.raises(Wordle64Error, match="duplicate 'crane'"):
        pack.normalise(["crane", "slate", "crane"])
    with pytest.raises(Wordle64Error, match="not five letters"):
        pack.build_table(*pack.normalise(["CRANE"]))


def test_words_tsv_errors_name_file_and_line(tmp_path):
    path = tmp_path / "words.tsv"
    path.write_text("word\tfrequency\tprofane\tanswer\ncrane\t10\t0\t1\ncran\t3\t0\t0\n")
    with pytest.raises(Wordle64Error, match=r"words.tsv:3: 'cran' is not five letters a-z"):
        pack.read_words_tsv(path)
    path.write_text("word\tfrequency\tprofane\tanswer\ncrane\t10\t0\tyes\n")
    with pytest.raises(Wordle64Error, match=r"words.tsv:2: answer must be 0 or 1"):
        pack.read_words_tsv(path)


def test_assembling_the_unpacker_without_cc65_says_so(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))      # no ca65 on it
    with pytest.raises(Wordle64Error, match="ca65 not found: install the Debian package cc65"):
        pack.assemble_unpacker(Path(__file__).resolve().parents[1] / "workflow" / "asm",
                               tmp_path / "work")


# ---- codecs -----------------------------------------------------------------------------------

def check_round_trip(codec, words, answers):
    words, answers = pack.normalise(words, answers)
    unpacked = pack.decode(codec, pack.encode(codec, words, answers))
    assert unpacked.table == pack.build_table(words, answers)
    assert unpacked.index == pack.build_index(words)


@pytest.mark.parametrize("codec", pack.CODECS)
@pytest.mark.parametrize("name", SYNTHETIC)
def test_round_trip_synthetic(codec, name):
    words = SYNTHETIC[name]
    check_round_trip(codec, words, [i % 3 == 0 for i in range(len(words))])


word_sets = st.sets(st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=5, max_size=5),
                    max_size=300)


@pytest.mark.parametrize("codec", pack.CODECS)
@settings(max_examples=30, deadline=None)
@given(words=word_sets, seed=st.integers(0, 2**32 - 1))
def test_round_trip_random_sets(codec, words, seed):
    rng = random.Random(seed)
    words = sorted(words)
    check_round_trip(codec, words, [rng.random() < 0.3 for _ in words])


@pytest.mark.parametrize("codec", pack.CODECS)
@settings(max_examples=8, deadline=None)
@given(data=st.data())
def test_round_trip_real_subsets(codec, real_list, data):
    words, _ = real_list
    size = data.draw(st.integers(1, len(words)))
    seed = data.draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    chosen = sorted(rng.sample(words, size))
    check_round_trip(codec, chosen, [rng.random() < 0.28 for _ in chosen])


def test_real_list_sizes(real_list):
    words, answers = real_list
    seed = pack.encode("seed", words, answers)
    # the original game's 22,567 B, plus our general handling: each delta of 32,768 or more
    # (16 groups' first entries, 2 gaps inside groups) costs a 2-byte escape, and the overflow
    # list 1 B + 3 B for MA
    def value(word, answer):
        a, b, c = (ord(x) - 97 for x in word[2:])
        return a * 2048 + b * 64 + c * 2 + answer

    big, previous, group = [], 0, None
    for word, answer in zip(words, answers):
        if word[:2] != group:
            group, previous = word[:2], 0
        big.append(value(word, answer) - previous >= 32_768)
        previous = value(word, answer)
    assert sum(big) == 18
    assert len(seed) == 22_567 + 2 * sum(big) + 1 + 3
    ours = pack.encode("ctxhuff", words, answers)
    assert len(ours) <= 15_000
    assert pack.decode("ctxhuff", ours).table == pack.build_table(words, answers)


def test_corrupt_blob_fails_cleanly(real_list):
    words, answers = real_list
    blob = bytearray(pack.encode("ctxhuff", words[:500], answers[:500]))
    blob[2] ^= 1  # the size field
    with pytest.raises(Wordle64Error, match="header says|no checkpoint trailer"):
        pack.decode("ctxhuff", bytes(blob))
    with pytest.raises(Wordle64Error, match="unknown codec"):
        pack.encode("lzw", words, answers)


# ---- in place ---------------------------------------------------------------------------------

def test_inplace_margin_tracks_the_layout(real_list):
    words, answers = real_list
    blob = pack.encode("seed", words, answers)
    index_addr, table_addr = 0x2000, 0x2000 + 1354
    top = pack.inplace_margin("seed", blob, table_addr=table_addr, index_addr=index_addr,
                              blob_addr=0xD000 - len(blob))
    lower = pack.inplace_margin("seed", blob, table_addr=table_addr, index_addr=index_addr,
                                blob_addr=0xD000 - len(blob) - 100)
    assert top > 0 and lower == top - 100
    # a blob loaded right where the table starts cannot be unpacked in place
    assert pack.inplace_margin("ctxhuff", pack.encode("ctxhuff", words, answers),
                               table_addr=table_addr, index_addr=index_addr,
                               blob_addr=table_addr) < 0


# ---- the stage ---------------------------------------------------------------------------------

def test_stage_outputs(real_list, tmp_path):
    words, answers = real_list
    tsv = tmp_path / "words.tsv"
    tsv.write_text("word\tfrequency\tprofane\tanswer\n" + "".join(
        f"{w}\t0\t0\t{int(a)}\n" for w, a in zip(words, answers)))
    names = ["table", "index", "blob", "seed_blob", "stats", "compression", "plot"]
    files = ["t.bin", "i.bin", "b.bin", "s.bin", "stats.json", "c.tsv", "c.png"]
    outputs = type("Outputs", (), {n: str(tmp_path / f) for n, f in zip(names, files)})
    pack.run_pack_stage(tsv, "ctxhuff", outputs)
    stats = json.loads((tmp_path / "stats.json").read_text())
    assert stats["words"] == 14_855 and stats["answers"] == 4_126
    assert stats["table_bytes"] == 30_386 and stats["max_prefix_count"] == 271
    assert stats["blob_bytes"] <= 15_000 and stats["codec"] == "ctxhuff"
    rows = (tmp_path / "c.tsv").read_text().splitlines()
    assert rows[0] == "dataset\trepresentation\tcompressor\tbytes\tbits_per_word"
    xz = [r for r in rows if r.startswith("wordle\tplain (words only)\txz\t")]
    assert xz == ["wordle\tplain (words only)\txz\t17376\t9.358"]  # ANCHORS.md: 17,376
    assert (tmp_path / "c.png").read_bytes()[:4] == b"\x89PNG"


def test_cli_pack_and_unpack(tmp_path, capsys):
    from wordle64.cli import main

    tsv = tmp_path / "words.tsv"
    tsv.write_text("word\tfrequency\tprofane\tanswer\n"
                   "crane\t900\t0\t1\nslate\t800\t0\t1\nxylyl\t0\t0\t0\n")
    blob = tmp_path / "blob.bin"
    assert main(["pack", "--words", str(tsv), "-o", str(blob)]) == 0
    assert "3 words, 2 answers" in capsys.readouterr().out
    assert main(["unpack", str(blob), "--list"]) == 0
    assert capsys.readouterr().out.split("\n") == ["CRANE *", "SLATE *", "XYLYL", ""]
    assert main(["unpack", str(tmp_path / "missing.bin")]) == 2
    assert "missing.bin: cannot read" in capsys.readouterr().err


def test_bench_unpack_fails_on_a_wrong_table(tmp_path, monkeypatch):
    """A benchmark whose routine did not reproduce the table fails and writes no JSON."""
    from wordle64.pack import emulate

    tsv = tmp_path / "words.tsv"
    tsv.write_text("word\tfrequency\tprofane\tanswer\ncrane\t9\t0\t1\n")
    result = {"words": 1, "routines": {"dict_unpack": {"table_ok": True},
                                       "dict_unpack_seed": {"table_ok": False}}}
    monkeypatch.setattr(emulate, "bench_unpack", lambda *args: result)
    out = tmp_path / "unpack.json"
    with pytest.raises(Wordle64Error, match="dict_unpack_seed did not reproduce"):
        emulate.bench_unpack_stage(tsv, tmp_path / "x.prg", tmp_path / "x.lbl", out)
    assert not out.exists()
    result["routines"]["dict_unpack_seed"]["table_ok"] = True
    emulate.bench_unpack_stage(tsv, tmp_path / "x.prg", tmp_path / "x.lbl", out)
    assert out.exists()


def _five_letter_words(count: int) -> list[str]:
    letters = string.ascii_lowercase
    return ["".join(letters[n // 26 ** k % 26] for k in range(4, -1, -1)) for n in range(count)]


def test_a_list_that_can_never_fit_is_refused_in_the_pack_stage_with_bytes_and_words(tmp_path):
    from types import SimpleNamespace

    from wordle64.pack.stage import run_pack_stage

    # 676 prefix counts + 2 bytes a word from $3A00 (after the charset): the table must end by
    # $D000 and by the statistics buffer ($C2AD), and Absurdle's 2,724 // 8 + 1 + 2,724 = 3,065
    # bytes after it by ABSRAM ($CE00): (0xCE00 - 3,065 - 0x3A00 - 676) // 2 = 17,073 words at
    # most, so 1,989 non-answers (3,978 bytes of table) must go; the end of RAM alone needed 200.
    words = _five_letter_words(19_062)
    answers = [i % 7 == 0 for i in range(len(words))]
    tsv = tmp_path / "words.tsv"
    tsv.write_text("word\tanswer\n" + "".join(f"{w}\t{int(a)}\n"
                                               for w, a in zip(words, answers)))
    outputs = SimpleNamespace(**{name: tmp_path / name for name in
                                 ("table", "index", "blob", "seed_blob", "stats", "compression",
                                  "plot")})
    with pytest.raises(Wordle64Error, match=r"does not fit by 3,978 bytes \(the table entries of "
                                            r"1,989 words\) .* remove at least 1,989 words"):
        run_pack_stage(tsv, "ctxhuff", outputs)
    assert not any((tmp_path / name).exists() for name in ("table", "blob", "stats"))
    # No frequencies in this words.tsv: the non-answers go in alphabetical order.
    gone = set([w for w, a in zip(words, answers) if not a][:1_989])
    kept = [(w, a) for w, a in zip(words, answers) if w not in gone]
    pack.check_table_fits([w for w, _ in kept], [a for _, a in kept])   # the count holds


def test_the_table_bounds_are_the_linker_configs():
    config = (Path(__file__).parents[1] / "workflow/asm/wordle64.cfg").read_text()
    assert "CHARRAM:  file = \"\", start = $3800" in config
    assert "__DICT_END__: type = weak, value = $D000" in config
