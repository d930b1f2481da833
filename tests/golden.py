"""Golden files: a test's readable transcript compared with the one kept beside it, rewritten on request."""

from __future__ import annotations

import os
from pathlib import Path


def assert_matches_golden(transcript: str, golden: Path) -> None:
    """The transcript must equal the golden file; with UPDATE_GOLDEN=1 set, it becomes the golden file."""
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(transcript, encoding="utf-8")
    assert transcript == golden.read_text(encoding="utf-8"), "rerun with UPDATE_GOLDEN=1 after a deliberate change"
