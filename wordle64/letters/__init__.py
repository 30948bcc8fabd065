"""Letters stage: Countdown's letters round and conundrum on SCOWL's British English list.

- ``dictionary``: parsing the word list, front coding (``results/letters/words.fc``), the
  compression report.
- ``tree``: the reference ternary search tree in pure Python (``TernaryTree``).
- ``table``: the same tree as one flat table of integers, saved as the stage's tree file
  (``results/letters/words.tree``) so the ``letters`` command starts without building it.
- ``fast``: the tree table walked by numba-compiled code (imported only where it is used, so
  the command line never waits for numba).
- ``draws``: seeded Countdown draws, the brute-force check, the benchmarks.
- ``conundrum``: conundrums; ``stage``: the pipeline's entry points; ``cli``: the commands.
"""

from wordle64.letters.cli import add_commands, parse_letters
from wordle64.letters.conundrum import (Conundrum, best_presentation, conundrums, read_conundrums,
                                        splits, write_conundrums)
from wordle64.letters.dictionary import (MAX_LENGTH, compression_rows, front_decode,
                                         front_encode, parse_dictionary, read_dictionary,
                                         read_front_coded)
from wordle64.letters.draws import (CONSONANT_TILES, VOWEL_TILES, check_chunk, countdown_draws)
from wordle64.letters.stage import (run_benchmark, run_check_chunk, run_compression,
                                    run_conundrums, run_dictionary, run_gather_checks, run_tree)
from wordle64.letters.tree import TernaryTree, by_length, median_first

__all__ = [
    "CONSONANT_TILES", "MAX_LENGTH", "VOWEL_TILES", "Conundrum", "TernaryTree", "add_commands",
    "best_presentation", "by_length", "check_chunk", "compression_rows", "conundrums",
    "countdown_draws", "front_decode", "front_encode", "median_first", "parse_dictionary",
    "parse_letters", "read_conundrums", "read_dictionary", "read_front_coded", "run_benchmark",
    "run_check_chunk", "run_compression", "run_conundrums", "run_dictionary",
    "run_gather_checks", "run_tree", "splits", "write_conundrums",
]
