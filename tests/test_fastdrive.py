"""The fast loader's drive side (workflow/asm/fastload/drive.s) reading and decoding a block: the
real 6502 code on py65, in the drive's memory as its two files (the "&" file, the code file)
leave it, fed by a modelled read head (each read of $1C01 the next GCR byte, the byte-ready flag
always up). The GCR encoder here
is the 1541's code table, written out independently of the drive code. The whole loader runs on
VICE's 1541 in test_vice.py."""
from __future__ import annotations

import random
from functools import reduce
from operator import xor
from pathlib import Path

import pytest
from py65.devices.mpu6502 import MPU

from wordle64.c64.emu import parse_labels
from wordle64.media.fastdisk import assemble, read_records

# 4-bit nibble -> 5-bit code, the 1541's (and every Commodore GCR drive's) table
GCR_CODES = [0x0A, 0x0B, 0x12, 0x13, 0x0E, 0x0F, 0x16, 0x17,
             0x09, 0x19, 0x1A, 0x1B, 0x0D, 0x1D, 0x1E, 0x15]
DATA_BLOCK_ID = 7
SENTINEL = 0xAA
RETURN = 0xFFF0
FIND_BLOCK = 0xF50A              # the ROM's header search: modelled as found at once
DISK_DATA = 0x1C01
DOS_STACK_TOP = 0x45             # the DOS's LDX #$45, TXS
BYTE_CYCLES = 26                 # a GCR byte's time on the fastest tracks (1-17)
BLOCK = range(0x0600, 0x0700)    # where drive.s leaves a block (buffer 3)
# what reading and decoding a block may change (and drive.s's group0): the DOS's stack, the
# decoding tables, buffer 1's job track and sector (scratch), the GCR bytes' places in buffers 2, 3
MAY_CHANGE = [range(0x0100, 0x0146), range(0x01C0, 0x0200), range(0x08, 0x0A),
              range(0x0500, 0x0700)]


def gcr_encode(block: bytes, block_id: int = DATA_BLOCK_ID, checksum: int | None = None) -> bytes:
    """A data block as the disk holds it: ID, 256 bytes, checksum, two zeros; 5 codes for 4."""
    if checksum is None:
        checksum = 0
        for byte in block:
            checksum ^= byte
    plain = bytes([block_id]) + block + bytes([checksum, 0, 0])
    out = bytearray()
    for at in range(0, len(plain), 4):
        bits = 0
        for byte in plain[at:at + 4]:
            bits = bits << 10 | GCR_CODES[byte >> 4] << 5 | GCR_CODES[byte & 15]
        out += bits.to_bytes(5, "big")
    return bytes(out)


class Head(bytearray):
    """The drive's 64 KB; a read of DISK_DATA takes the next GCR byte and notes its cycle."""

    def __init__(self, memory: bytes) -> None:
        super().__init__(memory)
        self.gcr: list[int] = []
        self.taken: list[int] = []
        self.mpu: MPU | None = None

    def __getitem__(self, index):
        if index == DISK_DATA and self.gcr:
            self.taken.append(self.mpu.processorCycles)
            return self.gcr.pop(0)
        return super().__getitem__(index)


@pytest.fixture(scope="module")
def drive(tmp_path_factory) -> tuple[bytes, dict[str, int]]:
    """The drive's memory with all of its code (the sentinel elsewhere), and the labels."""
    work = tmp_path_factory.mktemp("fastload")
    asm = Path(__file__).resolve().parents[1] / "workflow" / "asm"
    loader = assemble(asm / "fastload", asm, work / "boot.prg", work / "boot.lbl",
                      work / "boot.map")
    memory = bytearray([SENTINEL]) * 0x10000
    for address, chunk in read_records(loader.drive_image()).items():
        memory[address:address + len(chunk)] = chunk
    memory[0x47] = DATA_BLOCK_ID                 # the DOS's expected data block ID
    return bytes(memory), parse_labels((work / "boot.lbl").read_text())


def call(head: Head, address: int) -> MPU:
    """JSR address on the DOS's stack; FIND_BLOCK returns at once; run to the RTS."""
    mpu = MPU(memory=head)
    head.mpu = mpu
    mpu.sp = DOS_STACK_TOP
    mpu.stPushWord(RETURN - 1)
    mpu.pc = address
    while mpu.pc != RETURN:
        if mpu.pc == FIND_BLOCK:
            mpu.pc = mpu.stPopWord() + 1
            continue
        if head[mpu.pc] == 0x50:                 # BVC: a byte is always ready
            mpu.p |= MPU.OVERFLOW
        mpu.step()
        assert mpu.processorCycles < 200_000, f"no RTS (PC ${mpu.pc:04X})"
    return mpu


def read(drive, gcr: bytes) -> tuple[Head, MPU]:
    memory, labels = drive
    head = Head(memory)
    call(head, labels["build_tables"])
    head.gcr = list(gcr)
    return head, call(head, labels["read_block"])


def changed_outside(drive, after: bytes) -> list[int]:
    before, labels = drive
    allowed = MAY_CHANGE + [range(labels["group0"], labels["group0"] + 5),
                            range(labels["checksum"], labels["checksum"] + 1)]
    return [i for i in range(0x10000)
            if before[i] != after[i] and not any(i in span for span in allowed)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_block_read_from_the_head_decodes_to_its_bytes(drive, seed):
    rng = random.Random(seed)
    block = bytes(rng.randrange(256) for _ in range(256))
    head, mpu = read(drive, gcr_encode(block))
    assert mpu.a == 0 and mpu.p & MPU.ZERO
    assert bytes(head[BLOCK.start:BLOCK.stop]) == block
    assert head.gcr == [] and len(head.taken) == 325
    assert head[drive[1]["checksum"]] == reduce(xor, block)     # kept for the C64's check
    assert changed_outside(drive, head) == []


@pytest.mark.parametrize("fill", [0x00, 0xFF])
def test_uniform_blocks_decode_too(drive, fill):
    block = bytes([fill]) * 256
    head, mpu = read(drive, gcr_encode(block))
    assert mpu.a == 0 and bytes(head[BLOCK.start:BLOCK.stop]) == block


def test_each_gcr_byte_is_taken_before_the_next_is_ready(drive):
    head, _ = read(drive, gcr_encode(bytes(range(256))))
    gaps = [b - a for a, b in zip(head.taken, head.taken[1:])]
    assert max(gaps) < BYTE_CYCLES


def test_a_bad_checksum_goes_to_the_c64_and_a_wrong_id_ends_in_the_read_jobs_error(drive):
    block = bytes(range(256))
    good = gcr_encode(block)[-10:]
    bad_sum = gcr_encode(block, checksum=0x5A)
    assert bad_sum[-10:] != good                 # the checksum's codes differ
    head, mpu = read(drive, bad_sum)
    assert mpu.a == 0 and head[drive[1]["checksum"]] == 0x5A    # sent as read: boot.s checks
    assert reduce(xor, block) != 0x5A
    assert read(drive, gcr_encode(block, block_id=8))[1].a == 4   # 22, READ ERROR
