"""Build stage: assemble workflow/asm/*.s with ca65, link with ld65, prove the layout fits.

The PRG ends with the compressed dictionary blob; at start-up dict_init moves the blob up to end
on a page ``DICT_WORK_BYTES`` (the ctxhuff decoder's work area, pack.ctxhuff_work_bytes, passed
to ca65 with -D, as is ``DICT_CHECKPOINTS``, the checkpoints in the blob's trailer) below
``__DICT_END__`` ($D000) and unpacks it forwards with dict_unpack_in_place into the RAM it
was loaded into (index, answer index, table). `check_fit`
proves that the table's write pointer never overtakes the blob's read pointer, with the codec's
in-place check (wordle64.pack.inplace_margin); `fit_shortfalls` gathers every constraint on the
linked layout (table end, in-place spare, Absurdle's scratch, the statistics buffer, the packed
code's copy) and, when any misses, `fit_error` names how many words must go for all of them to
hold at once: the linear ones computed (wordle64.pack.fit), then checked by re-encoding the list
without those words and relinking, more words until every check passes. `build_decoders` links
the validation-only PRG of the decoders (ctxhuff and the seed baseline,
workflow/asm/seed/unpack_seed.s), which the game does not carry.
"""

from __future__ import annotations

import functools
import shutil
import tempfile
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Callable

from wordle64 import pack
from wordle64.pack import fit
from wordle64.c64.emu import parse_labels
from wordle64.c64.prg import linked_end
from wordle64.errors import Wordle64Error
from wordle64.io import write_json
from wordle64.toolchain import assemble_and_link as link_program

TAPE_HEADER_SECONDS = 17.25      # standard KERNAL tape: leader, header block and gaps
TAPE_SECONDS_PER_BYTE = 0.01913  # every byte recorded twice (wordle64.media's pulse model)
PREFIXES = 676
INDEX_BYTES = (PREFIXES + 1) * 2

# (table address, index address, blob address) -> spare bytes of the in-place unpack (>= 0 fits)
SpareFunction = Callable[[int, int, int], int]


@dataclass(frozen=True)
class Layout:
    """Where everything lands, in bytes and addresses (written to results/build/layout.json)."""

    prg_bytes: int             # the file as shipped (code image packed)
    linked_bytes: int          # the file as linked (code image plain)
    image_bytes: int           # code, read-only data, data, charset: stored packed
    packed_bytes: int          # ... their LZ stream, with INIT's (wordle64.lz; 0 = plain)
    code_end: int              # first byte after the program image before the blob
    blob_load: int
    blob_bytes: int
    blob_moved: int            # where dict_init moves the blob (its work area follows it)
    charset_run: int           # where dict_relocate copies the charset (CHARRAM)
    dict_index: int
    dict_answer_index: int
    dict_table: int
    table_bytes: int
    table_end: int
    dict_end: int
    free_after_table: int      # bytes between the table and dict_end once the blob is used up
    inplace_spare: int         # smallest gap between the blob's read pointer and a table write
    bss_bytes: int
    bss_free: int
    tape_load_seconds: float


def trailer_checkpoints(blob: bytes) -> int:
    """DICT_CHECKPOINTS for ca65: K of the blob's checkpoint trailer (pack.ctxhuff), or 0 for
    a blob without one (an empty list; the tests' stand-ins: their PRGs never run dict_start)."""
    try:
        return pack.checkpoint_count(blob)
    except Wordle64Error:
        return 0


def dict_checkpoints(codec: str, blob: bytes) -> int:
    """DICT_CHECKPOINTS of a codec's blob: the ctxhuff trailer's K; 0 for the seed codec."""
    return trailer_checkpoints(blob) if codec == "ctxhuff" else 0


