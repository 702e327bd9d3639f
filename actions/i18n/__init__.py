"""Citizen-facing words, one catalogue per language (pt-BR, pt-PT, en).

Every sentence the bot says lives in these YAML files as a Jinja2 template, so that wording is reviewed
as text and never assembled with f-strings in the actions. A key missing in one language is a test
failure (tests/actions/test_i18n.py), not a silent fallback.
"""

from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from jinja2 import Environment, StrictUndefined

__all__ = ["LANGUAGES", "DEFAULT_LANGUAGE", "render", "catalogue", "keys"]

LANGUAGES = ("pt-BR", "pt-PT", "en")
DEFAULT_LANGUAGE = "pt-BR"
_DIR = Path(__file__).parent

_env = Environment(undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=False)


def _flatten(prefix: str, node: Any, out: dict[str, str]) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            _flatten(f"{prefix}.{key}" if prefix else str(key), value, out)
    else:
        out[prefix] = str(node)


@lru_cache
def catalogue(language: str) -> dict[str, str]:
    with open(_DIR / f"{language}.yml", encoding="utf-8") as fh:
        data = yaml.safe_load(fh) or {}
    flat: dict[str, str] = {}
    _flatten("", data, flat)
    return flat


def keys(language: str) -> set[str]:
    return set(catalogue(language))


@lru_cache(maxsize=2048)
def _template(language: str, key: str):
    return _env.from_string(catalogue(language)[key])


def render(language: str, key: str, **values: Any) -> str:
    """The sentence `key` in `language`, filled with `values` (KeyError if the key is unknown)."""
    if language not in LANGUAGES:
        language = DEFAULT_LANGUAGE
    return _template(language, key).render(**values).strip()
