"""A small program for the tape tests: `0 SYS2061`, then code that prints TAPE OK and waits,
followed by filler bytes so it spans several turbo blocks (a few hundred bytes in all)."""

from __future__ import annotations

from pathlib import Path

from conftest import assemble_toy
from wordle64.c64.prg import Prg, parse_prg

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


def toy_prg(folder: Path) -> Prg:
    return parse_prg(assemble_toy(folder, TOY_SOURCE)[0])
