"""py65's NMOS 6502, compiled: the harnesses' inner loop, run by numba at tens of millions of
instructions a second instead of py65's one or two.

`run` executes from ``regs[PC]`` on a flat 64 KB memory (a numpy view of the harness's
bytearray, so py65 and this core share it) until the next instruction would start at an address
flagged in `stops`, would be BRK or an undocumented opcode, or the cycle count passed `limit`.
The instruction semantics, flag results (decimal mode included), cycle table and page-crossing
penalties are py65's own, taken from `py65.devices.mpu6502.MPU` when this module loads, so a run
here and a run stepped by py65 leave the same registers, memory and cycle count
(tests/test_fast6502.py checks it instruction by instruction on random programs).

There is no I/O and no interrupt: the whole-machine model (`wordle64.c64.board`) keeps py65.
Compiled code is cached on disk (``cache=True``): only the first run on a machine compiles.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from py65.devices.mpu6502 import MPU

# regs: the registers and counters a run reads and writes
A, X, Y, SP, P, PC, CYCLES, MIN_SP = range(8)
REGISTERS = 8

# why a run returned
STOPPED, OVER_LIMIT, BAD_OPCODE, STACK_FLOOR, IO_ACCESS, IRQ_DUE = range(6)

# page kinds of `kind` (as wordle64.c64.bus has them): RAM, ROM (reads the view, writes RAM), I/O
RAM_PAGE, ROM_PAGE, IO_PAGE = 0, 1, 2
_FLAT = np.zeros(256, np.uint8)   # a flat 64 KB RAM: every page RAM

_MNEMONICS = ("???", "ADC", "AND", "ASL", "BCC", "BCS", "BEQ", "BIT", "BMI", "BNE", "BPL", "BRK",
              "BVC", "BVS", "CLC", "CLD", "CLI", "CLV", "CMP", "CPX", "CPY", "DEC", "DEX", "DEY",
              "EOR", "INC", "INX", "INY", "JMP", "JSR", "LDA", "LDX", "LDY", "LSR", "NOP", "ORA",
              "PHA", "PHP", "PLA", "PLP", "ROL", "ROR", "RTI", "RTS", "SBC", "SEC", "SED", "SEI",
              "STA", "STX", "STY", "TAX", "TAY", "TSX", "TXA", "TXS", "TYA")
(BAD, ADC, AND, ASL, BCC, BCS, BEQ, BIT, BMI, BNE, BPL, BRK, BVC, BVS, CLC, CLD, CLI, CLV, CMP,
 CPX, CPY, DEC, DEX, DEY, EOR, INC, INX, INY, JMP, JSR, LDA, LDX, LDY, LSR, NOP, ORA, PHA, PHP,
 PLA, PLP, ROL, ROR, RTI, RTS, SBC, SEC, SED, SEI, STA, STX, STY, TAX, TAY, TSX, TXA, TXS,
 TYA) = range(len(_MNEMONICS))
_MODES = ("imp", "acc", "imm", "zpg", "zpx", "zpy", "abs", "abx", "aby", "ind", "inx", "iny",
          "rel")
(M_IMP, M_ACC, M_IMM, M_ZPG, M_ZPX, M_ZPY, M_ABS, M_ABX, M_ABY, M_IND, M_INX, M_INY,
 M_REL) = range(len(_MODES))

C_FLAG, Z_FLAG, I_FLAG, D_FLAG, B_FLAG, U_FLAG, V_FLAG, N_FLAG = 1, 2, 4, 8, 16, 32, 64, 128


def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Operation, addressing mode, base cycles and page-crossing flag of each opcode, from py65."""
    operation = np.zeros(256, np.int64)
    mode = np.zeros(256, np.int64)
    for opcode, (mnemonic, name) in enumerate(MPU.disassemble):
        operation[opcode] = _MNEMONICS.index(mnemonic)
        mode[opcode] = _MODES.index(name) if mnemonic != "???" else M_IMP
    return (operation, mode, np.array(MPU.cycletime, np.int64),
            np.array(MPU.extracycles, np.int64))


OPERATION, MODE, CYCLETIME, EXTRACYCLES = _tables()
# the flag each flag instruction clears or sets
_FLAG_OF = np.zeros(len(_MNEMONICS), np.int64)
for _operation, _flag in ((CLC, C_FLAG), (SEC, C_FLAG), (CLI, I_FLAG), (SEI, I_FLAG),
                          (CLD, D_FLAG), (SED, D_FLAG), (CLV, V_FLAG)):
    _FLAG_OF[_operation] = _flag


