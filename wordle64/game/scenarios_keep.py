"""Scripted games of issue 29 ("the game a player keeps"), one scenario an item, named after it
(issue29_1_readable_keys .. issue29_10_footer in games.json), each on the real PRG."""

from __future__ import annotations

import datetime
import tempfile
from pathlib import Path

from wordle64.c64.screen import PEPTO_PALETTE, Screen
from wordle64.game.rules import ROWS, hard_mode_violation, tile_letters
from wordle64.game.session import Game
from wordle64.score import score
from wordle64.game.shared import (SHOWCASE_GUESSES, ScenarioResult, WordLists, daily_answer,
                                  daily_message, date_keys, finish_dailies, guesses_against,
                                  play_rows, random_game, screen_has, stat_is)

MIN_CONTRAST = 4.5           # WCAG AA for text: a letter against its own cell
DAY = datetime.date(2026, 12, 1)
FIRST_OF_MANY = datetime.date(1990, 1, 1)   # item 4: more dailies finished than the history keeps
MANY = 1003


def _measure(result: ScenarioResult, screen: Screen, where: str) -> list:
    """Every letter on a coloured cell: contrast with its cell, pixels on the cell's edge."""
    letters = tile_letters(screen, PEPTO_PALETTE)
    low = [t for t in letters if t.contrast < MIN_CONTRAST]
    edged = [t for t in letters if t.edge_pixels]
    result.check(f"{where}: every letter on a coloured cell >= {MIN_CONTRAST}:1 against it",
                 letters and not low, low or f"{len(letters)} letters")
    result.check(f"{where}: no letter pixel on its cell's edge", letters and not edged,
                 edged or f"{len(letters)} letters")
    return letters


def issue29_1_readable_keys(game: Game, menu: tuple, words: WordLists,
                            shots: dict[str, Screen]) -> ScenarioResult:
    """Item 1: keys, legend tiles and the lost game's answer readable: measured on the screen."""
    result = ScenarioResult("issue29_1_readable_keys")
    game.restore(menu)
    letters = _measure(result, game.screen(), "menu (legend)")
    answer = random_game(game, 0x00BEEF)
    elsewhere = next(w for w in sorted(words.answers) if 1 in score(w, answer))
    yellow = {c for c, m in zip(elsewhere, score(elsewhere, answer)) if m == 1}
    later = [w for w in guesses_against(answer, words, 60, want_green=True)
             if not yellow & set(w)]            # the elsewhere keys stay elsewhere
    play_rows(result, game, words, [elsewhere] + later[:ROWS - 1])
    screen = game.screen()
    states = set(game.board().key_state)
    result.check("the keyboard shows keys of every state", {1, 2, 3} <= states, states)
    letters += _measure(result, screen, "lost game (keys, answer)")
    shots["readable_keys"] = screen
    game.type("{STOP}4")
    answer = random_game(game, 0x00BEEF)
    play_rows(result, game, words, guesses_against(answer, words, 2, want_green=True))
    letters += _measure(result, game.screen(), "colour-blind palette")
    result.measured = {"letters": len(letters),
                       "min_contrast": min(t.contrast for t in letters),
                       "edge_pixels": sum(t.edge_pixels for t in letters)}
    return result


def issue29_7_give_up(game: Game, menu: tuple, words: WordLists,
                      shots: dict[str, Screen]) -> ScenarioResult:
    """Item 7: RUN/STOP after a guess asks GIVE UP? Y/N; N plays on, Y shows the word."""
    result = ScenarioResult("issue29_7_give_up")
    game.restore(menu)
    answer = random_game(game, 0x007000)
    play_rows(result, game, words, guesses_against(answer, words, 1))
    game.type("{STOP}")
    screen_has(result, game, "GIVE UP? Y/N")
    shots["give_up"] = game.screen()
    result.check("asked, nothing counted yet", game.stats()["played"] == 0, game.stats())
    game.type("N")
    result.check("N: the game goes on, the question gone",
                 game.board().row == 1 and game.screen().find("GIVE UP") is None,
                 game.screen().text())
    play_rows(result, game, words, guesses_against(answer, words, 2)[1:])
    game.type("{STOP}Y")
    screen_has(result, game, "THE WORD WAS")
    screen_has(result, game, answer.upper())
    result.check("Y: counted as a loss", game.stats()["played"] == 1
                 and game.stats()["wins"] == 0, game.stats())
    screen_has(result, game, "PLAYED 1 WON 0")
    game.type("{RETURN}")
    result.check("RETURN then plays again", game.board().row == 0, game.board().row)
    return result


