"""The emulation harness (wordle64.c64.emu) on tiny programs assembled with ca65/ld65 for the test."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from wordle64.c64.emu import (
    RETURN_TRAP, SENTINEL, EmulationError, Machine, changed_outside, parse_labels,
)

pytestmark = pytest.mark.skipif(shutil.which("ca65") is None, reason="cc65 is not installed")

CONFIG = """
MEMORY {
    LOADADDR: file = %O, start = $0FFE, size = 2;
    MAIN:     file = %O, start = $1000, size = $1000;
}
SEGMENTS {
    LOADADDR: load = LOADADDR, type = ro;
    CODE:     load = MAIN, type = ro;
}
"""

SOURCE = """
.segment "LOADADDR"
        .word   $1000
.segment "CODE"
.export load_one, add_xy, brk_here, forever, bad_opcode, print_hi, read_key, call_basic
.export count_down, store_a
load_one:                       ; 2 + 6 + 6 (JSR, RTS) = 14 cycles
        lda     #1
        rts
add_xy:                         ; A = X + Y, C from the addition
        txa
        sty     $10
        clc
        adc     $10
        rts
brk_here:
        nop
        brk
forever:
        jmp     forever
bad_opcode:
        .byte   $02             ; JAM: not an official opcode
print_hi:
        lda     #'H'
        jsr     $FFD2
        lda     #'I'
        jsr     $FFD2
        rts
read_key:
        jsr     $FFE4
        rts
call_basic:
        jsr     $E000           ; no trap there
        rts
count_down:                     ; X = 0 after 256 DEX
        ldx     #0
:       dex
        bne     :-
        rts
store_a:
        sta     $2000
        rts
"""


@pytest.fixture(scope="module")
def machine_files(tmp_path_factory) -> tuple[Path, Path]:
    work = tmp_path_factory.mktemp("emu")
    (work / "test.cfg").write_text(CONFIG)
    (work / "test.s").write_text(SOURCE)
    subprocess.run(["ca65", "-g", "-o", str(work / "test.o"), str(work / "test.s")], check=True)
    subprocess.run(["ld65", "-C", str(work / "test.cfg"), "-o", str(work / "test.prg"),
                    "-Ln", str(work / "test.lbl"), str(work / "test.o")], check=True)
    return work / "test.prg", work / "test.lbl"


@pytest.fixture
def machine(machine_files) -> Machine:
    return Machine.from_files(*machine_files)


def test_load_places_prg_and_fills_the_rest_with_the_sentinel(machine, machine_files):
    prg = machine_files[0].read_bytes()
    assert machine.load_address == 0x1000
    assert machine.read(0x1000, len(prg) - 2) == prg[2:]
    assert machine.memory[0x0FFF] == SENTINEL
    assert machine.memory[0x1000 + len(prg) - 2] == SENTINEL
    assert machine.memory[0x0000] == SENTINEL and machine.memory[0xFFFF] == SENTINEL


def test_call_returns_registers_and_counts_jsr_body_and_rts(machine):
    result = machine.call("load_one")
    assert result.a == 1
    assert result.cycles == 6 + 2 + 6


def test_call_passes_registers_in_and_flags_out(machine):
    result = machine.call("add_xy", x=200, y=100)
    assert result.a == (300 & 0xFF)
    assert result.carry
    result = machine.call("add_xy", x=2, y=3)
    assert result.a == 5 and not result.carry and not result.zero
    assert machine.memory[0x10] == 3


def test_a_loop_counts_exact_cycles(machine):
    # LDX #0 (2) + 255 x (DEX 2 + BNE taken 3) + (DEX 2 + BNE not taken 2) + JSR/RTS 12
    assert machine.call("count_down").cycles == 2 + 255 * 5 + 4 + 12


def test_brk_is_an_error_with_pc_and_disassembly(machine):
    with pytest.raises(EmulationError) as error:
        machine.call("brk_here")
    message = str(error.value)
    brk_address = machine.labels["brk_here"] + 1
    assert "BRK" in message and f"${brk_address:04X}" in message
    assert "brk_here+1" in message                   # nearest label
    assert "00" in message.splitlines()[1]           # the disassembly shows the BRK byte


def test_runaway_stops_at_the_cycle_budget(machine):
    with pytest.raises(EmulationError, match="budget of 1,000 cycles"):
        machine.call("forever", max_cycles=1000)


def test_undocumented_opcode_is_an_error(machine):
    with pytest.raises(EmulationError, match=r"undocumented opcode \$02"):
        machine.call("bad_opcode")


def test_jump_to_sentinel_memory_stops(machine):
    with pytest.raises(EmulationError, match=rf"undocumented opcode \${SENTINEL:02X}"):
        machine.call(0x3000)


def test_chrout_is_trapped_and_collected(machine):
    machine.call("print_hi")
    assert bytes(machine.output) == b"HI"


def test_getin_returns_queued_keys_then_zero(machine):
    machine.keys.extend([0x41, 0x0D])
    assert machine.call("read_key").a == 0x41
    assert machine.call("read_key").a == 0x0D
    result = machine.call("read_key")
    assert result.a == 0 and result.zero


def test_untrapped_kernal_address_is_an_error(machine):
    with pytest.raises(EmulationError, match=r"KERNAL .*\$E000"):
        machine.call("call_basic")


def test_a_python_trap_can_replace_any_routine(machine):
    machine.traps[machine.labels["load_one"]] = lambda m: setattr(m.mpu, "a", 42)
    assert machine.call("load_one").a == 42


def test_unknown_label_is_an_error(machine):
    with pytest.raises(EmulationError, match="no label 'nowhere'"):
        machine.call("nowhere")


def test_changed_outside_finds_only_unexpected_writes(machine):
    before = bytes(machine.memory)
    machine.call("store_a", a=0x55)
    after = bytes(machine.memory)
    assert changed_outside(before, after, [range(0x0100, 0x0200)]) == [0x2000]
    assert changed_outside(before, after, [range(0x0100, 0x0200), range(0x2000, 0x2001)]) == []


def test_return_trap_is_outside_ram_the_program_uses():
    assert RETURN_TRAP >= 0xE000


def test_parse_labels_reads_ld65_lines_and_rejects_others():
    assert parse_labels("al 000811 .blob\nal 00C000 .top\n") == {"blob": 0x0811, "top": 0xC000}
    with pytest.raises(EmulationError, match="x.lbl:2: not an ld65 label line"):
        parse_labels("al 000811 .blob\ngarbage\n", "x.lbl")
