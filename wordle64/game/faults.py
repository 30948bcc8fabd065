"""Scripted games of issue 15's faults 1-5 (fault1 .. fault5 in games.json), each replaying the
issue's reproduction on the real PRG and checking the fixed behaviour."""

from __future__ import annotations

import datetime

from wordle64.c64.screen import Screen
from wordle64.game.rules import ROWS, hard_mode_violation, is_game_screen
from wordle64.game.session import Game
from wordle64.game.shared import (ScenarioResult, WordLists, answer_is, daily_answer, date_keys,
                                  guesses_against, play_rows, random_game, screen_has,
                                  stat_is)
from wordle64.score import score

FIRST_DAY = datetime.date(2026, 12, 1)


def fault1_date_field(game: Game, menu: tuple, words: WordLists,
                      shots: dict[str, Screen]) -> ScenarioResult:
    """Fault 1: the date field kept the last date and dropped new digits."""
    result = ScenarioResult("fault1")
    game.restore(menu)
    game.type("220261201{RETURN}{STOP}220000229{RETURN}")
    screen_has(result, game, "DAILY 2000-02-29")
    answer_is(result, game, daily_answer(words, datetime.date(2000, 2, 29)),
              "the second date's word is played")
    game.restore(menu)
    game.type("2" + date_keys(FIRST_DAY) + "{RETURN}")
    game.type(daily_answer(words, FIRST_DAY) + "{RETURN}{RETURN}")
    line = next((l for l in game.screen().text_lines() if "DATE:" in l), "")
    result.check("after a daily game the date field starts empty, the next date offered dim",
                 game.byte("date_len") == 0 and "2026-12-02" in line, line)
    return result


def fault2_bars_apart(game: Game, menu: tuple, words: WordLists,
                      shots: dict[str, Screen]) -> ScenarioResult:
    """Fault 2: statistics bars on adjacent rows touched (wins in 1 and in 2 guesses)."""
    result = ScenarioResult("fault2")
    game.restore(menu)
    game.type(random_game(game, 0x002000) + "{RETURN}{RETURN}")
    answer = game.answer()
    play_rows(result, game, words, guesses_against(answer, words, 1) + [answer])
    game.type("{STOP}5")
    screen = game.screen()
    for row in (15, 16):
        glyph = screen.glyph(12, row)
        pixels = screen.charset[8 * glyph:8 * glyph + 8]
        result.check(f"bar on row {row}: filled, with a blank bottom raster line",
                     pixels[0] == 0xFF and pixels[7] == 0, f"glyph {glyph}: {pixels.hex()}")
    return result


def fault3_rounding(game: Game, menu: tuple, words: WordLists,
                    shots: dict[str, Screen]) -> ScenarioResult:
    """Fault 3: win % was truncated (2 of 3 showed 66; the real game rounds to 67)."""
    result = ScenarioResult("fault3")
    game.restore(menu)
    random_game(game, 0x003000)
    for lose in (False, True, False):
        answer = game.answer()
        guesses = guesses_against(answer, words, ROWS) if lose else [answer]
        play_rows(result, game, words, guesses)
        game.type("{RETURN}")
    game.type("{STOP}5")
    stat_is(result, game, "WIN %", "67", "2 wins of 3 played: WIN % 67")
    return result


