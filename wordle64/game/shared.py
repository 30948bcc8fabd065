"""What the scripted games share: results with checks, the word lists, guesses chosen against an
answer, starting a game, the daily word of a date and the board/screen checks after each row."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from pathlib import Path

from wordle64 import core
from wordle64.pack import read_words_tsv
from wordle64.score import score
from wordle64.game.rules import MESSAGE_ROW, PANEL_COL, board_problems
from wordle64.game.session import Game

# guesses the scripted games try first (any not in the list, or the answer, are skipped), so
# the screenshots show words a player would type; then the answers in sorted order
SHOWCASE_GUESSES = ("crane", "pilot", "shady", "mound", "bulky", "fight", "gecko", "jumbo",
                    "spelt", "wordy", "tacit", "vapor")


@dataclass
class ScenarioResult:
    name: str
    checks: list[dict] = field(default_factory=list)
    keys: int = 0
    measured: dict = field(default_factory=dict)    # figures a scenario measures (games.json)

    def check(self, what: str, ok: bool, detail: object = "") -> bool:
        self.checks.append({"check": what, "passed": bool(ok), "detail": str(detail)})
        return bool(ok)

    @property
    def passed(self) -> bool:
        return all(c["passed"] for c in self.checks)


@dataclass(frozen=True)
class WordLists:
    words: frozenset[str]
    answers: tuple[str, ...]

    @classmethod
    def from_tsv(cls, path: str | Path) -> WordLists:
        """results/words/words.tsv, read and checked by wordle64.pack.read_words_tsv."""
        words, flags = read_words_tsv(Path(path))
        return cls(frozenset(words), tuple(w for w, a in zip(words, flags) if a))


def guesses_against(answer: str, words: WordLists, count: int, want_green: bool = False,
                     avoid: set[str] | None = None) -> list[str]:
    """`count` valid guesses that are not the answer, chosen deterministically (sorted order);
    with want_green, each shares at least one right-place letter with the answer."""
    chosen = []
    for word in [*SHOWCASE_GUESSES, *sorted(words.answers)]:
        if word not in words.words or word in chosen:
            continue
        if word == answer or (avoid and word in avoid):
            continue
        marks = score(word, answer)
        if want_green and 2 not in marks:
            continue
        if not want_green and sum(marks) == 0:
            continue
        chosen.append(word)
        if len(chosen) == count:
            break
    return chosen


def screen_has(result: ScenarioResult, game: Game, text: str) -> bool:
    return result.check(f"screen shows {text!r}", game.screen().find(text) is not None,
                        game.screen().text())


def board_ok(result: ScenarioResult, game: Game, words: WordLists, what: str) -> bool:
    problems = board_problems(game.board(), words.words, game.screen())
    return result.check(f"board invariants {what}", not problems, "; ".join(problems))


def play_rows(result: ScenarioResult, game: Game, words: WordLists, guesses: list[str]) -> None:
    for word in guesses:
        game.type(word + "{RETURN}")
        board_ok(result, game, words, f"after {word.upper()}")


def random_game(game: Game, jiffy: int) -> str:
    """From the menu: a random game started with the jiffy clock at `jiffy` (which picks the
    answer, so a scenario plays the same game every time); its answer."""
    game.set_jiffy(jiffy)
    game.type("1")
    return game.answer()


def date_keys(day: datetime.date) -> str:
    """A date as typed into the daily word's date field: YYYYMMDD."""
    return f"{day.year:04d}{day.month:02d}{day.day:02d}"


def daily_answer(words: WordLists, day: datetime.date) -> str:
    """The Python reference's daily word of `day`."""
    return core.daily_word(day.year, day.month, day.day, list(words.answers))


def answer_is(result: ScenarioResult, game: Game, want: str, what: str) -> bool:
    return result.check(what, game.answer() == want, f"{game.answer()} vs {want}")


def stat_shown(game: Game, label: str) -> str | None:
    """A value on the statistics screen, by its label (None when no line has it)."""
    return stat_on(game.screen().text_lines(), label)


def stat_on(lines: list[str], label: str) -> str | None:
    """A value on the statistics screen's lines of text, by its label (None when none has it)."""
    for line in lines:
        if line[6:26].rstrip() == label:
            return line[26:].strip()
    return None


def stat_is(result: ScenarioResult, game: Game, label: str, want: str, what: str) -> bool:
    shown = stat_shown(game, label)
    return result.check(what, shown == want, shown)


def finish_dailies(game: Game, words: WordLists, first: datetime.date, count: int) -> None:
    """From the menu: the dailies of `count` dates from `first` on, each finished at once (won
    with its answer on even offsets, lost with six other words on odd ones), back to the menu
    after each. Typed without board checks: a thousand of them take seconds."""
    for offset in range(count):
        day = first + datetime.timedelta(days=offset)
        answer = daily_answer(words, day)
        rows = guesses_against(answer, words, 6) if offset % 2 else [answer]
        game.type("2" + date_keys(day) + "{RETURN}" + "".join(w + "{RETURN}" for w in rows)
                  + "{STOP}")


def daily_message(game: Game, day: datetime.date) -> tuple[int, list[str]]:
    """From the menu: choose `day`'s daily; (the board's row, the panel's two message lines),
    then back to the menu."""
    game.type("2" + date_keys(day) + "{RETURN}")
    lines = game.screen().text_lines()
    shown = (game.board().row,
             [lines[row][PANEL_COL:].strip() for row in (MESSAGE_ROW, MESSAGE_ROW + 1)])
    game.type("{STOP}")
    return shown
