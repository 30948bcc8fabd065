"""A small program for the tape tests: `0 SYS2061`, then code that prints TAPE OK and waits,
followed by filler bytes so it spans several turbo blocks (a few hundred bytes in all)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from wordle64.c64.prg import Prg, parse_prg

OPEN_ROMS = Path(os.environ.get("C64_ROMS")
                 or Path(__file__).resolve().parents[2] / "shared" / "data" / "open-roms")

TOY_SOURCE = r"""
.segment "LOADADDR"
        .word $0801
.segment "CODE"
        .word stub_end, 0
        .byte $9E, "2061", 0
stub_end:
        .word 0
        ldx #0
@print: lda message,x
        beq @idle
        jsr $FFD2
        inx
        bne @print
@idle:  jmp @idle
message:
        .byte 13, "TAPE OK", 13, 0
filler:
        .repeat 600, i
        .byte (i * 37 + 11) & $FF
        .endrepeat
"""
TOY_CONFIG = """
MEMORY {
    LOADADDR: start = $07FF, size = 2, file = %O;
    RAM: start = $0801, size = $9000, file = %O;
}
SEGMENTS {
    LOADADDR: load = LOADADDR, type = ro;
    CODE: load = RAM, type = rw;
}
"""


def roms_or_skip() -> Path:
    if not (OPEN_ROMS / "kernal_generic.rom").is_file():
        pytest.skip(f"Open ROMs not found at {OPEN_ROMS} (set C64_ROMS)")
    return OPEN_ROMS


def toy_prg(folder: Path) -> Prg:
    if not (shutil.which("ca65") and shutil.which("ld65")):
        pytest.skip("cc65 (ca65, ld65) is not installed")
    (folder / "toy.s").write_text(TOY_SOURCE)
    (folder / "toy.cfg").write_text(TOY_CONFIG)
    subprocess.run(["ca65", "toy.s", "-o", "toy.o"], cwd=folder, check=True)
    subprocess.run(["ld65", "-C", "toy.cfg", "-o", "toy.prg", "toy.o"], cwd=folder, check=True)
    return parse_prg((folder / "toy.prg").read_bytes())
