"""In-place unpacking: where the 6502 unpacker reads and writes, and the proof that the table's
writes never catch the blob's read pointer."""

from __future__ import annotations

import logging
from dataclasses import dataclass

log = logging.getLogger(__name__)
from wordle64.pack.codecs import DECODERS
from wordle64.pack.ctxhuff import ctxhuff_work_bytes, stream_bytes

# ---- in-place unpacking -----------------------------------------------------------------------


@dataclass(frozen=True)
class InPlaceLayout:
    """Where the 6502 unpacker reads and writes, for a blob loaded at blob_addr."""

    read_start: int   # where the blob is read from (ctxhuff: after its move down)
    work_start: int   # decoder work area [work_start, work_end) (empty for seed)
    work_end: int


def inplace_layout(codec: str, blob: bytes, blob_addr: int,
                   in_place: bool = False) -> InPlaceLayout:
    """The unpacker's layout. ctxhuff's dict_unpack moves the blob down to end at W =
    (end - work) & $FF00 and works in [W, W + work); dict_unpack_in_place (in_place=True)
    leaves the blob where it is and works in [W, W + work) with W = the end rounded up to a
    page, which the caller must leave free."""
    end = blob_addr + len(blob)
    if codec == "ctxhuff":
        end = blob_addr + stream_bytes(blob)     # the trailer after the stream is not read
        work_bytes = ctxhuff_work_bytes(blob)
        if in_place:
            work = (end + 0xFF) & ~0xFF
            return InPlaceLayout(blob_addr, work, work + work_bytes)
        work = (end - work_bytes) & ~0xFF
        return InPlaceLayout(work - stream_bytes(blob), work, work + work_bytes)
    return InPlaceLayout(blob_addr, end, end)


def inplace_margin(codec: str, blob: bytes, *, table_addr: int, index_addr: int,
                   blob_addr: int, in_place: bool = False) -> int:
    """Spare bytes of an in-place unpack: >= 0 fits, negative = that many bytes short.

    The blob is loaded at blob_addr; the unpacker writes the table at table_addr and the index
    at index_addr. Every write below the end of the blob and work area must land below the
    blob's read pointer (the next unread byte). ctxhuff's dict_unpack first moves the blob
    down below its work area, and that move must stay at or above table_addr;
    dict_unpack_in_place (in_place=True) needs its work area free above the blob instead (see
    inplace_layout). The result is the smallest gap over all writes, minus one.
    """
    layout = inplace_layout(codec, blob, blob_addr, in_place)
    margin = layout.read_start - table_addr
    upper = layout.work_end

    def watch(area: str, offset: int, consumed: int) -> None:
        nonlocal margin
        address = (table_addr if area == "table" else index_addr) + offset
        if address < upper:
            margin = min(margin, layout.read_start + consumed - address - 1)

    DECODERS[codec](blob, watch=watch)
    return margin

