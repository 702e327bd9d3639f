"""knowledge/facts/FACTS.md (the facts we hold per norm, and the gaps) is what the records say today."""

import sys
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from facts_table import PAGE, render  # noqa: E402


def test_the_facts_page_is_up_to_date():
    assert PAGE.read_text(encoding="utf-8") == render(date.today()), "run: .venv/bin/python scripts/facts_table.py"
