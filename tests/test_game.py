"""The game: key scripts, the hard-mode reference, the renderer (pure Python), and the real PRG
played under py65 (scripted games, refusals, statistics, a short fuzz, the terminal player)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from wordle64 import core
from wordle64.errors import Wordle64Error
from wordle64.game.fuzz import fuzz
from wordle64.game.keys import KEY_DELETE, KEY_RETURN, KEY_STOP, RESTORE, parse_keys, terminal_key
from wordle64.game.rules import (Board, board_problems, contrast, expected_key_states,
                                 hard_mode_violation, key_position, luminance)
from wordle64.game.scenarios import WordLists, scripted_games
from wordle64.c64 import emu
from wordle64.game.session import BOOT_CYCLES, GETIN, Game
from wordle64.score import score
from wordle64.c64.screen import PEPTO_PALETTE, read_screen, render

from conftest import REPO

CHARSET_SOURCE = REPO / "workflow" / "asm" / "charset.s"


# ---- pure Python -------------------------------------------------------------------------------
def test_key_scripts_name_keys_and_raw_codes():
    assert parse_keys("ab{RETURN}{del}{$85}{STOP}{RESTORE}-7") == [
        0x41, 0x42, KEY_RETURN, KEY_DELETE, 0x85, KEY_STOP, RESTORE, 0x2D, 0x37]
    with pytest.raises(Wordle64Error, match="unknown key"):
        parse_keys("{FOO}")
    with pytest.raises(Wordle64Error, match="not closed"):
        parse_keys("{RETURN")


def test_terminal_keys_map_to_c64_keys():
    assert terminal_key("q") == 0x51
    assert terminal_key("\r") == KEY_RETURN
    assert terminal_key("\x7f") == KEY_DELETE
    assert terminal_key("\x1b") == KEY_STOP
    assert terminal_key("\x1b[A") == 0x91
    assert terminal_key("é") is None


@pytest.mark.parametrize("previous, marks, guess, reason", [
    # crane against cigar: C right, R and A elsewhere (worked out by hand)
    ("crane", (2, 1, 1, 0, 0), "clear", None),
    ("crane", (2, 1, 1, 0, 0), "roach", "LETTER 1 MUST BE C"),
    ("crane", (2, 1, 1, 0, 0), "cloth", "MUST CONTAIN R"),
    # eerie against elder: E right, E and R elsewhere, I and the last E absent: two Es needed
    ("eerie", (2, 1, 1, 0, 0), "enter", None),
    ("eerie", (2, 1, 1, 0, 0), "erupt", "MUST CONTAIN 2 E'S"),
    ("eerie", (2, 1, 1, 0, 0), "ether", None),
    ("eerie", (2, 1, 1, 0, 0), "lever", "LETTER 1 MUST BE E"),
])
def test_hard_mode_reference(previous, marks, guess, reason):
    assert hard_mode_violation(previous, marks, guess) == reason


def test_keyboard_states_keep_the_best_mark():
    guesses = bytes(core.letters("eerie") + core.letters("enter")) + bytes(20)
    marks = bytes([2, 1, 1, 0, 0, 2, 0, 0, 2, 1]) + bytes(20)
    board = Board(guesses, marks, row=2, col=0, key_state=bytes(26), answer=core.letters("elder"))
    states = expected_key_states(board)
    assert states[ord("e") - 97] == 3          # right place beats absent and elsewhere
    assert states[ord("r") - 97] == 2
    assert states[ord("i") - 97] == 1
    assert states[ord("n") - 97] == 1
    assert states[ord("z") - 97] == 0


def test_word_lists_are_read_and_checked_by_the_pack_reader(tmp_path):
    path = tmp_path / "words.tsv"
    path.write_text("")
    with pytest.raises(Wordle64Error, match=r"words.tsv:1: empty file"):
        WordLists.from_tsv(path)
    path.write_text("word\tfrequency\tprofane\tanswer\nslate\t1\t0\t0\ncrane\t9\t0\t1\n"
                    "cairn\t5\t0\t1\n")
    assert WordLists.from_tsv(path) == WordLists(frozenset({"slate", "crane", "cairn"}),
                                                 ("cairn", "crane"))
    path.write_text("word\tfrequency\tprofane\tanswer\ncrane\t9\t0\t1\ncrane\t9\t0\t1\n")
    with pytest.raises(Wordle64Error, match=r"words.tsv:2: duplicate 'crane'"):
        WordLists.from_tsv(path)


def test_keyboard_layout_is_qwerty():
    assert key_position(ord("Q") - 65) == (21, 7)
    assert key_position(ord("A") - 65) == (22, 9)
    assert key_position(ord("M") - 65) == (36, 11)


def test_render_uses_the_charset_ecm_backgrounds_and_pepto():
    memory = bytearray(0x10000)
    memory[0xD018] = 0x18                      # screen $0400, charset $2000
    memory[0xD011] = 0x5B                      # ECM on
    memory[0xD020], memory[0xD021], memory[0xD022] = 6, 0, 5
    memory[0x2000 + 8 * 1:0x2000 + 8 * 2] = bytes([0xFF] + [0x00] * 7)  # glyph 1: top line
    memory[0x0400] = 0x40 | 1                  # glyph 1 on background 1 (green)
    memory[0xD800] = 1                         # white
    screen = read_screen(memory)
    assert screen.background(0, 0) == 5 and screen.glyph(0, 0) == 1
    image = render(screen, scale=1, border=4)
    assert image.size == (328, 208)
    assert image.getpixel((0, 0)) == PEPTO_PALETTE[6]       # border: blue
    assert image.getpixel((4, 4)) == PEPTO_PALETTE[1]       # the glyph's top line: white
    assert image.getpixel((4, 5)) == PEPTO_PALETTE[5]       # below it: background 1, green
    assert image.getpixel((12, 4)) == PEPTO_PALETTE[0]      # next cell: background 0


@pytest.mark.parametrize("colour, want", [(3, 0.3321), (11, 0.0578), (8, 0.0911), (5, 0.2153),
                                          (7, 0.5218), (15, 0.3005), (1, 1.0), (0, 0.0)])
def test_pepto_luminance(colour, want):
    # cyan 0.332, dark grey 0.058, orange 0.091, green 0.215, yellow 0.522, light grey 0.301
    assert luminance(PEPTO_PALETTE[colour]) == pytest.approx(want, abs=5e-5)


def test_contrast_ratios_of_the_old_and_new_colours():
    assert contrast(PEPTO_PALETTE[8], PEPTO_PALETTE[11]) == pytest.approx(1.31, abs=0.01)  # old
    assert contrast(PEPTO_PALETTE[11], PEPTO_PALETTE[0]) == pytest.approx(2.16, abs=0.01)  # old
    assert contrast(PEPTO_PALETTE[3], PEPTO_PALETTE[11]) == pytest.approx(3.54, abs=0.01)
    assert contrast(PEPTO_PALETTE[1], PEPTO_PALETTE[11]) == pytest.approx(9.74, abs=0.01)


def glyph_from_source(number: int) -> bytes:
    """A glyph's 8 bytes read straight from the ASCII art in charset.s."""
    text = CHARSET_SOURCE.read_text()
    block = text.split(f"; {number}: ", 1)[1].split("\n; ", 1)[0]
    rows = re.findall(r'glyph_row "([.#]{8})"', block)
    assert len(rows) == 8
    return bytes(int(row.replace("#", "1").replace(".", "0"), 2) for row in rows)


