"""Scripted games: the scenarios of the game's issues played on the real PRG, with screenshots."""

from __future__ import annotations

import datetime
import time
from pathlib import Path

from wordle64 import core
from wordle64.c64 import emu
from wordle64.errors import Wordle64Error
from wordle64.score import score
from wordle64.c64.screen import Screen, save_png
from wordle64.game.rules import (LETTERS, ROWS, charset_sheet, hard_mode_violation,
                                 is_game_screen)
from wordle64.game.session import Game
from wordle64.game.shared import (ScenarioResult, WordLists, answer_is, board_ok, daily_answer,
                                  guesses_against, play_rows, random_game, screen_has, stat_is)
from wordle64.game.faults import FAULT_SCENARIOS
from wordle64.game.scenarios_absurdle import scenario_absurdle
from wordle64.game.scenarios_keep import ISSUE29_SCENARIOS, ISSUE29_SCREENSHOTS

SCREENSHOTS = ("charset", "unpacking", "menu", "game_won", "game_lost", "not_in_word_list",
               "date_refused", "hard_mode", "colour_blind", "statistics", "daily_played",
               "hard_mode_two", "absurdle", "absurdle_thinking", *ISSUE29_SCREENSHOTS)

# short names used throughout the scenarios below
_guesses_against, _screen_has, _board_ok, _play_rows = (guesses_against, screen_has, board_ok,
                                                        play_rows)


def _scenario_menu(game: Game, menu: tuple, words: WordLists,
                   shots: dict[str, Screen]) -> ScenarioResult:
    """The menu."""
    result = ScenarioResult("menu")
    game.restore(menu)
    screen = game.screen()
    for item in ("RANDOM WORD", "DAILY WORD", "HARD MODE", "COLOUR-BLIND", "STATISTICS",
                 "ABSURDLE"):
        _screen_has(result, game, item)
    result.check("the menu shows the dictionary size",
                 screen.find(f"{len(words.words)} WORDS") is not None, screen.text())
    result.check("the menu shows the number of answers",
                 screen.find(f"{len(words.answers)} ANSWERS") is not None, screen.text())
    shots["menu"] = game.screen()
    for key in ("{F1}", "{CLR}", "X", "{RETURN}", "{DEL}", "{RESTORE}", "{STOP}"):
        game.type(key)
    result.check("keys the menu does not use change nothing",
                 game.screen().codes == screen.codes, game.screen().text())
    return result


def _scenario_won(game: Game, menu: tuple, words: WordLists,
                  shots: dict[str, Screen]) -> ScenarioResult:
    """A won game: two guesses that reveal something, then the answer."""
    result = ScenarioResult("won")
    game.restore(menu)
    answer = random_game(game, 0x012345)
    result.check("a random game picks an answer", answer in words.answers, answer)
    seed = core.seed_from_jiffy(game.jiffy)
    expected, _ = core.pick(seed, len(words.answers))
    answer_is(result, game, words.answers[expected],
              "the random answer is the Python reference's pick for the jiffy clock")
    guesses = _guesses_against(answer, words, 2) + [answer]
    _play_rows(result, game, words, guesses)
    _screen_has(result, game, "IMPRESSIVE!")
    _screen_has(result, game, "RETURN  PLAY AGAIN")
    result.check("statistics count the win", game.stats()["wins"] == 1 and
                 game.stats()["distribution"][2] == 1, game.stats())
    shots["game_won"] = game.screen()
    game.type("{RETURN}")
    result.check("RETURN after a game starts a new one (empty board)",
                 game.board().row == 0 and is_game_screen(game.screen()), game.screen().text())
    return result


def _scenario_lost(game: Game, menu: tuple, words: WordLists,
                   shots: dict[str, Screen]) -> ScenarioResult:
    """A lost game: six wrong guesses."""
    result = ScenarioResult("lost")
    game.restore(menu)
    answer = random_game(game, 0x00BEEF)
    _play_rows(result, game, words, _guesses_against(answer, words, ROWS))
    _screen_has(result, game, "THE WORD WAS")
    _screen_has(result, game, answer.upper())
    result.check("statistics count the loss", game.stats()["played"] == 1 and
                 game.stats()["wins"] == 0, game.stats())
    shots["game_lost"] = game.screen()
    game.type("{STOP}")
    _screen_has(result, game, "RANDOM WORD")
    return result


