"""The 6502 unpackers under emulation: assembled alone, run on a blob, benchmarked."""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from wordle64.errors import Wordle64Error
from wordle64.io import write_json
from wordle64.toolchain import run_tool

log = logging.getLogger(__name__)
from wordle64.pack.codecs import encode
from wordle64.pack.ctxhuff import ctxhuff_work_bytes
from wordle64.pack.inplace import inplace_margin
from wordle64.pack.table import PREFIXES, build_index, build_table, read_words_tsv

# ---- the 6502 unpackers under emulation ------------------------------------------------------

# A minimal ld65 map for unpack.s on its own (tests and the benchmark): the game's map is
# workflow/asm/wordle64.cfg (the build helper's); this one only needs code, tables and variables.
UNPACK_ALONE_CFG = """\
MEMORY {
    ZP:       file = "", start = $0002, size = $008E;
    LOADADDR: file = %O, start = $07FF, size = $0002;
    MAIN:     file = %O, start = $0801, size = $17FF;
    BSSRAM:   file = "", start = $033C, size = $00C0;
}
SEGMENTS {
    ZEROPAGE: load = ZP,       type = zp;
    LOADADDR: load = LOADADDR, type = ro;
    CODE:     load = MAIN,     type = ro;
    RODATA:   load = MAIN,     type = ro;
    DATA:     load = MAIN,     type = rw;
    INIT:     load = MAIN,     type = ro;
    BSS:      load = BSSRAM,   type = bss;
}
"""