def fault4_daily_once(game: Game, menu: tuple, words: WordLists,
                      shots: dict[str, Screen]) -> ScenarioResult:
    """Fault 4: a daily word could be replayed and counted again; RUN/STOP avoided a loss."""
    result = ScenarioResult("fault4")
    game.restore(menu)
    answer = daily_answer(words, FIRST_DAY)
    date = date_keys(FIRST_DAY)
    # (RETURN on the empty date field now plays the date offered, the next one: the same date
    # is typed again here, as the player meant)
    game.type(f"2{date}{{RETURN}}{answer}{{RETURN}}{{RETURN}}{date}{{RETURN}}{answer}{{RETURN}}"
              "{STOP}5")
    stat_is(result, game, "PLAYED", "1", "the issue's keys: PLAYED 1")
    stat_is(result, game, "DAILY STREAK", "1", "the issue's keys: streak 1")
    game.type("X2" + date + "{RETURN}")
    board = game.board()
    result.check("a played date shows its board", board.row == 1 and board.word(0) == answer,
                 (board.row, board.word(0)))
    screen_has(result, game, "GENIUS!")
    shots["daily_played"] = game.screen()
    game.type(answer + "{RETURN}{STOP}5")
    stat_is(result, game, "PLAYED", "1", "... and counts nothing again")
    # a daily left on row 6 resumes there; the loss counts
    day = FIRST_DAY + datetime.timedelta(days=1)
    answer = daily_answer(words, day)
    wrong = guesses_against(answer, words, ROWS)
    game.type("X2" + date_keys(day) + "{RETURN}")
    play_rows(result, game, words, wrong[:ROWS - 1])
    game.type("{STOP}2" + date_keys(day) + "{RETURN}")
    board = game.board()
    result.check("RUN/STOP then the same date resumes on row 6",
                 board.row == ROWS - 1 and board.word(0) == wrong[0], (board.row, board.word(0)))
    play_rows(result, game, words, wrong[ROWS - 1:])
    screen_has(result, game, "THE WORD WAS")
    game.type("{STOP}5")
    stat_is(result, game, "PLAYED", "2", "the loss counts: PLAYED 2")
    stat_is(result, game, "DAILY STREAK", "0", "the loss ends the streak")
    # streaks: consecutive days continue, a gap starts again
    for offset, streak in ((2, "1"), (3, "2"), (5, "1")):
        day = FIRST_DAY + datetime.timedelta(days=offset)
        game.type("X2" + date_keys(day) + "{RETURN}" + daily_answer(words, day)
                  + "{RETURN}{STOP}5")
        stat_is(result, game, "DAILY STREAK", streak, f"daily won on {day}: streak {streak}")
    # a random game left after a guess is a loss, not a way out (given up: issue 29 item 7)
    game.type("X1")
    play_rows(result, game, words, guesses_against(game.answer(), words, 1))
    game.type("{STOP}Y{STOP}5")
    stat_is(result, game, "PLAYED", "6", "a random game left after a guess counts as played")
    return result


def _two_letter_case(words: WordLists) -> tuple[datetime.date, str, str, str] | None:
    """A date whose answer repeats a letter, a guess revealing both, and a guess with one copy."""
    ordered = sorted(words.answers)
    for offset in range(400):
        day = FIRST_DAY + datetime.timedelta(days=offset)
        answer = daily_answer(words, day)
        for first in ordered:
            marks = score(first, answer)
            if first == answer or 2 in marks:
                continue
            revealed = [l for l, m in zip(first, marks) if m]
            double = next((l for l in revealed if revealed.count(l) >= 2), None)
            if double is None:
                continue
            want = f"MUST CONTAIN 2 {double.upper()}'S"
            bad = next((w for w in ordered if hard_mode_violation(first, marks, w) == want), None)
            if bad:
                return day, first, bad, want
    return None


def fault5_messages(game: Game, menu: tuple, words: WordLists,
                    shots: dict[str, Screen]) -> ScenarioResult:
    """Fault 5: hard mode said only "MUST CONTAIN E" when two were needed; RETURN on a half-typed
    date; shifted letters on the menu."""
    result = ScenarioResult("fault5")
    case = _two_letter_case(words)
    if result.check("a daily answer with a doubled letter exists", case is not None):
        day, first, bad, want = case
        game.restore(menu)
        game.type("3" "2" + date_keys(day) + "{RETURN}")
        play_rows(result, game, words, [first])
        game.type(bad + "{RETURN}")
        screen_has(result, game, want)
        result.check(f"{bad.upper()} after {first.upper()} refused", game.board().row == 1,
                     game.board().row)
        shots["hard_mode_two"] = game.screen()
    game.restore(menu)
    game.type("22026{RETURN}")
    screen_has(result, game, "INCOMPLETE: YYYY-MM-DD")
    game.restore(menu)
    game.type("{$C8}")                      # shifted H
    line = game.screen().text_lines()[9]
    result.check("shifted H switches hard mode", line.rstrip().endswith("ON"), line)
    game.type("{$D3}")                      # shifted S
    screen_has(result, game, "GUESS DISTRIBUTION")
    game.type("X{$C4}{STOP}")               # shifted D, then back
    game.type("{$D2}")                      # shifted R
    result.check("shifted R starts a random game", is_game_screen(game.screen()),
                 game.screen().text())
    return result


FAULT_SCENARIOS = (fault1_date_field, fault2_bars_apart, fault3_rounding, fault4_daily_once,
                   fault5_messages)
