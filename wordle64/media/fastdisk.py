"""The fast disk: a boot file that sends its own loader into the 1541, then the game.

`assemble` builds the boot file from workflow/asm/fastload (boot.s for the C64, drive.s for the
1541, linked by fastload.cfg). `write_fast_d64` writes a .d64 whose first file is that boot file
(what `LOAD"*",8,1` and `LOAD"WORDLE64",8` load) and whose second is the game's plain PRG, which
drive.s finds as the directory's second entry and which tools that only read files still see.
The game's blocks sit `interleave` sectors apart: far enough that the next block's sector has not
passed the head when the loader asks for it, after sending the last one to the C64.
"""
from __future__ import annotations

import tempfile
from pathlib import Path

from wordle64.c64.d64 import D64
from wordle64.errors import Wordle64Error
from wordle64.io import write_bytes
from wordle64.media.images import petscii_name, write_d64
from wordle64.toolchain import assemble_and_link

SOURCES = ("boot.s", "drive.s")
GAME_NAME = "W64GAME"           # boot.s's KERNAL fallback loads it by this name


def assemble(asm_dir: str | Path, common_dir: str | Path, out_prg: str | Path,
             out_labels: str | Path, out_map: str | Path, log=None) -> bytes:
    """ca65 boot.s and drive.s, ld65 them with fastload.cfg; returns the boot file's bytes."""
    asm_dir = Path(asm_dir)
    with tempfile.TemporaryDirectory(prefix="wordle64-fastload-") as work:
        prg = Path(work) / "boot.prg"
        assemble_and_link([asm_dir / name for name in SOURCES], asm_dir / "fastload.cfg", prg,
                          labels=out_labels, map_file=out_map, log=log,
                          options=["-I", str(asm_dir), "-I", str(common_dir)])
        data = prg.read_bytes()
    write_bytes(out_prg, data)
    return data


def write_fast_d64(boot: bytes, game: bytes, path: str | Path, *, disk_name: str, disk_id: str,
                   boot_name: str, interleave: int, game_name: str = GAME_NAME
                   ) -> list[tuple[str, int]]:
    """The fast disk: boot file first, the game second; returns (name, blocks) per file."""
    if petscii_name(game_name) not in boot:
        raise Wordle64Error(f"the boot file does not name {game_name} for its KERNAL fallback")
    if not 1 <= interleave <= 20:
        raise Wordle64Error(f"fast disk interleave {interleave}: 1-20 sectors")
    path = Path(path)
    with tempfile.TemporaryDirectory(dir=path.parent if path.parent.exists() else None) as tmp:
        draft = Path(tmp) / "fast.d64"
        write_d64(boot, draft, disk_name=disk_name, disk_id=disk_id, file_name=boot_name)
        image = D64.open(draft)
        image.write_file(petscii_name(game_name), game, interleave=interleave)
        image.save(draft)
        entries = image.entries()
        if [e.name for e in entries] != [petscii_name(boot_name), petscii_name(game_name)]:
            raise Wordle64Error(f"{path}: the boot file and the game must be the disk's first "
                                f"two files, found {[e.name for e in entries]}")
        write_bytes(path, draft.read_bytes())
    return [(e.name.decode("latin-1"), e.blocks) for e in entries]
