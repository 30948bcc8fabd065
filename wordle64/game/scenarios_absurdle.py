"""The Absurdle scenario: the C64's adversary played on the real PRG, each guess's feedback and
count checked against the Python adversary (wordle64.solver.absurdle)."""

from __future__ import annotations

from wordle64.c64.screen import Screen
from wordle64.game.absurdle import absurdle_problems, adversary
from wordle64.game.keys import KEY_RETURN
from wordle64.game.rules import ROWS
from wordle64.game.session import KEY_CYCLES, Game
from wordle64.game.shared import ScenarioResult, WordLists, screen_has

ABSURDLE_GUESSES = ("aiery", "canst", "dolma")  # wordle64 absurdle's 4-guess win on the defaults


def _absurdle_turn(result: ScenarioResult, game: Game, words: WordLists, word: str,
                   left: list[str], turn: int, typed: str = "") -> list[str]:
    """One guess on the PRG's Absurdle mode (or one `typed` already), checked against the
    Python adversary."""
    word = word or typed
    marks, left = adversary(word, left)
    if not typed:
        game.type(word + "{RETURN}")
    row = min(game.byte("board_row"), ROWS) - 1
    shown = game.board().row_marks(row) if row >= 0 else ()
    result.check(f"absurdle guess {turn} {word.upper()}: marks {marks}, {len(left)} left",
                 shown == marks and game.screen().find(
                     f"{len(left)} ANSWER{'S' if len(left) > 1 else ''} LEFT") is not None
                 and game.screen().find(f"GUESSES {turn}") is not None,
                 f"marks {shown}\n{game.screen().text()}")
    problems = absurdle_problems(game, words.words, words.answers)
    result.check(f"absurdle invariants after guess {turn}", not problems, "; ".join(problems))
    return left


def scenario_absurdle(game: Game, menu: tuple, words: WordLists,
                       shots: dict[str, Screen]) -> ScenarioResult:
    """Absurdle: the known 4-guess win (the adversary's feedback and counts as Python's), then a
    game of eight guesses: the board scrolls, the count goes on."""
    result = ScenarioResult("absurdle")
    game.restore(menu)
    game.type("7")
    screen_has(result, game, f"{len(words.answers)} ANSWERS LEFT")
    left, turn = list(words.answers), 0
    for word in [w for w in ABSURDLE_GUESSES if w in words.words]:
        turn += 1
        left = _absurdle_turn(result, game, words, word, left, turn)
    while len(left) > 1 and turn < 20:
        turn += 1
        left = _absurdle_turn(result, game, words, left[0], left, turn)
    turn += 1
    _absurdle_turn(result, game, words, left[0], left, turn)
    screen_has(result, game, f"BEATEN IN {turn}")
    screen_has(result, game, "PLAYED 1 WON 1")
    screen_has(result, game, f"BEST {turn}")
    shots["absurdle"] = game.screen()
    game.type("{RETURN}")
    left = list(words.answers)
    guesses = [w for w in sorted(words.answers)[::97]][:8]
    game.type(guesses[0])                 # stopped halfway through the first guess
    game.machine.keys.append(KEY_RETURN)
    game._run(KEY_CYCLES, "absurdle guess", stop_pc=game.labels["progress_mark"] + 6, stop_a=12)
    shots["absurdle_thinking"] = game.screen()
    result.check("absurdle: THINKING and the progress bar while it thinks",
                 game.screen().find("THINKING") is not None, game.screen().text())
    game._run(KEY_CYCLES, "absurdle guess")
    left = _absurdle_turn(result, game, words, "", left, 1, guesses[0])
    for number, word in enumerate(guesses[1:], start=2):
        left = _absurdle_turn(result, game, words, word, left, number)
    board = game.board()
    result.check("absurdle: the board scrolled (the last five guesses on it, a row free)",
                 board.row == ROWS - 1 and [board.word(r) for r in range(ROWS - 1)] ==
                 guesses[-(ROWS - 1):], [board.word(r) for r in range(board.row)])
    game.type("{STOP}")
    screen_has(result, game, "PRESS 1-8")
    return result
