"""Atomic file writes: a reader sees the old file or the whole new one, never a part.

The bytes go to a temporary file in the destination folder, are flushed to disk, then
``os.replace`` puts them in place; a failure
removes the temporary file and leaves any good file where it was. The file gets the mode a plain
``open(path, "w")`` would give it (0666 less the umask), not mkstemp's private 0600.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path


def current_umask() -> int:
    """The process's umask (read by setting it and putting it back: there is no getter)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_bytes(path: str | Path, data: bytes) -> None:
    """Write `data` to `path` atomically, creating the folder if needed."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fchmod(out.fileno(), 0o666 & ~current_umask())
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def write_text(path: str | Path, text: str) -> None:
    """Write `text` (UTF-8) to `path` atomically."""
    write_bytes(path, text.encode("utf-8"))


def write_json(path: str | Path, data: object) -> None:
    """Write `data` as indented JSON with a final newline to `path` atomically."""
    write_text(path, json.dumps(data, indent=2) + "\n")
