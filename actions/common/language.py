"""Which language the citizen writes in: pt-BR, pt-PT, en or es.

Short messages ("ok", "Bertioga", "hello") defeat statistical detectors, so a small lexicon of words
that only one language uses decides first (data in i18n/language_markers.yml); lingua decides longer
text; anything still uncertain keeps the conversation's previous language. Portuguese about Portugal is
answered in pt-PT style, as the issue asks.

Spanish (issue 15) is decided by its markers only when they outnumber both the Portuguese and the
English ones, so that no Portuguese or English message is read differently than before; a tie with
Portuguese (the two share many words) goes to a Portuguese/Spanish detector, never to the pt/en one.
"""

from functools import lru_cache
from pathlib import Path

import yaml
from lingua import Language, LanguageDetectorBuilder
from unidecode import unidecode

from knowledge.jurisdictions import answer_language, jurisdictions
from knowledge.rules.registry import registry

__all__ = ["detect_language"]

_MARKERS = Path(__file__).parent / "i18n" / "language_markers.yml"
_PLACES = Path(__file__).resolve().parents[1] / "qa" / "place_aliases.yml"
# lingua's confidence for the winner must beat the runner-up by this much to override the context.
_MARGIN = 0.35


@lru_cache
def _markers() -> dict[str, set[str]]:
    data = yaml.safe_load(_MARKERS.read_text(encoding="utf-8"))
    return {lang: {unidecode(w).lower() for w in words} for lang, words in data.items()}


@lru_cache
def _detector():
    return LanguageDetectorBuilder.from_languages(Language.PORTUGUESE, Language.ENGLISH).build()


@lru_cache
def _spanish_detector():
    return LanguageDetectorBuilder.from_languages(Language.PORTUGUESE, Language.SPANISH).build()


def _spanish_by_detector(tokens: list[str]) -> bool:
    values = _spanish_detector().compute_language_confidence_values(" ".join(tokens))
    return bool(values) and values[0].language == Language.SPANISH and (
        values[0].value - (values[1].value if len(values) > 1 else 0) >= _MARGIN)


def _tokens(text: str) -> list[str]:
    cleaned = "".join(ch if ch.isalnum() else " " for ch in unidecode(text).lower())
    return cleaned.split()


@lru_cache
def _place_names() -> tuple[str, ...]:
    """The covered places' names as token strings ("pontal do parana", "portugal"): a town named says
    nothing about the language ("Portugal" answering "Which municipality?" is not Portuguese)."""
    names = {" ".join(_tokens(j.name)) for j in jurisdictions().values()}
    names |= {" ".join(_tokens(j.name.split("(")[0])) for j in jurisdictions().values()}
    # the beaches, boardwalks and towns named in the norms and by citizens ("Praia da Enseada", "Viana
    # do Castelo"): Portuguese names inside an English question
    names |= {" ".join(_tokens(n)) for ns in yaml.safe_load(_PLACES.read_text(encoding="utf-8")).values() for n in ns}
    names |= {" ".join(_tokens(a.name.get("pt-BR", ""))) for norm in registry().norms.values() for a in norm.areas.values()}
    return tuple(sorted(names - {""}, key=len, reverse=True))


def _without_places(tokens: list[str]) -> list[str]:
    joined = " " + " ".join(tokens) + " "
    for name in _place_names():
        if name:
            joined = joined.replace(" " + name + " ", " ")
    return joined.split()


def _phrase_hits(tokens: list[str], words: set[str]) -> int:
    joined = " " + " ".join(tokens) + " "
    return sum(1 for w in words if (" " + w + " ") in joined)


def detect_language(text: str | None, previous: str | None = None, jurisdiction: str | None = None) -> str:
    """The language to answer `text` in, given the conversation's `previous` language."""
    tokens = _tokens(text or "")
    if text and text.startswith("/"):  # a button payload says nothing about the language
        tokens = []
    # A place's name says nothing about the language ("Portugal" answering "Which municipality?", the
    # "do" of "Pontal do Paraná" in an English question): markers are counted without them.
    words = _without_places(tokens)
    if not words:
        tokens = []
    markers = _markers()
    en = _phrase_hits(words, markers["en"])
    pt = _phrase_hits(words, markers["pt"])
    pt_pt = _phrase_hits(words, markers["pt-PT"])
    # a lone "en" is the language code picked from a list (English), not the Spanish "en"
    es = _phrase_hits(words, markers["es"]) if words != ["en"] else 0
    if text and any(mark in text for mark in "¿¡ñÑ"):
        es += 2  # Portuguese and English never write them
        if es > 2 and any(mark in text for mark in "¿¡"):
            # an opening question mark and a Spanish word settle it, however many words Portuguese shares
            # ("¿Qué documentos necesito para la licencia de vendedor ambulante?": de, para, vender…)
            return "es"
    if es > pt + pt_pt and es > en:
        return "es"
    if es and es == pt + pt_pt and es > en and len(tokens) >= 3 and _spanish_by_detector(tokens):
        return "es"
    language: str | None = None
    if en > pt + pt_pt:
        language = "en"
    elif pt + pt_pt > en:
        language = "pt"
    elif len(tokens) >= 3:
        values = _detector().compute_language_confidence_values(" ".join(tokens))
        if values and values[0].value - (values[1].value if len(values) > 1 else 0) >= _MARGIN:
            language = "en" if values[0].language == Language.ENGLISH else "pt"
    if language is None:
        return previous or "pt-BR"
    if previous == "es" and language == "pt" and not es and pt <= 1:
        return "es"  # "Bertioga do Paraná"-like leftovers or a lone "de" do not turn a Spanish talk Portuguese
    if language == "en":
        return "en"
    if pt_pt or answer_language(jurisdiction, "pt-BR") == "pt-PT" or (previous == "pt-PT" and not pt):
        return "pt-PT"
    return "pt-BR"
