"""The codec registry: encode and decode by name."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from wordle64.errors import Wordle64Error

log = logging.getLogger(__name__)
from wordle64.pack.ctxhuff import ctxhuff_decode, ctxhuff_encode
from wordle64.pack.seed import seed_decode, seed_encode
from wordle64.pack.stream import Unpacked

# ---- codec registry ---------------------------------------------------------------------------

ENCODERS: dict[str, Callable[[Sequence[str], Sequence[bool]], bytes]] = {
    "seed": seed_encode, "ctxhuff": ctxhuff_encode}
DECODERS: dict[str, Callable[..., Unpacked]] = {"seed": seed_decode, "ctxhuff": ctxhuff_decode}
CODECS = tuple(ENCODERS)


def encode(codec: str, words: Sequence[str], answers: Sequence[bool]) -> bytes:
    if codec not in ENCODERS:
        raise Wordle64Error(f"unknown codec {codec!r} (choose from {', '.join(CODECS)})")
    return ENCODERS[codec](words, answers)


def decode(codec: str, blob: bytes) -> Unpacked:
    if codec not in DECODERS:
        raise Wordle64Error(f"unknown codec {codec!r} (choose from {', '.join(CODECS)})")
    return DECODERS[codec](blob)