def test_letters_and_digits_keep_a_margin_so_a_one_cell_key_stays_readable():
    """Issue 29 item 1: a key is one cell; a letter touching its edge merges with the black
    screen beside it. Every letter and digit drawn in charset.s leaves its outer pixels clear."""
    for number in [*range(1, 27), *range(48, 58)]:
        glyph = glyph_from_source(number)
        assert glyph[0] == 0 and glyph[7] == 0, number
        assert all(row & 0x81 == 0 for row in glyph), number


# ---- the real PRG ------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def words(game_files) -> WordLists:
    return WordLists.from_tsv(game_files[2])


@pytest.fixture(scope="session")
def booted(game_files) -> tuple[Game, tuple]:
    game = Game.from_files(game_files[0], game_files[1])
    return game, game.snapshot()


@pytest.fixture
def game(booted) -> Game:
    game, snapshot = booted
    game.restore(snapshot)
    return game


def test_the_charset_in_the_prg_is_the_one_drawn_in_charset_s(game):
    base = game.labels["charset"]
    for number in (1, 13, 23, 27, 48, 57):
        assert game.read(base + 8 * number, 8) == glyph_from_source(number)


def test_menu_lists_the_options_and_the_dictionary(game, words):
    text = game.screen().text()
    for item in ("1  RANDOM WORD", "2  DAILY WORD", "3  HARD MODE", "4  COLOUR-BLIND",
                 "5  STATISTICS", "6  SOUND", "GUESS THE WORD IN SIX TRIES",
                 "RIGHT PLACE", "ELSEWHERE", "ABSENT"):
        assert item in text
    assert f"{len(words.answers)} ANSWERS AMONG {len(words.words)} WORDS" in text


