"""Sound and the reveal animation, proven on the real PRG under py65 (results/validate/sound.json).

Every SID write of the game goes through one routine (sound.s: sid_store), whose calls the
harness records as (cycle, register, value). The checks: the SID set up at start-up, a click
per key, one tone per revealed tile (its pitch by the tile's mark), the win tune, the loss
sound, nothing at all with sound switched off — and, with the jiffy clock following the cycles
(Game.realtime), the tiles turning one at a time 6 jiffies (0.1 s) apart.
"""

from __future__ import annotations

import time
from pathlib import Path

from wordle64.c64 import emu
from wordle64.game.rules import LETTERS, ROWS, BOARD_COL, BOARD_ROW
from wordle64.game.session import JIFFY_CYCLES, Game
from wordle64.game.shared import ScenarioResult, WordLists, guesses_against, random_game
from wordle64.score import score

SID = 0xD400
V1_CTRL, V2_FREQ_HI, V2_CTRL, V3_FREQ_HI, V3_CTRL, VOLUME = 0x04, 0x08, 0x0B, 0x0F, 0x12, 0x18
NOISE, TRIANGLE, SAW = 0x80, 0x10, 0x20
# frequency registers (PAL: Hz * 17.03) the tiles and tunes use (sound.s note_lo / note_hi)
TILE_PITCH = {0: 3338 >> 8, 1: 6676 >> 8, 2: 13352 >> 8}      # G3, G4, G5 by mark
WIN_TUNE = [n >> 8 for n in (8907, 11225, 13352, 17830)]       # C5 E5 G5 C6
LOSS_TUNE = [n >> 8 for n in (6676, 5620, 4462, 3338)]         # G4 E4 C4 G3


def _writes(game: Game, script: str) -> list[tuple[int, int, int]]:
    game.sid_writes = []
    game.type(script)
    writes, game.sid_writes = game.sid_writes, None
    return writes


def _gates(writes, control: int, wave: int) -> list[int]:
    """Indexes of the writes that start a note on a voice (gate on with its waveform)."""
    return [i for i, (_, reg, value) in enumerate(writes) if reg == control and value == wave | 1]


def _pitch_before(writes, index: int, freq_hi: int) -> int | None:
    return next((v for _, r, v in reversed(writes[:index]) if r == freq_hi), None)


def _check_start(result: ScenarioResult, game: Game) -> None:
    memory = game.memory
    result.check("start-up: volume 15", memory[SID + VOLUME] == 0x0F, memory[SID + VOLUME])
    result.check("start-up: envelopes (attack/decay 00, 0A, 09; sustain 0)",
                 [memory[SID + 5 + 7 * v] for v in range(3)] == [0x00, 0x0A, 0x09]
                 and all(memory[SID + 6 + 7 * v] == 0 for v in range(3)),
                 bytes(memory[SID:SID + 0x19]).hex())


def _check_game(result: ScenarioResult, game: Game, menu: tuple, words: WordLists) -> None:
    game.restore(menu)
    writes = _writes(game, "1")
    result.check("a key clicks: voice 1 noise, gate off then on",
                 [(r, v) for _, r, v in writes if r == V1_CTRL] == [(V1_CTRL, NOISE),
                                                                    (V1_CTRL, NOISE | 1)],
                 writes)
    answer = game.answer()
    guess = guesses_against(answer, words, 1)[0]
    game.type(guess)
    writes = _writes(game, "{RETURN}")
    gates = _gates(writes, V2_CTRL, TRIANGLE)
    pitches = [_pitch_before(writes, i, V2_FREQ_HI) for i in gates]
    want = [TILE_PITCH[m] for m in score(guess, answer)]
    result.check(f"{guess.upper()}: a tone per tile, pitched by its mark", pitches == want,
                 f"{pitches} vs {want}")
    writes = _writes(game, answer + "{RETURN}")
    tune = [_pitch_before(writes, i, V3_FREQ_HI) for i in _gates(writes, V3_CTRL, SAW)]
    result.check("a win plays C5 E5 G5 C6 on voice 3", tune == WIN_TUNE, f"{tune}")
    game.restore(menu)
    wrong = guesses_against(random_game(game, 0x00BEEF), words, ROWS)
    game.type("".join(w + "{RETURN}" for w in wrong[:-1]) + wrong[-1])
    writes = _writes(game, "{RETURN}")
    tune = [_pitch_before(writes, i, V3_FREQ_HI) for i in _gates(writes, V3_CTRL, SAW)]
    result.check("a loss plays G4 E4 C4 G3 on voice 3", tune == LOSS_TUNE, f"{tune}")


