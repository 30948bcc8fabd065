"""The 6502 unpackers (workflow/asm/unpack.s) under py65, against the Python references.

unpack.s is assembled on its own (pack.assemble_unpacker: ca65/ld65 with a minimal map), so
these tests run before and without the full game build.
"""

from __future__ import annotations

import random
import shutil
import string

import pytest

from wordle64 import pack
from wordle64.c64.emu import Machine

INDEX_ADDR = 0x3000
TABLE_ADDR = INDEX_ADDR + 3 * 1354  # ctxhuff writes the answer and lookup indexes after it
TOP = 0xD000  # dict_init leaves the blob ending here
ROUTINES = [("ctxhuff", "dict_unpack"), ("seed", "dict_unpack_seed")]


@pytest.fixture(scope="module")
def unpacker(repo_root, tmp_path_factory):
    if not (shutil.which("ca65") and shutil.which("ld65")):
        pytest.skip("cc65 (ca65, ld65) is not installed; run ./setup.sh")
    return pack.assemble_unpacker(repo_root / "workflow" / "asm",
                                  tmp_path_factory.mktemp("unpack"))


def unpack_on_6502(unpacker, codec, routine, words, answers, blob_addr=None, in_place=False,
                   table_addr=TABLE_ADDR):
    words, answers = pack.normalise(words, answers)
    blob = pack.encode(codec, words, answers)
    if blob_addr is None:
        blob_addr = TOP - len(blob)
    machine = Machine.from_files(*unpacker)
    before = bytes(machine.memory)
    run = pack.run_unpacker(machine, routine, blob, table_addr=table_addr,
                            index_addr=INDEX_ADDR, blob_addr=blob_addr)
    assert run.table == pack.build_table(words, answers)
    assert run.index == pack.build_index(words)
    assert run.progress and run.progress[-1] == 255
    assert run.progress == sorted(run.progress)
    layout = pack.inplace_layout(codec, blob, blob_addr, in_place)
    allowed = [range(0x00, 0x90), range(0x0100, 0x0200), range(0x033C, 0x03FC),  # ZP, stack, BSS
               range(0x0801, machine.prg_end),  # the decoder patches its own operands
               range(INDEX_ADDR, table_addr + len(run.table)),
               range(min(layout.read_start, blob_addr), max(layout.work_end, TOP))]
    changed = [a for a, (b, c) in enumerate(zip(before, machine.memory))
               if b != c and not any(a in r for r in allowed)]
    assert changed == [], f"wrote outside its contract at {[hex(a) for a in changed[:8]]}"
    return run


SYNTHETIC = {
    "one word": ["zzzzz"],
    "one huge group": ["ma" + a + b + c for a in string.ascii_lowercase[:10]
                       for b in string.ascii_lowercase for c in "aeiou"][:1000],
    "all prefixes": [a + b + "xyz" for a in string.ascii_lowercase
                     for b in string.ascii_lowercase],
    "extremes": ["aaaaa", "aaaab", "azzzz", "qzzzz", "zaaaa", "zzzzy", "zzzzz"],
}


@pytest.mark.parametrize("codec,routine", ROUTINES)
@pytest.mark.parametrize("name", SYNTHETIC)
def test_synthetic_lists(unpacker, codec, routine, name):
    words = SYNTHETIC[name]
    unpack_on_6502(unpacker, codec, routine, words, [i % 2 == 0 for i in range(len(words))])


@pytest.mark.parametrize("codec,routine", ROUTINES)
def test_empty_list(unpacker, codec, routine):
    run = unpack_on_6502(unpacker, codec, routine, [], [])
    assert run.table == bytes(676) and run.index == bytes(1354)


@pytest.mark.parametrize("seed", [1, 2])
def test_random_subsets(unpacker, real_list, seed):
    words, _ = real_list
    rng = random.Random(seed)
    chosen = sorted(rng.sample(words, rng.randint(50, 600)))
    answers = [rng.random() < 0.3 for _ in chosen]
    for codec, routine in ROUTINES:
        unpack_on_6502(unpacker, codec, routine, chosen, answers)