def issue29_10_footer(game: Game, menu: tuple, words: WordLists,
                      shots: dict[str, Screen]) -> ScenarioResult:
    """Item 10: the menu's "NO STATISTICS ON DISK" note goes once the first game is SAVEd."""
    result = ScenarioResult("issue29_10_footer")
    game.restore(menu)
    screen_has(result, game, "NO STATISTICS ON DISK: NEW START")
    answer = random_game(game, 0x00A000)
    play_rows(result, game, words, [answer])
    game.type("{STOP}")
    screen_has(result, game, "STATISTICS SAVED ON DISK")
    result.check("the note 'NEW START' is gone",
                 game.screen().find("NEW START") is None, game.screen().text())
    shots["menu_saved"] = game.screen()
    return result


def _hinting_rows(game: Game, words: WordLists, result: ScenarioResult) -> tuple[str, tuple]:
    """Absurdle guesses until one of them is given a hint; that guess and its marks."""
    for word in SHOWCASE_GUESSES:
        row = game.board().row
        game.type(word + "{RETURN}")
        marks = game.board().row_marks(game.board().row - 1)
        if game.board().row != row + 1:
            break
        if any(marks):
            return word, marks
    result.check("Absurdle gave a hint to one of the showcase guesses", False)
    return "", ()


def issue29_9_absurdle_hard(game: Game, menu: tuple, words: WordLists,
                            shots: dict[str, Screen]) -> ScenarioResult:
    """Item 9: hard mode ON applies in Absurdle: a guess that drops a hint is refused."""
    result = ScenarioResult("issue29_9_absurdle_hard")
    game.restore(menu)
    game.type("37")
    screen_has(result, game, "HARD MODE")
    first, marks = _hinting_rows(game, words, result)
    if not first:
        return result
    row = game.board().row
    bad = next(w for w in sorted(words.words) if hard_mode_violation(first, marks, w))
    game.type(bad + "{RETURN}")
    screen_has(result, game, "HARD MODE:")
    screen_has(result, game, hard_mode_violation(first, marks, bad) or "?")
    result.check(f"{bad.upper()} after {first.upper()} refused", game.board().row == row,
                 game.board().row)
    shots["absurdle_hard"] = game.screen()
    game.type("{DEL}" * 5 + first + "{RETURN}")
    result.check(f"{first.upper()} again keeps every hint: accepted",
                 game.board().row == row + 1, game.board().row)
    game.restore(menu)
    game.type("7")
    result.check("hard mode OFF: no HARD MODE in Absurdle's panel",
                 game.screen().find("HARD MODE") is None, game.screen().text())
    return result


def issue29_2_layout(game: Game, menu: tuple, words: WordLists,
                     shots: dict[str, Screen]) -> ScenarioResult:
    """Item 2: the screens' parts a blank row apart (the issue's four crowded places)."""
    result = ScenarioResult("issue29_2_layout")
    game.restore(menu)

    def row_of(text: str) -> int:
        where = game.screen().find(text)
        return -10 if where is None else where[1]

    result.check("menu: 7 ABSURDLE and the prompt a blank row apart",
                 row_of("PRESS 1-8") - row_of("7  ABSURDLE") >= 2,
                 (row_of("7  ABSURDLE"), row_of("PRESS 1-8")))
    items = sorted(row_of(item) for item in ("1  RANDOM", "2  DAILY", "7  ABSURDLE", "8  HOW"))
    result.check("menu: the items two rows apart", all(b - a == 2 for a, b in
                                                       zip(items, items[1:])), items)
    game.type("2")
    date_row = row_of("DATE:")
    game.type("2023022{RETURN}")
    error_row = row_of("INCOMPLETE")
    result.check("date entry: the date and its error a blank row apart",
                 error_row - date_row >= 2, (date_row, error_row))
    screen = game.screen()
    result.check("date entry: the field's keys a blank row above the date",
                 date_row - row_of("RETURN PLAY") >= 2, screen.text())
    shots["date_entry"] = screen
    result.check("unpacking: its caption on the date's row, not beside the prompt",
                 date_row == 19, date_row)   # main.s MENU_NOTE_ROW = menu.s DATE_ROW
    game.restore(menu)
    game.type("7")
    game.machine.keys.append(ord("C"))
    for key in "RANE":
        game.machine.keys.append(ord(key))
    game.machine.keys.append(13)
    game.run_to("progress_mark")
    thinking, played = row_of("THINKING"), row_of("PLAYED")
    result.check("Absurdle: THINKING's bar and PLAYED a blank row apart",
                 played - (thinking + 1) >= 2, (thinking, played))
    game.restore(menu)
    game.type("5")
    screen = game.screen()
    rows = [row_of(str(n) + "   0") for n in range(1, 7)]
    glyphs = [screen.charset[8 * (48 + n):8 * (48 + n) + 8] for n in range(1, 7)]
    result.check("statistics: the distribution's labels 1-6 have blank raster lines between",
                 all(g[0] == 0 and g[7] == 0 for g in glyphs) and rows == list(range(15, 21)),
                 rows)
    return result