def assemble_and_link(asm_dir: Path, config: Path, blob: Path, out_prg: Path, out_labels: Path,
                      out_map: Path, log=None, work_bytes: int | None = None,
                      checkpoints: int | None = None) -> None:
    """ca65 every asm_dir/*.s (with -g, so the label file names every label), ld65 them.

    The blob is found by `.incbin "blob.bin"` through --bin-include-dir, so its directory is
    given here and its name must be blob.bin. `work_bytes` (default: read from the ctxhuff
    blob's header) is the decoder's work area, DICT_WORK_BYTES in dict.s; `checkpoints`
    the number of checkpoints in its trailer, DICT_CHECKPOINTS (default: read from the trailer,
    0 for a blob without one: the asm tests' stand-ins).
    """
    sources = sorted(asm_dir.glob("*.s"))
    if not sources:
        raise Wordle64Error(f"{asm_dir}: no .s files to assemble")
    if blob.name != "blob.bin":
        raise Wordle64Error(f"{blob}: dict.s includes blob.bin; pass a file of that name")
    if checkpoints is None:
        checkpoints = trailer_checkpoints(blob.read_bytes())
    if work_bytes is None:
        work_bytes = pack.ctxhuff_work_bytes(blob.read_bytes())
    link_program(sources, config, out_prg, labels=out_labels, map_file=out_map, log=log,
                      options=["-I", str(asm_dir), "--bin-include-dir", str(blob.parent),
                               "-D", f"DICT_WORK_BYTES={work_bytes}",
                               "-D", f"DICT_CHECKPOINTS={checkpoints}"])


def codec_spare(codec: str, blob: bytes, table_bytes: int) -> tuple[SpareFunction, str]:
    """The codec's exact in-place check (wordle64.pack.inplace_margin, as dict_init runs it:
    dict_unpack_in_place)."""
    def spare(table_addr: int, index_addr: int, blob_addr: int) -> int:
        return pack.inplace_margin(codec, blob, table_addr=table_addr, index_addr=index_addr,
                                   blob_addr=blob_addr, in_place=True)
    return spare, f"wordle64.pack.inplace_margin ({codec}, in place)"


def pack_image(prg: bytes, labels: dict[str, int], check: bool = True) -> tuple[bytes, int]:
    """The PRG with its code image (__CODE_LOAD__ to __BLOB_LOAD__) and its start-up code
    (INIT, after the blob) LZ-packed as one stream of two parts in the image's place, the blob
    after it, and depack_packed_bytes patched (depack.s undoes it at start-up); returns (PRG,
    packed bytes), or the PRG as it is and 0 when the stream is longer than the image. Checks
    the round trip and (check=True) that the stream's copy above INIT stays below __DICT_END__
    (the build's prove_fit has already named the words to remove if it does not)."""
    from wordle64 import lz

    def offset(name: str) -> int:
        if name not in labels:
            raise Wordle64Error(f"the label file has no {name}: is depack.s linked?")
        return labels[name] - labels["__LOADADDR__"] + 2

    image_start, image_end = offset("__CODE_LOAD__"), offset("__BLOB_LOAD__")
    init_start = offset("__INIT_LOAD__")
    init_end = init_start + labels["__INIT_SIZE__"]
    if init_end != len(prg):
        raise Wordle64Error("INIT must end the PRG: depack.s decodes it after the blob")
    parts = [prg[image_start:image_end], prg[init_start:init_end]]
    packed = lz.pack_parts(parts)
    if lz.unpack_parts(packed, [len(part) for part in parts]) != parts:
        raise Wordle64Error("the LZ packer does not round-trip the code image and INIT")
    if len(packed) > len(parts[0]):    # depack.s moves the blob up over the image's place
        return prg, 0                   # (from the stream's end): a longer stream stays plain
    copy_end = linked_end(labels) + len(packed)
    if check and copy_end > labels["__DICT_END__"]:
        raise Wordle64Error(f"the packed code does not fit by {copy_end - labels['__DICT_END__']}"
                            f" bytes above the blob at start-up")
    head = bytearray(prg[:image_start])
    patch = offset("depack_packed_bytes")
    head[patch:patch + 2] = len(packed).to_bytes(2, "little")
    return bytes(head) + packed + prg[image_end:init_start], len(packed)