def assemble_unpacker(asm_dir: Path, workdir: Path) -> tuple[Path, Path]:
    """Assemble the decoders alone with ca65/ld65: workflow/asm/seed/unpack_seed.s, which
    includes unpack.s, so the PRG holds dict_unpack, dict_unpack_in_place and dict_unpack_seed
    (the game links only unpack.s). Returns (PRG, ld65 -Ln labels)."""

    workdir = Path(workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    (workdir / "alone.cfg").write_text(UNPACK_ALONE_CFG)
    (workdir / "loadaddr.s").write_text('.segment "LOADADDR"\n.word $0801\n')
    commands = [
        ["ca65", "-g", "-I", str(asm_dir), "-o", str(workdir / "unpack.o"),
         str(Path(asm_dir) / "seed" / "unpack_seed.s")],
        ["ca65", "-o", str(workdir / "loadaddr.o"), str(workdir / "loadaddr.s")],
        ["ld65", "-C", str(workdir / "alone.cfg"), "-o", str(workdir / "unpack.prg"),
         "-Ln", str(workdir / "unpack.lbl"), str(workdir / "unpack.o"),
         str(workdir / "loadaddr.o")],
    ]
    for command in commands:
        run_tool(command, f"{command[0]} {Path(command[-1]).name}")
    return workdir / "unpack.prg", workdir / "unpack.lbl"


@dataclass
class UnpackRun:
    table: bytes
    index: bytes
    cycles: int
    progress: list[int]  # the A values the progress hook saw


def run_unpacker(machine, routine: str, blob: bytes, *, table_addr: int, index_addr: int,
                 blob_addr: int, max_cycles: int = 40_000_000,
                 engine: str = "compiled") -> UnpackRun:
    """Run a 6502 unpacker (wordle64.c64.emu.Machine with unpack.s loaded) on a blob; return
    what it wrote, its cycles and the progress values it reported (`engine`: Machine.call's)."""
    words = int.from_bytes(blob[:2], "little") if routine != "dict_unpack_seed" else None
    machine.write(blob_addr, blob)
    machine.write_word("unpack_src", blob_addr)
    machine.write_word("unpack_dst", table_addr)
    machine.write_word("unpack_index", index_addr)
    progress: list[int] = []
    machine.traps[machine.addr("unpack_progress_hook")] = lambda m: progress.append(m.mpu.a)
    result = machine.call(routine, max_cycles=max_cycles, engine=engine)
    index = machine.read(index_addr, 2 * (PREFIXES + 1))
    if words is None:
        words = int.from_bytes(index[-2:], "little")
    return UnpackRun(machine.read(table_addr, PREFIXES + 2 * words), index, result.cycles,
                     progress)


def bench_unpack(words: Sequence[str], answers: Sequence[bool], prg: Path,
                 labels: Path) -> dict:
    """Cycles of the 6502 unpackers (the decoders' PRG and labels: assemble_unpacker, i.e.
    results/build/unpack-seed.prg) on a word list, blob at the top of RAM, checked against the
    Python table; for results/bench/unpack.json."""
    from wordle64.c64.emu import Machine, cycles_to_seconds

    prg, labels = Path(prg), Path(labels)
    table, index = build_table(words, answers), build_index(words)
    index_addr = 0x3000
    out = {"words": len(words), "answers": sum(answers), "routines": {}}
    runs = [("ctxhuff", "dict_unpack", False), ("ctxhuff", "dict_unpack_in_place", True),
            ("seed", "dict_unpack_seed", False)]
    blobs = {codec: encode(codec, words, answers) for codec in ("ctxhuff", "seed")}
    for codec, routine, in_place in runs:
        blob = blobs[codec]
        # ctxhuff writes the answer and lookup indexes after the word index; seed only the latter
        table_addr = index_addr + (3 if codec == "ctxhuff" else 1) * len(index)
        top = 0xD000 - (ctxhuff_work_bytes(blob) + 0x100 if in_place else 0)
        blob_addr = top - len(blob)
        margin = inplace_margin(codec, blob, table_addr=table_addr, index_addr=index_addr,
                                blob_addr=blob_addr, in_place=in_place)
        run = run_unpacker(Machine.from_files(prg, labels), routine, blob,
                           table_addr=table_addr, index_addr=index_addr, blob_addr=blob_addr)
        out["routines"][routine] = {
            "codec": codec, "blob_bytes": len(blob), "blob_addr": f"${blob_addr:04X}",
            "table_ok": run.table == table and run.index == index,
            "cycles": run.cycles, "cycles_per_word": round(run.cycles / max(len(words), 1), 1),
            "seconds": cycles_to_seconds(run.cycles), "progress_calls": len(run.progress),
            "inplace_margin": margin,
        }
    out["decoders_prg_bytes"] = prg.stat().st_size - 2  # ctxhuff + seed (the game: ctxhuff)
    out["emulator"] = bench_engines(blobs["ctxhuff"], prg, labels, index_addr + 3 * len(index),
                                    index_addr)
    return out


COMPILED_RUNS = 5


def bench_engines(blob: bytes, prg: Path, labels: Path, table_addr: int,
                  index_addr: int) -> dict:
    """Wall time of dict_unpack on a ctxhuff blob on the compiled core (already loaded by
    bench_unpack's runs) and on py65 stepping: the emulators' speed in 6502 cycles a second,
    and that both wrote the same table and cycles. The compiled run takes a few hundredths
    of a second, so it is timed COMPILED_RUNS times and the fastest counts."""
    from wordle64.c64.emu import Machine

    where = {"table_addr": table_addr, "index_addr": index_addr, "blob_addr": 0xD000 - len(blob)}

    def timed(engine: str) -> tuple[UnpackRun, float]:
        machine = Machine.from_files(prg, labels)
        started = time.perf_counter()
        run = run_unpacker(machine, "dict_unpack", blob, engine=engine, **where)
        return run, time.perf_counter() - started

    fast, fast_s = min((timed("compiled") for _ in range(COMPILED_RUNS)), key=lambda r: r[1])
    slow, slow_s = timed("py65")
    return {
        "routine": "dict_unpack", "cycles": fast.cycles,
        "same_result": fast.table == slow.table and fast.cycles == slow.cycles,
        "compiled_seconds": round(fast_s, 3), "py65_seconds": round(slow_s, 3),
        "compiled_cycles_per_second": round(fast.cycles / fast_s),
        "py65_cycles_per_second": round(slow.cycles / slow_s),
        "speedup": round(slow_s / fast_s, 1),
    }


def check_bench(result: dict) -> None:
    """A benchmark of a wrong result is no benchmark: Wordle64Error when a routine's table or
    index differs from the pack stage's."""
    wrong = [name for name, run in result["routines"].items() if not run["table_ok"]]
    if wrong:
        raise Wordle64Error(f"unpack benchmark: {', '.join(wrong)} did not reproduce the table "
                            f"and index byte for byte (see the JSON written beside it)")


def bench_unpack_stage(words_tsv: str | Path, prg: str | Path, labels: str | Path,
                       out_path: str | Path) -> dict:
    """Rule bench_unpack: bench_unpack on words.tsv, written to results/bench/unpack.json."""
    words, answers = read_words_tsv(Path(words_tsv))
    result = bench_unpack(words, answers, Path(prg), Path(labels))
    check_bench(result)
    write_json(out_path, result)
    return result