def test_the_menu_reads_keys_while_the_dictionary_unpacks_and_a_guess_is_checked_then(
        game_files, words):
    """Issue 17: at the first GETIN the unpack has only begun (its first prefix group), yet the
    menu is complete, its footer with both counts; R and a guess typed at once are played
    before the unpack is over: the guess (the list's last word, the last the unpack reaches)
    is looked up by scanning its segment of the stream, coloured as score() marks it."""
    labels = emu.parse_labels(game_files[1].read_text(), str(game_files[1]))
    early = Game.boot(game_files[0].read_bytes(), labels, background=True)
    assert early.machine.mpu.pc == GETIN and early.unpacking()
    text = early.screen().text()
    assert "1  RANDOM WORD" in text and "7  ABSURDLE" in text and "PRESS 1-8" in text
    assert f"{len(words.answers)} ANSWERS AMONG {len(words.words)} WORDS" in text
    assert early.word("dict_word_count") == len(words.words)
    assert early.word("dict_answer_count") == len(words.answers)
    last = max(words.words)
    early.type("R" + last.upper())
    early.machine.keys.append(13)
    early.run_to("board_submit_row")
    assert early.unpacking()                    # checked before the table was complete
    answer = "".join(chr(97 + x) for x in early.machine.read("answer_buf", 5))
    assert answer in words.answers
    assert list(early.machine.read("marks_buf", 5)) == list(score(last, answer))


def test_absurdle_chosen_while_unpacking_says_so_and_waits_for_the_whole_table(game_files):
    labels = emu.parse_labels(game_files[1].read_text(), str(game_files[1]))
    early = Game.boot(game_files[0].read_bytes(), labels, background=True)
    early.machine.keys.append(ord("7"))
    early.run_to("dict_finish")
    assert "UNPACKING WORDS" in early.screen().text() and early.unpacking()
    early.run_to("progress_bar", stop_a=128)     # the bar fills as the unpack goes on
    bar = early.screen().colours[21 * 40 + 4:21 * 40 + 36]
    assert early.unpacking() and bar[0] != bar[-1]
    early._run(BOOT_CYCLES, "Absurdle after the unpack")
    assert not early.unpacking()
    assert "UNPACKING WORDS" not in early.screen().text()


def test_colour_blind_palette_keeps_right_place_and_absent_apart(game):
    game.type("4")
    right, elsewhere, absent = game.memory[0xD022:0xD025]
    assert contrast(PEPTO_PALETTE[right], PEPTO_PALETTE[absent]) >= 3.0     # cyan: 3.54:1
    assert (right, elsewhere) == (3, 7)           # cyan / yellow: a blue-yellow pair
    game.type("4")
    assert tuple(game.memory[0xD022:0xD025]) == (5, 7, 11)


def test_absent_keys_are_readable(game, words):
    game.type("1")
    answer = game.answer()
    guess = next(w for w in sorted(words.answers) if not set(w) & set(answer))
    game.type(guess + "{RETURN}")
    column, row = key_position(ord(guess[0]) - 97)
    screen = game.screen()
    _, colour = screen.cell(column, row)
    assert contrast(PEPTO_PALETTE[colour], PEPTO_PALETTE[screen.background(column, row)]) >= 4.5


