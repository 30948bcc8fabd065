"""Whole-machine runs on the machine model: ROM location, labels, screen reading, and a real boot with keys."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from conftest import REPO, assemble_toy, build_with_snakemake, roms_or_skip

from wordle64.c64 import machine, wholerun
from wordle64.errors import Wordle64Error

# A toy "game" with the shape of the real one: a menu printed with CHROUT, keys read with GETIN
# (so they must come through the KERNAL's interrupt-driven CIA scan), an answer in answer_buf
# and a row of five typed letters in white on tiles coloured green (5) / yellow (7) / grey (11)
# with the VIC's extended background colour mode, as the real game draws them.
TOY_SOURCE = r"""
.export answer_buf
GETIN  := $FFE4
CHROUT := $FFD2
ROW5   := 5 * 40
.segment "LOADADDR"
        .word $0801
.segment "CODE"
        .word stub_end, 10
        .byte $9E, "2061", 0
stub_end:
        .word 0
        ldx #0
@menu:  lda menu,x
        beq @wait
        jsr CHROUT
        inx
        bne @menu
@wait:  jsr GETIN
        cmp #'R'
        bne @wait
        ldx #4
@copy:  lda answer,x
        sta answer_buf,x
        dex
        bpl @copy
        ldy #0
@read:  jsr GETIN
        beq @read
        cmp #$0D
        beq @mark
        cpy #5
        beq @read
        sec
        sbc #$40
        sta $0400 + ROW5,y
        sta guess,y
        iny
        bne @read
@mark:  lda #5                          ; extended background colour mode, as the game:
        sta $D022                       ; code bits 6-7 pick the tile colour
        lda #7
        sta $D023
        lda #11
        sta $D024
        lda $D011
        ora #$40
        sta $D011
        ldy #0
@tile:  lda guess,y
        sec
        sbc #1
        cmp answer,y
        bne @other
        lda #$40
        bne @set
@other: ldx #4
@find:  cmp answer,x
        beq @else
        dex
        bpl @find
        lda #$C0
        bne @set
@else:  lda #$80
@set:   ora guess,y
        sta $0400 + ROW5,y
        lda #1
        sta $D800 + ROW5,y
        iny
        cpy #5
        bne @tile
@idle:  jsr GETIN
        jmp @idle
