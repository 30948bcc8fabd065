"""argparse types shared by the commands (they mirror the config schema's minimums)."""

from __future__ import annotations

import argparse


def positive_int(text: str) -> int:
    """argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not positive (1 or more)")
    return value


def positive_float(text: str) -> float:
    """argparse type: a finite number above 0 (nan and inf are refused)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value < float("inf"):  # false for nan too
        raise argparse.ArgumentTypeError(f"{text!r} is not a finite number above 0")
    return value


def positive_float_up_to(limit: float):
    """argparse type: a finite number above 0 and at most `limit`."""
    def parse(text: str) -> float:
        value = positive_float(text)
        if value > limit:
            raise argparse.ArgumentTypeError(f"{text!r} is more than {limit:g}")
        return value

    parse.__name__ = f"number up to {limit:g}"
    return parse