def test_q_on_the_menu_goes_back_to_basic(game):
    game.type("Q")
    assert game.quits == 1
    assert "PRESS 1-8, Q BACK TO BASIC" in game.screen().text()      # the harness runs it again


def test_a_daily_guess_is_coloured_as_the_reference_scores_it(game, words):
    game.type("2" + "20261130" + "{RETURN}")
    answer = core.daily_word(2026, 11, 30, list(words.answers))
    assert game.answer() == answer
    guess = next(w for w in ("crane", "slate", "pious") if w != answer)
    game.type(guess + "{RETURN}")
    screen = game.screen()
    selector = {0: 3, 1: 2, 2: 1}                  # ECM background: absent / elsewhere / right
    for position, mark in enumerate(score(guess, answer)):
        code, _ = screen.cell(2 + 4 * position, 2)     # centre of the first row's tiles
        assert code == (ord(guess[position]) - 96) | selector[mark] << 6
    assert "DAILY 2026-11-30" in screen.text()


def test_refusals_leave_the_row_editable(game, words):
    game.type("1ab{RETURN}")
    assert "NOT ENOUGH LETTERS" in game.screen().text()
    game.type("{DEL}{DEL}zzzzz{RETURN}")
    assert "zzzzz" not in words.words
    assert "NOT IN WORD LIST" in game.screen().text()
    board = game.board()
    assert (board.row, board.col, board.word(0)) == (0, 5, "zzzzz")
    game.type("{DEL}")
    assert game.board().col == 4
    assert not board_problems(game.board(), words.words, game.screen())


def test_an_impossible_date_is_refused_then_corrected(game, words):
    game.type("220230229{RETURN}")
    assert "NO SUCH DATE" in game.screen().text()
    game.type("{DEL}{DEL}28{RETURN}")
    assert "DAILY 2023-02-28" in game.screen().text()
    assert game.answer() == core.daily_word(2023, 2, 28, list(words.answers))


def test_hard_mode_refuses_a_guess_that_drops_a_hint(game, words):
    game.type("3")
    game.type("2" + "20240101" + "{RETURN}")
    answer = game.answer()
    first = next(w for w in sorted(words.answers) if w != answer and 2 in score(w, answer))
    marks = score(first, answer)
    position = marks.index(2)
    bad = next(w for w in sorted(words.answers) if w[position] != first[position])
    game.type(first + "{RETURN}" + bad + "{RETURN}")
    text = game.screen().text()
    assert "HARD MODE:" in text
    assert hard_mode_violation(first, marks, bad) in text
    assert game.board().row == 1


def test_statistics_after_a_win_and_a_loss(game, words):
    game.type("1")
    answer = game.answer()
    wrong = [w for w in sorted(words.answers) if w != answer][:6]
    game.type(wrong[0] + "{RETURN}" + answer + "{RETURN}")
    assert "MAGNIFICENT!" in game.screen().text()
    game.type("{RETURN}")
    answer = game.answer()
    wrong = [w for w in sorted(words.answers) if w != answer][:6]
    game.type("".join(w + "{RETURN}" for w in wrong))
    assert "THE WORD WAS" in game.screen().text()
    assert answer.upper() in game.screen().text()
    game.type("{STOP}5")
    lines = game.screen().text_lines()
    values = {line[6:26].strip(): line[26:].strip() for line in lines[4:12] if line.strip()}
    assert values == {"PLAYED": "2", "WIN %": "50", "DAILY STREAK": "0",
                      "BEST DAILY STREAK": "0", "RANDOM STREAK": "0", "BEST RANDOM STREAK": "1"}
    assert lines[16].split() == ["2", "█" * 22, "1"]       # one win in two guesses: full bar


def test_restore_and_stray_keys_do_nothing_on_the_menu(game):
    before = game.screen().codes
    game.type("{RESTORE}{F1}{HOME}{CLR}X{RETURN}{DEL}{STOP}{$FF}{$A0}")
    assert game.screen().codes == before


