"""A 35-track .d64 disk image as the 1541's DOS sees it: blocks, the BAM, the directory and files.

Only what the emulated drive (:mod:`.drive`) needs: find a file by name (``*`` and ``?``
patterns), follow its sector chain with every link checked (a track outside 1-35, a sector past
the end of its track or a block seen twice is a :class:`ChainError`, never an endless read), write
a new file (blocks allocated in the BAM at interleave 10 from the tracks nearest the directory,
as the 1541 does) and scratch one. The image is a ``bytearray``; :meth:`D64.save` writes it
atomically. Reading the result back independently is d64py's job (the media stage and tests).
"""

from __future__ import annotations

from collections.abc import Callable
import fnmatch
from dataclasses import dataclass
from pathlib import Path

from wordle64.errors import Wordle64Error
from wordle64.io import write_bytes

TRACKS = 35
BLOCK = 256
D64_SIZE = 174_848
DIR_TRACK = 18
FILE_INTERLEAVE = 10
DIR_INTERLEAVE = 3
PAD = 0xA0
Interleave = int | Callable[[int], int]   # sectors between a file's blocks (per track)
TYPES = {"DEL": 0, "SEQ": 1, "PRG": 2, "USR": 3, "REL": 4}
TYPE_NAMES = {code: name for name, code in TYPES.items()}


def sectors_per_track(track: int) -> int:
    return 21 if track <= 17 else 19 if track <= 24 else 18 if track <= 30 else 17


def block_offset(track: int, sector: int) -> int:
    """Byte offset of a block in the image; ChainError for a block the disk does not have."""
    if not 1 <= track <= TRACKS or not 0 <= sector < sectors_per_track(track):
        raise ChainError(66, track, sector)
    return sum(sectors_per_track(t) for t in range(1, track)) * BLOCK + sector * BLOCK


class ChainError(Wordle64Error):
    """A bad link: ``code`` is the 1541 error number (66 illegal track or sector)."""

    def __init__(self, code: int, track: int, sector: int, why: str = "illegal track or sector"):
        super().__init__(f"{why}: block {track},{sector}")
        self.code, self.track, self.sector = code, track, sector


class DiskFull(Wordle64Error):
    """No free block left for a write (1541 error 72)."""


@dataclass
class Entry:
    """A directory entry: where it is (block and byte) and what it says."""

    track: int
    sector: int
    offset: int
    kind: int  # the type byte ($82 = closed PRG)
    name: bytes
    first: tuple[int, int]
    blocks: int

    @property
    def type_name(self) -> str:
        return TYPE_NAMES.get(self.kind & 0x07, "???")


