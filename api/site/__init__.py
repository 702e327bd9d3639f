"""The citizen pages' shared parts: the page language, the pages' own words, numbers and dates.

One language per page: the reader's (``?lang=``, else the browser's Accept-Language, else the
language of what the page shows — a pt-PT norm opens in pt-PT — else pt-BR). The law is quoted in its
own language and marked so (``lang`` attribute, a note for an English reader); every word around it,
notes included (knowledge/corpus/note_texts.yml), is in the page language. Numbers and dates go
through Babel in the page's locale ("3,00 UFM", "04/12/2026").
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlencode

from babel.dates import format_date
from babel.numbers import format_decimal
from fastapi import Request
from fastapi.templating import Jinja2Templates

from api.channels.catalog import normalize_language
from knowledge.corpus import Norm
from knowledge.corpus.note_texts import PAGE_LANGUAGES, note_text
from knowledge.jurisdictions import jurisdiction, jurisdictions
from knowledge.strict_yaml import load_yaml

__all__ = [
    "PAGE_LANGUAGES", "page_language", "page_texts", "home_examples", "by_town", "town_name", "format_number",
    "format_day", "install_filters", "page_context",
]

_HERE = Path(__file__).resolve().parent
_BABEL_LOCALES = {"pt-BR": "pt_BR", "pt-PT": "pt_PT", "en": "en_GB", "es": "es"}


@lru_cache(maxsize=1)
def _texts() -> dict[str, dict[str, str]]:
    return load_yaml(_HERE / "texts.yml")


@lru_cache(maxsize=1)
def _examples() -> dict[str, dict[str, list[str]]]:
    return load_yaml(_HERE / "examples.yml")


def page_texts(language: str) -> dict[str, str]:
    return _texts()[language]


def page_language(request: Request, default: str | None = None) -> str:
    """The reader's language: ?lang=, else the browser's, else `default` (the norm's), else pt-BR.

    A browser saying only "pt" does not override a pt-PT norm's own language: "pt" is what Brazilian
    and Portuguese browsers alike may send.
    """
    chosen = request.query_params.get("lang")
    if chosen in PAGE_LANGUAGES:
        return chosen
    for part in (request.headers.get("accept-language") or "").split(","):
        code = part.split(";")[0].strip()
        language = normalize_language(code)
        if language is None:
            continue
        if language == "pt-BR" and code.lower() == "pt" and default in PAGE_LANGUAGES:
            return default
        return language
    return default if default in PAGE_LANGUAGES else "pt-BR"


def town_name(jurisdiction_id: str) -> str:
    """How a page names a place: the jurisdiction record's name, never its id."""
    record = jurisdiction(jurisdiction_id)
    return record.name if record else jurisdiction_id


def by_town(norms: Iterable[Norm]) -> list[Norm]:
    """Norms in the order of the jurisdiction records (as the home page lists the towns)."""
    order = {key: index for index, key in enumerate(jurisdictions())}
    return sorted(norms, key=lambda n: (order.get(n.jurisdiction, len(order)), n.id))


def home_examples(language: str) -> list[tuple[str, str, list[str]]]:
    """(jurisdiction id, town name, example questions in `language`) for every jurisdiction."""
    examples = _examples()
    return [(key, record.name, examples.get(key, {}).get(language, [])) for key, record in jurisdictions().items()]


def format_number(value: Decimal | float | int | None, language: str, *, decimals: int | None = None) -> str:
    """A figure of the law in the page's locale: Decimal("3.00") -> "3,00" in pt-BR, "3.00" in en."""
    if value is None:
        return ""
    if decimals is None:
        decimals = max(0, -Decimal(str(value)).as_tuple().exponent) if not isinstance(value, int) else 0
    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, format=pattern, locale=_BABEL_LOCALES[language])


def format_day(value: dt.date | None, language: str) -> str:
    """A date in the page's locale: 04/12/2026 in Portuguese, 4 Dec 2026 in English."""
    if value is None:
        return ""
    if language == "en":
        return format_date(value, format="medium", locale=_BABEL_LOCALES[language])
    return format_date(value, format="dd/MM/yyyy", locale=_BABEL_LOCALES[language])


def _language_links(request: Request, language: str) -> list[tuple[str, str, str, bool]]:
    """(code, name, url, current) for the language switcher: the same page in each language."""
    links = []
    for code in PAGE_LANGUAGES:
        query = {k: v for k, v in request.query_params.items() if k != "lang"}
        query["lang"] = code
        links.append((code, page_texts(code)["language_name"], f"{request.url.path}?{urlencode(query)}", code == language))
    return links


def page_context(request: Request, language: str, **context: object) -> dict[str, object]:
    """What every citizen page's template gets: its language, its words, the language switcher."""
    return {
        "lang": language,
        "t": page_texts(language),
        "languages": _language_links(request, language),
        "lang_query": f"?lang={language}",
        **context,
    }


def install_filters(templates: Jinja2Templates) -> None:
    env = templates.env
    env.filters["number"] = format_number
    env.filters["day"] = format_day
    env.filters["note_text"] = note_text
    env.filters["town"] = town_name
