"""The words stage's line reader is the package's one reader of word files: wordle64.textlines."""

from wordle64.textlines import (MAX_LINE_CHARS, QUOTE_CHARS, Line, iter_lines, looks_like_ascii,
                                odd_character, quote, too_long_problem)

__all__ = ["MAX_LINE_CHARS", "QUOTE_CHARS", "Line", "iter_lines", "looks_like_ascii",
           "odd_character", "quote", "too_long_problem"]
