"""One module per seed text: its furniture rules, its quirks and its known errors."""

from __future__ import annotations

from typing import Callable

from .base import ParsedNorm

Parser = Callable[[str, str], ParsedNorm]


def parser_for(name: str) -> Parser:
    from . import bertioga, igarapava, lajes, pontal, portugal

    parsers: dict[str, Parser] = {
        "bertioga": bertioga.parse,
        "pontal": pontal.parse,
        "portugal": portugal.parse,
        "igarapava": igarapava.parse,
        "lajes": lajes.parse,
    }
    return parsers[name]


__all__ = ["ParsedNorm", "parser_for"]
