"""The rule data is loaded strictly: a typo in a file of legal figures must fail, not be ignored."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pydantic import ValidationError

from knowledge.strict_yaml import DuplicateKeyError, load_yaml
from knowledge.rules.registry import DATA, Registry
from knowledge.rules.schema import FeeData, NoteData, parse_decimal

PONTAL = "br-pr-pontal-do-parana/lei-1902-2018.yml"


def test_duplicate_keys_are_rejected_with_their_lines():
    with pytest.raises(DuplicateKeyError, match=r"'amount' at line 3 \(first at line 2\)"):
        load_yaml("fee:\n  amount: 1\n  amount: 2\n")


def test_merge_keys_may_be_overridden_but_not_repeated():
    data = load_yaml("a: &x {v: 1, w: 2}\nb: {<<: *x, w: 3}\n")
    assert data["b"] == {"v": 1, "w": 3}
    with pytest.raises(DuplicateKeyError):
        load_yaml("a: &x {v: 1}\nb: {<<: *x, w: 3, w: 4}\n")


def test_figures_are_read_as_the_law_prints_them():
    assert parse_decimal("12.000,00") == parse_decimal("12000")
    assert str(parse_decimal("395420,424")) == "395420.424"
    assert str(parse_decimal("384542.2369")) == "384542.2369"


def test_a_fee_needs_a_unit_or_says_where_the_figure_is():
    with pytest.raises(ValidationError):
        FeeData.model_validate({"name": {"pt-BR": "x", "pt-PT": "x", "en": "x"}, "amount": {"value": 3}, "cite": ["art-1"]})
    with pytest.raises(ValidationError, match="amount"):
        FeeData.model_validate({"name": {"pt-BR": "x", "pt-PT": "x", "en": "x"}, "cite": ["art-1"]})


def test_texts_need_the_three_languages_and_ids_must_look_like_units():
    with pytest.raises(ValidationError, match="pt-PT"):
        NoteData.model_validate({"code": "c", "text": {"pt-BR": "x", "en": "x"}})
    with pytest.raises(ValidationError, match="not relative"):
        NoteData.model_validate({"code": "c", "text": {"pt-BR": "x", "pt-PT": "x", "en": "x"}, "cite": ["article 9"]})


def _copy_data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA, target)
    return target


def test_an_unknown_key_in_a_norm_file_stops_loading(tmp_path):
    data = _copy_data(tmp_path)
    path = data / PONTAL
    path.write_text(path.read_text().replace(
        "checked_on: 2026-12-02", "checked_on: 2026-12-02\nchecked_by: somebody", 1))
    with pytest.raises(ValidationError, match="checked_by"):
        Registry(data)


def test_a_reference_to_a_missing_fee_stops_loading(tmp_path):
    data = _copy_data(tmp_path)
    path = data / PONTAL
    path.write_text(path.read_text().replace("fees: [boat_tour_year, boat_tour_quadrimester]", "fees: [boat_tour_yeer]", 1))
    with pytest.raises(ValidationError, match="unknown fee 'boat_tour_yeer'"):
        Registry(data)


def test_every_norm_file_says_when_it_was_checked():
    reg = Registry()
    assert len(reg.norms) == 5
    for norm in reg.norms.values():
        assert norm.checked_on is not None and norm.in_force_from <= norm.checked_on