def test_real_list_in_place(unpacker, real_list):
    """The default lists, with the blob overlapping the table as in the game: exact table."""
    words, answers = real_list
    blob = pack.encode("ctxhuff", words, answers)
    blob_addr = TOP - len(blob)
    assert blob_addr < TABLE_ADDR + 30_386  # the table grows into the blob's space
    assert pack.inplace_margin("ctxhuff", blob, table_addr=TABLE_ADDR, index_addr=INDEX_ADDR,
                               blob_addr=blob_addr) >= 0
    run = unpack_on_6502(unpacker, "ctxhuff", "dict_unpack", words, answers, blob_addr)
    assert 100 <= len(run.progress) <= 1000


def test_real_list_without_the_move(unpacker, real_list):
    words, answers = real_list
    blob = pack.encode("ctxhuff", words, answers)
    blob_addr = TOP - pack.ctxhuff_work_bytes(blob) - 0x100 - len(blob)
    unpack_on_6502(unpacker, "ctxhuff", "dict_unpack_in_place", words, answers, blob_addr,
                   in_place=True)


def test_seed_real_list(unpacker, real_list):
    words, answers = real_list
    unpack_on_6502(unpacker, "seed", "dict_unpack_seed", words, answers,
                   blob_addr=0x9000)  # the seed blob does not fit in place: away from it


@pytest.mark.parametrize("codec,routine", ROUTINES)
def test_odd_table_address(unpacker, real_list, codec, routine):
    """Entries starting at an odd address (the decoder walks them with an even offset)."""
    words, answers = real_list
    unpack_on_6502(unpacker, codec, routine, words[:700], answers[:700],
                   table_addr=TABLE_ADDR + 1)


def test_in_place_blob_ending_on_a_page(unpacker, real_list):
    words, answers = real_list
    words, answers = words[:900], answers[:900]
    blob = pack.encode("ctxhuff", *pack.normalise(words, answers))
    unpack_on_6502(unpacker, "ctxhuff", "dict_unpack_in_place", words, answers,
                   blob_addr=0xB000 - len(blob), in_place=True)


def test_seed_margin_keeps_the_overflow_list_until_its_prefix(unpacker):
    """dict_unpack_seed reads an overflow record (a prefix of 256+ words) when the walk reaches
    that prefix: a late one (ZZ) must outlive every table write before it. The model's margin
    is exact: at margin 0 the 6502 reproduces the table, 3 bytes lower it overwrites the record."""
    letters = string.ascii_lowercase
    words = [a + b + c + "ab" for a in letters[:25] for b in letters[:20] for c in "aeiou"]
    words += ["zz" + a + b + "a" for a in letters[:15] for b in letters[:20]]   # 300 words
    answers = [i % 3 == 0 for i in range(len(words))]
    words, answers = pack.normalise(words, answers)
    blob = pack.encode("seed", words, answers)
    probe = TOP - len(blob)
    spare = pack.inplace_margin("seed", blob, table_addr=TABLE_ADDR, index_addr=INDEX_ADDR,
                                blob_addr=probe)
    tight = probe - spare
    assert tight + 676 < TABLE_ADDR + 676 + 2 * len(words)  # the table runs over the record
    unpack_on_6502(unpacker, "seed", "dict_unpack_seed", words, answers, blob_addr=tight)
    run = pack.run_unpacker(Machine.from_files(*unpacker), "dict_unpack_seed", blob,
                            table_addr=TABLE_ADDR, index_addr=INDEX_ADDR, blob_addr=tight - 3)
    assert run.table != pack.build_table(words, answers)


@pytest.mark.parametrize("codec, routine", ROUTINES)
def test_the_compiled_core_and_py65_unpack_alike(unpacker, codec, routine):
    words = SYNTHETIC["one huge group"][:300] + ["abbey", "zzzzz"]
    words, answers = pack.normalise(words, [i % 3 == 0 for i in range(len(words))])
    blob = pack.encode(codec, words, answers)
    runs, memories = [], []
    for engine in ("compiled", "py65"):
        machine = Machine.from_files(*unpacker)
        runs.append(pack.run_unpacker(machine, routine, blob, table_addr=TABLE_ADDR,
                                      index_addr=INDEX_ADDR, blob_addr=TOP - len(blob),
                                      engine=engine))
        memories.append(bytes(machine.memory))
    assert runs[0].table == pack.build_table(words, answers)
    assert runs[0].cycles == runs[1].cycles and runs[0].progress == runs[1].progress
    assert memories[0] == memories[1]
