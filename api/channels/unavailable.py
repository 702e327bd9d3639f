"""What a channel says when the bot cannot answer: "unavailable", and the competent office.

The office is the one of the municipality the bot last cited in this conversation (the relay
remembers it); without one, the plain "try again in a minute" stays as it was.
"""

from __future__ import annotations

from api.channels.catalog import Catalog, get_catalog

__all__ = ["offices_of", "unavailable_text"]


def offices_of(jurisdiction: str, language: str) -> list[str]:
    """The names of the offices the jurisdiction's norms name as competent (knowledge.rules)."""
    try:
        from knowledge.rules.registry import registry
    except ImportError:  # the rules module is optional for the channels
        return []
    names: list[str] = []
    for norm in registry().norms.values():
        if norm.jurisdiction != jurisdiction:
            continue
        for office in norm.offices.values():
            name = office.name.get(language) or office.name.get("pt-BR")
            if name and name not in names:
                names.append(name)
    return names


def unavailable_text(language: str | None, jurisdiction: str | None = None, catalog: Catalog | None = None) -> str:
    catalog = catalog or get_catalog()
    text = catalog.text("common.unavailable", language)
    offices = _reachable_offices(jurisdiction, language or "pt-BR") if jurisdiction else []
    if offices:
        text += " " + catalog.text("common.unavailable_office", language, offices="; ".join(offices))
    return text


def _reachable_offices(jurisdiction: str, language: str) -> list[str]:
    """The offices' names, each with a phone where the law or the city's configuration gives one
    (knowledge.rules.office_contacts): when the bot is down, a number is what helps."""
    try:
        from knowledge.rules.contacts import office_contacts
    except ImportError:
        return offices_of(jurisdiction, language)
    out = []
    for contact in office_contacts(jurisdiction, language):
        phones = contact.phones or contact.configured_phones
        out.append(f"{contact.name} ☎ {' / '.join(phones)}" if phones else contact.name)
    return out
