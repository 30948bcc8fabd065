"""Solver stage of the pipeline: matrix, openers, chunked evaluation, gathered report, Absurdle.

Each function reads and writes the files of one rule; the work is done in solver, solver_play
and solver_absurdle.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import os
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from wordle64.errors import Wordle64Error
from wordle64.io import write_bytes, write_figure, write_json, write_npy, write_text
from wordle64.score import marks_from_string, pattern_code
from wordle64.solver.core import (check_fits, feedback_matrix, read_frequencies,
                                  read_word_list)
from wordle64.solver.bound import OpenerBound, bound_rows, combine_bounds
from wordle64.solver.play import (
    STRATEGIES, SWEEP_PER_FIGURE, Chunk, Game, OpenerResult, Played, SearchSettings, evaluate,
    evaluate_chunk, first_guess, opener_shortlist, summarise, sweep_openers,
)
from wordle64.solver.three import best_in_three, in_three_shortlist

log = logging.getLogger(__name__)

CHUNK_COLUMNS = ["answer", "guesses", "path"]


def search_settings(params: dict) -> SearchSettings:
    """The lookahead search's settings from solver.search; missing keys (the greedy strategies'
    rules get {}) keep the defaults."""
    default = SearchSettings()
    return SearchSettings(widths=tuple(params.get("widths", default.widths)),
                          hard_widths=tuple(params.get("hard_widths", default.hard_widths)),
                          exact_size=params.get("exact_size", default.exact_size))


def sweep_per_figure(params: dict) -> int:
    """Best openers of each figure the sweep searches (solver.sweep.per_figure)."""
    return params.get("per_figure", SWEEP_PER_FIGURE)


def load_game(guesses_path: str | Path, answers_path: str | Path,
              matrix_path: str | Path | None = None) -> Game:
    """The lists and their feedback matrix (read from `matrix_path`, or computed)."""
    guesses, answers = read_word_list(guesses_path), read_word_list(answers_path)
    for path, words in ((guesses_path, guesses), (answers_path, answers)):
        if not words:
            raise Wordle64Error(f"{path}: no words")
    # the matrix and its transposed copy (Game.by_answer)
    check_fits(len(guesses), len(answers), 2, "the game's feedback matrices")
    if matrix_path is None:
        matrix = cached_matrix(guesses, answers)
    else:
        matrix = read_matrix(matrix_path, (len(guesses), len(answers)))
    return Game.from_matrix(guesses, answers, matrix)


def matrix_cache() -> Path:
    """Where feedback matrices of lists given without one are kept: $WORDLE64_CACHE, else
    ~/.cache/wordle64."""
    return Path(os.environ.get("WORDLE64_CACHE") or Path.home() / ".cache" / "wordle64")


def cached_matrix(guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
    """The lists' feedback matrix from the cache (keyed by the lists' sha256), else computed
    and cached; a cache that cannot be written is skipped."""
    text = "\n".join(guesses) + "\n\n" + "\n".join(answers) + "\n"
    path = matrix_cache() / f"feedback-{hashlib.sha256(text.encode()).hexdigest()[:32]}.npy"
    shape = (len(guesses), len(answers))
    if path.exists():
        try:
            return read_matrix(path, shape)
        except Wordle64Error as error:
            log.warning("%s; recomputing", error)
    matrix = feedback_matrix(guesses, answers)
    buffer = io.BytesIO()
    np.save(buffer, matrix)
    try:
        write_bytes(path, buffer.getvalue())
    except OSError as error:
        log.warning("feedback matrix not cached (%s)", error)
    return matrix


def read_matrix(path: str | Path, shape: tuple[int, int]) -> np.ndarray:
    """A feedback matrix saved by `write_matrix` for lists of `shape`; anything else is one line."""
    try:
        matrix = np.load(path, allow_pickle=False)
    except OSError as error:
        raise Wordle64Error(f"{path}: cannot read the feedback matrix ({error.strerror or error})") \
            from None
    except (ValueError, EOFError):
        raise Wordle64Error(f"{path}: not a feedback matrix (expected a .npy file like "
                            "results/solver/feedback.npy)") from None
    if not isinstance(matrix, np.ndarray) or matrix.shape != shape or matrix.dtype.kind != "u":
        raise Wordle64Error(f"{path}: a {getattr(matrix, 'dtype', '?')} array of shape "
                            f"{getattr(matrix, 'shape', '?')}, expected the guesses x answers "
                            f"feedback matrix {shape[0]} x {shape[1]}")
    return matrix


def write_matrix(guesses_path: str, answers_path: str, output: str) -> None:
    guesses, answers = read_word_list(guesses_path), read_word_list(answers_path)
    start = time.perf_counter()

    def progress(done: int, total: int) -> None:
        if done % 4096 < 256 or done == total:
            log.info("feedback matrix: %d/%d guesses", done, total)

    matrix = feedback_matrix(guesses, answers, progress=progress)
    log.info("feedback matrix %d x %d in %.1f s", *matrix.shape, time.perf_counter() - start)
    write_npy(output, matrix)


def write_opener(game: Game, strategy: str, output: str) -> None:
    """A greedy strategy's first guess (the search's comes from the sweep: write_search_opener)."""
    start = time.perf_counter()
    guess = first_guess(game, strategy)
    seconds = time.perf_counter() - start
    log.info("%s opens with %s (%.1f s)", strategy, game.guesses[guess], seconds)
    write_json(output, {"strategy": strategy, "first_guess": game.guesses[guess],
                         "seconds": round(seconds, 3)})


# ---- the opener sweep -------------------------------------------------------------------------
SWEEP_COLUMNS = ["opener", "total", "average", "worst", "seconds"]


def write_shortlist(game: Game, per_figure: int, output: str) -> None:
    """The openers the sweep searches, one a line, best lower bound first."""
    shortlist = [game.guesses[guess] for guess in opener_shortlist(game, per_figure)]
    log.info("sweep: %d openers (best %d of each figure)", len(shortlist), per_figure)
    write_text(output, "".join(word + "\n" for word in shortlist))


def write_sweep_batch(game: Game, shortlist_path: str, batch: int, batches: int,
                      settings: SearchSettings, output: str) -> None:
    """The full search under every `batches`-th opener of the shortlist from `batch` on."""
    index = {word: number for number, word in enumerate(game.guesses)}
    words = read_word_list(shortlist_path)[batch::batches]
    results = sweep_openers(game, [index[word] for word in words], settings,
                            progress=lambda message: log.info("%s", message))
    write_sweep_table(results, output)


def write_sweep_table(results: Sequence[OpenerResult], output: str | Path) -> None:
    lines = ["\t".join(SWEEP_COLUMNS)]
    for result in sorted(results, key=OpenerResult.key):
        lines.append(f"{result.opener}\t{result.total if result.total is not None else 'NA'}\t"
                     f"{result.average:.4f}\t{result.worst or 'NA'}\t{result.seconds:.3f}")
    write_text(output, "\n".join(lines) + "\n")


def _tsv_rows(path: str | Path, columns: list[str],
              same_width: bool = True) -> list[tuple[int, list[str]]]:
    """(line number, fields) of each row below the header of a table the stages write; a
    Wordle64Error naming the line when the header is not `columns` or, with same_width, a row
    has another number of fields."""
    lines = Path(path).read_text().splitlines()
    if not lines or lines[0].split("\t") != columns:
        raise Wordle64Error(f"{path}:1: expected header {' '.join(columns)}")
    rows = []
    for number, line in enumerate(lines[1:], start=2):
        fields = line.split("\t")
        if same_width and len(fields) != len(columns):
            raise Wordle64Error(f"{path}:{number}: expected {len(columns)} columns")
        rows.append((number, fields))
    return rows


def read_sweep_table(path: str | Path) -> list[OpenerResult]:
    results = []
    for _number, fields in _tsv_rows(path, SWEEP_COLUMNS):
        total = None if fields[1] == "NA" else int(fields[1])
        answers = round(total / float(fields[2])) if total else 0
        results.append(OpenerResult(fields[0], total, answers,
                                    None if fields[3] == "NA" else int(fields[3]),
                                    float(fields[4])))
    return results


def gather_sweep(batch_files: Sequence[str], output: str) -> OpenerResult:
    """openers.tsv: every batch's openers, best first; returns the best."""
    results = [result for path in batch_files for result in read_sweep_table(path)]
    write_sweep_table(results, output)
    best = min(results, key=OpenerResult.key)
    log.info("sweep: %d openers, best %s (%s)", len(results), best.opener, best.total)
    return best