def issue29_5_settings_kept(game: Game, menu: tuple, words: WordLists,
                            shots: dict[str, Screen]) -> ScenarioResult:
    """Item 5: hard mode, colour-blind and sound set on the menu survive a reset."""
    result = ScenarioResult("issue29_5_settings_kept")
    first = Game.boot(game.prg, game.labels)    # a machine and an empty drive of its own
    first.type("346Q")                      # Q saves them and goes back to BASIC
    again = first.reboot()
    lines = again.screen().text_lines()
    result.check("after a reset: hard mode ON, colour-blind ON, sound OFF",
                 lines[9].rstrip().endswith("ON") and lines[11].rstrip().endswith("ON")
                 and lines[13].rstrip().endswith("OFF"), "\n".join(lines[9:14]))
    result.check("after a reset: the colour-blind palette in the VIC",
                 again.memory[0xD022] == 3, again.memory[0xD022])
    shots["settings_kept"] = again.screen()
    again.type("346Q")
    third = again.reboot()
    lines = third.screen().text_lines()
    result.check("switched back, kept again: OFF, OFF, ON",
                 lines[9].rstrip().endswith("OFF") and lines[13].rstrip().endswith("ON"),
                 "\n".join(lines[9:14]))
    return result


def issue29_6_streaks(game: Game, menu: tuple, words: WordLists,
                      shots: dict[str, Screen]) -> ScenarioResult:
    """Item 6: the daily streak counts dailies won on consecutive dates; random games keep
    their own; an earlier date played late leaves the daily streak alone."""
    result = ScenarioResult("issue29_6_streaks")
    game.restore(menu)

    def daily(offset: int, win: bool) -> None:
        day = DAY + datetime.timedelta(days=offset)
        answer = daily_answer(words, day)
        game.type("2" + date_keys(day) + "{RETURN}")
        play_rows(result, game, words, [answer] if win else
                  guesses_against(answer, words, ROWS))
        game.type("{STOP}")

    def streaks(want: dict[str, str], what: str) -> None:
        game.type("5")
        for label, value in want.items():
            stat_is(result, game, label, value, f"{what}: {label} {value}")
        game.type("X")

    daily(0, True)
    daily(1, True)
    streaks({"DAILY STREAK": "2", "RANDOM STREAK": "0"}, "two consecutive dates won")
    answer = random_game(game, 0x00C000)
    play_rows(result, game, words, [answer])
    game.type("{STOP}")
    streaks({"DAILY STREAK": "2", "RANDOM STREAK": "1"}, "a random win counts apart")
    daily(-5, True)
    streaks({"DAILY STREAK": "2", "BEST DAILY STREAK": "2"}, "an earlier date won late")
    daily(2, True)
    streaks({"DAILY STREAK": "3", "BEST DAILY STREAK": "3"}, "the next date won")
    daily(4, True)
    streaks({"DAILY STREAK": "1", "BEST DAILY STREAK": "3"}, "a date skipped")
    game.type("5")
    shots["statistics_streaks"] = game.screen()
    game.type("X")
    daily(5, False)
    streaks({"DAILY STREAK": "0", "BEST DAILY STREAK": "3", "RANDOM STREAK": "1"},
            "the next date lost")
    return result