def bad_opcodes() -> bytes:
    """1 for each opcode a harness refuses to run (BRK and py65's undocumented ones)."""
    return bytes(int(op in (BAD, BRK)) for op in OPERATION)


def memory_view(memory: bytearray) -> np.ndarray:
    """A numpy array sharing `memory`'s bytes (writes by either side are seen by the other)."""
    return np.frombuffer(memory, dtype=np.uint8)


@njit(cache=True, nogil=True)
def _nz(p, value):  # pragma: no cover - compiled
    p &= ~(Z_FLAG | N_FLAG)
    if value == 0:
        return p | Z_FLAG
    return p | (value & N_FLAG)


@njit(cache=True, nogil=True)
def _adc(a, p, data):  # pragma: no cover - compiled
    """(A, P) after ADC, as py65 computes it (decimal mode: NMOS flags from the binary sum)."""
    carry = p & C_FLAG
    if p & D_FLAG:
        half, dcarry, adjust0, adjust1 = 0, 0, 0, 0
        nibble0 = (data & 0xF) + (a & 0xF) + carry
        if nibble0 > 9:
            adjust0, half = 6, 1
        nibble1 = ((data >> 4) & 0xF) + ((a >> 4) & 0xF) + half
        if nibble1 > 9:
            adjust1, dcarry = 6, 1
        nibble0 &= 0xF
        nibble1 &= 0xF
        alu = (nibble1 << 4) + nibble0
        nibble0 = (nibble0 + adjust0) & 0xF
        nibble1 = (nibble1 + adjust1) & 0xF
        p &= ~(C_FLAG | V_FLAG | N_FLAG | Z_FLAG)
        if alu == 0:
            p |= Z_FLAG
        else:
            p |= alu & N_FLAG
        if dcarry:
            p |= C_FLAG
        if (~(a ^ data) & (a ^ alu)) & N_FLAG:
            p |= V_FLAG
        return (nibble1 << 4) + nibble0, p
    result = data + a + carry
    p &= ~(C_FLAG | V_FLAG | N_FLAG | Z_FLAG)
    if (~(a ^ data) & (a ^ result)) & N_FLAG:
        p |= V_FLAG
    if result > 0xFF:
        p |= C_FLAG
        result &= 0xFF
    if result == 0:
        p |= Z_FLAG
    else:
        p |= result & N_FLAG
    return result, p


@njit(cache=True, nogil=True)
def _sbc(a, p, data):  # pragma: no cover - compiled
    """(A, P) after SBC, as py65 computes it."""
    carry = p & C_FLAG
    if p & D_FLAG:
        half, adjust0, adjust1 = 1, 0, 0
        nibble0 = (a & 0xF) + (~data & 0xF) + carry
        if nibble0 <= 0xF:
            half, adjust0 = 0, 10
        nibble1 = ((a >> 4) & 0xF) + ((~data >> 4) & 0xF) + half
        if nibble1 <= 0xF:
            adjust1 = 10 << 4
        alu = a + (~data & 0xFF) + carry
        dcarry = 1 if alu > 0xFF else 0
        alu &= 0xFF
        nibble0 = (alu + adjust0) & 0xF
        nibble1 = ((alu + adjust1) >> 4) & 0xF
        p &= ~(C_FLAG | Z_FLAG | N_FLAG | V_FLAG)
        if alu == 0:
            p |= Z_FLAG
        else:
            p |= alu & N_FLAG
        if dcarry:
            p |= C_FLAG
        if ((a ^ data) & (a ^ alu)) & N_FLAG:
            p |= V_FLAG
        return (nibble1 << 4) + nibble0, p
    result = a + (~data & 0xFF) + carry
    p &= ~(C_FLAG | Z_FLAG | V_FLAG | N_FLAG)
    if ((a ^ data) & (a ^ result)) & N_FLAG:
        p |= V_FLAG
    value = result & 0xFF
    if value == 0:
        p |= Z_FLAG
    if result > 0xFF:
        p |= C_FLAG
    p |= value & N_FLAG
    return value, p


@njit(cache=True, nogil=True)
def _compare(p, register, value):  # pragma: no cover - compiled
    p &= ~(C_FLAG | Z_FLAG | N_FLAG)
    if register == value:
        p |= C_FLAG | Z_FLAG
    elif register > value:
        p |= C_FLAG
    return p | ((register - value) & N_FLAG)