def _dict_label(labels: dict[str, int], name: str) -> int:
    """A label dict.s defines; a Wordle64Error when the label file lacks it."""
    if name not in labels:
        raise Wordle64Error(f"the label file has no {name}: is dict.s linked?")
    return labels[name]


def check_fit(labels: dict[str, int], prg_bytes: int, table_bytes: int,
              spare_of: SpareFunction, margin: int = 0) -> Layout:
    """The memory layout of a linked PRG, or a Wordle64Error saying by how many bytes it misses.

    `spare_of(table, index, blob)` is the codec's smallest gap between the blob's read pointer
    and the unpacker's writes, for the blob where dict_init moves it; it must be >= margin.
    """
    need = functools.partial(_dict_label, labels)
    blob_load, blob_bytes = need("__BLOB_LOAD__"), need("__BLOB_SIZE__")
    dict_end, dict_table, dict_index = need("__DICT_END__"), need("dict_table"), need("dict_index")
    blob_moved = need("dict_blob_moved")
    table_end = dict_table + table_bytes
    if table_end > dict_end:
        raise Wordle64Error(
            f"the dictionary does not fit by {table_end - dict_end} bytes: the table "
            f"(${dict_table:04X}-${table_end - 1:04X}, {table_bytes} bytes) runs past "
            f"${dict_end:04X}")
    spare = spare_of(dict_table, dict_index, blob_moved)
    if spare < margin:
        raise Wordle64Error(
            f"the dictionary does not fit by {margin - spare} bytes: unpacking in place, the "
            f"table would overtake the blob being read (blob moved to ${blob_moved:04X}, "
            f"table at ${dict_table:04X}); shrink the code or the word lists")
    bss_size, bss_area = labels.get("__BSS_SIZE__", 0), labels.get("__BSSRAM_SIZE__", 0)
    image = blob_load - labels.get("__CODE_LOAD__", blob_load)
    return Layout(
        prg_bytes=prg_bytes, linked_bytes=prg_bytes, image_bytes=image, packed_bytes=0,
        code_end=blob_load, blob_load=blob_load, blob_bytes=blob_bytes,
        blob_moved=blob_moved, charset_run=labels.get("__CHARSET_RUN__", 0),
        dict_index=dict_index,
        dict_answer_index=need("dict_answer_index"), dict_table=dict_table,
        table_bytes=table_bytes, table_end=table_end, dict_end=dict_end,
        free_after_table=dict_end - table_end, inplace_spare=spare,
        bss_bytes=bss_size, bss_free=bss_area - bss_size,
        tape_load_seconds=tape_seconds(prg_bytes))


def check_absurdle_fit(labels: dict[str, int], table: bytes) -> int:
    """Bytes to spare for the Absurdle mode (absurdle.s): its bitmap (answers / 8 + 1 bytes) and
    feedback bytes (one per answer) follow the table and must end below ABSRAM; a Wordle64Error
    names the bytes missing. 0 spare when the PRG has no Absurdle mode."""
    if "__ABSRAM_START__" not in labels:
        return 0
    answers = count_answers(table)
    end = labels["dict_table"] + len(table) + answers // 8 + 1 + answers
    spare = labels["__ABSRAM_START__"] - end
    if spare < 0:
        raise Wordle64Error(f"the Absurdle mode does not fit by {-spare} bytes: its bitmap and "
                            f"feedback bytes for {answers} answers end at ${end:04X}, above "
                            f"ABSRAM (${labels['__ABSRAM_START__']:04X})")
    return spare


