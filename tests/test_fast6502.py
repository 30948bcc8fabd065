"""The compiled 6502 core against py65, instruction by instruction on random machine states."""

from __future__ import annotations

import random

import numpy as np
import pytest
from py65.devices.mpu6502 import MPU

from wordle64.c64 import fast6502 as fast

BAD = fast.bad_opcodes()


def _py65_state(mpu: MPU) -> tuple[int, ...]:
    return mpu.a, mpu.x, mpu.y, mpu.sp, mpu.p, mpu.pc, mpu.processorCycles


def _random_machine(rng: random.Random) -> tuple[bytearray, MPU]:
    memory = bytearray(rng.randbytes(0x10000))
    mpu = MPU(memory=memory, pc=rng.randrange(0x10000))
    mpu.a, mpu.x, mpu.y, mpu.sp = (rng.randrange(256) for _ in range(4))
    mpu.p = rng.randrange(256) | MPU.BREAK | MPU.UNUSED
    mpu.processorCycles = rng.randrange(1 << 20)
    return memory, mpu


def _one_step(memory: bytearray, mpu: MPU) -> tuple[int, tuple[int, ...], bytes]:
    """Run one instruction in the compiled core on a copy; (reason, registers, memory)."""
    copy = bytearray(memory)
    regs = np.array([mpu.a, mpu.x, mpu.y, mpu.sp, mpu.p, mpu.pc, mpu.processorCycles, 0xFF],
                    np.int64)
    reason = fast.run(fast.memory_view(copy), regs, np.zeros(0x10000, np.uint8),
                      mpu.processorCycles, 0, True)
    return reason, tuple(int(v) for v in regs[:7]), bytes(copy)


@pytest.mark.parametrize("seed", range(6))
def test_every_instruction_matches_py65_on_random_states(seed: int) -> None:
    rng = random.Random(seed)
    memory, mpu = _random_machine(rng)
    seen = set()
    for _ in range(6000):
        opcode = memory[mpu.pc]
        if BAD[opcode] or mpu.pc >= 0xFFFD:
            reason, regs, _ = _one_step(memory, mpu)
            if BAD[opcode]:
                assert reason == fast.BAD_OPCODE
                assert regs == _py65_state(mpu)          # nothing ran
            memory, mpu = _random_machine(rng)
            continue
        seen.add(opcode)
        reason, regs, after = _one_step(memory, mpu)
        state = f"opcode ${opcode:02X} at ${mpu.pc:04X}, P={mpu.p:02X} A={mpu.a:02X}"
        mpu.step()
        mpu.pc &= 0xFFFF
        assert reason == fast.OVER_LIMIT, state
        assert regs == _py65_state(mpu), state
        assert after == bytes(memory), state
    assert len(seen) > 100


def test_a_run_stops_before_a_flagged_address_and_counts_cycles() -> None:
    # LDX #3; loop: DEX; BNE loop; STX $10; then $0208 is flagged
    program = bytes([0xA2, 0x03, 0xCA, 0xD0, 0xFD, 0x86, 0x10, 0xEA])
    memory = bytearray(0x10000)
    memory[0x200:0x200 + len(program)] = program
    stops = np.zeros(0x10000, np.uint8)
    stops[0x207] = 1
    regs = np.array([0, 0, 0, 0xFF, 0x30, 0x200, 0, 0xFF], np.int64)
    reason = fast.run(fast.memory_view(memory), regs, stops, 1_000_000, 0, False)
    assert reason == fast.STOPPED
    assert regs[fast.PC] == 0x207
    assert memory[0x10] == 0
    # 2 (LDX) + 3 x 2 (DEX) + 2 x 3 (BNE taken) + 2 (BNE not taken) + 3 (STX zp)
    assert regs[fast.CYCLES] == 2 + 6 + 6 + 2 + 3


def test_a_run_stops_when_the_stack_drops_below_the_floor() -> None:
    memory = bytearray(0x10000)
    memory[0x300:0x302] = bytes([0x48, 0x4C]) + b""     # PHA; JMP $0300
    memory[0x302:0x304] = bytes([0x00, 0x03])
    memory[0x301] = 0x4C
    memory[0x300] = 0x48
    regs = np.array([0, 0, 0, 0xFF, 0x30, 0x300, 0, 0xFF], np.int64)
    reason = fast.run(fast.memory_view(memory), regs, np.zeros(0x10000, np.uint8),
                      1_000_000, 0xF0, False)
    assert reason == fast.STACK_FLOOR
    assert regs[fast.SP] == 0xEF and regs[fast.MIN_SP] == 0xEF