def write_search_opener(openers_path: str, output: str) -> None:
    """The search's first guess: the sweep's best opener; seconds = the whole sweep's."""
    write_json(output, sweep_opener(openers_path, "search"))


def sweep_opener(openers_path: str | Path, strategy: str) -> dict:
    """A strategy's opener JSON from a sweep table: its best opener; seconds = the sweep's."""
    results = read_sweep_table(openers_path)
    best = min(results, key=OpenerResult.key)
    return {"strategy": strategy, "first_guess": best.opener,
            "seconds": round(sum(r.seconds for r in results), 3),
            "openers_searched": len(results), "total": best.total}


MIN_CLUSTER_OPENERS = 40  # a cluster sweep must search at least this many openers to pass


def write_cluster_report(sweep_path: str, local_path: str, jobs: str, seconds: str,
                         status: str, slurm: str, output: str) -> dict:
    """results/bench/cluster.json of workflow/cluster/local_slurm.sh: passed when snakemake
    succeeded, the sweep searched at least MIN_CLUSTER_OPENERS openers and every opener the
    local sweep (results/solver/openers.tsv, when built) also searched got the same total."""
    results = read_sweep_table(sweep_path) if Path(sweep_path).exists() else []
    local = {r.opener: r.total for r in read_sweep_table(local_path)} \
        if Path(local_path).exists() else {}
    shared = [r for r in results if r.opener in local]
    mismatches = [r.opener for r in shared if r.total != local[r.opener]]
    best = min(results, key=OpenerResult.key) if results else None
    report = {
        "executor": "cluster-generic (sbatch)", "slurm": slurm.strip(),
        "jobs": int(jobs or 0), "openers": len(results),
        "passed": status == "0" and len(results) >= MIN_CLUSTER_OPENERS and not mismatches,
        "seconds": round(float(seconds), 1),
        "opener_seconds": round(sum(r.seconds for r in results), 1),  # summed over the jobs
        "best_opener": best.opener if best else None, "best_total": best.total if best else None,
        "compared_with_local": len(shared), "mismatches": mismatches,
    }
    write_json(output, report)
    return report