menu:   .byte $93, "PRESS R FOR RANDOM", 0
answer: .byte 2, 0, 8, 17, 13
answer_buf: .res 5
guess:  .res 5
"""


@pytest.fixture(scope="module")
def roms() -> Path:
    return roms_or_skip()


@pytest.fixture(scope="module")
def real_build() -> Path:
    """results/ of a build: $WORDLE64_RESULTS (a finished build's, read only) if set, else this
    repository's, built by Snakemake if needed."""
    given = os.environ.get("WORDLE64_RESULTS")
    if given:
        return Path(given)
    build_with_snakemake("results/build/wordle64.prg", "results/build/wordle64.lbl",
                         "results/words/answers.txt", "results/words/guesses.txt")
    return REPO / "results"


@pytest.fixture(scope="module")
def toy(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, dict[str, int]]:
    prg, labels = assemble_toy(tmp_path_factory.mktemp("toy"), TOY_SOURCE)
    return prg, machine.read_labels(labels)


def test_locate_roms(tmp_path: Path) -> None:
    opened = tmp_path / "open"
    opened.mkdir()
    for name in ("basic_generic.rom", "kernal_generic.rom", "chargen_openroms.rom"):
        (opened / name).write_bytes(name.encode())
    assert machine.locate_roms(tmp_path / "nowhere", environ={}) is None
    assert machine.locate_roms(opened, environ={}) == opened
    assert machine.locate_roms(tmp_path / "nowhere", environ={"C64_ROMS": str(opened)}) == opened
    with pytest.raises(Wordle64Error, match="bytes, not 8192"):
        machine.Machine(opened)                 # ROM files of the wrong size are refused


def test_rom_inputs_list_the_rom_files_found(tmp_path: Path) -> None:
    """media_machine's inputs: none without ROMs, the three files once they are there."""
    opened = tmp_path / "open"
    opened.mkdir()
    assert machine.rom_inputs(opened, environ={}) == []
    (opened / "basic_generic.rom").write_bytes(b"b")
    (opened / "kernal.901227-03.bin").write_bytes(b"k")
    assert machine.rom_inputs(opened, environ={}) == []        # two of three: still none
    (opened / "chargen_openroms.rom").write_bytes(b"c")
    assert machine.rom_inputs(opened, environ={}) == [
        str(opened / "basic_generic.rom"), str(opened / "kernal.901227-03.bin"),
        str(opened / "chargen_openroms.rom")]
    assert machine.rom_inputs(tmp_path / "nowhere", environ={"C64_ROMS": str(opened)}) == \
        machine.rom_inputs(opened, environ={})


def test_read_labels(tmp_path: Path) -> None:
    labels = tmp_path / "x.lbl"
    labels.write_text("al 00088F .answer_buf\nal 00080D .main\n")
    assert machine.read_labels(labels) == {"answer_buf": 0x088F, "main": 0x080D}
    labels.write_text("al 00088F .answer_buf\nnonsense\n")
    with pytest.raises(Wordle64Error, match=r"x.lbl:2:"):
        machine.read_labels(labels)
    labels.write_text("al 000810 .@loop\nal 000820 .@loop\n")    # one local name, two scopes
    assert machine.read_labels(labels) == {"@loop": 0x0810}          # the first, as emu's


def test_screen_text_and_word_search() -> None:
    codes = bytearray(b" " * 80)
    codes[40 + 3:40 + 12:2] = bytes([3, 18, 1, 14, 5])  # C R A N E, every other column
    codes[0] = 0x80 | 18  # reverse-video R
    lines = machine.screen_text(bytes(codes))
    assert lines[0].startswith("R ") and lines[1][3:12] == "C R A N E"
    assert machine.find_word(bytes(codes), "crane") == [[(1, 3), (1, 5), (1, 7), (1, 9), (1, 11)]]
    assert machine.marks_match_colours([2, 1, 1, 0, 0], [5, 7, 7, 11, 11])
    assert not machine.marks_match_colours([2, 1, 1, 0, 0], [5, 5, 5, 5, 5])
    assert not machine.marks_match_colours([2, 1, 1, 0, 0], [5, 7, 11, 11, 11])


def test_skipped_without_roms(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("C64_ROMS", raising=False)
    out = tmp_path / "run.json"
    png = tmp_path / "screens.png"
    result = wholerun.run_machine_stage("x.prg", "x.lbl", "x.txt", str(out),
                                       str(tmp_path / "screens.txt"), str(png),
                                       roms=str(tmp_path / "none"), script=machine.GameScript())
    assert json.loads(out.read_text()) == result
    assert result["startup_cycles"] is None and "no C64 ROMs" in result["skipped"]
    assert result["ready_cycles"] is None and result["board_cycles"] is None
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_screens_png_draws_from_the_memory_image(tmp_path: Path) -> None:
    from PIL import Image

    image = bytearray(0x10000)
    image[0xD018] = 0x18  # screen $0400, charset $2000
    image[0xD020], image[0xD021] = 14, 6
    image[0x2008:0x2010] = b"\xff" * 8  # glyph 1: a full block
    image[0x0400] = 1
    image[0xD800] = 1  # white
    png = tmp_path / "shots.png"
    machine.save_screens_png([bytes(image), bytes(image)], png, scale=1)
    shot = Image.open(png).convert("RGB")
    assert shot.size == (2 * (320 + 48), 200 + 48)
    assert shot.getpixel((24, 24)) == (0xFF, 0xFF, 0xFF)  # cell 0: white block
    assert shot.getpixel((24 + 8, 24)) == (0x35, 0x28, 0x79)  # cell 1: blue background
    assert shot.getpixel((0, 0)) == (0x6C, 0x5E, 0xB5)  # light blue border


def test_whole_machine_boot_run_and_keys(roms: Path, toy: tuple[bytes, dict[str, int]]) -> None:
    """The tape and disk runs' play_loaded_game: RUN, the menu, R, then a chosen guess."""
    prg, labels = toy
    c64 = machine.Machine(roms)
    report = machine.RunReport(boot_cycles=c64.boot())
    c64.load_prg(prg)
    report = machine.play_loaded_game(c64, labels, machine.GameScript(), answers={"cairn"},
                                      words=["cairn", "crane", "pious", "lymph"], report=report)
    assert 0 < report.boot_cycles < 4_000_000
    # RUN's RETURN is seen by the next keyboard scan (one jiffy at most), BASIC runs the line
    # and the menu prints within a few frames (the run polls the screen once a frame).
    assert 0 < report.startup_cycles < 5 * machine.FRAME_CYCLES
    assert report.screens["menu"][0].startswith("PRESS R FOR RANDOM")
    assert report.answer == "cairn"
    # crane vs cairn: C right, R A N elsewhere, E absent; the toy's tiles are 5 / 7 / 11.
    # the first of the words, answer aside, with the most distinct marks
    assert report.guess == "crane" and report.expected_marks == [2, 1, 1, 1, 0]
    assert report.found_at == [(5, 0), (5, 1), (5, 2), (5, 3), (5, 4)]
    assert report.tile_colours == [(5, 1), (7, 1), (7, 1), (7, 1), (11, 1)]
    assert c64.ram(0x0400 + 200, 5) == bytes([0x43, 0x92, 0x81, 0x8E, 0xC5])
    assert c64.ecm() and c64.screen_base() == 0x0400 and c64.lines()[5].startswith("CRANE")
    assert c64.memory_image()[0xD022:0xD025] == bytes([5, 7, 11])
    # The game is still running (idling in GETIN), not back at BASIC.
    assert not c64.shows("READY.")


def test_a_clone_runs_on_its_own_memory_and_clock(roms: Path,
                                                  toy: tuple[bytes, dict[str, int]]) -> None:
    """Machine.clone (the tape sweep's snapshots): the copy runs the same from the same state and
    neither touches the other's RAM or cycles (the compiled core's views are the copy's own)."""
    prg, _ = toy
    c64 = machine.Machine(roms)
    c64.boot()
    c64.load_prg(prg)
    twin = c64.clone()
    before, ram = c64.cycles, bytes(c64.bus.ram)
    twin.press("run\n")
    twin.run(20 * machine.FRAME_CYCLES)
    assert twin.shows("PRESS R FOR RANDOM") and not c64.shows("PRESS R FOR RANDOM")
    assert c64.cycles == before and bytes(c64.bus.ram) == ram
    c64.press("run\n")
    c64.run(20 * machine.FRAME_CYCLES)
    assert c64.lines() == twin.lines() and c64.cycles == twin.cycles


def test_keys_typed_ahead_on_the_toy(roms: Path, toy: tuple[bytes, dict[str, int]]) -> None:
    """media_machine's run: R, the guess and RETURN typed right after RUN, before the toy even
    prints its menu, wait in the KERNAL's buffer and are read in order."""
    prg, labels = toy
    c64 = machine.Machine(roms)
    script = machine.GameScript(typed_guess="crane")
    report = wholerun.play_random_game(c64, prg, labels, script,
                                       ["cairn", "crane", "pious", "lymph"], answers={"cairn"})
    assert report.menu_cycles is not None and report.board_cycles is None   # no labels: no figures
    assert report.ready_cycles is None
    # 7 keys after RUN's RETURN, each held 2 frames and released 2 frames: the last one up
    # 7 x 4 + 2 frames after RETURN went down
    assert report.typed_cycles == 30 * machine.FRAME_CYCLES
    assert report.answer == "cairn" and report.guess == "crane"
    assert report.expected_marks == [2, 1, 1, 1, 0]
    assert report.found_at == [(5, 0), (5, 1), (5, 2), (5, 3), (5, 4)]
    assert report.tile_colours == [(5, 1), (7, 1), (7, 1), (7, 1), (11, 1)]
    assert c64.lines()[0].startswith("PRESS R FOR RANDOM") and not c64.shows("READY.")


def test_type_ahead_events_follow_press_timing() -> None:
    events = wholerun.type_ahead_events(1000, "R", "zymic")
    hold, period = machine.KEY_HOLD_CYCLES, machine.KEY_HOLD_CYCLES + machine.KEY_GAP_CYCLES
    assert [event.at for event in events] == sorted(event.at for event in events)
    assert events[0] == wholerun.KeyEvent(1000 + hold, ((0, 1),), down=False)  # RUN's RETURN up
    downs = [event for event in events if event.down]
    assert [event.at for event in downs] == [1000 + i * period for i in range(1, 8)]
    assert [event.cells for event in downs] == [((2, 1),), ((1, 4),), ((3, 1),), ((4, 4),),
                                               ((4, 1),), ((2, 4),), ((0, 1),)]   # R Z Y M I C ⏎
    assert [event.seeds for event in events] == [False, True] + [False] * 13
    assert events[-1].at == 1000 + 7 * period + hold and not events[-1].down


def test_typed_guess_defaults_to_the_last_word_of_the_lists() -> None:
    assert wholerun.last_word(["cairn", "zymic", "crane", "zesty"]) == "zymic"
    with pytest.raises(Wordle64Error, match="no word list"):
        wholerun.last_word([])

    class Params:
        menu_text, random_key, seed = "RANDOM", "R", 1
        boot_max_cycles, startup_max_cycles = 10, 20

    assert machine.GameScript.from_params(Params()).typed_guess is None   # tape, disk rules
    Params.typed_guess = ""
    assert machine.GameScript.from_params(Params()).typed_guess is None
    Params.typed_guess = "crane"
    assert machine.GameScript.from_params(Params()).typed_guess == "crane"


def test_the_real_game_boots_unpacks_and_scores_on_the_whole_machine(
        roms: Path, real_build: Path, tmp_path: Path) -> None:
    """The shipped PRG on the machine model through media_machine's stage: RUN, then R, the
    last word of the lists and RETURN typed ahead at once; run.json's figures and the guess
    row's colours (issue 17: the guess is checked, never against a half-built table)."""
    from wordle64.score import score

    words = real_build / "words"
    answers = (words / "answers.txt").read_text().split()
    last = sorted(set(answers) | set((words / "guesses.txt").read_text().split()))[-1]
    out = tmp_path / "run.json"
    result = wholerun.run_machine_stage(
        str(real_build / "build/wordle64.prg"), str(real_build / "build/wordle64.lbl"),
        str(words / "answers.txt"), str(out), str(tmp_path / "screens.txt"),
        roms=str(roms), script=machine.GameScript(), guesses_path=str(words / "guesses.txt"))
    assert json.loads(out.read_text()) == result and result["passed"]
    assert result["typed_guess"] == last and result["typed_guess_matched"]
    # The menu shows and reads keys, the game draws the board, and only then is the typed
    # guess looked up and scored: in that order, all after RUN (the menu's text is looked for
    # every 1,000 cycles, so it may be seen just after the menu's first key read).
    assert result["typed_ahead_cycles"] > 0
    assert 0 < result["menu_cycles"] < result["board_cycles"] < result["ready_cycles"]
    assert 0 < result["startup_cycles"] < result["board_cycles"]
    assert result["ready_seconds_pal"] == round(result["ready_cycles"] / 985_248, 3)
    assert set(result["figures"]) == {"menu", "startup", "board", "ready"}
    assert result["answer"] in answers
    # The typed guess in the board's first row, its tiles in the game's palette by the marks
    # score() gives against the answer the game drew: green right, yellow elsewhere, dark grey
    # absent (an empty tile is black, so an all-absent row is still told from an unscored one).
    marks = score(last, result["answer"])
    assert result["expected_marks"] == list(marks)
    tiles = result["tiles"]
    assert [tile["row"] for tile in tiles] == [2] * 5
    assert [tile["column"] for tile in tiles] == sorted(tile["column"] for tile in tiles)
    assert [tile["background"] for tile in tiles] == [{2: 5, 1: 7, 0: 11}[m] for m in marks]
    screens = (tmp_path / "screens.txt").read_text()
    assert "RANDOM WORD" in screens and "   ".join(last.upper()) in screens


def test_a_guess_typed_at_the_menu_is_checked_while_the_dictionary_still_unpacks(
        roms: Path, real_build: Path) -> None:
    """Issue 17: RUN, the menu shows and reads keys at once while the dictionary unpacks in the
    background; R and the list's last word typed then are played at once: the guess row is
    coloured as score() marks it against the answer the game drew, before the unpack is over
    (dict_complete still 0: the guess and the answer came from scans of their segments)."""
    from wordle64.score import score

    build = real_build / "build"
    labels = machine.read_labels(build / "wordle64.lbl")
    words = (real_build / "words/answers.txt").read_text().split() + (
        real_build / "words/guesses.txt").read_text().split()
    guess = max(words)
    c64 = machine.Machine(roms)
    c64.boot()
    c64.load_prg((build / "wordle64.prg").read_bytes())
    c64.press("run\n")
    c64.run_until(lambda m: m.shows("RANDOM WORD"), 3_000_000, "the menu")
    c64.press("r" + guess + "\n")              # 7 keys, ~0.3 s
    c64.board.stop_at(labels["board_submit_row"])
    c64.run_until(lambda m: m.board.stopped_at is not None, 3_000_000, "the guess checked")
    assert c64.ram(labels["dict_complete"])[0] == 0
    c64.run(2_000_000)                          # the row revealed
    answer = "".join(chr(97 + letter) for letter in c64.ram(labels["answer_buf"], 5))
    report = machine.RunReport(answer=answer, guess=guess,
                               expected_marks=list(score(guess, answer)))
    machine.check_guess_row(c64, report)        # raises unless the row is coloured right
    assert {row for row, _ in report.found_at} == {2}   # the board's first row


def test_guess_comes_from_the_builds_lists(tmp_path: Path) -> None:
    """Built on another language's lists, the run types one of those words, never a fixed
    English list (a word the game would refuse as NOT IN WORD LIST)."""
    answers, guesses = tmp_path / "answers.txt", tmp_path / "guesses.txt"
    answers.write_text("acqua\nsorry\ntazza\n")
    guesses.write_text("aereo\nfjord\nsorry\n")
    words = machine.read_words(answers, guesses)
    assert words == ["acqua", "sorry", "tazza", "aereo", "fjord"]
    assert machine.choose_guess(words, "sorry") in words
    assert machine.choose_guess(words, "sorry") != "sorry"
    assert machine.choose_guess(["sorry"], "sorry") == "sorry"
    assert machine.GameScript().seed == 4660 and not hasattr(machine.GameScript(), "guesses")