def test_scripted_games_all_pass(game_files, words, tmp_path):
    from wordle64.c64 import emu
    labels = emu.Machine.from_files(*game_files[:2]).labels
    names = ("menu", "game_won", "statistics")
    result = scripted_games(game_files[0].read_bytes(), labels, words,
                            {name: tmp_path / f"{name}.png" for name in names}, log=lambda _: 0)
    assert result["failed_checks"] == [] and result["passed"]
    assert {s["name"] for s in result["scenarios"]} >= {
        "won", "lost", "not_in_word_list", "daily_date", "hard_mode", "colour_blind",
        "statistics"}
    for name in names:
        assert (tmp_path / f"{name}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_short_fuzz_finds_nothing(game_files, words):
    from wordle64.c64 import emu
    labels = emu.Machine.from_files(*game_files[:2]).labels
    report = fuzz(game_files[0].read_bytes(), labels, words, keys=1500, seed=7,
                  log=lambda _: 0)
    assert report["problems"] == [] and report["keys"] == 1500
    assert report["keys_on_screen"]["game"] > 0
    assert report["min_stack_pointer"] >= 0xC0


def test_a_short_fuzz_while_the_dictionary_unpacks_finds_nothing(game_files, words):
    """Keys from the menu's first read on, the unpack going on between them (Absurdle and the
    statistics' save then wait for its end): the same checks, the game's stack alone reported."""
    from wordle64.c64 import emu
    labels = emu.Machine.from_files(*game_files[:2]).labels
    report = fuzz(game_files[0].read_bytes(), labels, words, keys=800, seed=2,
                  log=lambda _: 0, background=True)
    assert report["problems"] == [] and report["keys"] == 800 and report["background"]
    assert report["keys_while_unpacking"] > 5
    assert report["min_stack_pointer"] >= 0xC0


def test_play_command_types_keys_and_prints_the_screen(game_files, tmp_path):
    run = subprocess.run(
        [sys.executable, "-m", "wordle64.cli", "play", "--prg", str(game_files[0]),
         "--labels", str(game_files[1]), "--daily", "2026-11-30", "--keys", "AB{DEL}",
         "--plain"], capture_output=True, text=True, timeout=300, cwd=REPO,
        env={**os.environ, "XDG_DATA_HOME": str(tmp_path)})      # its disk: not the user's
    assert run.returncode == 0, run.stderr
    assert "DAILY 2026-11-30" in run.stdout
    assert "Q W E R T Y U I O P" in run.stdout


def test_play_refuses_an_impossible_date():
    run = subprocess.run([sys.executable, "-m", "wordle64.cli", "play", "--daily", "2026-02-30",
                          "--keys", ""], capture_output=True, text=True, timeout=60, cwd=REPO)
    assert run.returncode == 2
    assert "2026-02-30" in run.stderr


def test_sound_and_the_reveal_animation(game_files, words):
    from wordle64.game.sound import run_sound
    result = run_sound(*game_files)
    assert result["passed"], result["problems"]
    assert result["cases"] >= 12


def test_statistics_survive_a_reset_and_a_damaged_file_is_refused(game_files, words):
    from wordle64.game.devices import Drive
    from wordle64.game.persist import FILE, _check_round_trip
    from wordle64.game.shared import ScenarioResult
    from wordle64.c64 import emu
    prg, labels = game_files[0].read_bytes(), emu.parse_labels(game_files[1].read_text(), "lbl")
    result, drive = ScenarioResult("persist"), Drive()
    _check_round_trip(result, prg, labels, words, drive)
    assert result.passed, [c for c in result.checks if not c["passed"]]
    damaged = bytearray(drive.files[FILE])
    damaged[200] ^= 0x80
    game = Game.boot(prg, labels, drive=Drive({FILE: bytes(damaged)}))
    assert "STATISTICS FILE DAMAGED" in game.screen().text()
    assert game.stats()["played"] == 0


def test_a_date_finished_long_ago_stays_played_from_the_files_history(game_files, words):
    """A history of 1,000 dates written by the format's Python encoder (not by the game): the
    game reads it, shows a won and a lost date as played without counting them, and the next
    daily it finishes overwrites the oldest entry, where the ring says, in its next SAVE."""
    import datetime
    from wordle64.game.devices import Drive
    from wordle64.game.persist import FILE, HISTORY_AT, ring_entries, statistics_file
    from wordle64.c64 import emu
    prg, labels = game_files[0].read_bytes(), emu.parse_labels(game_files[1].read_text(), "lbl")
    first = datetime.date(1999, 3, 7)
    finished = [(first + datetime.timedelta(days=n), n % 3 != 1) for n in range(1000)]
    drive = Drive({FILE: statistics_file(finished)})
    game = Game.boot(prg, labels, drive=drive)
    assert "STATISTICS LOADED FROM DISK" in game.screen().text()
    game.type("219990307{RETURN}")                   # the oldest, won
    assert game.board().row == 0 and "SOLVED BEFORE" in game.screen().text()
    game.type("{STOP}219990308{RETURN}")             # lost: its word
    word = core.daily_word(1999, 3, 8, list(words.answers)).upper()
    assert "THE WORD WAS" in game.screen().text() and word in game.screen().text()
    assert game.stats()["played"] == 0
    new = datetime.date(2030, 1, 1)
    game.type("{STOP}220300101{RETURN}" + core.daily_word(2030, 1, 1, list(words.answers))
              + "{RETURN}")
    entries, next_offset = ring_entries(finished + [(new, True)])
    saved = drive.files[FILE]
    assert saved[HISTORY_AT:HISTORY_AT + 3000] == entries and next_offset == 3
    assert saved[HISTORY_AT:HISTORY_AT + 3] != statistics_file(finished)[HISTORY_AT:HISTORY_AT + 3]
    game.type("{STOP}219990307{RETURN}")             # pushed out: a new game
    assert "SOLVED BEFORE" not in game.screen().text()


def test_dates_only_looked_at_do_not_push_out_a_played_one(game, words):
    answer = core.daily_word(2026, 12, 1, list(words.answers))
    game.type("220261201{RETURN}" + answer + "{RETURN}{STOP}")
    for day in range(2, 22):                       # 20 more dates than there are records
        game.type(f"2202612{day:02d}{{RETURN}}{{STOP}}")
    game.type("220261201{RETURN}")
    assert game.board().row == 1 and "GENIUS!" in game.screen().text()
    assert game.stats()["played"] == 1


def test_run_stop_asks_before_giving_up_and_then_shows_the_word(game, words):
    game.type("1")
    answer = game.answer()
    game.type(next(w for w in sorted(words.answers) if w != answer) + "{RETURN}{STOP}")
    assert "GIVE UP? Y/N" in game.screen().text() and game.stats()["played"] == 0
    game.type("N")
    assert "GIVE UP" not in game.screen().text() and game.board().row == 1
    game.type("{STOP}Y")
    assert "THE WORD WAS" in game.screen().text() and answer.upper() in game.screen().text()
    assert game.stats()["played"] == 1 and game.stats()["wins"] == 0


def test_the_date_entry_offers_the_day_after_the_last_date(game, words):
    game.type("220240228{RETURN}{STOP}2")
    assert "2024-02-29" in game.screen().text() and game.byte("date_len") == 0
    game.type("{RETURN}")
    assert "DAILY 2024-02-29" in game.screen().text()
    assert game.answer() == core.daily_word(2024, 2, 29, list(words.answers))


def test_play_keeps_its_own_disk_between_runs(game_files, tmp_path):
    """Issue 29 item 3: the path is printed, the game's SAVE lands on the .d64, a second run
    reads it (the statistics screen counts the first run's game)."""
    from wordle64.media.images import read_d64
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    command = [sys.executable, "-m", "wordle64.cli", "play", "--prg", str(game_files[0]),
               "--labels", str(game_files[1]), "--plain", "--keys"]
    first = subprocess.run([*command, "1CRANE{RETURN}{STOP}Y"], capture_output=True, text=True,
                           timeout=300, cwd=REPO, env=env)
    disk = tmp_path / "wordle64" / "wordle64.d64"
    assert first.returncode == 0, first.stderr
    assert str(disk) in first.stderr
    assert {f.name for f in read_d64(disk).files} == {"WORDLE64", "W64STATS"}
    second = subprocess.run([*command, "{STOP}5"], capture_output=True, text=True, timeout=300,
                            cwd=REPO, env=env)
    line = next(line for line in second.stdout.splitlines() if "PLAYED" in line)
    assert line.split() == ["PLAYED", "1"]