@njit(cache=True, nogil=True)
def _shift(operation, value, p):  # pragma: no cover - compiled
    """(result, P) of ASL, LSR, ROL or ROR on `value`."""
    if operation == ASL:
        p &= ~(C_FLAG | N_FLAG | Z_FLAG)
        if value & N_FLAG:
            p |= C_FLAG
        value = (value << 1) & 0xFF
        if value:
            p |= value & N_FLAG
        else:
            p |= Z_FLAG
        return value, p
    if operation == LSR:
        p &= ~(C_FLAG | N_FLAG | Z_FLAG)
        p |= value & 1
        value >>= 1
        if value == 0:
            p |= Z_FLAG
        return value, p
    if operation == ROL:
        if p & C_FLAG:
            if not value & N_FLAG:
                p &= ~C_FLAG
            value = (value << 1) | 1
        else:
            if value & N_FLAG:
                p |= C_FLAG
            value = value << 1
        value &= 0xFF
        return value, _nz(p, value)
    if p & C_FLAG:                       # ROR
        if not value & 1:
            p &= ~C_FLAG
        value = (value >> 1) | N_FLAG
    else:
        if value & 1:
            p |= C_FLAG
        value = value >> 1
    return value, _nz(p, value)


@njit(cache=True, nogil=True)
def _address(mem, mode, pc, x, y, extra):  # pragma: no cover - compiled
    """(effective address, operand bytes, page-crossing cycles) of a memory operand at `pc`."""
    if mode == M_IMM:
        return pc, 1, 0
    if mode == M_ZPG:
        return np.int64(mem[pc]), 1, 0
    if mode == M_ZPX:
        return (np.int64(mem[pc]) + x) & 0xFF, 1, 0
    if mode == M_ZPY:
        return (np.int64(mem[pc]) + y) & 0xFF, 1, 0
    word = np.int64(mem[pc]) | (np.int64(mem[(pc + 1) & 0xFFFF]) << 8)
    if mode == M_ABS:
        return word, 2, 0
    if mode == M_ABX or mode == M_ABY:
        target = (word + (x if mode == M_ABX else y)) & 0xFFFF
        return target, 2, 1 if extra and (target ^ word) & 0xFF00 else 0
    zp = np.int64(mem[pc])
    if mode == M_INX:
        zp = (zp + x) & 0xFF
        return np.int64(mem[zp]) | (np.int64(mem[(zp + 1) & 0xFF]) << 8), 1, 0
    base = np.int64(mem[zp]) | (np.int64(mem[(zp + 1) & 0xFF]) << 8)          # INY
    target = (base + y) & 0xFFFF
    return target, 1, 1 if extra and (target ^ base) & 0xFF00 else 0


@njit(cache=True, nogil=True)
def _branch_taken(operation, p):  # pragma: no cover - compiled
    if operation == BPL:
        return not p & N_FLAG
    if operation == BMI:
        return (p & N_FLAG) != 0
    if operation == BVC:
        return not p & V_FLAG
    if operation == BVS:
        return (p & V_FLAG) != 0
    if operation == BCC:
        return not p & C_FLAG
    if operation == BCS:
        return (p & C_FLAG) != 0
    if operation == BNE:
        return not p & Z_FLAG
    return (p & Z_FLAG) != 0               # BEQ


@njit(cache=True, nogil=True)
def _store(view, ram, kind, address, value):  # pragma: no cover - compiled
    """A CPU write: RAM always, the read view too where the page is RAM (not under a ROM)."""
    ram[address] = value
    if kind[address >> 8] == RAM_PAGE:
        view[address] = value


@njit(cache=True, nogil=True)
def _push(view, ram, kind, sp, value):  # pragma: no cover - compiled
    """SP after pushing `value` onto the stack page."""
    _store(view, ram, kind, 0x100 + sp, value)
    return (sp - 1) & 0xFF


@njit(cache=True, nogil=True)
def _pull(mem, sp):  # pragma: no cover - compiled
    """(SP, the byte) after pulling one byte from the stack page."""
    sp = (sp + 1) & 0xFF
    return sp, np.int64(mem[0x100 + sp])


@njit(cache=True, nogil=True)
def run(mem, regs, stops, limit, floor, free_first):  # pragma: no cover - compiled
    """`run_banked` on a flat 64 KB RAM (the routine harness and the game session): no I/O,
    no 6510 port, no interrupt; see there."""
    return run_banked(mem, mem, _FLAT, False, regs, stops, limit, floor, free_first, -1)


@njit(cache=True, nogil=True)
def _branch(operation, p, pc, mem):  # pragma: no cover - compiled
    """(PC, extra cycles) after a branch whose offset is at `pc`: 1 taken, 2 to another page."""
    if not _branch_taken(operation, p):
        return (pc + 1) & 0xFFFF, 0
    offset = np.int64(mem[pc])
    pc = (pc + 1) & 0xFFFF
    target = (pc + offset - 256 if offset & 0x80 else pc + offset) & 0xFFFF
    return target, 2 if (target ^ pc) & 0xFF00 else 1