def issue29_8_first_time(game: Game, menu: tuple, words: WordLists,
                         shots: dict[str, Screen]) -> ScenarioResult:
    """Item 8: a how-to page with an example row (one tile of each mark), the statistics after
    each game, the date after the last one offered."""
    result = ScenarioResult("issue29_8_first_time")
    game.restore(menu)
    game.type("8")
    screen = game.screen()
    screen_has(result, game, "HOW TO PLAY")
    backgrounds = [screen.codes[10 * 40 + 2 + 4 * tile] >> 6 for tile in range(5)]
    result.check("the example row: one right-place, one elsewhere, absent tiles",
                 backgrounds[:3] == [1, 2, 3] and set(backgrounds) == {1, 2, 3}, backgrounds)
    shots["how_to_play"] = screen
    game.type("X")
    screen_has(result, game, "PRESS 1-8")
    answer = daily_answer(words, DAY)
    game.type("2" + date_keys(DAY) + "{RETURN}")
    play_rows(result, game, words, guesses_against(answer, words, 1) + [answer])
    screen_has(result, game, "PLAYED 1 WON 1")
    screen_has(result, game, "STREAK 1 BEST 1")
    shots["statistics_after_game"] = game.screen()
    game.type("{STOP}2")
    following = DAY + datetime.timedelta(days=1)
    screen_has(result, game, following.isoformat())
    game.type("{RETURN}")
    screen_has(result, game, f"DAILY {following.isoformat()}")
    result.check("RETURN on the offered date plays its word",
                 game.answer() == daily_answer(words, following), game.answer())
    for last, offered in (("20240228", "2024-02-29"), ("20230228", "2023-03-01"),
                          ("20261231", "2027-01-01")):
        game.restore(menu)
        game.type(f"2{last}{{RETURN}}{{STOP}}2")
        screen_has(result, game, offered)
    game.restore(menu)
    game.type("299991231{RETURN}{STOP}2{RETURN}")
    screen_has(result, game, "INCOMPLETE")
    return result


def issue29_3_player_disk(game: Game, menu: tuple, words: WordLists,
                          shots: dict[str, Screen]) -> ScenarioResult:
    """Item 3: `wordle64 play`'s own .d64 keeps what the game SAVEs: a run wins the daily, Q;
    the next run (a new machine on the same image) has it, read back by d64py as well."""
    from wordle64.game.player_disk import PlayerDisk, player_disk_path
    from wordle64.media.images import read_d64

    result = ScenarioResult("issue29_3_player_disk")
    with tempfile.TemporaryDirectory() as home:
        path = player_disk_path({"HOME": home})
        result.check("the default place: ~/.local/share/wordle64/",
                     path == Path(home) / ".local/share/wordle64/wordle64.d64", path)
        disk = PlayerDisk.open(path, game.prg)
        first = Game.boot(game.prg, game.labels, drive=disk.drive)
        first.rerun_on_quit = True
        answer = daily_answer(words, DAY)
        first.type("2" + date_keys(DAY) + "{RETURN}" + answer + "{RETURN}{STOP}3Q")
        result.check("the SAVEd file reaches the image", disk.sync() == ["W64STATS"],
                     sorted(disk.drive.files))
        result.check("Q: RUN again reads it back (PLAYED 1, hard mode ON)",
                     first.stats()["played"] == 1 and first.byte("opt_hard") == 1,
                     first.stats())
        contents = read_d64(path)
        result.check("d64py reads the game and W64STATS from the image",
                     {f.name for f in contents.files} == {"WORDLE64", "W64STATS"},
                     contents.files)
        second = Game.boot(game.prg, game.labels, drive=PlayerDisk.open(path, game.prg).drive)
        result.check("the next run: the statistics and settings as left",
                     second.stats() == first.stats() and second.byte("opt_hard") == 1,
                     second.stats())
        second.type("2" + date_keys(DAY) + "{RETURN}")
        screen_has(result, second, "GENIUS!")
    return result


