"""`wordle64 play`'s own disk: a .d64 under $XDG_DATA_HOME/wordle64/ (by default
~/.local/share/wordle64/) holding the game and the files it SAVEs, so its statistics, dailies
and settings survive runs (issue 29 item 3).

The game writes them as on a C64: its KERNAL SAVE reaches `wordle64.game.devices.Drive`, and
`PlayerDisk.sync` puts every file SAVEd since the last sync on the image (the old one scratched,
the new one written as the 1541 lays it out, `wordle64.c64.d64`), the image replaced atomically.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from wordle64.c64.d64 import D64
from wordle64.errors import Wordle64Error
from wordle64.game.devices import Drive

DISK_FILE = "wordle64.d64"
DISK_NAME, DISK_ID, GAME_FILE = "WORDLE64", "64", "WORDLE64"


def player_disk_path(environ: dict[str, str] | os._Environ = os.environ) -> Path:
    """$XDG_DATA_HOME/wordle64/wordle64.d64, $XDG_DATA_HOME defaulting to ~/.local/share."""
    base = environ.get("XDG_DATA_HOME") or ""
    if not Path(base).is_absolute():          # the XDG spec: a relative value is ignored
        home = environ.get("HOME") or str(Path.home())
        base = str(Path(home) / ".local" / "share")
    return Path(base) / "wordle64" / DISK_FILE


@dataclass
class PlayerDisk:
    """The image on disk and the drive the game's KERNAL calls reach."""

    path: Path
    drive: Drive
    synced: dict[str, bytes] = field(default_factory=dict)

    @classmethod
    def open(cls, path: str | Path, prg: bytes) -> PlayerDisk:
        """The image at `path` (made, with the game on it, when there is none yet)."""
        path = Path(path)
        if not path.exists():
            from wordle64.media.images import write_d64
            write_d64(prg, path, disk_name=DISK_NAME, disk_id=DISK_ID, file_name=GAME_FILE)
        image = D64.open(path)
        try:
            files = {entry.name.decode("latin-1"): image.read_chain(*entry.first)
                     for entry in image.entries() if entry.type_name == "PRG"}
        except Wordle64Error as error:
            raise Wordle64Error(f"{path}: {error}") from None
        return cls(path, Drive(dict(files)), dict(files))

    def sync(self) -> list[str]:
        """Write the files SAVEd since the last sync to the image; their names."""
        changed = sorted(name for name, data in self.drive.files.items()
                         if self.synced.get(name) != data)
        if changed:
            image = D64.open(self.path)
            for name in changed:
                image.scratch(name.encode("latin-1"))
                image.write_file(name.encode("latin-1"), self.drive.files[name])
            image.save()
            self.synced = dict(self.drive.files)
        return changed
