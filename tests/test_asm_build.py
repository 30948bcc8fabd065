"""The build (wordle64.build): linking, the memory-fit check, the blob move and dict_init."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from wordle64 import pack
from wordle64.build import assemble_and_link, build, build_decoders, check_fit
from wordle64.c64.emu import STACK_PAGE, Machine, changed_outside
from wordle64.errors import Wordle64Error
from wordle64.validate_dict import answer_index, lookup_index

ROOT = Path(__file__).resolve().parents[1]
ASM = ROOT / "workflow" / "asm"
CORE_MODULES = ("basic_stub.s", "depack.s", "dict.s", "unpack.s", "scan.s", "lookup.s",
                "words.s", "score.s", "rng.s", "date.s")

pytestmark = pytest.mark.skipif(shutil.which("ca65") is None, reason="cc65 is not installed")

MAIN_STUB = """
.export main
.segment "CODE"
main:   rts
.segment "CHARSET"
        .repeat 64, i
        .byte   i, i, i, i, $FF - i, $FF - i, $FF - i, $FF - i
        .endrepeat
"""
CHARSET = bytes(b for i in range(64) for b in [i] * 4 + [255 - i] * 4)


WORK_BYTES = 0x0C40     # the decoder work area the test links leave above the moved blob
TOP = 0xC300            # (0xD000 - WORK_BYTES) & 0xFF00: where the moved blob ends


def link(work: Path, blob: bytes, real_unpack: bool = False,
         filler: int = 0) -> tuple[Path, Path]:
    """Link the core modules (+ stubs) with `blob`; `filler` bytes of RODATA grow the PRG.
    Garbage blobs get WORK_BYTES of work area; a real one (real_unpack) its header's."""
    asm = work / "asm"
    asm.mkdir(parents=True)
    if filler:
        (asm / "filler.s").write_text(f'.segment "RODATA"\n        .res {filler}\n')
    for name in CORE_MODULES:                   # the unpacker included (real_unpack: with a
        shutil.copy(ASM / name, asm / name)     # real blob's work area)
    for include in ASM.glob("*.inc"):
        shutil.copy(include, asm / include.name)
    (asm / "main_stub.s").write_text(MAIN_STUB)
    (work / "blob.bin").write_bytes(blob)
    prg, labels = work / "t.prg", work / "t.lbl"
    assemble_and_link(asm, ASM / "wordle64.cfg", work / "blob.bin", prg, labels, work / "t.map",
                      work_bytes=None if real_unpack else WORK_BYTES)
    return prg, labels


BLOB = bytes((i * 7 + 3) & 0xFF for i in range(5_000 + 37))    # not a whole number of pages


@pytest.fixture(scope="module")
def linked(tmp_path_factory) -> tuple[Path, Path]:
    return link(tmp_path_factory.mktemp("build"), BLOB)


def test_the_blob_then_the_start_up_code_end_the_prg(linked):
    prg = linked[0].read_bytes()
    labels = Machine.from_files(*linked).labels
    blob_at = labels["__BLOB_LOAD__"] - 0x0801 + 2
    assert prg[blob_at:blob_at + len(BLOB)] == BLOB
    assert labels["__INIT_LOAD__"] == labels["__BLOB_LOAD__"] + len(BLOB)   # INIT right after
    assert labels["__INIT_LOAD__"] + labels["__INIT_SIZE__"] == 0x0801 + len(prg) - 2
    assert labels["dict_relocate"] in range(labels["__INIT_LOAD__"], 0x0801 + len(prg) - 2)


def test_move_blob_up_leaves_the_work_area_free_and_nothing_else(linked):
    machine = Machine.from_files(*linked)
    before = bytes(machine.memory)
    machine.call("move_blob_up", max_cycles=500_000)
    start = TOP - len(BLOB)
    assert machine.labels["dict_blob_moved"] == start
    assert machine.read(start, len(BLOB)) == BLOB
    zp = [range(machine.labels[n], machine.labels[n] + 2) for n in ("lz_src", "lz_dst", "lz_copy")]
    mover = range(machine.labels["depack_move_up"], machine.labels["__CODE_LOAD__"])  # operands
    assert changed_outside(before, bytes(machine.memory),
                           [STACK_PAGE, range(start, TOP), *zp, mover]) == []


def test_move_blob_up_handles_an_overlapping_move(tmp_path):
    """A blob so large that source and destination overlap must still arrive intact."""
    blob = bytes((i * 13 + 5) & 0xFF for i in range(30_000))
    machine = Machine.from_files(*link(tmp_path, blob))
    assert machine.labels["__BLOB_LOAD__"] + len(blob) > TOP - len(blob)
    machine.call("move_blob_up", max_cycles=2_000_000)
    assert machine.read(TOP - len(blob), len(blob)) == blob


