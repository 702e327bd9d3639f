"""Word-level OCR repairs for the scanned Igarapava code.

Each rule is a systematic confusion of this OCR (the cedilla read as "g", "ã" read as "é" or "d",
"ões" read as "des"/"bes"), written so that it can only fire on letter sequences Portuguese does not
have; every rule has examples in tests/corpus/test_ocr.py. Figures are never touched, except "m?" /
"m2" written next to a spelled-out "metro(s) quadrado(s)", which says what the unit is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class OcrRule:
    name: str
    pattern: re.Pattern[str]
    replacement: str


def _r(name: str, regex: str, replacement: str, flags: int = 0) -> OcrRule:
    return OcrRule(name, re.compile(regex, flags), replacement)


# órgão, dragão, pregão are real words ending in "gão"; they are kept out of the "ção" rule.
_NOT_GAO = r"(?<!\b[oó]r)(?<!\b[Oó]r)(?<!dra)(?<!pre)"

RULES: list[OcrRule] = [
    # "-ções": relagées, atribuicdes, reparticbes, demoligbes, construgcdes, disposi¢cbes, disposigoes
    _r("ções", r"(?<=[a-zà-ú])(?<!\bbal)(?<!\bfal)(?:gc|cg|¢c|c¢|¢|ç|c|g)(?:ée|de|be|dé|bé|oe|óe|õe|6e)s\b", "ções"),
    # "-ção": cassacdo, Manutengao, destinacgé o, informacéao, locomocédo, fiscalizagdo, acgao
    _r("ção", _NOT_GAO + r"(?<=[a-zà-ú])(?:gc|cg|¢c|c¢|¢|ç|c|g)(?:éa|éd|é |é|d|a|á|ã)o\b", "ção"),
    _r("ção", r"(?<=[A-ZÀ-Ú])(?:GC|CG|G)(?:A|Ã)O\b", "ÇÃO"),
    _r("ções", r"(?<=[A-ZÀ-Ú])(?:GC|CG|G)(?:O|Õ)ES\b", "ÇÕES"),
    # medial ç read as g before a/o/u in words that do not exist with g: servigo, espago, seguranga
    _r("ç", r"\b(servi|espa|seguran|vizinhan|licen|for|cobran|mudan|crian|presen|avan)g(a|as|o|os)\b", r"\1ç\2"),
    _r("ç", r"\b(Servi|Espa|Seguran|Licen)g(a|as|o|os)\b", r"\1ç\2"),
    _r("ç", r"\bcalgada(s?)\b", r"calçada\1"),
    # ã read as é or d in monosyllables and endings: séo/sdo/séao → são, ndo → não, poderdo → poderão
    _r("ão", r"\bs(?:é|d|éa|ea)o\b", "são"),
    _r("ão", r"\bS(?:é|d|éa|ea)o\b", "São"),
    _r("ão", r"\bn(?:d|é)o\b", "não"),
    # future tense "-rão" read "-rdo"/"-réo" (poderdo, deverdo, serdo, estardo); "acordo", "lerdo"
    # and the like are real words, so only the verbs of this text are listed
    _r("ão", r"\b(pode|deve|se|esta|te|fica|deixa|passa|ha|consta|caber|sujeita)r(?:d|é)o\b", r"\1rão"),
    # isolated letters the OCR turned into symbols or digits
    _r("e", r"(?<=\s)€(?=\s)|^€(?=\s)", "e"),
    _r("que", r"\bgue\b", "que"),
    _r("que", r"\bqualguer\b", "qualquer"),
    _r("ó", r"\b6(?=[a-zà-ú]{2,})", "ó"),
    _r("o", r"(?<=[a-z,]) 0 (?=[A-Z][a-z])", " o "),
    # square metres: the OCR reads the superscript ² as "?" ("0,5 m? (meio metro quadrado)",
    # "999 m?"): a figure followed by "m?" is an area. "m2" only when the words say "quadrado".
    _r("m²", r"(?<=\d)(\s?)(c?)m\?", r"\1\2m²"),
    _r("m²", r"(?<=\d)(\s?)m2(?=\s*\([^)]*quadrad)", r"\1m²"),
    # single-word confusions that are not Portuguese words (each seen in this text)
    *[_r("word", rf"\b{wrong}\b", right) for wrong, right in {
        "Cadigo": "Código", "Cédigo": "Código", "recothimento": "recolhimento",
        "apés": "após", "apds": "após", "dispde": "dispõe", "cidadados": "cidadãos",
        "Ilgarapava": "Igarapava", "lgarapava": "Igarapava", "serd": "será", "balcdes": "balcões",
    }.items()],
]


def repair(text: str) -> tuple[str, list[str]]:
    """The text with every rule applied, and the names of the rules that changed something."""
    applied: list[str] = []
    for rule in RULES:
        new, n = rule.pattern.subn(rule.replacement, text)
        if n:
            applied.extend([rule.name] * n)
            text = new
    return text, applied
