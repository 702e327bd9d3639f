"""Igarapava (SP), Lei Complementar nº 057/2018 — Código Municipal de Posturas, OCR of a scan.

Three layers, each with its own tested rules (knowledge/corpus/ocr.py for the word repairs):
1. page furniture: the letterhead repeated on every page ("Prefeitura Municipal / De Igarapava /
   LEI COMPLEMENTAR N° 057 … PREFEITO MUNICIPAL", in any order and with scanner specks), the "FLS: 26"
   stamps, and margin specks ("|", "| ot", "Sl") next to them;
2. markers: garbled numerals ("Il", "IIl", "|", "Vil", "[}") are read through ``ocr_roman``, which only
   ever accepts the numeral expected next in sequence, so a numeral is never "repaired" into a
   number the sequence does not justify;
3. words: ``ocr.repair`` fixes the systematic confusions (ç→g, ção→gdo/cdo, ções→gdes/cbes, ã→é,
   "gue"→"que", "€"→"e", "m?"→m² …). ``raw_text`` keeps the OCR as printed.
Accents that the OCR dropped without a trace ("publico", "Municipio") are not restored.
"""

from __future__ import annotations

import re

from ..brazil import BrazilianParser, Layout, int_to_roman, roman_to_int
from ..cleaning import CleanedText, normalise_characters, rule
from ..drafts import Draft, Freezer
from ..models import Annotation, AnnotationKind
from ..ocr import repair
from .base import ParsedNorm, annotate, joined

_HEADER_NOISE = r"[\W\d]{0,3}"
_MAYOR = r"[I]?PREFE[Il]TO MUNICIPA[L]?\w?"
_LAW = r"LE[Il\]] COMPLEMENTAR N° 057, DE 07 DE AGOSTO DE 2018"
FURNITURE = [
    rule("portal_title", r"norma nº 57/2018"),
    rule("page_header", r"(?:FLs?:?\s*\d+\s+)?Prefeitura Municipal(?:\s*[/|=.7]*)?", re.IGNORECASE),
    rule("page_header", r"De [Il1]?[lI]?garapava[\W\d]*(?:[A-Z][\W\d]*)?"),
    # "LEI COMPLEMENTAR N° 057 … PREFEITO MUNICIPAL" in either order, with quote marks, "LEl", "7PREFEITO"
    rule("page_header", rf"(?:{_MAYOR}{_HEADER_NOISE}\s*)?{_LAW}(?:\s*{_HEADER_NOISE}{_MAYOR})?{_HEADER_NOISE}"),
    rule("page_header", rf"\w?\s*{_MAYOR}{_HEADER_NOISE}"),
    rule("fls_stamp", r"F[iIl]?[LlTt]?[Ss]:\s*\d*(?:\s*»‘)?", re.IGNORECASE),
    # Scanner specks: lines with no letter or digit at all ("|", "| |", "| ———", "{", "] ").
    rule("scanner_speck", r"[^\w]*"),
]

# Short specks that do contain a letter or digit ("Sl", "il", "| ot", "1", "Y") are only dropped when
# they sit between page-header lines, where no text of the law is printed.
def _is_speck(line: str) -> bool:
    return len(line) < 16 and sum(c.isalnum() for c in line) <= 3 and not re.search(r"[a-zà-ú]{2,}[.;:,]$", line)
HEADER_RULES = {"page_header", "fls_stamp", "scanner_speck"}

LEADING_JUNK = re.compile(r"^[“”’‘!]+\s*(?=\S)")
TRAILING_JUNK = re.compile(r"(?<=[\w;:.,)])\s+[|\\lJE!}]$")
SECTION_OCR = re.compile(r"^(SUB)?SE[GC]*A[OQ]+\s*(?=\S)")
# "Art. 4°- Para" and "Art.190 -" are fine as they are; "“Art. 63" loses its quote mark above.

_OCR_I = str.maketrans({"|": "I", "l": "I", "1": "I", "i": "I", "[": "I", "]": "I", "}": "I",
                        "{": "I", "!": "I", "v": "V", "x": "X", "\\": "V"})


