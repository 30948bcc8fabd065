"""Shared by the 6502 tests: link the core modules with stubs for the game and the unpacker."""

from __future__ import annotations

import shutil
from pathlib import Path

from wordle64.build import assemble_and_link

ASM = Path(__file__).resolve().parents[1] / "workflow" / "asm"
CORE_MODULES = ("basic_stub.s", "depack.s", "dict.s", "lookup.s", "words.s", "score.s", "rng.s",
                "date.s")

# Stand-ins for the game's `main` and the unpacker, so the core routines link on their own.
STUBS = """
.include "globals.inc"
.export main
.segment "ZEROPAGE"
unpack_src:     .res 2
unpack_dst:     .res 2
unpack_index:   .res 2
.segment "CODE"
main:
dict_unpack:
dict_unpack_in_place:
unpack_progress_hook:
        rts
"""


def link_core(work: Path, blob: bytes, modules: tuple[str, ...] = CORE_MODULES,
              **link_options) -> tuple[Path, Path]:
    """Assemble `modules` + the stubs with the real linker config; returns (prg, labels)."""
    asm = work / "asm"
    asm.mkdir()
    for name in modules:
        shutil.copy(ASM / name, asm / name)
    for include in ASM.glob("*.inc"):
        shutil.copy(include, asm / include.name)
    (asm / "stubs.s").write_text(STUBS)
    (work / "blob.bin").write_bytes(blob)
    prg, labels = work / "core.prg", work / "core.lbl"
    assemble_and_link(asm, ASM / "wordle64.cfg", work / "blob.bin", prg, labels,
                      work / "core.map", **link_options)
    return prg, labels