BOUND_COLUMNS = ["opener", "one_level", "two_level", "complete", "seconds"]


def write_bound_batch(game: Game, openers: int, batch: int, batches: int, output: str,
                      target: int | None = None) -> None:
    """One batch of the two-level bounds (results/solver/bound/batch_<i>.tsv)."""
    rows = bound_rows(game, openers, batch, batches, target,
                      progress=lambda message: log.info("%s", message))
    lines = ["\t".join(BOUND_COLUMNS)]
    lines += [f"{r.opener}\t{r.one_level}\t{r.two_level}\t{int(r.complete)}\t{r.seconds:.3f}"
              for r in rows]
    write_text(output, "\n".join(lines) + "\n")
    log.info("bound batch %d/%d: %d openers", batch, batches, len(rows))


def read_bound_batch(path: str | Path) -> list[OpenerBound]:
    return [OpenerBound(fields[0], int(fields[1]), int(fields[2]), fields[3] == "1",
                        float(fields[4]))
            for _number, fields in _tsv_rows(path, BOUND_COLUMNS)]


def write_bound(game: Game, batch_files: Sequence[str], openers: int, output: str,
                target: int | None = None, search_path: str | None = None) -> dict:
    """bound.json: the admissible lower bound on the total for these lists, from the batches;
    with the search's opener file, the best tree's total beside it and the gap between."""
    rows = [row for path in batch_files for row in read_bound_batch(path)]
    bound = combine_bounds(game, rows, openers, target)
    log.info("lower bound %d (%d openers bounded, %.1f s)", bound.lower_bound_total,
             bound.openers_bounded, bound.seconds)
    result = dict(bound.__dict__)
    if search_path is not None:
        total = json.loads(Path(search_path).read_text())["total"]
        result.update(search_total=total, gap=total - bound.lower_bound_total)
    write_json(output, result)
    return result


def read_opener(path: str | Path) -> dict:
    return json.loads(Path(path).read_text())


HARD_SUFFIX = "-hard"  # a strategy played in the game's hard mode


def write_in_three(game: Game, openers: int, output: str) -> dict:
    """in-three.json: per mode, the best of the `openers` openers with the most distinct
    feedbacks by answers solved within three guesses (ties: within four), and the five best."""
    shortlist = in_three_shortlist(game, openers)
    result: dict = {"answers": len(game.answers), "openers_examined": len(shortlist),
                    "all_openers": len(shortlist) == len(game.guesses)}
    for mode, played in (("normal", game), ("hard", game.in_hard_mode())):
        start = time.perf_counter()
        ranked = best_in_three(played, shortlist)
        best = ranked[0]
        result[mode] = {"opener": best.opener, "solved": best.solved,
                        "share": round(best.share, 4), "solved_in_four": best.solved_in_four,
                        "top": [{"opener": r.opener, "solved": r.solved,
                                 "solved_in_four": r.solved_in_four} for r in ranked[:5]],
                        "seconds": round(time.perf_counter() - start, 3)}
        log.info("in three, %s: %s solves %d of %d", mode, best.opener, best.solved,
                 len(game.answers))
    write_json(output, result)
    return result


