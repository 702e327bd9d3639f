"""Shared helpers: the norms' texts as the project ships them (knowledge/norms/, copies of the seeds)."""

import re
from pathlib import Path

import pytest

NORMS_DIR = Path(__file__).resolve().parents[2] / "knowledge" / "norms"


def seed_text(file_name: str) -> str:
    path = NORMS_DIR / file_name
    if not path.exists():
        pytest.fail(f"norm text {file_name} missing from knowledge/norms/")
    return path.read_text(encoding="utf-8")


def squash(text: str) -> str:
    """Whitespace-insensitive form, for looking up phrases that wrap across lines in the seeds."""
    return re.sub(r"\s+", " ", text)