def _scenario_not_in_word_list(game: Game, menu: tuple, words: WordLists,
                               shots: dict[str, Screen]) -> ScenarioResult:
    """Not enough letters, not in word list, then the row is still editable."""
    result = ScenarioResult("not_in_word_list")
    game.restore(menu)
    game.type("1")
    answer = game.answer()
    game.type("AB{RETURN}")
    _screen_has(result, game, "NOT ENOUGH LETTERS")
    game.type("{DEL}{DEL}")
    nonword = next(w for w in ("zzzzz", "qxqxq", "aaaaa") if w not in words.words)
    game.type(nonword + "{RETURN}")
    _screen_has(result, game, "NOT IN WORD LIST")
    board = game.board()
    result.check("an unknown word leaves the row editable",
                 board.row == 0 and board.col == LETTERS, (board.row, board.col))
    _board_ok(result, game, words, "with an unknown word typed")
    shots["not_in_word_list"] = game.screen()
    guess = _guesses_against(answer, words, 1)[0]
    game.type("{DEL}" * LETTERS + guess + "{RETURN}")
    result.check("after DEL x5 a listed word is accepted", game.board().row == 1,
                 game.board().row)
    _board_ok(result, game, words, "after correcting the row")
    return result


def _scenario_daily_date(game: Game, menu: tuple, words: WordLists,
                         shots: dict[str, Screen]) -> ScenarioResult:
    """Daily word: an impossible date is refused, corrected, the game uses the reference word."""
    result = ScenarioResult("daily_date")
    game.restore(menu)
    game.type("2")
    _screen_has(result, game, "YYYY-MM-DD")
    game.type("20230229{RETURN}")
    _screen_has(result, game, "NO SUCH DATE")
    shots["date_refused"] = game.screen()
    game.type("{DEL}{DEL}28{RETURN}")
    _screen_has(result, game, "DAILY 2023-02-28")
    answer_is(result, game, daily_answer(words, datetime.date(2023, 2, 28)),
              "the daily answer is the Python reference's")
    for typed, ok in (("00000101", False), ("99991231", True), ("20241301", False),
                      ("20240229", True), ("2024", False)):
        game.restore(menu)
        game.type("2" + typed + "{RETURN}")
        accepted = is_game_screen(game.screen())
        result.check(f"date {typed} {'accepted' if ok else 'refused'}", accepted == ok,
                     game.screen().text())
        if ok:
            day = datetime.date(int(typed[:4]), int(typed[4:6]), int(typed[6:]))
            answer_is(result, game, daily_answer(words, day), f"daily answer of {typed}")
    game.restore(menu)
    game.type("2123{STOP}")
    result.check("RUN/STOP leaves the date entry", game.screen().find("PRESS 1-8") is not None,
                 game.screen().text())
    return result


def _scenario_hard_mode(game: Game, menu: tuple, words: WordLists,
                        shots: dict[str, Screen]) -> ScenarioResult:
    """Hard mode: a guess that drops a right-place letter is refused with the reason."""
    result = ScenarioResult("hard_mode")
    game.restore(menu)
    game.type("3")
    _screen_has(result, game, "ON")
    answer = random_game(game, 0x000777)
    _screen_has(result, game, "HARD MODE")
    first = _guesses_against(answer, words, 1, want_green=True)[0]
    _play_rows(result, game, words, [first])
    marks = score(first, answer)
    bad = next(w for w in sorted(words.answers)
               if hard_mode_violation(first, marks, w) and w != answer)
    reason = hard_mode_violation(first, marks, bad)
    game.type(bad + "{RETURN}")
    _screen_has(result, game, "HARD MODE:")
    _screen_has(result, game, reason or "?")
    result.check("the refused guess is not submitted", game.board().row == 1, game.board().row)
    shots["hard_mode"] = game.screen()
    game.type("{DEL}" * LETTERS + answer + "{RETURN}")
    _screen_has(result, game, "MAGNIFICENT!")
    _board_ok(result, game, words, "after the win")
    return result


def _scenario_colour_blind(game: Game, menu: tuple, words: WordLists,
                           shots: dict[str, Screen]) -> ScenarioResult:
    """Colour-blind palette: cyan and yellow (a blue-yellow pair), cyan 3.5:1 over dark grey."""
    result = ScenarioResult("colour_blind")
    game.restore(menu)
    game.type("4")
    memory = game.memory
    result.check("colour-blind: right place cyan, elsewhere yellow, absent dark grey",
                 tuple(memory[0xD022:0xD025]) == (3, 7, 11), tuple(memory[0xD022:0xD025]))
    answer = random_game(game, 0x000042)
    _play_rows(result, game, words, _guesses_against(answer, words, 3, want_green=True))
    shots["colour_blind"] = game.screen()
    game.type("{STOP}Y{STOP}4")                 # give up (issue 29 item 7), then the menu
    result.check("toggled back: green and yellow", (memory[0xD022], memory[0xD023]) == (5, 7),
                 (memory[0xD022], memory[0xD023]))
    return result