def write_hard_opener(source: str, strategy: str, output: str) -> None:
    """The opener of `strategy` + HARD_SUFFIX: the best of a hard-mode sweep when `source` is
    its table (openers-hard.tsv), else the strategy's own opener (the first guess is free)."""
    if str(source).endswith(".tsv"):
        write_json(output, sweep_opener(source, strategy + HARD_SUFFIX))
        return
    opener = read_opener(source)
    write_json(output, {**opener, "strategy": strategy + HARD_SUFFIX, "seconds": 0.0})


def write_chunk(game: Game, strategy: str, opener_path: str, chunk: int, chunks: int,
                settings: SearchSettings, output: str) -> None:
    opener = read_opener(opener_path)
    first = list(game.guesses).index(opener["first_guess"])
    base = strategy.removesuffix(HARD_SUFFIX)
    if base != strategy:
        game = game.in_hard_mode()
    start = time.perf_counter()
    result = evaluate_chunk(game, base, first, chunk, chunks, settings,
                            progress=lambda message: log.info("%s", message))
    seconds = time.perf_counter() - start
    played = result.played
    lines = ["\t".join(CHUNK_COLUMNS)]
    lines += [f"{game.answer}\t{game.guesses}\t{game.line()}" for game in played]
    lines.append(f"# exact\t{result.exact_groups}/{result.groups}\t{result.exact_answers}")
    lines.append(f"# seconds\t{seconds:.3f}")
    Path(output).write_text("\n".join(lines) + "\n")
    log.info("%s chunk %d/%d: %d answers in %.1f s", strategy, chunk, chunks, len(played), seconds)


def read_chunk(path: str | Path) -> tuple[Chunk, float]:
    """Games of one chunk file with its exactly solved groups, and the seconds it took."""
    played, seconds, exact = [], 0.0, (0, 0, 0)
    for number, fields in _tsv_rows(path, CHUNK_COLUMNS, same_width=False):   # "# ..." lines
        if fields[0] == "# seconds":
            seconds = float(fields[1])
            continue
        if fields[0] == "# exact":
            solved, _, groups = fields[1].partition("/")
            if not (solved.isdigit() and groups.isdigit() and fields[2:3] and fields[2].isdigit()):
                raise Wordle64Error(f"{path}:{number}: expected '# exact<TAB>n/m<TAB>answers'")
            exact = (int(groups), int(solved), int(fields[2]))
            continue
        words = fields[2].split()
        steps = tuple((words[i], pattern_code(marks_from_string(words[i + 1][:5])))
                      for i in range(0, len(words), 2))
        if len(steps) != int(fields[1]):
            raise Wordle64Error(f"{path}:{number}: path has {len(steps)} guesses, not {fields[1]}")
        played.append(Played(fields[0], steps))
    return Chunk(played, *exact), seconds