def _check_off(result: ScenarioResult, game: Game, menu: tuple, words: WordLists) -> None:
    game.restore(menu)
    game.type("6")
    result.check("the menu switches sound off", game.screen().text_lines()[13].rstrip()
                 .endswith("OFF"), game.screen().text_lines()[13])
    game.type("1")
    answer = game.answer()
    writes = _writes(game, guesses_against(answer, words, 1)[0] + "{RETURN}" + answer +
                     "{RETURN}{STOP}")
    result.check("sound off: no SID write during a whole game", not writes, writes[:5])
    game.type("6")
    writes = _writes(game, "1")
    result.check("switched on again: the key clicks", bool(writes), writes)


def _check_reveal(result: ScenarioResult, game: Game, menu: tuple, words: WordLists) -> None:
    """Real time: tiles turn one at a time, anim_jiffies (6 = 0.1 s) apart."""
    game.restore(menu)
    game.type("1")
    answer = game.answer()
    guess = guesses_against(answer, words, 1)[0]
    game.type(guess)
    filled: list[int] = []

    def on_tone(g: Game) -> None:
        if g.machine.mpu.x == V2_CTRL and g.machine.mpu.a & 1:
            row = BOARD_ROW + 1
            codes = [g.memory[0x0400 + row * 40 + BOARD_COL + 1 + 4 * c] for c in range(LETTERS)]
            filled.append(sum(1 for code in codes if code >> 6))
    game.realtime()
    game.sid_hook = on_tone
    writes = _writes(game, "{RETURN}")
    game.sid_hook = None
    gates = _gates(writes, V2_CTRL, TRIANGLE)
    result.check("the tiles turn one at a time (filled tiles at each tone: 1..5)",
                 filled == [1, 2, 3, 4, 5], filled)
    gaps = [(writes[b][0] - writes[a][0]) / JIFFY_CYCLES for a, b in zip(gates, gates[1:])]
    # counting 6 clock ticks waits 5 to 6 jiffies, by where in a jiffy the count starts
    result.check("6 jiffies (0.1 s) between tiles", len(gaps) == LETTERS - 1 and
                 all(5.0 <= gap <= 7.0 for gap in gaps), [round(g, 2) for g in gaps])
    result.check("the harness runs at full speed otherwise (anim_jiffies 0 after boot)",
                 game.byte("anim_jiffies") == game.anim_jiffies == 6, game.anim_jiffies)


def sound_checks(prg: bytes, labels: dict[str, int], words: WordLists) -> dict:
    started = time.perf_counter()
    game = Game.boot(prg, labels)
    menu = game.snapshot()
    result = ScenarioResult("sound")
    _check_start(result, game)
    _check_game(result, game, menu, words)
    _check_off(result, game, menu, words)
    _check_reveal(result, game, menu, words)
    failed = [f"{c['check']}: {c['detail'][:300]}" for c in result.checks if not c["passed"]]
    return {"check": "sound", "passed": result.passed, "cases": len(result.checks),
            "failed": len(failed), "problems": failed, "checks": result.checks,
            "seconds": round(time.perf_counter() - started, 1)}


def run_sound(prg_path: str | Path, labels_path: str | Path, words_path: str | Path) -> dict:
    labels = emu.parse_labels(Path(labels_path).read_text(), str(labels_path))
    return sound_checks(Path(prg_path).read_bytes(), labels, WordLists.from_tsv(words_path))