@njit(cache=True, nogil=True)
def _implied(operation, mode, a, x, y, sp, p, pc, mem, ram, kind):  # pragma: no cover - compiled
    """(A, X, Y, SP, P, PC) after an implied or accumulator instruction."""
    if mode == M_ACC:
        a, p = _shift(operation, a, p)
    elif operation == NOP:
        pass
    elif operation == CLC or operation == CLI or operation == CLD or operation == CLV:
        p &= ~_FLAG_OF[operation]
    elif operation == SEC or operation == SEI or operation == SED:
        p |= _FLAG_OF[operation]
    elif operation == DEX:
        x = (x - 1) & 0xFF
        p = _nz(p, x)
    elif operation == DEY:
        y = (y - 1) & 0xFF
        p = _nz(p, y)
    elif operation == INX:
        x = (x + 1) & 0xFF
        p = _nz(p, x)
    elif operation == INY:
        y = (y + 1) & 0xFF
        p = _nz(p, y)
    elif operation == TAX:
        x = a
        p = _nz(p, x)
    elif operation == TAY:
        y = a
        p = _nz(p, y)
    elif operation == TXA:
        a = x
        p = _nz(p, a)
    elif operation == TYA:
        a = y
        p = _nz(p, a)
    elif operation == TSX:
        x = sp
        p = _nz(p, x)
    elif operation == TXS:
        sp = x
    elif operation == PHA:
        sp = _push(mem, ram, kind, sp, a)
    elif operation == PHP:
        sp = _push(mem, ram, kind, sp, p | B_FLAG | U_FLAG)
    elif operation == PLA:
        sp, a = _pull(mem, sp)
        p = _nz(p, a)
    elif operation == PLP:
        sp, p = _pull(mem, sp)
        p |= B_FLAG | U_FLAG
    elif operation == RTS or operation == RTI:
        if operation == RTI:
            sp, p = _pull(mem, sp)
            p |= B_FLAG | U_FLAG
        sp, low = _pull(mem, sp)
        sp, high = _pull(mem, sp)
        pc = low | (high << 8)
        if operation == RTS:
            pc = (pc + 1) & 0xFFFF
    return a, x, y, sp, p, pc


@njit(cache=True, nogil=True)
def _operate(operation, address, a, x, y, p, mem, ram, kind):  # pragma: no cover - compiled
    """(A, X, Y, P) after an instruction on the memory operand at `address`."""
    if operation == LDA:
        a = np.int64(mem[address])
        p = _nz(p, a)
    elif operation == STA:
        _store(mem, ram, kind, address, a)
    elif operation == LDX:
        x = np.int64(mem[address])
        p = _nz(p, x)
    elif operation == LDY:
        y = np.int64(mem[address])
        p = _nz(p, y)
    elif operation == STX:
        _store(mem, ram, kind, address, x)
    elif operation == STY:
        _store(mem, ram, kind, address, y)
    elif operation == ORA:
        a |= np.int64(mem[address])
        p = _nz(p, a)
    elif operation == AND:
        a &= np.int64(mem[address])
        p = _nz(p, a)
    elif operation == EOR:
        a ^= np.int64(mem[address])
        p = _nz(p, a)
    elif operation == ADC:
        a, p = _adc(a, p, np.int64(mem[address]))
    elif operation == SBC:
        a, p = _sbc(a, p, np.int64(mem[address]))
    elif operation == CMP:
        p = _compare(p, a, np.int64(mem[address]))
    elif operation == CPX:
        p = _compare(p, x, np.int64(mem[address]))
    elif operation == CPY:
        p = _compare(p, y, np.int64(mem[address]))
    elif operation == BIT:
        value = np.int64(mem[address])
        p &= ~(Z_FLAG | N_FLAG | V_FLAG)
        if (a & value) == 0:
            p |= Z_FLAG
        p |= value & (N_FLAG | V_FLAG)
    elif operation == INC or operation == DEC:
        value = (np.int64(mem[address]) + (1 if operation == INC else -1)) & 0xFF
        _store(mem, ram, kind, address, value)
        p = _nz(p, value)
    else:
        value, p = _shift(operation, np.int64(mem[address]), p)
        _store(mem, ram, kind, address, value)
    return a, x, y, p


