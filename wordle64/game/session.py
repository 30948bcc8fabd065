"""The real PRG under py65, driven key by key.

`Game` wraps the py65 harness (`wordle64.c64.emu.Machine`): it boots the PRG at ``main`` (the
dictionary unpacks on the way), then runs until the game waits for a key — the KERNAL GETIN
trap with no key queued — so a test or the terminal player feeds keys one by one and reads the
screen in between. Every instruction is checked on the way: no BRK or undocumented opcode, the
program counter inside the program (or a trapped KERNAL entry), the stack pointer above a floor.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from py65.devices.mpu6502 import MPU

from wordle64 import core
from wordle64.c64 import emu, fast6502
from wordle64.errors import Wordle64Error
from wordle64.c64.screen import Screen, read_screen
from wordle64.game.devices import Drive
from wordle64.game.keys import RESTORE, parse_keys
from wordle64.game.rules import LETTERS, ROWS, Board

GETIN = emu.KERNAL["GETIN"]
NMI_VECTOR = 0x0318
STACK_FLOOR = 0xC0           # the game never needs more than 63 bytes of stack
UNPACK_STACK_FLOOR = 0x40    # while the unpack runs, its coroutine's stack is $0100-$017F
BOOT_CYCLES = 60_000_000     # start-up budget: unpack and menu
KEY_CYCLES = 2_000_000       # one key's budget: above the heaviest key, an Absurdle guess
                             # (its limit: game.absurdle.TARGET_SECONDS, checked by validation)
JIFFIES_PER_KEY = 23         # the jiffy clock advances between scripted keys (~0.4 s)
JIFFY_CYCLES = emu.PAL_HZ // 60   # the KERNAL's jiffy clock ticks at 60 Hz (CIA timer)
REALTIME_KEY_CYCLES = 5_000_000   # a key's budget with the reveal animation's waits


class Game:
    """The PRG on the harness, driven key by key."""

    def __init__(self, machine: emu.Machine) -> None:
        self.machine = machine
        self.labels = machine.labels
        end = self.labels.get("__CHARSET_LOAD__", self.labels.get("__BLOB_LOAD__"))
        if end is None:
            raise Wordle64Error("label file lacks __CHARSET_LOAD__ and __BLOB_LOAD__")
        self.program = range(machine.load_address, end)
        allowed = bytearray(0x10000)
        allowed[self.program.start:self.program.stop] = b"\x01" * len(self.program)
        if "__INIT_LOAD__" in self.labels:      # the start-up code after the blob
            start = self.labels["__INIT_LOAD__"]
            allowed[start:start + self.labels["__INIT_SIZE__"]] = b"\x01" * self.labels[
                "__INIT_SIZE__"]
        for address in machine.traps:
            allowed[address] = 1
        allowed[GETIN] = 1
        self._allowed = allowed
        self._stops_key: tuple | None = None
        self._stops = None
        self.jiffy = 0
        self.quit_pc = self.labels.get("quit_to_basic", -1)
        self.quits = 0               # times the game went back to BASIC (menu Q)
        self.played_before_quits = 0   # games finished (and won) in the runs Q ended
        self.won_before_quits = 0
        self.sid_pc = self.labels.get("sid_store", -1)
        self.sid_writes: list[tuple[int, int, int]] | None = None   # (cycle, register, value)
        self.sid_hook = None         # called with the game at each recorded SID write
        self.key_cycles = KEY_CYCLES
        self.anim_jiffies = 0        # the PRG's own reveal pace (read at boot)
        self.start: tuple | None = None
        self.drive: Drive | None = None   # the disk drive of the KERNAL file calls (boot)
        self.prg = b""                # the PRG booted (reboot boots it again)
        self.power_on: tuple | None = None   # RUN as booted: memory before start-up
        self.rerun_on_quit = False   # Q: RUN again from power_on (the statistics read from the
        # drive again, as on a C64) instead of the booted menu's snapshot (faster)
        self.keys_pressed = 0
        self.restores = 0
        self.min_sp = 0xFF
        self.max_key_cycles = 0
        self.min_key_cycles = 0
        self.total_key_cycles = 0
        self.complete_at = self.labels.get("dict_complete")
        self.background = False      # True: stop at any idle GETIN, the unpack over or not
        self.keys_while_unpacking = 0   # keys the game took before its unpack was over
        self.game_stack_from_now = False   # min_sp restarts once the unpack is over: it
        # reports the game's own stack ($0180-$01FF), not the unpack's ($0100-$017F)

    # ---- set-up ----
    @classmethod
    def boot(cls, prg: bytes, labels: dict[str, int], jiffy: int = 0,
             background: bool = False, drive: Drive | None = None,
             device: int = 8) -> Game:
        """Load the PRG, start at `main` (as SYS 2061 does) and run until it waits for a key.

        The game reads keys while its dictionary still unpacks (dict_step runs whenever GETIN
        finds none). By default the session treats that as busy: it stops at an empty GETIN
        only once the unpack is over (dict_complete), as if the player were slower than the
        unpack. `background` = True stops at the first empty GETIN, so keys typed next reach
        the game while it unpacks (dict_check / dict_answer answer them). `drive` is the disk
        drive of the KERNAL's file calls (default: an empty one on device 8); `device` the one
        the PRG was loaded from ($BA: 8 a disk drive, 1 tape).
        """
        machine = emu.Machine(prg, labels)
        game_drive = drive if drive is not None else Drive()
        game_drive.attach(machine)
        machine.memory[0xBA] = device
        game = cls(machine)
        game.prg = prg
        game.background = background
        game.drive = game_drive
        game.set_jiffy(jiffy)
        mpu = machine.mpu
        mpu.sp = 0xF6                       # BASIC's RUN and SYS have used a little stack
        mpu.p = MPU.UNUSED | MPU.BREAK
        mpu.pc = machine.addr("main")
        mpu.processorCycles = 0
        game.power_on = game.snapshot()
        game._run(BOOT_CYCLES, "start-up")
        if not game.unpacking():
            game.min_sp = 0xFF              # from here on the game's own stack alone
        else:
            game.game_stack_from_now = True     # (the unpack's stack lies below the game's)
        if "anim_jiffies" in labels:        # full speed: the reveal animation does not wait
            game.anim_jiffies = game.byte("anim_jiffies")
            machine.memory[labels["anim_jiffies"]] = 0
        game.start = game.snapshot()
        return game

    def reboot(self) -> Game:
        """The same PRG booted again with the same drive: a reset (memory gone, the disk kept)."""
        return Game.boot(self.prg, self.labels, drive=self.drive,
                         device=self.machine.memory[0xBA])

    @classmethod
    def from_files(cls, prg_path: str | Path, labels_path: str | Path, **kwargs) -> Game:
        for path in (prg_path, labels_path):
            if not Path(path).exists():
                raise Wordle64Error(f"{path}: not found; build it first "
                                    "(snakemake --cores all results/build/wordle64.prg)")
        labels = emu.parse_labels(Path(labels_path).read_text(), str(labels_path))
        return cls.boot(Path(prg_path).read_bytes(), labels, **kwargs)

    def snapshot(self) -> tuple:
        mpu = self.machine.mpu
        return (bytes(self.machine.memory), mpu.pc, mpu.a, mpu.x, mpu.y, mpu.sp, mpu.p,
                mpu.processorCycles, self.jiffy)

    def restore(self, snapshot: tuple) -> None:
        memory, pc, a, x, y, sp, p, cycles, jiffy = snapshot
        self.machine.memory[:] = memory
        mpu = self.machine.mpu
        mpu.pc, mpu.a, mpu.x, mpu.y, mpu.sp, mpu.p, mpu.processorCycles = pc, a, x, y, sp, p, cycles
        self.jiffy = jiffy
        self.machine.keys.clear()

    def set_jiffy(self, jiffy: int) -> None:
        self.jiffy = jiffy & 0xFFFFFF
        memory = self.machine.memory
        memory[0xA0], memory[0xA1], memory[0xA2] = (self.jiffy >> 16, self.jiffy >> 8 & 0xFF,
                                                   self.jiffy & 0xFF)

    # ---- running ----
    def _run(self, budget: int, what: str, stop_pc: int | None = None, stop_a: int = 0) -> None:
        """Run until GETIN finds no key queued (or `stop_pc` is reached with A >= stop_a).

        The compiled core (wordle64.c64.fast6502) runs the 6502 between the addresses where
        Python must look: GETIN, the KERNAL traps, `stop_pc`, the SID and quit hooks and any
        address outside the program; py65's MPU holds the registers in between."""
        machine, mpu = self.machine, self.machine.mpu
        traps, keys = machine.traps, machine.keys
        stops = self._stop_map(stop_pc)
        limit = mpu.processorCycles + budget
        regs = fast6502.registers_of(mpu, self.min_sp)
        resume = False
        floor = UNPACK_STACK_FLOOR if self.unpacking() or self.start is None else STACK_FLOOR
        while True:
            reason = fast6502.run(machine.view, regs, stops, limit, floor, resume)
            fast6502.store_registers(mpu, regs)
            self.min_sp = int(regs[fast6502.MIN_SP])
            resume, pc = False, mpu.pc
            if reason == fast6502.STACK_FLOOR:
                self._fail(what, f"overflowed the stack (SP ${self.min_sp:02X})", pc)
            if reason == fast6502.OVER_LIMIT:
                self._fail(what, f"ran past {budget:,} cycles without waiting for a key", pc)
            if reason == fast6502.BAD_OPCODE:
                opcode = machine.memory[pc]
                self._fail(what, f"hit {'BRK' if opcode == 0 else 'an undocumented opcode'}"
                           f" ${opcode:02X}", pc)
            if pc == GETIN:
                if not keys and (self.background or not self.unpacking()):
                    if self.game_stack_from_now and not self.unpacking():
                        self.game_stack_from_now, self.min_sp = False, 0xFF
                    return
                mpu.a = keys.popleft() if keys else 0     # none yet: the game unpacks on
                mpu.p = (mpu.p & ~(MPU.ZERO | MPU.NEGATIVE | MPU.CARRY)) | (
                    MPU.ZERO if mpu.a == 0 else 0) | (mpu.a & MPU.NEGATIVE)
                emu.return_from_trap(mpu)
            elif pc == stop_pc and mpu.a >= stop_a:
                return
            elif pc == self.quit_pc:    # back to BASIC: RUN again (the menu as booted)
                self._quit(what, pc)
                return
            elif not self._allowed[pc]:
                self._fail(what, "left the program", pc)
            elif pc >= emu.KERNAL_START:
                traps[pc](machine)
                emu.return_from_trap(mpu)
            else:                       # a hook (SID write, stop_pc below stop_a): go on
                if pc == self.sid_pc and self.sid_writes is not None:
                    self.sid_writes.append((mpu.processorCycles, mpu.x, mpu.a))
                    if self.sid_hook is not None:
                        self.sid_hook(self)
                resume = True
            regs = fast6502.registers_of(mpu, self.min_sp)

    def unpacking(self) -> bool:
        """Is the dictionary still unpacking in the background (dict_complete = 0)?"""
        return self.complete_at is not None and self.machine.memory[self.complete_at] == 0

    def run_to(self, label: str, budget: int = BOOT_CYCLES, stop_a: int = 0) -> None:
        """Run (keys queued as they are) until the CPU reaches `label` with A >= `stop_a`."""
        self._run(budget, f"to {label}", stop_pc=self.machine.addr(label), stop_a=stop_a)

    def _quit(self, what: str, pc: int) -> None:
        """The game jumped back to BASIC: count it and restore the booted menu."""
        self.quits += 1
        if self.start is None:
            self._fail(what, "went back to BASIC during start-up", pc)
        stats, cycles = self.stats(), self.machine.mpu.processorCycles
        self.played_before_quits += stats["played"]
        self.won_before_quits += stats["wins"]
        if self.rerun_on_quit and self.power_on is not None:
            jiffy = self.jiffy
            self.restore(self.power_on)                  # RUN again: start-up reads the drive
            self.machine.mpu.processorCycles = cycles
            self.set_jiffy(jiffy)
            started, self.start = self.start, None       # start-up's stack rules (see _run)
            self._run(BOOT_CYCLES, "start-up after Q")
            self.start, self.min_sp = started, 0xFF
            return
        self.restore(self.start)
        self.machine.mpu.processorCycles = cycles        # time goes on
        self.game_stack_from_now = self.unpacking()      # unpacking again (see boot)

    def _stop_map(self, stop_pc: int | None):
        """Where the compiled core must stop for Python (see _run)."""
        key = (stop_pc, self.sid_pc, self.quit_pc)
        if self._stops_key != key:
            outside = np.frombuffer(bytes(self._allowed), np.uint8) == 0
            stops = fast6502.stop_map([a for a in (GETIN, stop_pc, self.sid_pc, self.quit_pc)
                                       if a is not None and a >= 0], emu.KERNAL_START)
            stops[outside] = 1
            self._stops, self._stops_key = stops, key
        return self._stops

    def _fail(self, what: str, problem: str, pc: int) -> None:
        mpu = self.machine.mpu
        raise emu.EmulationError(
            f"{what}: the game {problem} at ${pc:04X} ({self.machine.label_at(pc)}); "
            f"A={mpu.a:02X} X={mpu.x:02X} Y={mpu.y:02X} SP={mpu.sp:02X} P={mpu.p:02X}\n"
            f"{self.machine.disassemble(pc)}")

    def press(self, *keys: int) -> int:
        """Press keys one at a time, running to the next wait after each; returns the cycles."""
        mpu = self.machine.mpu
        start = mpu.processorCycles
        for key in keys:
            before = mpu.processorCycles
            self.set_jiffy(self.jiffy + JIFFIES_PER_KEY)
            if key == RESTORE:
                self.nmi()
            else:
                self.machine.keys.append(key)
            budget = BOOT_CYCLES if self.unpacking() else self.key_cycles   # a key may wait
            self._run(budget, f"key ${key & 0xFF:02X} (#{self.keys_pressed})")  # for the unpack
            self.keys_pressed += 1
            self.keys_while_unpacking += self.unpacking()
            spent = mpu.processorCycles - before
            self.max_key_cycles = max(self.max_key_cycles, spent)
            self.min_key_cycles = spent if self.keys_pressed == 1 else min(self.min_key_cycles,
                                                                            spent)
            self.total_key_cycles += spent
        return mpu.processorCycles - start

    def realtime(self) -> None:
        """From now on the jiffy clock follows the cycles (60 Hz of a PAL CPU clock) and the
        reveal animation waits at the PRG's own pace, as on a C64."""
        self.machine.memory[self.machine.addr("anim_jiffies")] = self.anim_jiffies
        self.key_cycles = REALTIME_KEY_CYCLES

        def rdtim(machine: emu.Machine) -> None:
            jiffy = (self.jiffy + machine.mpu.processorCycles // JIFFY_CYCLES) & 0xFFFFFF
            machine.mpu.a, machine.mpu.x, machine.mpu.y = (jiffy & 0xFF, jiffy >> 8 & 0xFF,
                                                           jiffy >> 16)
        self.machine.traps[emu.KERNAL["RDTIM"]] = rdtim

    def type(self, script: str) -> int:
        return self.press(*parse_keys(script))

    def nmi(self) -> None:
        """RESTORE: the KERNAL's NMI entry does SEI and jumps through ($0318)."""
        mpu, memory = self.machine.mpu, self.machine.memory
        mpu.stPushWord(mpu.pc)
        mpu.stPush(mpu.p & ~MPU.BREAK)
        mpu.p |= MPU.INTERRUPT
        mpu.pc = memory[NMI_VECTOR] | memory[NMI_VECTOR + 1] << 8
        mpu.processorCycles += 7
        self.restores += 1

    # ---- reading ----
    @property
    def memory(self) -> bytearray:
        return self.machine.memory

    @property
    def cycles(self) -> int:
        return self.machine.mpu.processorCycles

    def screen(self) -> Screen:
        return read_screen(self.machine.memory)

    def read(self, label: str | int, length: int = 1) -> bytes:
        return self.machine.read(label, length)

    def byte(self, label: str) -> int:
        return self.machine.memory[self.machine.addr(label)]

    def word(self, label: str) -> int:
        return self.machine.read_word(label)

    def answer(self) -> str:
        return core.word_of(self.read("answer_buf", LETTERS))

    def board(self) -> Board:
        return Board(
            guesses=self.read("board_guesses", ROWS * LETTERS),
            marks=self.read("board_marks", ROWS * LETTERS),
            row=self.byte("board_row"), col=self.byte("board_col"),
            key_state=self.read("key_state", 26), answer=self.read("answer_buf", LETTERS))

    def stats(self) -> dict[str, object]:
        return {"played": self.word("stats_played"), "wins": self.word("stats_wins"),
                "streak": self.word("stats_streak"), "best": self.word("stats_best"),
                "distribution": [self.word("stats_dist") if i == 0 else
                                 self.machine.read_word(self.machine.addr("stats_dist") + 2 * i)
                                 for i in range(ROWS)]}
