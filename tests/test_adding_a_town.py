"""Adding a town is one record, its norm and its rules (README, "Adding a town — a dry run"): the code
reads the places from the jurisdiction record, it does not name them. These tests keep it that way."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from actions.common.i18n import LANGUAGES, render
from actions.permits.readers import _is_town_name
from knowledge.corpus.loading import norm_metadata
from knowledge.corpus.sources import bertioga, parser_for
from knowledge.jurisdictions import jurisdiction, jurisdictions

ROOT = Path(__file__).resolve().parents[1]
# Production code. knowledge/corpus is left out: its source modules and OCR repairs are, by design,
# each about one norm's printed text (README of knowledge/corpus, "Adding a norm").
PRODUCTION = ("actions", "api", "knowledge", "bot", "rasa_sdk_plugins")
NORM_SPECIFIC = ROOT / "knowledge" / "corpus"
# (file, string literal) still naming a place, with why; remove the entry when the code reads the record.
KNOWN = {
    # A national norm has no municipality; the fallback names the one country we cover.
    ("actions/qa/subject.py", "portugal"),
}


def _names() -> re.Pattern[str]:
    words = set()
    for record in jurisdictions().values():
        words.update((record.id, *record.town_names))
    words.discard("pt")  # also a language code, everywhere
    alternatives = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])", re.IGNORECASE)


def _string_literals(tree: ast.AST) -> list[ast.Constant]:
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    return [node for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


def test_production_code_names_no_covered_place_outside_comments_and_docstrings() -> None:
    pattern = _names()
    found = []
    for package in PRODUCTION:
        for path in sorted((ROOT / package).rglob("*.py")):
            if path.is_relative_to(NORM_SPECIFIC):
                continue
            rel = path.relative_to(ROOT).as_posix()
            for node in _string_literals(ast.parse(path.read_text(encoding="utf-8"))):
                match = pattern.search(node.value)
                if match and (rel, node.value) not in KNOWN:
                    found.append(f"{rel}:{node.lineno}: {match.group(0)!r}")
    assert found == [], "read the place from knowledge.jurisdictions instead: " + "; ".join(found)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_greeting_names_every_covered_place(language: str) -> None:
    # The greeting's list of places is written out in actions/common/i18n/<language>.yml: a new town
    # must be added there too (until the greeting is filled from the record).
    text = render(language, "greet")
    missing = [r.name for r in jurisdictions().values() if r.name not in text]
    assert missing == [], f"add {missing} to 'greet' in actions/common/i18n/{language}.yml"


def test_a_norm_names_its_parser_module_and_nothing_lists_them() -> None:
    assert parser_for("bertioga") is bertioga.parse
    for meta in norm_metadata():
        assert callable(parser_for(meta["parser"]))
    for name in ("base", "nowhere", "../bertioga", "Bertioga"):
        with pytest.raises(KeyError):
            parser_for(name)


def test_a_short_name_in_the_record_is_the_town_itself_not_a_place_in_it() -> None:
    assert jurisdiction("br-pr-pontal-do-parana").town_names == (
        "Pontal do Paraná (PR)", "Pontal do Paraná", "Pontal")
    for reply in ("Pontal", "pontal do parana.", "Lajes", "Bertioga (SP)", "Portugal"):
        assert _is_town_name(reply), reply
    for reply in ("Praia de Leste", "Pontal do Sul", "Enseada"):
        assert not _is_town_name(reply), reply