def _resumes_on_row_3(result: ScenarioResult, game: Game, left: list[str], what: str) -> None:
    """From the menu: DAY's daily, left after the rows `left`, is back with them; then the menu."""
    game.type("2" + date_keys(DAY) + "{RETURN}")
    board = game.board()
    result.check(what, board.row == 2 and [board.word(0), board.word(1)] == left,
                 (board.row, board.word(0), board.word(1)))
    game.type("{STOP}")


def issue29_4_half_played_daily(game: Game, menu: tuple, words: WordLists,
                                 shots: dict[str, Screen]) -> ScenarioResult:
    """Item 4: every date finished stays played, the last HISTORY_MAX of them at least (the ten
    newest with their boards, the others with their result: history.s), so none is played or
    counted twice; a half-played daily is not pushed out by the dates finished after it."""
    result = ScenarioResult("issue29_4_half_played_daily")
    game.restore(menu)
    answer = daily_answer(words, DAY)
    left = guesses_against(answer, words, 2)
    game.type("2" + date_keys(DAY) + "{RETURN}")
    play_rows(result, game, words, left)
    game.type("{STOP}")
    for offset in range(1, 13):               # twelve more dates won: more than the records
        day = DAY + datetime.timedelta(days=offset)
        game.type("2" + date_keys(day) + "{RETURN}" + daily_answer(words, day) + "{RETURN}"
                  "{STOP}")
    _resumes_on_row_3(result, game, left, "the half-played date resumes on row 3 with its rows")
    last = DAY + datetime.timedelta(days=12)
    game.type("2" + date_keys(last) + "{RETURN}")
    screen_has(result, game, "GENIUS!")
    game.type("{STOP}")
    # 1,003 more dates finished: 1,015 in all, so the 15 finished first leave the history
    finish_dailies(game, words, FIRST_OF_MANY, MANY)
    played = game.stats()["played"]
    result.check(f"{MANY + 12} dailies counted once each", played == MANY + 12, played)
    lost_day = FIRST_OF_MANY + datetime.timedelta(days=3)     # the oldest kept (odd: lost)
    won_day = lost_day + datetime.timedelta(days=1)
    lost = daily_message(game, lost_day)
    result.check("a date lost 1,000 dates ago: its word, no new game",
                 lost == (0, ["THE WORD WAS", daily_answer(words, lost_day).upper()]), lost)
    won = daily_message(game, won_day)
    game.type("2" + date_keys(won_day) + "{RETURN}")
    shots["daily_solved_before"] = game.screen()
    game.type("{STOP}")
    result.check("a date won 999 dates ago: its result, no new game",
                 won == (0, ["SOLVED BEFORE", ""]), won)
    result.check("choosing them counts nothing", game.stats()["played"] == played,
                 game.stats()["played"])
    gone = daily_message(game, lost_day - datetime.timedelta(days=1))
    result.check("the 1,001st date back is out of the history: a new game (the limit)",
                 gone == (0, ["", ""]), gone)
    _resumes_on_row_3(result, game, left,
                      "the half-played date still resumes on row 3 after 1,015 dates finished")
    opened = [DAY - datetime.timedelta(days=n) for n in range(1, 10)]   # ten half-played
    for day in opened:
        game.type("2" + date_keys(day) + "{RETURN}")
        play_rows(result, game, words, guesses_against(daily_answer(words, day), words, 1))
        game.type("{STOP}")
    eleventh = daily_message(game, DAY - datetime.timedelta(days=10))
    result.check("an eleventh date while ten are half-played: refused, none of them pushed out",
                 eleventh == (0, ["TOO MANY UNFINISHED", ""]), eleventh)
    rows = [daily_message(game, day)[0] for day in [DAY] + opened]
    result.check("all ten half-played dates resume where they were", rows == [2] + [1] * 9, rows)
    return result


ISSUE29_SCENARIOS = (issue29_1_readable_keys, issue29_3_player_disk, issue29_4_half_played_daily, issue29_2_layout, issue29_5_settings_kept,
                     issue29_6_streaks, issue29_7_give_up, issue29_8_first_time,
                     issue29_9_absurdle_hard, issue29_10_footer)
ISSUE29_SCREENSHOTS = ("readable_keys", "give_up", "menu_saved", "absurdle_hard", "date_entry",
                       "settings_kept", "statistics_streaks", "how_to_play",
                       "statistics_after_game", "daily_solved_before")
