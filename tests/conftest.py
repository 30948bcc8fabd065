"""Fixtures shared by every test module."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The read-only mirror of the source lists (../shared/data beside the repository)."""
    if not (SHARED_DATA / "wordle-list" / "words").exists():
        pytest.skip(f"mirror {SHARED_DATA} not found (expected ../shared/data beside the repo)")
    return SHARED_DATA
