"""What a question is about: the jurisdiction and the activity, from entities, slots and the catalogue.

NLU already maps most synonyms; the catalogue's names in four languages (knowledge.rules.catalogue)
catch the rest, with rapidfuzz for typos ("pranxa de sup") and unidecode for missing accents.
"""

from functools import lru_cache

from rapidfuzz import fuzz, process
from unidecode import unidecode

from knowledge.corpus import load_corpus
from knowledge.rules import JURISDICTIONS, catalogue

__all__ = ["activity_buttons", "resolve_activity", "resolve_jurisdiction", "jurisdiction_name", "activity_name", "covered_jurisdictions"]

# Below this rapidfuzz score a name is not taken as a match: "Florianópolis" must not become "Pontal".
_MIN_SCORE = 86


def _norm(text: str) -> str:
    return " ".join(unidecode(text).lower().replace("-", " ").split())


@lru_cache
def _activity_names() -> dict[str, str]:
    names: dict[str, str] = {}
    for activity in catalogue():
        names[_norm(activity.id.replace("_", " "))] = activity.id
        for synonyms in activity.names.values():
            for name in synonyms:
                names.setdefault(_norm(name), activity.id)
    return names


@lru_cache
def _jurisdiction_names() -> dict[str, str]:
    names: dict[str, str] = {}
    for norm in load_corpus().norms:
        for alias in filter(None, (norm.jurisdiction, norm.municipality, _country_name(norm))):
            names.setdefault(_norm(alias), norm.jurisdiction)
    names.setdefault("pontal", "br-pr-pontal-do-parana")
    return names


def _country_name(norm) -> str | None:
    return "portugal" if norm.jurisdiction == "pt" else None


def _lookup(raw: str | None, names: dict[str, str], ids) -> str | None:
    if not raw:
        return None
    if raw in ids:
        return raw
    key = _norm(str(raw))
    if key in names:
        return names[key]
    match = process.extractOne(key, names.keys(), scorer=fuzz.WRatio, score_cutoff=_MIN_SCORE)
    return names[match[0]] if match else None


def resolve_activity(raw: str | None) -> str | None:
    return _lookup(raw, _activity_names(), {a.id for a in catalogue()})


def resolve_jurisdiction(raw: str | None) -> str | None:
    """The covered jurisdiction a municipality name refers to, or None (not covered / unknown)."""
    if raw and _norm(str(raw)) in {"portugal", "pt"}:
        return "pt"
    return _lookup(raw, _jurisdiction_names(), set(JURISDICTIONS))


@lru_cache
def jurisdiction_name(jurisdiction: str) -> str:
    for norm in load_corpus().norms:
        if norm.jurisdiction == jurisdiction:
            if jurisdiction == "pt":
                return "Portugal"
            return f"{norm.municipality} ({norm.state})"
    return jurisdiction


def activity_name(activity: str, language: str) -> str:
    for a in catalogue():
        if a.id == activity:
            names = a.names.get(language) or a.names["pt-BR"]
            return names[0]
    return activity


def covered_jurisdictions() -> list[str]:
    return list(JURISDICTIONS)


# WhatsApp lists hold 10 rows; the widget and Telegram show them all.
_MAX_ACTIVITY_BUTTONS = 10


def activity_buttons(jurisdiction: str, language: str) -> list[dict]:
    """Quick replies for the activities a norm of this jurisdiction regulates."""
    regulated = [a for a in catalogue() if jurisdiction in a.jurisdictions][:_MAX_ACTIVITY_BUTTONS]
    return [{"title": activity_name(a.id, language), "payload": f'/inform{{"activity": "{a.id}"}}'} for a in regulated]
