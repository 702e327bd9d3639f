"""Every text the rules data shows a citizen has its Spanish wording (issue 15): a Spanish answer that
falls back to pt-BR mixes two languages in one reply. And the Spanish says the same figures."""

import re
from pathlib import Path

import pytest
import yaml

DATA = Path(__file__).resolve().parents[2] / "knowledge" / "rules" / "data"
NORM_FILES = sorted(p for p in DATA.glob("*/*.yml") if p.parent.name != "places")


def _texts(node, path=""):
    """Every {pt-BR: …, …} map in the file, with where it is."""
    if isinstance(node, dict):
        if "pt-BR" in node and all(isinstance(v, str) for v in node.values()):
            yield path, node
            return
        for key, value in node.items():
            yield from _texts(value, f"{path}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _texts(value, f"{path}[{i}]")


def _figures(text: str) -> list[str]:
    return sorted(re.findall(r"\d+", text))


@pytest.mark.parametrize("path", NORM_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_rules_text_has_its_spanish_with_the_same_figures(path):
    texts = list(_texts(yaml.safe_load(path.read_text(encoding="utf-8"))))
    assert texts, "no texts found: the walk no longer matches the data's shape"
    missing = [where for where, text in texts if not text.get("es")]
    assert not missing, f"{path.name}: no Spanish text at {missing[:5]}"
    # the same figures as the pt-BR text (a figure dropped or changed in translation is a wrong answer)
    changed = [where for where, text in texts if _figures(text["es"]) != _figures(text["pt-BR"])
               and _figures(text["es"]) != _figures(text.get("en", ""))]
    assert not changed, f"{path.name}: Spanish figures differ from pt-BR and en at {changed[:5]}"


@pytest.mark.parametrize("path", NORM_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_spanish_amounts_are_written_as_a_spanish_reader_writes_them(path):
    # "3.740 €", as actions.common.money formats euros for es — not Portugal's "3 740 €"
    texts = list(_texts(yaml.safe_load(path.read_text(encoding="utf-8"))))
    spaced = [where for where, text in texts if re.search(r"(?<![\d.,])\d{1,3} \d{3}(?!\d) ?€", text["es"])]
    assert not spaced, f"{path.name}: thousands grouped with a space in Spanish at {spaced[:5]}"
