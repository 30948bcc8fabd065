"""Shared by the 6502 tests: link the core modules with stubs for the game and the unpacker."""

from __future__ import annotations

import shutil
from pathlib import Path

from wordle64.build import assemble_and_link

ASM = Path(__file__).resolve().parents[1] / "workflow" / "asm"
CORE_MODULES = ("basic_stub.s", "depack.s", "dict.s", "unpack.s", "scan.s", "lookup.s",
                "words.s", "score.s", "rng.s", "date.s")

# A stand-in for the game's `main`, so the core routines link on their own.
STUBS = """
.include "globals.inc"
.export main
.segment "CODE"
main:
        rts
"""


def link_core(work: Path, blob: bytes, modules: tuple[str, ...] = CORE_MODULES,
              **link_options) -> tuple[Path, Path]:
    """Assemble `modules` + the stubs with the real linker config; returns (prg, labels). A
    `blob` that is not a ctxhuff blob with its checkpoint trailer links as a stand-in (no
    trailer); such a PRG must not run dict_start."""
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
