"""Helpers for the thin Snakemake scripts: log to the rule's log, fail with one line."""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import Iterator

from wordle64.errors import Wordle64Error


@contextlib.contextmanager
def rule_logging(log_path: str) -> Iterator[logging.Logger]:
    """Log to the rule's log file; a Wordle64Error ends the job with one line on stderr."""
    logging.basicConfig(filename=log_path, level=logging.INFO, force=True,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logger = logging.getLogger("wordle64")
    try:
        yield logger
    except Wordle64Error as error:
        logger.error("%s", error)
        print(f"wordle64: error: {error}", file=sys.stderr)
        raise SystemExit(1) from None
