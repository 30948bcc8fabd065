"""Fuzzing: random keys (every byte GETIN can return, RUN/STOP, RESTORE as an NMI) pressed on the
real PRG, the board invariants checked after each."""

from __future__ import annotations

import random
import time
from pathlib import Path

from wordle64.c64 import emu
from wordle64.game.absurdle import absurdle_problems, is_absurdle_screen, remaining_words
from wordle64.game.keys import KEY_DELETE, KEY_RETURN, KEY_STOP, RESTORE, parse_keys
from wordle64.game.rules import LETTERS, board_problems, is_game_screen
from wordle64.game.scenarios import WordLists
from wordle64.game.session import Game

# the keys a random roll picks, in order: (roll below, first key, keys from it): letters A-Z,
# RETURN, DEL, digits 0-9, RUN/STOP, RESTORE; a roll above them all, any GETIN byte 1-255
_KEY_ODDS = ((0.40, 0x41, 26), (0.50, KEY_RETURN, 1), (0.57, KEY_DELETE, 1), (0.69, 0x30, 10),
             (0.70, KEY_STOP, 1), (0.705, RESTORE, 1))


def _fuzz_key(rng: random.Random) -> int:
    """One random key: weighted towards what moves the game along, yet every GETIN byte."""
    roll = rng.random()
    for below, first, count in _KEY_ODDS:
        if roll < below:
            # a single key draws no second number: the seeds' key sequences stay as they were
            return first + rng.randrange(count) if count > 1 else first
    return rng.randrange(1, 256)


def fuzz(prg: bytes, labels: dict[str, int], words: WordLists, keys: int, seed: int,
         log=print, background: bool = False) -> dict:
    """Press `keys` random keys (and typed words) from the menu on; check after every key.
    `background`: from the menu's first key read, the dictionary still unpacking (Game.boot);
    the unpack then goes on a prefix group per key the game waits for."""
    rng = random.Random(seed)
    game = Game.boot(prg, labels, jiffy=seed & 0xFFFFFF, background=background)
    word_list = sorted(words.words)
    pressed = 0
    problems: list[str] = []
    screens = {"menu": 0, "game": 0, "absurdle": 0, "other": 0}
    absurdle_guesses, in_absurdle = -1, False
    game_seen = False
    quits = 0
    started = time.perf_counter()
    next_log = 0
    while pressed < keys and len(problems) < 20:
        roll = rng.random()
        if roll < 0.08:                     # a listed word into a cleared row
            burst = parse_keys("{DEL}" * LETTERS + rng.choice(word_list) + "{RETURN}")
        elif roll < 0.10 and (game_seen or in_absurdle):  # the answer: games get won, too
            answer = (rng.choice(remaining_words(game, words.answers)) if in_absurdle
                      else game.answer())
            burst = parse_keys("{DEL}" * LETTERS + answer + "{RETURN}")
        else:
            burst = [_fuzz_key(rng)]
        for key in burst[:keys - pressed]:
            try:
                game.press(key)
            except emu.EmulationError as error:
                problems.append(f"key {pressed}: {error}")
                return _fuzz_report(game, seed, pressed, problems, screens, started)
            pressed += 1
            if game.quits != quits:         # back to BASIC and run again: no game yet
                quits, game_seen = game.quits, False
            screen = game.screen()
            kind = ("game" if is_game_screen(screen) else
                    "absurdle" if is_absurdle_screen(screen) else
                    "menu" if screen.find("PRESS 1-") or screen.find("DATE:") else "other")
            screens[kind] += 1
            in_absurdle = kind == "absurdle"
            if in_absurdle:
                game_seen = False           # its board is no Wordle board: wait for one
                guesses = game.word("abs_guesses")
                if guesses != absurdle_guesses:  # checked after each guess (the set is slow)
                    absurdle_guesses = guesses
                    problems += [f"key {pressed} (${key & 0xFF:02X}): {problem}" for problem in
                                 absurdle_problems(game, words.words, words.answers)]
                continue
            game_seen = game_seen or kind == "game"
            if not game_seen:
                continue                    # no game yet: the board holds no answer
            for problem in board_problems(game.board(), words.words, screen):
                problems.append(f"key {pressed} (${key & 0xFF:02X}): {problem}")
        if pressed >= next_log:
            log(f"fuzz seed {seed}: {pressed:,}/{keys:,} keys, {len(problems)} problems")
            next_log += max(keys // 10, 1)
    return _fuzz_report(game, seed, pressed, problems, screens, started)


def _fuzz_report(game: Game, seed: int, pressed: int, problems: list[str],
                 screens: dict[str, int], started: float) -> dict:
    stats = game.stats()
    return {
        "seed": seed,
        "background": game.background,
        "keys_while_unpacking": game.keys_while_unpacking,
        "keys": pressed,
        "restores": game.restores,
        "quits_to_basic": game.quits,
        "passed": not problems,
        "problems": problems[:20],
        "keys_on_screen": screens,
        "games_finished": stats["played"] + game.played_before_quits,
        "games_won": stats["wins"] + game.won_before_quits,
        "absurdle_played": game.word("abs_played"),
        "absurdle_won": game.word("abs_won"),
        "min_stack_pointer": game.min_sp,
        "cycles_per_key": {"min": game.min_key_cycles, "max": game.max_key_cycles,
                           "total": game.total_key_cycles},
        "seconds": round(time.perf_counter() - started, 1),
    }


def gather_fuzz(chunks: list[dict], min_keys: int = 0) -> dict:
    """fuzz.json from the chunk reports (the summary's keys: check, passed, cases, cycles)."""
    keys = sum(c["keys"] for c in chunks)
    problems = [p for c in chunks for p in c["problems"]][:50]
    if keys < min_keys:
        problems.append(f"only {keys:,} keys pressed, {min_keys:,} configured")
    total = sum(c["cycles_per_key"]["total"] for c in chunks)
    return {
        "check": "fuzz",
        "passed": not problems and all(c["passed"] for c in chunks),
        "cases": keys,
        "failed": sum(len(c["problems"]) for c in chunks),
        "cycles": {"min": min(c["cycles_per_key"]["min"] for c in chunks),
                   "mean": round(total / keys) if keys else 0,
                   "max": max(c["cycles_per_key"]["max"] for c in chunks)},
        "problems": problems,
        "restores": sum(c["restores"] for c in chunks),
        "keys_while_unpacking": sum(c.get("keys_while_unpacking", 0) for c in chunks),
        "quits_to_basic": sum(c.get("quits_to_basic", 0) for c in chunks),
        "keys_on_screen": {kind: sum(c["keys_on_screen"][kind] for c in chunks)
                           for kind in chunks[0]["keys_on_screen"]} if chunks else {},
        "games_finished": sum(c["games_finished"] for c in chunks),
        "games_won": sum(c["games_won"] for c in chunks),
        "absurdle_played": sum(c.get("absurdle_played", 0) for c in chunks),
        "absurdle_won": sum(c.get("absurdle_won", 0) for c in chunks),
        "min_stack_pointer": min(c["min_stack_pointer"] for c in chunks),
        "chunks": chunks,
    }


def run_fuzz_chunk(prg_path: str | Path, labels_path: str | Path, words_path: str | Path,
                   keys: int, seed: int, log=print, background: bool = False) -> dict:
    labels = emu.parse_labels(Path(labels_path).read_text(), str(labels_path))
    return fuzz(Path(prg_path).read_bytes(), labels, WordLists.from_tsv(words_path), keys, seed,
                log=log, background=background)
