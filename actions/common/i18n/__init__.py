"""Citizen-facing words, one catalogue per language (pt-BR, pt-PT, en, es).

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

LANGUAGES = ("pt-BR", "pt-PT", "en", "es")
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
    """All sentences of a language: `<language>.yml` plus one `<feature>.<language>.yml` per feature
    (e.g. permits.pt-BR.yml), so that features keep their words apart; a key defined twice is an error."""
    flat: dict[str, str] = {}
    for path in [_DIR / f"{language}.yml", *sorted(_DIR.glob(f"*.{language}.yml"))]:
        with open(path, encoding="utf-8") as fh:
            part: dict[str, str] = {}
            _flatten("", yaml.safe_load(fh) or {}, part)
        clash = flat.keys() & part.keys()
        if clash:
            raise ValueError(f"{path.name} redefines {sorted(clash)}")
        flat.update(part)
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