def _scenario_statistics(game: Game, menu: tuple, words: WordLists,
                         shots: dict[str, Screen]) -> ScenarioResult:
    """Statistics after a win in 2 and a loss."""
    result = ScenarioResult("statistics")
    game.restore(menu)
    answer = random_game(game, 0x001000)
    _play_rows(result, game, words, _guesses_against(answer, words, 1) + [answer])
    game.type("{RETURN}")
    answer = game.answer()
    _play_rows(result, game, words, _guesses_against(answer, words, ROWS))
    game.type("{RETURN}")
    answer = game.answer()
    _play_rows(result, game, words, _guesses_against(answer, words, 3) + [answer])
    game.type("{STOP}5")
    expect = {"PLAYED": "3", "WIN %": "67", "RANDOM STREAK": "1", "BEST RANDOM STREAK": "1",
              "DAILY STREAK": "0"}
    for label, value in expect.items():
        stat_is(result, game, label, value, f"statistics: {label} {value}")
    lines = game.screen().text_lines()
    result.check("distribution: one win in 2, one in 4",
                 lines[16].split()[-1] == "1" and lines[18].split()[-1] == "1"
                 and lines[15].split()[-1] == "0", "\n".join(lines[15:21]))
    shots["statistics"] = game.screen()
    game.type("X")
    _screen_has(result, game, "PRESS 1-8")
    return result


# in order: each starts from the menu's snapshot, screenshots land in `shots` by name
SCENARIOS = (_scenario_menu, _scenario_won, _scenario_lost, _scenario_not_in_word_list,
             _scenario_daily_date, _scenario_hard_mode, _scenario_colour_blind,
             _scenario_statistics, *FAULT_SCENARIOS, scenario_absurdle, *ISSUE29_SCENARIOS)


def scripted_games(prg: bytes, labels: dict[str, int], words: WordLists,
                   screens: dict[str, str | Path] | None = None, scale: int = 2,
                   log=print) -> dict:
    """Play every scenario of the issue on the real PRG; screenshots of SCREENSHOTS go to the
    paths `screens` gives by name."""
    started = time.perf_counter()
    shots: dict[str, Screen] = {}
    log("booting (the dictionary unpacks under py65)")
    early = Game.boot(prg, labels, background=True)   # Absurdle chosen while it unpacks:
    early.machine.keys.append(ord("7"))                # its bar half full
    early.run_to("progress_bar", stop_a=128)
    shots["unpacking"] = early.screen()
    game = Game.boot(prg, labels)
    boot_cycles = game.cycles
    menu = game.snapshot()
    shots["charset"] = charset_sheet(game.screen())
    results = [scenario(game, menu, words, shots) for scenario in SCENARIOS]

    for name, path in (screens or {}).items():
        if name not in shots:
            raise Wordle64Error(f"no screenshot named {name!r}; there are {sorted(shots)}")
        save_png(shots[name], path, scale=scale)
    return {
        "passed": all(r.passed for r in results),
        "scenarios": [{"name": r.name, "passed": r.passed, "checks": r.checks,
                       **({"measured": r.measured} if r.measured else {})} for r in results],
        "checks": sum(len(r.checks) for r in results),
        "failed_checks": [f"{r.name}: {c['check']}: {c['detail'][:300]}"
                          for r in results for c in r.checks if not c["passed"]],
        "boot_cycles": boot_cycles,
        "screenshots": sorted(shots),
        "seconds": round(time.perf_counter() - started, 1),
    }


def run_scripted(prg_path: str | Path, labels_path: str | Path, words_path: str | Path,
                 screens: dict[str, str | Path], scale: int = 2, log=print) -> dict:
    """games.json: the scripted scenarios on the built PRG; screenshots to `screens` (by name)."""
    labels = emu.parse_labels(Path(labels_path).read_text(), str(labels_path))
    words = WordLists.from_tsv(words_path)
    result = scripted_games(Path(prg_path).read_bytes(), labels, words, screens, scale=scale,
                            log=log)
    return {"check": "games", "passed": result["passed"], "cases": result["checks"],
            "failed": len(result["failed_checks"]), "problems": result["failed_checks"],
            **{key: value for key, value in result.items() if key != "failed_checks"}}
