"""The corpus' editorial notes in the reader's language (note_texts.yml beside this file).

The notes are written once, in English, where they are made (the parsers, the norms' metadata); a
page in pt-BR or pt-PT must not show them in English. ``note_text(note, "pt-BR")`` gives the text of
one note in a page language, from the table of translations or from the pattern that made it.

    >>> note_text("§ 2º is missing: the text goes from § 1º to § 3º.", "pt-BR")
    'Falta o § 2º: o texto passa do § 1º ao § 3º.'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from knowledge.strict_yaml import load_yaml

__all__ = ["PAGE_LANGUAGES", "MissingNoteText", "note_text", "has_note_text"]

PAGE_LANGUAGES = ("pt-BR", "pt-PT", "en", "es")


class MissingNoteText(LookupError):
    """A note of the corpus has no text in a page language (add it to note_texts.yml)."""


@dataclass(frozen=True)
class _Pattern:
    match: re.Pattern[str]
    texts: dict[str, str]
    source_language: str
    words: dict[str, dict[str, str]]


def _pick(texts: dict[str, str], language: str) -> str | None:
    if language in texts:
        return texts[language]
    if language.startswith("pt-") and "pt" in texts:
        return texts["pt"]
    return None


def _is_source(language: str, source: str) -> bool:
    return language == source or (source == "pt" and language.startswith("pt-"))


@lru_cache(maxsize=1)
def _table() -> tuple[str, dict[str, dict[str, str]], tuple[_Pattern, ...]]:
    raw = resources.files("knowledge.corpus").joinpath("note_texts.yml").read_text(encoding="utf-8")
    data = load_yaml(raw)  # a note written twice is an error, not a silent overwrite
    source = data["source_language"]
    patterns = tuple(
        _Pattern(
            match=re.compile(entry["match"]),
            texts={k: v for k, v in entry.items() if k not in ("match", "source_language", "words")},
            source_language=entry.get("source_language", source),
            words=entry.get("words", {}),
        )
        for entry in data["patterns"]
    )
    return source, data["notes"], patterns


def _translate_words(value: str, words: dict[str, dict[str, str]], language: str) -> str:
    """Words a pattern's group may hold ("word ×2" in an OCR repair list) in the page language."""
    for word, texts in words.items():
        text = _pick(texts, language)
        if text:
            value = re.sub(rf"\b{re.escape(word)}\b", text, value)
    return value


def _lookup(note: str, language: str) -> str | None:
    source, notes, patterns = _table()
    if note in notes:
        text = _pick(notes[note], language)
        return text if text is not None else (note if _is_source(language, source) else None)
    for pattern in patterns:
        found = pattern.match.match(note)
        if not found:
            continue
        text = _pick(pattern.texts, language)
        if text is None:
            return note if _is_source(language, pattern.source_language) else None
        groups = {k: _translate_words(v, pattern.words, language) for k, v in found.groupdict().items()}
        return text.format(**groups)
    return None


def has_note_text(note: str, language: str) -> bool:
    return _lookup(note, language) is not None


def note_text(note: str, language: str) -> str:
    """The note's text in `language` (pt-BR, pt-PT, en); MissingNoteText when it has none."""
    text = _lookup(note, language)
    if text is None:
        raise MissingNoteText(f"no {language} text for the note {note!r} (knowledge/corpus/note_texts.yml)")
    return text