@njit(cache=True, nogil=True)
def run_banked(mem, ram, kind, port, regs, stops, limit, floor, free_first,
               irq_at):  # pragma: no cover - compiled
    """Run from regs[PC]; return why it stopped (STOPPED, OVER_LIMIT, BAD_OPCODE, STACK_FLOOR,
    IO_ACCESS, IRQ_DUE).

    in: mem (uint8[65536], what reads see: RAM with the banked-in ROMs), ram (where writes go),
    kind (uint8[256] page kinds: an instruction whose operand is on an IO_PAGE stops the run
    before it executes, IO_ACCESS, so its caller can step it through the real bus), port (the
    same for $00/$01, the 6510 port, zero-page pointers included), irq_at (stop with IRQ_DUE
    once the cycle count reaches it with interrupts enabled; -1 never), regs (int64[8]: A X Y
    SP P PC CYCLES MIN_SP), stops (uint8[65536]: nonzero where the run stops before
    executing), limit (stop once CYCLES exceeds it), floor (stop once SP drops below it),
    free_first (True: no stop check before the first instruction, so a run can resume from a
    stop address). out: regs updated, memory written.
    """
    operation_of, mode_of, cycletime, extracycles = OPERATION, MODE, CYCLETIME, EXTRACYCLES
    a, x, y, sp, p, pc = regs[A], regs[X], regs[Y], regs[SP], regs[P], regs[PC]
    cycles, min_sp = regs[CYCLES], regs[MIN_SP]
    reason = STOPPED
    first = free_first
    while True:
        if stops[pc] and not first:
            reason = STOPPED
            break
        first = False
        opcode = np.int64(mem[pc])
        operation = operation_of[opcode]
        if operation == BAD or operation == BRK:
            reason = BAD_OPCODE
            break
        mode = mode_of[opcode]
        start = pc
        pc = (pc + 1) & 0xFFFF
        extra = 0
        if mode == M_REL:
            pc, extra = _branch(operation, p, pc, mem)
        elif mode == M_IMP or mode == M_ACC:
            a, x, y, sp, p, pc = _implied(operation, mode, a, x, y, sp, p, pc, mem, ram, kind)
        elif operation == JSR or operation == JMP:
            word = np.int64(mem[pc]) | (np.int64(mem[(pc + 1) & 0xFFFF]) << 8)
            if operation == JSR:
                back = (pc + 1) & 0xFFFF
                sp = _push(mem, ram, kind, sp, back >> 8)
                sp = _push(mem, ram, kind, sp, back & 0xFF)
                pc = word
            elif mode == M_IND:
                pc = np.int64(mem[word]) | (np.int64(mem[(word & 0xFF00) | ((word + 1) & 0xFF)]) << 8)
            else:
                pc = word
        else:
            if port and (mode == M_INX or mode == M_INY):
                pointer = (np.int64(mem[pc]) + (x if mode == M_INX else 0)) & 0xFF
                if pointer < 2 or pointer == 0xFF:
                    pc = start
                    reason = IO_ACCESS
                    break
            address, length, extra = _address(mem, mode, pc, x, y, extracycles[opcode])
            if kind[address >> 8] == IO_PAGE or (port and address < 2):
                pc = start
                reason = IO_ACCESS
                break
            pc = (pc + length) & 0xFFFF
            a, x, y, p = _operate(operation, address, a, x, y, p, mem, ram, kind)
        cycles += cycletime[opcode] + extra
        if sp < min_sp:
            min_sp = sp
            if sp < floor:
                reason = STACK_FLOOR
                break
        if cycles > limit:
            reason = OVER_LIMIT
            break
        if 0 <= irq_at <= cycles and not p & I_FLAG:
            reason = IRQ_DUE
            break
    regs[A], regs[X], regs[Y], regs[SP], regs[P], regs[PC] = a, x, y, sp, p, pc
    regs[CYCLES], regs[MIN_SP] = cycles, min_sp
    return reason


def registers_of(mpu: MPU, min_sp: int = 0xFF, into: np.ndarray | None = None) -> np.ndarray:
    """py65's registers and cycle count as a `run` register array (`into`, when given)."""
    regs = np.empty(REGISTERS, np.int64) if into is None else into
    regs[:] = (mpu.a, mpu.x, mpu.y, mpu.sp, mpu.p, mpu.pc, mpu.processorCycles, min_sp)
    return regs


def store_registers(mpu: MPU, regs: np.ndarray) -> None:
    """Put a run's registers and cycle count back into py65's MPU."""
    mpu.a, mpu.x, mpu.y, mpu.sp, mpu.p, mpu.pc, mpu.processorCycles, _ = regs.tolist()


def stop_map(addresses, from_address: int = 0x10000) -> np.ndarray:
    """A `stops` array: nonzero at each of `addresses` and at every address >= from_address."""
    stops = np.zeros(0x10000, np.uint8)
    stops[from_address:] = 1
    for address in addresses:
        stops[address] = 1
    return stops
