"""Reading one answer of the pre-application: a CPF, a phone number, a date, a number, yes or no.

Each reader takes what the citizen typed and returns the value to keep, or `Invalid` naming what is
wrong (the form turns it into a sentence of `preapplication.invalid.*` in the citizen's language and
asks the same question again). No Rasa here: these are plain functions, tested one by one.

Words that mean "yes", "skip", "cancel" or a month live in the permits catalogues
(`preapplication.words.*` in i18n/permits.<lang>.yml); a citizen may answer in any of the three
languages whatever the conversation's language is, so the words of all three are accepted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Any

from email_validator import EmailNotValidError, validate_email
from unidecode import unidecode

from actions.common.i18n import LANGUAGES, catalogue
from knowledge.jurisdictions import jurisdiction, jurisdictions
from knowledge.permits.documents import normalise_document

__all__ = [
    "Invalid",
    "fold",
    "has_word",
    "parse_date",
    "parse_decimal",
    "parse_document",
    "parse_email",
    "parse_int",
    "parse_name",
    "parse_phone",
    "parse_text",
    "working_days_between",
    "words",
]


@dataclass(frozen=True)
class Invalid:
    """Why an answer cannot be taken: `reason` is a key under `preapplication.invalid.`."""

    reason: str
    values: dict[str, Any] = field(default_factory=dict)


def fold(text: str | None) -> str:
    """Lower case, no accents, single spaces: how answers are compared with words."""
    return " ".join(unidecode(text or "").lower().replace("-", " ").split())


@lru_cache
def words(kind: str) -> frozenset[str]:
    """The words of `preapplication.words.<kind>` in every language, folded."""
    found: set[str] = set()
    for language in LANGUAGES:
        raw = catalogue(language).get(f"preapplication.words.{kind}", "")
        found.update(fold(w) for w in raw.split(",") if w.strip())
    return frozenset(found)


def has_word(text: str | None, kind: str) -> bool:
    """Whether the text is one of the words, or contains one as whole words ("pode pular" → skip)."""
    folded = " " + fold(re.sub(r"[^\w\s@.-]", " ", text or "")) + " "
    return any(f" {w} " in folded for w in words(kind))


# ------------------------------------------------------------------ documents and contact

_NON_ALNUM = re.compile(r"[^0-9A-Za-z]")


def parse_document(text: str, allowed: tuple[str, ...]) -> tuple[str, str] | Invalid:
    """(document type, bare number) for a CPF, CNPJ or NIF, checked with its check digits.

    `allowed` is what the applicant can hold: ("cpf",), ("cnpj",), ("cpf", "cnpj") when we do not
    know yet whether they apply as a person or a company (told apart by length), or ("nif",)."""
    bare = _NON_ALNUM.sub("", text or "").upper()
    if "nif" in allowed:
        kind = "nif"
    elif len(allowed) == 1:
        kind = allowed[0]
    elif len(bare) == 11:
        kind = "cpf"
    elif len(bare) == 14:
        kind = "cnpj"
    else:
        return Invalid("cpf_or_cnpj")
    try:
        return kind, normalise_document(kind, bare)
    except ValueError:
        return Invalid(kind)


def parse_phone(text: str, jurisdiction_id: str | None) -> str | Invalid:
    """A phone number in international form ("+5541999991234"); a local number gets the country
    code of the jurisdiction, read by its phone plan (Brazil: 10-11 digits with the area code, after a
    trunk 0; Portugal: 9 digits). Before the place is known, the first jurisdiction's plan is used."""
    raw = (text or "").strip()
    digits = re.sub(r"\D", "", raw)
    if raw.startswith("+") or raw.startswith("00"):
        digits = digits[2:] if raw.startswith("00") else digits
        return f"+{digits}" if 8 <= len(digits) <= 15 else Invalid("phone")
    plan = (jurisdiction(jurisdiction_id) or next(iter(jurisdictions().values()))).phone
    country = plan.country_code
    if plan.trunk_prefix:
        digits = digits.lstrip(plan.trunk_prefix)  # "041 99999-1234": trunk prefix 0
    if len(digits) in plan.national_digits:
        return f"+{country}{digits}"
    if digits.startswith(country) and len(digits) - len(country) in plan.national_digits:
        return f"+{digits}"
    return Invalid("phone")


_EMAIL = re.compile(r"[^\s<>()]+@[^\s<>()]+")


def parse_email(text: str) -> str | Invalid:
    """The e-mail address in the text ("meu e-mail é ana@exemplo.com.br"), normalised."""
    match = _EMAIL.search(text or "")
    if not match:
        return Invalid("email")
    try:
        return validate_email(match.group().strip(".,;"), check_deliverability=False).normalized
    except EmailNotValidError:
        return Invalid("email")


# ------------------------------------------------------------------ names and free text