class D64:
    """A 35-track .d64 held in memory."""

    def __init__(self, data: bytes, path: str | Path | None = None):
        if len(data) != D64_SIZE:
            raise Wordle64Error(f"{path or '.d64'}: {len(data)} bytes, a 35-track .d64 has "
                                f"{D64_SIZE}")
        self.data = bytearray(data)
        self.path = Path(path) if path else None

    @classmethod
    def open(cls, path: str | Path) -> D64:
        return cls(Path(path).read_bytes(), path)

    def save(self, path: str | Path | None = None) -> None:
        target = path or self.path
        if target is None:
            raise Wordle64Error(".d64: no file to save the image to")
        write_bytes(target, bytes(self.data))

    # ---- blocks ----------------------------------------------------------------------------
    def block(self, track: int, sector: int) -> bytearray:
        start = block_offset(track, sector)
        return self.data[start:start + BLOCK]

    def put_block(self, track: int, sector: int, data: bytes) -> None:
        start = block_offset(track, sector)
        self.data[start:start + BLOCK] = bytes(data).ljust(BLOCK, b"\x00")

    def chain(self, track: int, sector: int):
        """Yield (track, sector, payload) along a chain; ChainError at a bad or repeated link
        (after the good blocks before it)."""
        seen: set[tuple[int, int]] = set()
        while True:
            if (track, sector) in seen:
                raise ChainError(66, track, sector, "looping sector chain")
            seen.add((track, sector))
            block = self.block(track, sector)
            if block[0] == 0:
                last = max(block[1], 1)
                yield track, sector, bytes(block[2:last + 1])
                return
            yield track, sector, bytes(block[2:])
            track, sector = block[0], block[1]

    def read_chain(self, track: int, sector: int) -> bytes:
        return b"".join(payload for _t, _s, payload in self.chain(track, sector))

    # ---- BAM -------------------------------------------------------------------------------
    def _bam_entry(self, track: int) -> int:
        return block_offset(DIR_TRACK, 0) + 4 * track

    def is_free(self, track: int, sector: int) -> bool:
        at = self._bam_entry(track)
        return bool(self.data[at + 1 + sector // 8] & (1 << (sector % 8)))

    def _mark(self, track: int, sector: int, free: bool) -> None:
        at = self._bam_entry(track)
        bit = 1 << (sector % 8)
        if self.is_free(track, sector) == free:
            return
        if free:
            self.data[at + 1 + sector // 8] |= bit
            self.data[at] += 1
        else:
            self.data[at + 1 + sector // 8] &= ~bit & 0xFF
            self.data[at] -= 1

    def blocks_free(self) -> int:
        return sum(self.data[self._bam_entry(t)] for t in range(1, TRACKS + 1) if t != DIR_TRACK)

    def _allocate(self, near: tuple[int, int] | None, interleave: Interleave,
                  tracks: list[int], skew: int | None = None, first: int = 0
                  ) -> tuple[int, int]:
        """A free block: on ``near``'s track ``interleave`` sectors on if possible, else on the
        next track in ``tracks`` that has one: its first free block, or (``skew`` given) the
        first free one from ``skew`` sectors past ``near``'s sector there, as the head finds
        it after its step; ``first`` is where a file's first block is sought. Marked used."""
        order = tracks if near is None else [near[0]] + [t for t in tracks if t != near[0]]
        for track in order:
            count = sectors_per_track(track)
            gap = interleave(track) if callable(interleave) else interleave
            if near is None:
                start = first % count
            elif track == near[0]:
                start = (near[1] + gap) % count
            else:
                start = 0 if skew is None else (near[1] + skew) % count
            for step in range(count):
                sector = (start + step) % count
                if self.is_free(track, sector):
                    self._mark(track, sector, False)
                    return track, sector
        raise DiskFull("72, DISK FULL")

    # ---- directory -------------------------------------------------------------------------
    def disk_name(self) -> bytes:
        bam = self.block(DIR_TRACK, 0)
        return bytes(bam[0x90:0xA0]).rstrip(bytes([PAD]))

    def disk_id(self) -> bytes:
        return bytes(self.block(DIR_TRACK, 0)[0xA2:0xA7])

    def _dir_blocks(self):
        bam = self.block(DIR_TRACK, 0)
        track, sector = bam[0], bam[1]
        for track, sector, _payload in self.chain(track, sector):
            yield track, sector

    def entries(self, include_deleted: bool = False) -> list[Entry]:
        found = []
        for track, sector in self._dir_blocks():
            block = self.block(track, sector)
            for offset in range(0, BLOCK, 32):
                kind = block[offset + 2]
                if not include_deleted and not kind & 0x80:
                    continue
                found.append(Entry(track, sector, offset, kind,
                                   bytes(block[offset + 5:offset + 21]).rstrip(bytes([PAD])),
                                   (block[offset + 3], block[offset + 4]),
                                   block[offset + 30] | block[offset + 31] << 8))
        return found

    def find(self, pattern: bytes, kind: str | None = None) -> Entry | None:
        """The first closed file whose name matches (``*`` rest, ``?`` one character)."""
        wanted = pattern.decode("latin-1").replace("[", "[[]")
        for entry in self.entries():
            if kind is not None and entry.type_name != kind:
                continue
            if fnmatch.fnmatchcase(entry.name.decode("latin-1"), wanted):
                return entry
        return None

    def scratch(self, name: bytes) -> int:
        """Delete the files called ``name`` (pattern); free their blocks; return how many."""
        count = 0
        while (entry := self.find(name)) is not None:
            try:
                blocks = [(t, s) for t, s, _p in self.chain(*entry.first)]
            except ChainError:
                blocks = []
            for track, sector in blocks:
                self._mark(track, sector, True)
            self._set_entry_byte(entry, 2, 0)
            count += 1
        return count

    def _set_entry_byte(self, entry: Entry, index: int, value: int) -> None:
        self.data[block_offset(entry.track, entry.sector) + entry.offset + index] = value

    def write_file(self, name: bytes, data: bytes, kind: str = "PRG",
                   interleave: Interleave = FILE_INTERLEAVE,
                   tracks: list[int] | None = None, skew: int | None = None,
                   first: int = 0) -> Entry:
        """Store a new closed file (the name must not exist yet); return its entry. Its blocks
        follow each other `interleave` sectors apart on a track (the 1541's SAVE: 10), or
        `interleave(track)` apart, on the tracks in the order given (by default the DOS's:
        nearest the directory first); the first from sector `first` on, and on a new track
        from `skew` sectors past the last one's sector (by default from sector 0)."""
        if len(name) > 16 or not name:
            raise Wordle64Error(f"file name {name!r}: 1-16 characters")
        slot = self._free_slot()
        tracks = tracks or sorted((t for t in range(1, TRACKS + 1) if t != DIR_TRACK),
                                  key=lambda t: (abs(t - DIR_TRACK), t))
        chunks = [data[i:i + 254] for i in range(0, len(data), 254)] or [b""]
        if len(chunks) > self.blocks_free():
            raise DiskFull("72, DISK FULL")
        blocks: list[tuple[int, int]] = []
        for _chunk in chunks:
            blocks.append(self._allocate(blocks[-1] if blocks else None, interleave, tracks,
                                         skew, first))
        for index, chunk in enumerate(chunks):
            link = blocks[index + 1] if index + 1 < len(blocks) else (0, len(chunk) + 1)
            self.put_block(*blocks[index], bytes(link) + chunk)
        track, sector, offset = slot
        entry = bytearray(self.block(track, sector)[offset:offset + 32])
        entry[2:32] = bytes(30)
        entry[2] = 0x80 | TYPES[kind]
        entry[3], entry[4] = blocks[0]
        entry[5:21] = name.ljust(16, bytes([PAD]))
        entry[30], entry[31] = len(blocks) & 0xFF, len(blocks) >> 8
        start = block_offset(track, sector) + offset
        self.data[start + 2:start + 32] = entry[2:32]
        return Entry(track, sector, offset, entry[2], name, blocks[0], len(blocks))

    def _free_slot(self) -> tuple[int, int, int]:
        """(track, sector, byte) of an unused directory entry, adding a directory block if
        every one is taken."""
        last = None
        for track, sector in self._dir_blocks():
            block = self.block(track, sector)
            for offset in range(0, BLOCK, 32):
                if not block[offset + 2] & 0x80:
                    return track, sector, offset
            last = (track, sector)
        new = self._allocate(last, DIR_INTERLEAVE, [DIR_TRACK])
        self.put_block(*new, bytes([0, 0xFF]))
        old = bytearray(self.block(*last))
        old[0], old[1] = new
        self.put_block(*last, old)
        return new[0], new[1], 0
