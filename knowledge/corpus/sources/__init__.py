"""One module per seed text: its furniture rules, its quirks and its known errors.

A norm's metadata names its module (`parser: bertioga` → `sources/bertioga.py`, which defines
`parse(norm_id, text) -> ParsedNorm`); a new norm adds its module and nothing here lists them.
"""

from __future__ import annotations

import importlib
import re
from typing import Callable

from .base import ParsedNorm

Parser = Callable[[str, str], ParsedNorm]


def parser_for(name: str) -> Parser:
    """The `parse` of `sources/<name>.py`; KeyError for a name that is no parser module."""
    if not re.fullmatch(r"[a-z][a-z0-9_]*", name) or name == "base":
        raise KeyError(name)
    try:
        module = importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{name}":
            raise  # the module exists but imports something missing: that is its error, not ours
        raise KeyError(name) from None
    parse = getattr(module, "parse", None)
    if not callable(parse):
        raise KeyError(name)
    return parse


__all__ = ["ParsedNorm", "parser_for"]