def check_persist_fit(labels: dict[str, int], table_bytes: int) -> int:
    """Bytes between the dictionary table's end and the statistics file's buffer (persist.s,
    used after start-up, above the table); a Wordle64Error names the bytes missing. 0 spare when
    the PRG keeps no statistics file."""
    if "persist_buffer" not in labels:
        return 0
    end = labels["dict_table"] + table_bytes
    spare = labels["persist_buffer"] - end
    if spare < 0:
        raise Wordle64Error(f"the statistics file's buffer does not fit by {-spare} bytes: the "
                            f"dictionary table ends at ${end:04X}, above the buffer at "
                            f"${labels['persist_buffer']:04X} (persist.s)")
    return spare


def count_answers(table: bytes) -> int:
    entries = table[PREFIXES:]
    return sum(entries[i] & 1 for i in range(0, len(entries), 2))


def fit_shortfalls(labels: dict[str, int], table: bytes, spare_of: SpareFunction, margin: int,
                   code_bytes: int) -> dict[str, int]:
    """Every constraint on a linked layout that misses, named, with the bytes it misses by:
    the table below __DICT_END__ and the statistics buffer, Absurdle's scratch below ABSRAM
    (wordle64.pack.fit.linear_shortfalls), the in-place unpack's spare (spare_of, >= margin),
    the start-up code INIT below the moved blob, and the copy of the packed code (`code_bytes`: its LZ stream, or an upper bound) above the
    blob at start-up below __DICT_END__ (pack_image). Empty when everything fits."""
    for name in ("dict_table", "dict_index", "dict_blob_moved", "__DICT_END__", "__BLOB_LOAD__",
                 "__BLOB_SIZE__"):
        _dict_label(labels, name)
    room = fit.Room(labels["dict_table"], labels["__DICT_END__"], labels.get("persist_buffer"),
                    labels.get("__ABSRAM_START__"))
    out = fit.linear_shortfalls(room, (len(table) - PREFIXES) // 2, count_answers(table))
    spare = spare_of(labels["dict_table"], labels["dict_index"], labels["dict_blob_moved"])
    if spare < margin:
        out[f"the in-place unpack is {margin - spare:,} B short (the table would overtake the "
            f"blob being read, moved to ${labels['dict_blob_moved']:04X})"] = margin - spare
    if "__INIT_LOAD__" in labels:
        init_over = linked_end(labels) - labels["dict_blob_moved"]
        if init_over > 0:
            out[f"the start-up code after the loaded blob (INIT) runs {init_over:,} B into the "
                f"blob moved to ${labels['dict_blob_moved']:04X}"] = init_over
    copy_over = code_copy_over(labels, code_bytes)
    if copy_over > 0:
        out[f"the packed code's copy above the blob runs {copy_over:,} B past "
            f"${labels['__DICT_END__']:04X}"] = copy_over
    return out


def code_copy_over(labels: dict[str, int], code_bytes: int) -> int:
    """Bytes by which the packed code's copy above the blob at start-up (pack_image) runs past
    __DICT_END__ (<= 0: it fits; 0 when the code is stored plain, code_bytes = 0)."""
    if not code_bytes:
        return 0
    return linked_end(labels) + code_bytes - labels["__DICT_END__"]


@dataclass(frozen=True)
class Relink:
    """What relinking the game with another word list needs (build's arguments)."""

    asm_dir: Path
    config: Path
    codec: str
    margin: int
    code_bytes: int


def relinked_shortfalls(how: Relink, words: list[str], answers: list[bool]) -> dict[str, int]:
    """fit_shortfalls of the game relinked with `words`: the real encoder, assembler, linker."""
    blob = pack.encode(how.codec, words, answers)
    with tempfile.TemporaryDirectory(prefix="wordle64-fit-") as work:
        folder = Path(work)
        (folder / "blob.bin").write_bytes(blob)
        assemble_and_link(how.asm_dir, how.config, folder / "blob.bin", folder / "t.prg",
                          folder / "t.lbl", folder / "t.map",
                          checkpoints=dict_checkpoints(how.codec, blob))
        labels = parse_labels((folder / "t.lbl").read_text(), str(folder / "t.lbl"))
    spare_of, _ = codec_spare(how.codec, blob, 0)
    return fit_shortfalls(labels, pack.build_table(words, answers), spare_of, how.margin,
                          how.code_bytes)


def fit_error(labels: dict[str, int], missed: dict[str, int], how: Relink, words: list[str],
              answers: list[bool], frequencies: dict[str, int], source: str) -> Wordle64Error:
    """The one-line error for a layout that misses: how many words (removed in
    pack.fit.removal_order) make every check pass at once. The linear constraints give a
    first count (exact for them); it is then checked, and raised until it passes, by
    re-encoding the list without those words and relinking (relinked_shortfalls)."""
    order = fit.removal_order(words, answers, frequencies)
    room = fit.Room(labels["dict_table"], labels["__DICT_END__"], labels.get("persist_buffer"),
                    labels.get("__ABSRAM_START__"))
    start = fit.linear_removals(room, len(words), sum(answers), [answers[i] for i in order])

    def shortfall(count: int) -> int:
        gone = set(order[:count])
        kept = [i for i in range(len(words)) if i not in gone]
        found = relinked_shortfalls(how, [words[i] for i in kept], [answers[i] for i in kept])
        return max(found.values(), default=0)

    count = fit.search_removals(shortfall, start, len(words))
    return Wordle64Error(fit.fit_message(
        len(words), sum(answers), count, list(missed),
        fit.which_words(words, answers, frequencies, order, count, source),
        "checked: re-encoded without them and relinked, every fit check passes"))


def list_of(blob: bytes, codec: str, words_tsv: str | Path | None
            ) -> tuple[list[str], list[bool], dict[str, int], str]:
    """The word list the blob was packed from, its frequencies and its name for messages:
    words.tsv when given, else the blob decoded (no frequencies)."""
    if words_tsv is not None:
        words, answers = pack.read_words_tsv(Path(words_tsv))
        return words, answers, fit.read_frequencies(words_tsv), str(words_tsv)
    unpacked = pack.decode(codec, blob)
    words, answers = pack.table_words(unpacked.table, unpacked.index)
    return words, answers, {}, "the blob's list"


def prove_fit(labels: dict[str, int], prg: bytes, table: bytes, blob: bytes,
              spare_of: SpareFunction, how: Relink, words_tsv: str | Path | None) -> None:
    """Raise fit_error when any constraint of fit_shortfalls misses. The packed code is first
    bounded by the plain image (how.code_bytes); only if that bound misses is the image really
    LZ-packed (pack_image, seconds) to know its stream's size."""
    missed = fit_shortfalls(labels, table, spare_of, how.margin, how.code_bytes)
    if code_copy_over(labels, how.code_bytes) > 0:
        how = replace(how, code_bytes=pack_image(prg, labels, check=False)[1])
        missed = fit_shortfalls(labels, table, spare_of, how.margin, how.code_bytes)
    if missed:
        words, answers, frequencies, source = list_of(blob, how.codec, words_tsv)
        raise fit_error(labels, missed, how, words, answers, frequencies, source)


def tape_seconds(prg_bytes: int) -> float:
    """Standard KERNAL tape load, the model of wordle64.media (results/media/load-times.json
    measures it from the pulses)."""
    return round(TAPE_HEADER_SECONDS + TAPE_SECONDS_PER_BYTE * prg_bytes, 1)


def build(asm_dir: str | Path, config: str | Path, blob: str | Path, table: str | Path,
          out_prg: str | Path, out_labels: str | Path, out_map: str | Path,
          out_layout: str | Path, codec: str = "ctxhuff", margin: int = 0, log=None,
          words: str | Path | None = None) -> Layout:
    """Assemble, link and check the layout; writes the PRG, labels, map and layout.json.
    `words` (results/words/words.tsv, optional) names the words a failing fit asks to remove
    (rarest first); without it they come from the blob, ordered alphabetically."""
    out_prg, out_labels, out_map = Path(out_prg), Path(out_labels), Path(out_map)
    if codec != "ctxhuff":
        raise Wordle64Error(f"dict.codec {codec!r}: the game carries only the ctxhuff decoder "
                            f"(the seed decoder is in the validation PRG only)")
    table_bytes = Path(table).stat().st_size
    with tempfile.TemporaryDirectory(prefix="wordle64-link-") as work:
        staged = [Path(work) / p.name for p in (out_prg, out_labels, out_map)]
        assemble_and_link(Path(asm_dir), Path(config), Path(blob), *staged, log=log,
                          checkpoints=dict_checkpoints(codec, Path(blob).read_bytes()))
        labels = parse_labels(staged[1].read_text(), str(out_labels))
        spare_of, how = codec_spare(codec, Path(blob).read_bytes(), table_bytes)
        if log:
            print(f"in-place check: {how}", file=log)
        image = (labels.get("__BLOB_LOAD__", 0) - labels.get("__CODE_LOAD__",
                                                             labels.get("__BLOB_LOAD__", 0))
                 + labels.get("__INIT_SIZE__", 0))     # the stream's bound: packed with INIT
        prove_fit(labels, staged[0].read_bytes(), Path(table).read_bytes(),
                  Path(blob).read_bytes(), spare_of,
                  Relink(Path(asm_dir), Path(config), codec, margin, image), words)
        layout = check_fit(labels, staged[0].stat().st_size, table_bytes, spare_of, margin)
        absurdle_spare = check_absurdle_fit(labels, Path(table).read_bytes())
        persist_spare = check_persist_fit(labels, table_bytes)
        if log:
            print(f"absurdle: {absurdle_spare} bytes to spare below ABSRAM; statistics buffer: "
                  f"{persist_spare} bytes above the table", file=log)
        shipped, packed = pack_image(staged[0].read_bytes(), labels)
        staged[0].write_bytes(shipped)
        layout = replace(layout, prg_bytes=len(shipped), packed_bytes=packed,
                         tape_load_seconds=tape_seconds(len(shipped)))
        for made, final in zip(staged, (out_prg, out_labels, out_map)):
            final.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(made, final)
    write_json(out_layout, {**asdict(layout), "inplace_check": how})
    return layout


def build_stage(asm_dir: str | Path, config: str | Path, blob: str | Path, table: str | Path,
                out_prg: str | Path, out_labels: str | Path, out_map: str | Path,
                out_layout: str | Path, *, codec: str, margin: int, log_path: str | Path,
                words: str | Path | None = None) -> Layout:
    """Rule build: `build`, with ca65's and ld65's output appended to the rule's log."""
    with open(log_path, "a") as tool_log:
        return build(asm_dir, config, blob, table, out_prg, out_labels, out_map, out_layout,
                     codec=codec, margin=margin, log=tool_log, words=words)


def build_decoders_stage(asm_dir: str | Path, out_prg: str | Path, out_labels: str | Path, *,
                         log_path: str | Path) -> int:
    """Rule build_decoders: `build_decoders`, the tools' output appended to the rule's log."""
    with open(log_path, "a") as tool_log:
        return build_decoders(asm_dir, out_prg, out_labels, log=tool_log)


def build_decoders(asm_dir: str | Path, out_prg: str | Path, out_labels: str | Path,
                   log=None) -> int:
    """Link the validation-only PRG of the decoders (pack.assemble_unpacker: ctxhuff and the
    seed baseline); returns its size in bytes. The unpack validation, the unpack benchmark and
    the tests run dict_unpack_seed from it: the game does not carry it."""
    with tempfile.TemporaryDirectory(prefix="wordle64-decoders-") as work:
        prg, labels = pack.assemble_unpacker(Path(asm_dir), Path(work))
        for made, final in ((prg, Path(out_prg)), (labels, Path(out_labels))):
            final.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(made, final)
    if log:
        print(f"decoders PRG: {Path(out_prg).stat().st_size} bytes", file=log)
    return Path(out_prg).stat().st_size
