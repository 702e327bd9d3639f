"""Amounts stay in the law's unit; they are converted only with a configured, sourced unit value."""

from __future__ import annotations

import shutil
from datetime import date
from decimal import Decimal

from knowledge.rules import evaluate
from knowledge.rules.registry import DATA, Registry, using_registry


def test_without_a_configured_value_the_fee_stays_in_ufm():
    d = evaluate("sup", "br-pr-pontal-do-parana", on=date(2024, 1, 10), applicant={"licence_period": "annual"})
    fee = next(f for f in d.fees if f.id == "nautical_rental_year")
    assert (fee.amount.value, fee.amount.unit, fee.amount.converted) == (Decimal("30.00"), "UFM", None)


def test_a_sourced_unit_value_converts_only_for_its_year(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    (data / "units.yml").write_text(
        "checked_on: 2026-12-02\n"
        "values:\n"
        "  - {unit: UFM, jurisdiction: br-pr-pontal-do-parana, year: 2024, value: '10.50', currency: BRL,\n"
        "     source: 'test fixture — not a real decree', checked_on: 2026-12-02}\n"
    )
    with using_registry(Registry(data)):
        d = evaluate("sup", "br-pr-pontal-do-parana", on=date(2024, 1, 10), applicant={"licence_period": "annual"})
        later = evaluate("sup", "br-pr-pontal-do-parana", on=date(2025, 1, 10), applicant={"licence_period": "annual"})
    fee = next(f for f in d.fees if f.id == "nautical_rental_year")
    assert (fee.amount.converted, fee.amount.converted_unit) == (Decimal("315.00"), "BRL")
    assert fee.amount.conversion_source == "test fixture — not a real decree"
    assert next(f for f in later.fees if f.id == "nautical_rental_year").amount.converted is None


def test_the_units_file_is_empty_by_default():
    assert Registry().units == []