def gather(strategies: Sequence[str], chunk_files: Sequence[str], opener_files: Sequence[str],
           words_table: str, hardest: int, outputs, bound_path: str | None = None,
           in_three_path: str | None = None) -> dict:
    """evaluation.tsv, summary.json (with the lower bound and the best tree's gap to it when
    `bound_path` is given, the best chance in three of each mode when `in_three_path` is), one
    tree per strategy, the hardest answers, the plot."""
    frequencies = read_frequencies(words_table)
    results: dict[str, list[Played]] = {}
    summaries = {}
    for strategy, opener_file in zip(strategies, opener_files):
        files = [f for f in chunk_files if Path(f).parent.name == strategy]
        played, seconds = [], read_opener(opener_file)["seconds"]
        chunks = []
        for path in files:
            chunk, chunk_seconds = read_chunk(path)
            chunks.append(chunk)
            played += chunk.played
            seconds += chunk_seconds
        played.sort(key=lambda p: p.answer)
        results[strategy] = played
        summaries[strategy] = summarise(strategy, played, seconds).__dict__
        if strategy.removesuffix(HARD_SUFFIX) == "search":
            summaries[strategy].update(
                groups=sum(chunk.groups for chunk in chunks),
                exact_groups=sum(chunk.exact_groups for chunk in chunks),
                exact_answers=sum(chunk.exact_answers for chunk in chunks))
    answer_sets = {tuple(p.answer for p in played) for played in results.values()}
    if len(answer_sets) != 1:
        raise Wordle64Error("the strategies' chunks cover different answers: rerun the solver")
    answers = answer_sets.pop()

    lines = ["answer\tfrequency\t" + "\t".join(strategies)]
    for row, answer in enumerate(answers):
        counts = [str(results[s][row].guesses) for s in strategies]
        lines.append(f"{answer}\t{frequencies.get(answer, 0)}\t" + "\t".join(counts))
    Path(outputs.evaluation).write_text("\n".join(lines) + "\n")
    summary: dict = dict(summaries)
    if bound_path is not None:
        bound = json.loads(Path(bound_path).read_text())["lower_bound_total"]
        best = min(s["total"] for s in summaries.values())
        summary.update(lower_bound_total=bound, gap=best - bound)
    if in_three_path is not None:
        in_three = json.loads(Path(in_three_path).read_text())
        summary["in_three"] = {mode: {key: in_three[mode][key] for key in
                                      ("opener", "solved", "share", "solved_in_four")}
                               for mode in ("normal", "hard")}
    write_json(outputs.summary, summary)
    for strategy, tree_path in zip(strategies, outputs.trees):
        Path(tree_path).write_text("".join(p.line() + "\n" for p in results[strategy]))

    def hardness(row: int) -> tuple:
        counts = [results[s][row].guesses for s in strategies]
        return (-sum(counts), -max(counts), answers[row])

    rows = sorted(range(len(answers)), key=hardness)[:hardest]
    lines = ["rank\tanswer\tfrequency\tmean\t" + "\t".join(strategies)]
    for rank, row in enumerate(rows, start=1):
        counts = [results[s][row].guesses for s in strategies]
        lines.append(f"{rank}\t{answers[row]}\t{frequencies.get(answers[row], 0)}\t"
                     f"{sum(counts) / len(counts):.2f}\t" + "\t".join(map(str, counts)))
    Path(outputs.hardest).write_text("\n".join(lines) + "\n")
    plot_difficulty(summaries, outputs.plot)
    return summaries


def plot_difficulty(summaries: dict, output: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    strategies = list(summaries)
    most = max(max(map(int, s["distribution"])) for s in summaries.values())
    counts = np.arange(1, most + 1)
    width = 0.8 / len(strategies)
    figure, axes = plt.subplots(figsize=(8, 4.5))
    for number, strategy in enumerate(strategies):
        summary = summaries[strategy]
        heights = [summary["distribution"].get(int(c), summary["distribution"].get(str(c), 0))
                   for c in counts]
        axes.bar(counts + (number - (len(strategies) - 1) / 2) * width, heights, width,
                 label=f"{strategy} ({summary['first_guess']}): {summary['average']:.4f}, "
                       f"worst {summary['worst']}")
    answers = next(iter(summaries.values()))["answers"]
    axes.set_xlabel("guesses needed")
    axes.set_ylabel("answers")
    axes.set_xticks(counts)
    axes.set_title(f"Guesses per answer, {answers} answers, all guesses allowed")
    axes.legend(fontsize="small")
    figure.tight_layout()
    write_figure(output, figure, dpi=120)
    plt.close(figure)


def benchmark(guesses_path: str, answers_path: str, strategy: str, output: str) -> dict:
    """Time the feedback matrix and one greedy evaluation of every answer, all guesses allowed."""
    guesses, answers = read_word_list(guesses_path), read_word_list(answers_path)
    start = time.perf_counter()
    matrix = feedback_matrix(guesses, answers)
    matrix_seconds = time.perf_counter() - start
    game = Game.from_matrix(guesses, answers, matrix)
    played, evaluate_seconds = evaluate(game, strategy)
    summary = summarise(strategy, played, evaluate_seconds)
    result = {
        "guesses": len(guesses), "answers": len(answers),
        "matrix_seconds": round(matrix_seconds, 3),
        "strategy": strategy, "first_guess": summary.first_guess,
        "evaluate_seconds": round(evaluate_seconds, 3),
        "average": summary.average, "worst": summary.worst,
        "target_seconds": 60,
    }
    Path(output).write_text(json.dumps(result, indent=2) + "\n")
    return result


__all__ = ["STRATEGIES", "load_game", "write_matrix", "write_opener", "write_chunk", "gather",
           "benchmark", "search_settings", "sweep_per_figure", "read_chunk", "write_shortlist",
           "write_sweep_batch", "gather_sweep", "write_search_opener", "write_bound",
           "read_sweep_table", "write_sweep_table", "write_cluster_report", "write_bound_batch",
           "read_bound_batch"]