def test_prg_has_no_charset_padding_and_relocation_copies_it(linked):
    prg = linked[0].read_bytes()
    machine = Machine.from_files(*linked)
    charset_load = machine.labels["__CHARSET_LOAD__"]
    assert prg[2 + charset_load - 0x0801:][:len(CHARSET)] == CHARSET
    assert machine.labels["__BLOB_LOAD__"] == charset_load + len(CHARSET)   # no gap
    run = machine.labels["__CHARSET_RUN__"]
    assert run % 0x800 == 0 and 0x2000 <= run < 0x4000
    machine.call("dict_relocate", max_cycles=500_000)
    assert machine.memory[1] == 0x36
    assert machine.read(run, len(CHARSET)) == CHARSET
    assert machine.read(TOP - len(BLOB), len(BLOB)) == BLOB
    after_first = bytes(machine.memory)
    assert machine.call("dict_relocate").cycles < 50                 # once only
    assert changed_outside(after_first, bytes(machine.memory), [STACK_PAGE]) == []


def test_indexes_follow_the_charset_when_the_prg_leaves_no_room(tmp_path, linked):
    small_end = Machine.from_files(*linked).labels["__BLOB_LOAD__"]
    filler = 0x3400 - small_end                      # the PRG now ends at $3400
    machine = Machine.from_files(*link(tmp_path / "a", BLOB, filler=filler))
    labels = machine.labels
    assert labels["__BLOB_LOAD__"] == 0x3400
    charset_end = labels["__CHARSET_RUN__"] + len(CHARSET)
    assert labels["dict_index"] == charset_end
    assert labels["dict_lookup_index"] == charset_end + 2 * 1354
    assert labels["dict_table"] == charset_end + 3 * 1354
    # room below the charset for two indexes, not three: all three follow the charset (the
    # unpacker writes them one after the other)
    two_fit = link(tmp_path / "c", BLOB, filler=0x3800 - 3000 - small_end)
    labels = Machine.from_files(*two_fit).labels
    assert labels["__BLOB_LOAD__"] == 0x3800 - 3000
    assert labels["dict_index"] == charset_end
    assert labels["dict_table"] == charset_end + 3 * 1354
    three_fit = link(tmp_path / "d", BLOB, filler=0x3800 - 3 * 1354 - small_end)
    labels = Machine.from_files(*three_fit).labels
    assert labels["dict_index"] == labels["__BLOB_LOAD__"] == 0x3800 - 3 * 1354
    assert labels["dict_lookup_index"] == labels["dict_index"] + 2 * 1354
    assert labels["dict_table"] == charset_end
    with pytest.raises(Wordle64Error, match="reach CHARRAM"):        # code and data past $3800
        link(tmp_path / "b", BLOB, filler=0x3801 + len(CHARSET) - small_end)


def test_a_charset_load_image_reaching_into_charram_is_copied_intact(tmp_path, linked):
    """Code and data end below $3800 but the charset's load image overlaps its run address:
    dict_relocate moves the blob away first and copies the charset backwards, unharmed."""
    small_end = Machine.from_files(*linked).labels["__BLOB_LOAD__"]
    for overlap in (1, 0x101, len(CHARSET)):
        prg, labels = link(tmp_path / f"o{overlap}", BLOB, filler=0x3800 + overlap - small_end)
        machine = Machine.from_files(prg, labels)
        assert machine.labels["__CHARSET_LOAD__"] == 0x3800 + overlap - len(CHARSET)
        machine.call("dict_relocate", max_cycles=500_000)
        assert machine.read(0x3800, len(CHARSET)) == CHARSET, overlap
        machine.call("move_blob_rest", max_cycles=500_000)     # dict_start's, after the menu
        assert machine.read(TOP - len(BLOB), len(BLOB)) == BLOB, overlap


def layout_labels(blob_load: int, blob_bytes: int) -> dict[str, int]:
    index = blob_load
    return {"__BLOB_LOAD__": blob_load, "__BLOB_SIZE__": blob_bytes, "__DICT_END__": 0xD000,
            "dict_index": index, "dict_answer_index": index + 1354, "dict_table": index + 2708,
            "dict_blob_moved": TOP - blob_bytes}


def test_check_fit_reports_the_layout():
    layout = check_fit(layout_labels(0x2000, 14_000), 20_000, 30_386, lambda t, i, b: 777)
    assert layout.dict_table == 0x2000 + 2708
    assert layout.table_end == 0x2000 + 2708 + 30_386
    assert layout.blob_moved == TOP - 14_000
    assert layout.free_after_table == 0xD000 - layout.table_end
    assert layout.inplace_spare == 777
    assert layout.tape_load_seconds == round(17.25 + 0.01913 * 20_000, 1)


