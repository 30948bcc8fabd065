"""Atomic file writes: a reader sees the old file or the whole new one, never a part.

The bytes go to a temporary file in the destination folder, are flushed to disk, then
``os.replace`` puts them in place; a failure
removes the temporary file and leaves any good file where it was. The file gets the mode a plain
``open(path, "w")`` would give it (0666 less the umask), not mkstemp's private 0600.

A write that fails (a full disk above all) is a :class:`WriteError`: one line naming the file,
the reason and its errno name (``ENOSPC``), and that the file there before is untouched. Figures
and arrays go through the same path (:func:`write_figure`, :func:`write_npy`), so no output of
the pipeline is written any other way.
"""

from __future__ import annotations

import errno
import io
import json
import os
import tempfile
from pathlib import Path

from wordle64.errors import Wordle64Error


class WriteError(Wordle64Error, OSError):
    """A file could not be written (disk full, read-only, no permission); the old file stays."""


def write_error(path: Path, error: OSError) -> WriteError:
    code = errno.errorcode.get(error.errno or 0, "no errno")
    return WriteError(f"{path}: cannot write ({error.strerror or error}, {code}); the file that "
                      "was there, if any, is untouched")


def current_umask() -> int:
    """The process's umask (read by setting it and putting it back: there is no getter)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_bytes(path: str | Path, data: bytes) -> None:
    """Write `data` to `path` atomically, creating the folder if needed."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.",
                                             suffix=".part")
    except OSError as error:
        raise write_error(path, error) from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fchmod(out.fileno(), 0o666 & ~current_umask())
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise write_error(path, error) from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def write_text(path: str | Path, text: str) -> None:
    """Write `text` (UTF-8) to `path` atomically."""
    write_bytes(path, text.encode("utf-8"))


def write_json(path: str | Path, data: object) -> None:
    """Write `data` as indented JSON with a final newline to `path` atomically."""
    write_text(path, json.dumps(data, indent=2) + "\n")


def write_figure(path: str | Path, figure, **options) -> None:
    """Save a matplotlib figure to `path` atomically (format from the suffix)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format=Path(path).suffix.lstrip(".") or "png", **options)
    write_bytes(path, buffer.getvalue())


def write_npy(path: str | Path, array) -> None:
    """Save a numpy array as .npy to `path` atomically."""
    import numpy as np

    buffer = io.BytesIO()
    np.save(buffer, array)
    write_bytes(path, buffer.getvalue())