def ocr_roman(token: str, expected: int) -> int | None:
    """Read an OCR'd roman numeral, accepting it only as the numeral expected next.

    "Il" → 2 when 2 is expected; "Il" → 3 when 3 is expected (the OCR often drops an I: "VIl" for
    VIII, "Xl" for XIII, "X" for XX). Any reading that is not the expected numeral, or the expected
    numeral with letters lost, is refused (None), and the line stays text.
    """
    mapped = token.translate(_OCR_I).upper().replace("VV", "V")
    want = int_to_roman(expected) if expected > 0 else ""
    if mapped == want:
        return expected
    if roman_to_int(token) is None and len(mapped) == len(want) + 1 and mapped.replace("II", "I", 1) == want:
        return expected  # "XIll" for XII: the "ll" read as two I's (art. 202, before a clean XIII)
    if not want or not mapped or len(mapped) >= len(want):
        exact = roman_to_int(token)
        return exact if exact == expected else None
    it = iter(want)
    return expected if all(c in it for c in mapped) else None


LAYOUT = Layout(
    closing=re.compile(r"^GOVERNO DO MUNIC"),
    read_roman=ocr_roman,
    # Título VI prints "Capitulo VI" twice (DO AUTO DE INFRAÇÃO, DO PROCESSO DE EXECUÇÃO) and then a
    # clean "Capitulo VII": the law numbers twice, the OCR did not lose an I.
    repeated_numerals=frozenset({"Capitulo VI"}),
)


def _clean(text: str) -> CleanedText:
    lines = [ln.strip() for ln in normalise_characters(text).split("\n") if ln.strip()]
    kinds = [next((r.name for r in FURNITURE if r.matches(line)), None) for line in lines]
    kept: list[str] = []
    removed: list[tuple[str, str]] = [(k, ln) for ln, k in zip(lines, kinds) if k is not None]
    for i, (line, kind) in enumerate(zip(lines, kinds)):
        if kind is not None:
            continue
        near = {kinds[j] for j in range(max(0, i - 2), min(len(lines), i + 3)) if j != i}
        if _is_speck(line) and near & HEADER_RULES:
            removed.append(("scanner_speck", line))
            continue
        fixed = LEADING_JUNK.sub("", line)
        fixed = re.sub(r"^¢\)", "c)", fixed)  # alínea c) read as "¢)"
        if len(fixed) > 15:  # never on a short marker line such as "TITULO |"
            fixed = TRAILING_JUNK.sub("", fixed)
        fixed = SECTION_OCR.sub(lambda m: f"{m.group(1) or ''}SECAO ", fixed).strip()
        if fixed != line:
            removed.append(("edit:ocr_margin_mark", line))
        kept.append(fixed)
    return CleanedText(kept, removed)


def parse(norm_id: str, text: str) -> ParsedNorm:
    cleaned = _clean(text)
    body = BrazilianParser(LAYOUT).parse(cleaned.lines)
    _repair_words(body.roots)
    freezer = Freezer(norm_id)
    top = freezer.freeze(body.roots)
    annotate(freezer.units, f"{norm_id}/art-5", AnnotationKind.known_error,
             "'no valor de 1 UFM 10 UFM' lacks the 'a' of every other fine in this code ('de 1 UFM a "
             "10 UFM'): read as a range from 1 to 10 UFM.", "1 UFM 10 UFM")
    return ParsedNorm(
        units=freezer.units, top_units=top, cleaned=cleaned,
        preamble=joined(body.preamble), closing=joined(body.closing),
        annotations=[Annotation(kind=AnnotationKind.ocr_uncertain, note=(
            "OCR of a scanned copy: accents the OCR dropped are not restored, and any figure should be "
            "checked against the scan before it is relied on. raw_text keeps the OCR as printed."))],
    )


def _repair_words(drafts: list[Draft]) -> None:
    for d in drafts:
        fixed, applied = [], []
        for line in d.lines:
            new, rules = repair(line)
            fixed.append(new)
            applied.extend(rules)
        if applied:
            d.repaired_lines = fixed
            if d.heading:
                d.heading = repair(d.heading)[0]
            counts: dict[str, int] = {}
            for r in applied:
                counts[r] = counts.get(r, 0) + 1
            d.annotate(AnnotationKind.ocr_repair, "OCR repairs applied: " + ", ".join(
                f"{r} ×{n}" if n > 1 else r for r, n in sorted(counts.items())))
        _repair_words(d.children)
