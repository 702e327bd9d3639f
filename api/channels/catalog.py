"""The message catalog: citizen-facing texts that the channels produce themselves (messages.yml).

Texts are looked up by key and language and filled with str.format_map, so wording stays in one
reviewable file in the four languages instead of f-strings spread through the bridges.
"""

from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "Catalog", "get_catalog", "normalize_language"]

LANGUAGES: tuple[str, ...] = ("pt-BR", "pt-PT", "en", "es")
DEFAULT_LANGUAGE = "pt-BR"
_CATALOG_FILE = Path(__file__).with_name("messages.yml")


def normalize_language(code: str | None) -> str | None:
    """Map a client's language code (Telegram's "pt-br", a browser's "en-GB", "pt_PT") to ours.

    Plain "pt" means Brazilian Portuguese: it is what Telegram and most browsers report for it,
    and Portugal's users report "pt-PT".
    """
    if not code:
        return None
    code = code.strip().replace("_", "-").lower()
    if code in ("pt-pt", "pt-ao", "pt-mz", "pt-cv", "pt-gw", "pt-st", "pt-tl"):
        return "pt-PT"
    if code == "pt" or code.startswith("pt-"):
        return "pt-BR"
    if code == "en" or code.startswith("en-"):
        return "en"
    if code == "es" or code.startswith("es-"):  # "es-AR", "es-419", "es-UY": one neutral Spanish (issue 15)
        return "es"
    return None


class Catalog:
    def __init__(self, data: dict[str, Any]) -> None:
        self._languages: dict[str, str] = dict(data.get("languages") or {})
        self._texts: dict[str, dict[str, str]] = {}
        for section, entries in data.items():
            if section == "languages":
                continue
            for key, translations in (entries or {}).items():
                self._texts[f"{section}.{key}"] = translations
        self._check()

    @classmethod
    def from_file(cls, path: Path = _CATALOG_FILE) -> "Catalog":
        with path.open(encoding="utf-8") as handle:
            return cls(yaml.safe_load(handle))

    def _check(self) -> None:
        if set(self._languages) != set(LANGUAGES):
            raise ValueError(f"messages.yml 'languages' must name exactly {LANGUAGES}")
        for key, translations in self._texts.items():
            if not isinstance(translations, dict) or set(translations) != set(LANGUAGES):
                raise ValueError(f"messages.yml: {key!r} must have exactly {LANGUAGES}")
            for language, text in translations.items():
                if not isinstance(text, str) or not text.strip():
                    raise ValueError(f"messages.yml: {key!r} [{language}] is empty")

    @property
    def keys(self) -> list[str]:
        return sorted(self._texts)

    def language_name(self, language: str) -> str:
        return self._languages[language]

    def text(self, key: str, language: str | None, **params: Any) -> str:
        """The text for `key` ("common.unavailable") in `language` (default pt-BR), filled in."""
        translations = self._texts[key]
        text = translations.get(normalize_language(language) or DEFAULT_LANGUAGE, translations[DEFAULT_LANGUAGE])
        return text.format_map(params) if params else text

    def section(self, section: str, language: str) -> dict[str, str]:
        """Every text of one section in one language (the widget downloads its own this way)."""
        prefix = f"{section}."
        return {k[len(prefix):]: v[language] for k, v in self._texts.items() if k.startswith(prefix)}


@lru_cache
def get_catalog() -> Catalog:
    return Catalog.from_file()
