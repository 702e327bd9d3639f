"""Loads and holds the rule data: one NormData per norm file, the activity catalogue, the facts the
rules ask about, and the configured unit values. Loaded once, strictly; a bad file stops the import
of the data (not the process) with the pydantic error that says which key is wrong."""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from knowledge.jurisdictions import jurisdiction_ids
from knowledge.strict_yaml import load_yaml
from knowledge.rules.schema import CatalogueData, NormData

__all__ = [
    "DATA",
    "JURISDICTIONS",
    "FactSpec",
    "Registry",
    "UnitValue",
    "registry",
    "using_registry",
]

DATA = Path(__file__).parent / "data"
# The covered jurisdictions, in the record's order (knowledge/jurisdictions/jurisdictions.yml).
JURISDICTIONS = jurisdiction_ids()


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class FactSpec(_Strict):
    type: Literal["bool", "int", "decimal", "str", "date", "location"]
    question: str
    choices: list[str] | None = None


class _Facts(_Strict):
    checked_on: date
    facts: dict[str, FactSpec]


class UnitValue(_Strict):
    """A sourced value of a legal unit (UFM, UFIB, UR ...) in a currency for one year."""

    unit: str
    jurisdiction: str
    year: int
    value: Decimal
    currency: str  # ISO 4217
    source: str  # the act or official page that sets it
    checked_on: date


class _Units(_Strict):
    checked_on: date
    values: list[UnitValue] = Field(default_factory=list)


class Registry:
    def __init__(self, data_dir: Path = DATA) -> None:
        self.norms: dict[str, NormData] = {}
        for path in sorted(data_dir.glob("*/*.yml")):
            if path.parent.name not in JURISDICTIONS:
                continue  # e.g. places/
            norm = NormData.model_validate(load_yaml(path))
            if norm.jurisdiction != path.parent.name:
                raise ValueError(f"{path}: jurisdiction {norm.jurisdiction} in folder {path.parent.name}")
            if not norm.norm.startswith(norm.jurisdiction + "/"):
                raise ValueError(f"{path}: norm id {norm.norm} outside {norm.jurisdiction}")
            self.norms[norm.norm] = norm
        self.catalogue = CatalogueData.model_validate(load_yaml(data_dir / "activities.yml"))
        self.facts = _Facts.model_validate(load_yaml(data_dir / "facts.yml")).facts
        self.units = _Units.model_validate(load_yaml(data_dir / "units.yml")).values
        self._check_cross_references()

    def _check_cross_references(self) -> None:
        for norm in self.norms.values():
            for activity, data in norm.activities.items():
                if activity not in self.catalogue.activities:
                    raise ValueError(f"{norm.norm}: activity {activity!r} is not in activities.yml")
                for regime in data.regimes:
                    checks = [*regime.eligibility, *regime.applies_when]
                    facts = [c.fact for c in checks] + [d.fact for d in regime.distances if d.fact]
                    for fact in facts:
                        if fact not in self.facts:
                            raise ValueError(f"{norm.norm}/{activity}: fact {fact!r} not in facts.yml")
            for permit_kind, permit in norm.permits.items():
                for field in permit.fields:
                    if field.fact not in self.facts:
                        raise ValueError(f"{norm.norm} permit {permit_kind}: fact {field.fact!r} unknown")

    def norms_of(self, jurisdiction: str) -> list[NormData]:
        return [n for n in self.norms.values() if n.jurisdiction == jurisdiction]

    def unit_value(self, unit: str, jurisdiction: str, year: int) -> UnitValue | None:
        for v in self.units:
            if v.unit == unit and v.jurisdiction == jurisdiction and v.year == year:
                return v
        return None

    def find_permit(self, permit_kind: str) -> tuple[NormData, Any] | None:
        for norm in self.norms.values():
            if permit_kind in norm.permits:
                return norm, norm.permits[permit_kind]
        return None


@lru_cache(maxsize=1)
def _default_registry() -> Registry:
    return Registry()


_override: list[Registry] = []


def registry() -> Registry:
    """The rule data in use: the project's data files, or a test's own (see `using_registry`)."""
    return _override[-1] if _override else _default_registry()


@contextmanager
def using_registry(reg: Registry) -> Iterator[Registry]:
    """Evaluate against other data (e.g. a units.yml with a configured value) for a block."""
    _override.append(reg)
    try:
        yield reg
    finally:
        _override.pop()


def per_registry(fn: Callable | None = None, *, maxsize: int | None = None) -> Callable:
    """`functools.lru_cache` for values computed from the rule data, one cache per registry: a test's
    `using_registry` block reads its own data, and the default registry's results stay as they were.
    A registry that is dropped drops its cache with it. Use as `@per_registry` or
    `@per_registry(maxsize=64)`."""
    if fn is None:
        return functools.partial(per_registry, maxsize=maxsize)
    caches: weakref.WeakKeyDictionary[Registry, Callable] = weakref.WeakKeyDictionary()

    @functools.wraps(fn)
    def cached(*args, **kwargs):
        reg = registry()
        for_reg = caches.get(reg)
        if for_reg is None:
            for_reg = caches[reg] = functools.lru_cache(maxsize=maxsize)(fn)
        return for_reg(*args, **kwargs)

    cached.cache_clear = caches.clear  # type: ignore[attr-defined]
    return cached