def test_check_fit_fails_by_how_many_bytes_the_table_overruns():
    labels = layout_labels(0x6000, 1_000)
    table_end = 0x6000 + 2708 + 30_386
    with pytest.raises(Wordle64Error, match=f"does not fit by {table_end - 0xD000} bytes"):
        check_fit(labels, 20_000, 30_386, lambda t, i, b: 0)


def test_check_fit_fails_by_how_many_bytes_the_inplace_unpack_misses():
    with pytest.raises(Wordle64Error, match="does not fit by 42 bytes: unpacking in place"):
        check_fit(layout_labels(0x2000, 14_000), 20_000, 30_386, lambda t, i, b: -42)
    with pytest.raises(Wordle64Error, match="does not fit by 10 bytes"):
        check_fit(layout_labels(0x2000, 14_000), 20_000, 30_386, lambda t, i, b: 90, margin=100)


def test_assembler_errors_name_the_file(tmp_path):
    asm = tmp_path / "asm"
    asm.mkdir()
    (asm / "broken.s").write_text("        lda     #\n")
    (tmp_path / "blob.bin").write_bytes(b"\0")
    with pytest.raises(Wordle64Error, match="ca65 broken.s failed: .*broken.s"):
        assemble_and_link(asm, ASM / "wordle64.cfg", tmp_path / "blob.bin", tmp_path / "x.prg",
                          tmp_path / "x.lbl", tmp_path / "x.map")


def test_dict_init_unpacks_the_real_blob(tmp_path, shared_data):
    """dict_init end to end with the codec's unpacker: table, index, answer index, counts."""
    words = sorted((shared_data / "wordle-list" / "words").read_text().split())
    answers = [sum(map(ord, w)) % 3 == 0 for w in words]
    table, index = pack.build_table(words, answers), pack.build_index(words)
    blob = pack.encode("ctxhuff", words, answers)
    machine = Machine.from_files(*link(tmp_path, blob, real_unpack=True))
    progress: list[int] = []
    machine.traps[machine.labels["unpack_progress_hook"]] = lambda m: progress.append(m.mpu.a)
    assert "dict_unpack_seed" not in machine.labels      # the baseline is validation-only
    machine.call("dict_init", max_cycles=30_000_000)
    assert machine.memory[1] == 0x36
    assert machine.read("dict_table", len(table)) == table
    assert machine.read("dict_index", len(index)) == index
    assert machine.read("dict_answer_index", len(index)) == answer_index(table, index)
    assert machine.read("dict_lookup_index", len(index)) == lookup_index(
        index, machine.labels["dict_table"])
    assert machine.read_word("dict_word_count") == len(words)
    assert machine.read_word("dict_answer_count") == sum(answers)
    assert progress and progress == sorted(progress)
    for word, answer in list(zip(words, answers))[::997]:      # and the lookup works on it
        machine.write("word_buf", [ord(c) - 97 for c in word])
        result = machine.call("dict_lookup", max_cycles=1_000)
        assert result.carry and result.a == int(answer), word


def test_the_decoders_prg_holds_what_the_game_leaves_out(tmp_path):
    size = build_decoders(ASM, tmp_path / "d.prg", tmp_path / "d.lbl")
    labels = Machine.from_files(tmp_path / "d.prg", tmp_path / "d.lbl").labels
    assert {"dict_unpack", "dict_unpack_in_place", "dict_unpack_seed"} <= set(labels)
    assert size == (tmp_path / "d.prg").stat().st_size


def test_the_game_build_refuses_the_seed_codec(tmp_path):
    with pytest.raises(Wordle64Error, match="only the ctxhuff decoder"):
        build(ASM, ASM / "wordle64.cfg", tmp_path / "blob.bin", tmp_path / "table.bin",
              tmp_path / "w.prg", tmp_path / "w.lbl", tmp_path / "w.map", tmp_path / "l.json",
              codec="seed")


def test_build_refuses_a_table_that_runs_into_the_statistics_buffer():
    from wordle64.build import check_persist_fit

    labels = {"dict_table": 0x4000, "persist_buffer": 0xC800}
    assert check_persist_fit(labels, 0xC800 - 0x4000) == 0
    with pytest.raises(Wordle64Error, match=r"does not fit by 3 bytes: .* ends at \$C803"):
        check_persist_fit(labels, 0xC800 - 0x4000 + 3)
    assert check_persist_fit({"dict_table": 0x4000}, 10**6) == 0      # no statistics file