def parse_name(text: str, *, company: bool = False) -> str | Invalid:
    """A person's full name (two words or more, no digits) or a company's name."""
    # "Lda." and "S.A." end with a dot that belongs to a company's name; a person's name has none.
    name = " ".join((text or "").split()).strip(" ,;" if company else " .,;")
    if len(name) < 2 or len(name) > 200:
        return Invalid("name")
    if company:
        return name
    if re.search(r"\d|@|/", name):
        return Invalid("name")
    if len([w for w in name.split() if len(w) >= 2]) < 2:
        return Invalid("name_full")
    return name


def parse_text(text: str, *, minimum: int = 2, maximum: int = 300) -> str | Invalid:
    value = " ".join((text or "").split())
    if value.startswith("/"):  # a button of another question
        return Invalid("text")
    if len(value) < minimum:
        return Invalid("text")
    if len(value) > maximum:
        return Invalid("text_long", {"maximum": maximum})
    return value


# ------------------------------------------------------------------ numbers

_NUMBER = re.compile(r"(?<![\w.,])\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:[.,]\d+)?")


def parse_decimal(text: str) -> Decimal | Invalid:
    """'12', '12,5 m²', '1.250,50' → a positive number."""
    match = _NUMBER.search(text or "")
    if not match:
        return Invalid("number")
    raw = match.group()
    if "," in raw or re.fullmatch(r"\d{1,3}(?:\.\d{3})+", raw):
        raw = raw.replace(".", "").replace(",", ".")
    try:
        value = Decimal(raw)
    except InvalidOperation:
        return Invalid("number")
    return value if value > 0 else Invalid("number")


def parse_int(text: str) -> int | Invalid:
    value = parse_decimal(text)
    if isinstance(value, Invalid):
        return value
    if value != value.to_integral_value():
        return Invalid("whole_number")
    return int(value)


# ------------------------------------------------------------------ dates

@lru_cache
def _months() -> dict[str, int]:
    """Month names of every language ('dezembro', 'dez', 'december', 'dec') → number."""
    months: dict[str, int] = {}
    for language in LANGUAGES:
        names = catalogue(language).get("preapplication.words.months", "").split(",")
        for number, name in enumerate((fold(n) for n in names if n.strip()), start=1):
            months.setdefault(name, number)
            months.setdefault(name[:3], number)
    return months


_NUMERIC_DATE = re.compile(r"\b(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{2,4}))?\b")
_ISO_DATE = re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b")
_WORDED_DATE = re.compile(r"\b(\d{1,2})(?:o|º|st|nd|rd|th)?\s+(?:de\s+)?([a-z]{3,})\.?(?:\s+(?:de\s+)?(\d{4}))?\b")
_WORDED_DATE_EN = re.compile(r"\b([a-z]{3,})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?(?:\s+(\d{4}))?\b")


def _build(day: int, month: int, year: int | None, today: date) -> date | None:
    if year is not None and year < 100:
        year += 2000
    try:
        if year is not None:
            return date(year, month, day)
        # No year: the next time that day comes (a citizen in November saying "1/12" means this December).
        candidate = date(today.year, month, day)
        return candidate if candidate >= today else date(today.year + 1, month, day)
    except ValueError:
        return None


def parse_date(text: str, today: date) -> date | Invalid:
    """'01/12/2026', '1/12', '2026-12-01', '1º de dezembro de 2026', 'December 1, 2026', 'hoje', 'amanhã'."""
    if has_word(text, "today"):
        return today
    if has_word(text, "tomorrow"):
        return today + timedelta(days=1)
    folded = " ".join(unidecode(text or "").lower().split())
    if m := _ISO_DATE.search(folded):
        found = _build(int(m.group(3)), int(m.group(2)), int(m.group(1)), today)
    elif m := _NUMERIC_DATE.search(folded):
        found = _build(int(m.group(1)), int(m.group(2)), int(m.group(3)) if m.group(3) else None, today)
    elif (m := _WORDED_DATE.search(folded)) and m.group(2) in _months():
        found = _build(int(m.group(1)), _months()[m.group(2)], int(m.group(3)) if m.group(3) else None, today)
    elif (m := _WORDED_DATE_EN.search(folded)) and m.group(1) in _months():
        found = _build(int(m.group(2)), _months()[m.group(1)], int(m.group(3)) if m.group(3) else None, today)
    else:
        return Invalid("date")
    return found if found is not None else Invalid("date")


def working_days_between(today: date, day: date) -> int:
    """Working days (Monday to Friday) after today and before `day`. Holidays are not known to us,
    so the count can be higher than the office's: the form says so next to a lead time."""
    count = 0
    current = today + timedelta(days=1)
    while current < day:
        if current.weekday() < 5:
            count += 1
        current += timedelta(days=1)
    return count
