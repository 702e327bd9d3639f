"""Parser of the Brazilian legislative structure (LC 95/1998 style).

título > capítulo > seção > subseção > artigo > parágrafo > inciso > alínea, from clean lines.

A line that looks like a marker only opens a unit when it is the next one in sequence (Art. 12 after
Art. 11, inciso III after II, alínea c) after b)). This is what keeps a wrapped line that happens to
start with "Art. 5º da Lei …" or "I - " inside the sentence it belongs to, and it is also what lets
the OCR'd Igarapava text be read: a garbled numeral is accepted only as the expected next one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from .amendments import AMENDMENT_NOTE, merge_wordings
from .drafts import Draft
from .models import AnnotationKind, UnitKind

_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def roman_to_int(numeral: str) -> int | None:
    numeral = numeral.upper()
    if not numeral or any(c not in _ROMAN for c in numeral):
        return None
    total = 0
    for i, c in enumerate(numeral):
        v = _ROMAN[c]
        if i + 1 < len(numeral) and _ROMAN[numeral[i + 1]] > v:
            total -= v
        else:
            total += v
    return total if int_to_roman(total) == numeral else None


def int_to_roman(value: int) -> str:
    out = []
    for n, s in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"),
                 (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while value >= n:
            out.append(s)
            value -= n
    return "".join(out)


STRUCTURAL_RE = re.compile(
    r"^(?P<kind>T[ÍI]TULO|CAP[ÍI]TULO|SUBSE[ÇC][ÃA]O|SE[ÇC][ÃA]O)\s+"
    r"(?P<num>[IVXLC|l1\[\]{}!\\]+|[ÚU]NIC[OA])(?:-(?P<suf>[A-Z])(?![A-Za-zÀ-ú]))?(?![A-Za-zÀ-ú])"
    r"\.?\s*(?:[-–—:.]\s*)?(?P<rest>.*)$",
    re.IGNORECASE,
)
ARTICLE_RE = re.compile(
    r"^Art\.?\s*(?P<num>\d+)\s*(?:\.?º|°|o(?![a-zà-ú]))?"
    r"(?:\s*-\s*(?P<suf>[A-Z])(?![A-Za-zÀ-ú]))?\s*(?:[-–—.]\s*)?(?P<rest>.*)$"
)
PARAGRAPH_RE = re.compile(r"^§\s*(?P<num>\d+)\s*(?:º|°|o(?![a-zà-ú]))?\s*(?:[-–—.]\s*)?(?P<rest>.*)$")
SOLE_PARAGRAPH_RE = re.compile(r"^Par[áa]grafo\s+[úu]nico\s*(?:[-–—.:]\s*)*(?P<rest>.*)$", re.IGNORECASE)
INCISO_RE = re.compile(r"^(?P<num>[IVXLC|l1\[\]!]+)\s*[-–—]\s*(?P<rest>.*)$")
ALINEA_RE = re.compile(r"^(?P<num>[a-z])\)\s*(?P<rest>.*)$")

_LEVEL = {UnitKind.titulo: 0, UnitKind.capitulo: 1, UnitKind.secao: 2, UnitKind.subsecao: 3}
_KIND = {"titulo": UnitKind.titulo, "capitulo": UnitKind.capitulo, "secao": UnitKind.secao,
         "subsecao": UnitKind.subsecao}


def _fold(s: str) -> str:
    table = str.maketrans("ÍÇÃíçã", "ICAica")
    return s.translate(table).lower()


RomanReader = Callable[[str, int], int | None]


def exact_roman(token: str, expected: int) -> int | None:
    return roman_to_int(token)


@dataclass
class Layout:
    """What differs from one Brazilian norm to another."""

    closing: re.Pattern[str] | None = None  # first line after the last article (place, date …)
    read_roman: RomanReader = exact_roman  # how to read an inciso/título numeral
    article_gaps: frozenset[int] = frozenset()  # article numbers that may follow a gap
    lenient_articles: bool = False  # accept any next-higher article number (annotated as a gap)
    repeated_numerals: frozenset[str] = frozenset()  # marker lines the law itself numbers twice


@dataclass
class ParsedBody:
    preamble: list[str] = field(default_factory=list)
    roots: list[Draft] = field(default_factory=list)
    closing: list[str] = field(default_factory=list)
    rejected_markers: list[str] = field(default_factory=list)  # marker-like lines kept as prose


class BrazilianParser:
    def __init__(self, layout: Layout):
        self.layout = layout
        self.body = ParsedBody()
        self.stack: list[Draft] = []
        self.article: Draft | None = None
        self.paragraph: Draft | None = None
        self.inciso: Draft | None = None
        self.alinea: Draft | None = None
        self.current: Draft | None = None
        self.pending_heading: Draft | None = None
        self.last_article = 0
        self.phase = "preamble"

    # ------------------------------------------------------------------ public
    def parse(self, lines: list[str]) -> ParsedBody:
        for line in lines:
            self._line(line)
        merge_repeated_units(self.body.roots)
        return self.body

    # ------------------------------------------------------------------ lines
    def _line(self, line: str) -> None:
        if self.phase == "closing":
            self.body.closing.append(line)
            return
        if self.phase == "body" and self.layout.closing and self.layout.closing.match(line):
            self.phase = "closing"
            self.body.closing.append(line)
            return
        for handler in (self._structural, self._article, self._paragraph, self._inciso, self._alinea):
            if handler(line):
                return
        self._continuation(line)

    def _continuation(self, line: str) -> None:
        if self.pending_heading is not None:
            heading = self.pending_heading
            heading.heading = f"{heading.heading} {line}" if heading.heading else line
            heading.lines.append(line)
            return
        if self.current is None:
            self.body.preamble.append(line)
            return
        self.current.lines.append(line)

    def _open(self, draft: Draft, rest: str) -> None:
        if rest:
            draft.lines.append(rest)
        self._close_heading()
        self.current = draft

    def _close_heading(self) -> None:
        pending = self.pending_heading
        if pending is not None and not pending.heading:
            pending.annotate(AnnotationKind.source_defect,
                             "Printed without a heading (the line after it is already the next unit).")
        self.pending_heading = None

    def _attach(self, draft: Draft) -> Draft:
        if self.stack:
            return self.stack[-1].add(draft)
        self.body.roots.append(draft)
        return draft

    # ------------------------------------------------------------------ markers
    def _structural(self, line: str) -> bool:
        m = STRUCTURAL_RE.match(line)
        if not m:
            return False
        kind = _KIND[_fold(m.group("kind"))]
        token = m.group("num")
        if _fold(token) in ("unico", "unica"):
            number = "unico"
        else:
            expected = self._expected_structural(kind)
            exact = roman_to_int(token)
            # A clean numeral equal to the previous one is the law numbering twice (Pontal and Lajes
            # "TÍTULO V", Igarapava "Capítulo VI"), not an OCR slip; it keeps its printed number.
            # With OCR'd numerals a repeated reading is usually a lost "I", so there only the
            # repetitions listed in the layout (checked against the rest of the sequence) count.
            repeat_ok = self.layout.read_roman is exact_roman or line in self.layout.repeated_numerals
            if exact is not None and (m.group("suf") or (exact == expected - 1 and repeat_ok)):
                value = exact  # "SEÇÃO VI-A" comes after VI and keeps its number
            else:
                value = self.layout.read_roman(token, expected)
            if value is None:
                return False
            number = str(value)
        if self.phase == "preamble" and kind is not UnitKind.titulo and kind is not UnitKind.capitulo:
            return False
        self._close_heading()
        level = _LEVEL[kind]
        while self.stack and _LEVEL[self.stack[-1].kind] >= level:
            self.stack.pop()
        roman = number if number == "unico" else _roman_of(number)
        if m.group("suf"):
            roman = f"{roman}-{m.group('suf')}"  # "SEÇÃO VI-A", inserted between VI and VII
        draft = Draft(kind=kind, number=roman.lower() if roman != "unico" else "unico",
                      marker=line[: m.start("rest")].strip(" -–—:.") if m.group("rest") else line.strip())
        siblings = self._siblings_at(kind)
        if number != "unico" and not m.group("suf") and any(
                c.kind is kind and c.value == int(number) for c in siblings):
            # Pontal prints "TÍTULO V" twice; the second keeps its printed number in the label.
            draft.slug = f"{draft.segment()}-2"
            draft.annotate(AnnotationKind.known_error,
                           f"Numbered {roman} a second time in the text; it is the next {kind.value} "
                           f"({_roman_of(str(int(number) + 1))}) in sequence.", quote=line)
        self._attach(draft)
        self.stack.append(draft)
        self.article = self.paragraph = self.inciso = self.alinea = None
        self.current = None
        self.phase = "body"
        rest = m.group("rest").strip()
        if rest:
            draft.heading = rest
            draft.lines.append(rest)
            self.pending_heading = None
        else:
            self.pending_heading = draft
        draft.value = None if number == "unico" else int(number)
        return True

    def _expected_structural(self, kind: UnitKind) -> int:
        siblings = self.stack[-1].children if self.stack and _LEVEL[self.stack[-1].kind] < _LEVEL[kind] \
            else self._siblings_at(kind)
        values = [c.value for c in siblings if c.kind is kind]
        values = [v for v in values if v]
        return (values[-1] + 1) if values else 1

    def _siblings_at(self, kind: UnitKind) -> list[Draft]:
        level = _LEVEL[kind]
        for d in reversed(self.stack):
            if _LEVEL[d.kind] < level:
                return d.children
        return self.body.roots

    def _article(self, line: str) -> bool:
        m = ARTICLE_RE.match(line)
        if not m:
            return False
        num = int(m.group("num"))
        suffix = m.group("suf")
        rest_override: str | None = None
        expected = self.last_article + 1
        gap = False
        if suffix and num == self.last_article:
            number = f"{num}-{suffix.lower()}"
        elif num == expected:
            number = str(num)
            if suffix:  # "Art. 7°- A licença …": the letter is the first word, not a suffix
                rest_override = line[m.start("suf"):]
        elif num == self.last_article and self.article is not None:
            number = str(num)  # printed twice: an amended wording, merged into versions later
        elif num > expected and (num in self.layout.article_gaps or self.layout.lenient_articles):
            number, gap = str(num), True
        else:
            self.body.rejected_markers.append(line)
            return False
        self.phase = "body"
        cut = m.start("suf") if rest_override is not None else m.start("rest")
        draft = Draft(kind=UnitKind.artigo, number=number, marker=line[:cut].strip())
        if gap:
            draft.annotate(
                AnnotationKind.source_defect,
                f"The text goes from Art. {self.last_article} to Art. {num}: "
                f"article(s) {expected}–{num - 1} are not in the copy we have.",
            )
        self._attach(draft)
        self.last_article = num
        self.article, self.paragraph, self.inciso, self.alinea = draft, None, None, None
        self._open(draft, (rest_override if rest_override is not None else m.group("rest")).strip())
        return True

    def _paragraph(self, line: str) -> bool:
        if self.article is None:
            return False
        if not (line.startswith("§") or line[:1] in "Pp"):
            return False
        m = SOLE_PARAGRAPH_RE.match(line)
        paragraphs = [c for c in self.article.children if c.kind is UnitKind.paragrafo]
        gap_note = None
        if m:
            if any(p.number != "unico" for p in paragraphs):
                return False
            number = "unico"
            marker = line[: m.start("rest")].strip()
        else:
            m = PARAGRAPH_RE.match(line)
            if not m:
                return False
            value = int(m.group("num"))
            last = max((int(p.number) for p in paragraphs if p.number and p.number.isdigit()), default=0)
            if value > last + 1:
                tail = self.current.lines[-1] if self.current and self.current.lines else ""
                if not re.search(r"[.;:]\s*$", tail):
                    self.body.rejected_markers.append(line)
                    return False
            elif value < last:
                self.body.rejected_markers.append(line)
                return False
            number = str(value)
            marker = line[: m.start("rest")].strip()
            if value > last + 1:
                gap_note = (f"§ {last + 1}º is missing: the text goes from "
                            f"{'the caput' if last == 0 else f'§ {last}º'} to § {value}º.")
        draft = self.article.add(Draft(kind=UnitKind.paragrafo, number=number, marker=marker))
        if gap_note:
            draft.annotate(AnnotationKind.known_error, gap_note, quote=marker)
        self.paragraph, self.inciso, self.alinea = draft, None, None
        self._open(draft, m.group("rest").strip())
        return True

    def _inciso(self, line: str) -> bool:
        container = self.paragraph or self.article
        if container is None:
            return False
        m = INCISO_RE.match(line)
        if not m:
            return False
        siblings = [c for c in container.children if c.kind is UnitKind.inciso]
        expected = (roman_to_int(siblings[-1].number or "") or 0) + 1 if siblings else 1
        value = self.layout.read_roman(m.group("num"), expected)
        gap = False
        if value is not None and value > expected and siblings and self._ends_a_clause():
            gap = True  # lines lost in the copy (Lajes art. 22 goes from inciso V to VIII)
        elif value is None or (value != expected and not (value == expected - 1 and siblings)):
            if value is not None:
                self.body.rejected_markers.append(line)
            return False
        draft = container.add(Draft(kind=UnitKind.inciso, number=int_to_roman(value),
                                    marker=line[: m.start("rest")].strip()))
        if m.group("num") != int_to_roman(value):
            draft.annotate(AnnotationKind.ocr_repair,
                           f"Numeral printed as {m.group('num')!r}, read as {int_to_roman(value)} "
                           "(the next in sequence).", quote=m.group("num"))
            draft.printed_marker = draft.marker
            draft.marker = f"{int_to_roman(value)} -"
        if gap:
            missing = ", ".join(int_to_roman(v) for v in range(expected, value))
            draft.annotate(AnnotationKind.source_defect,
                           f"Inciso(s) {missing} are not in the copy we have: the text goes from "
                           f"{int_to_roman(expected - 1)} to {int_to_roman(value)}.")
        self.inciso, self.alinea = draft, None
        self._open(draft, m.group("rest").strip())
        return True

    def _ends_a_clause(self) -> bool:
        tail = self.current.lines[-1] if self.current and self.current.lines else ""
        return bool(re.search(r"[.;:]\s*$", tail))

    def _alinea(self, line: str) -> bool:
        container = self.inciso or self.paragraph or self.article
        if container is None:
            return False
        m = ALINEA_RE.match(line)
        if not m:
            return False
        siblings = [c for c in container.children if c.kind is UnitKind.alinea]
        expected = chr(ord(siblings[-1].number or "a") + 1) if siblings else "a"
        if m.group("num") != expected:
            self.body.rejected_markers.append(line)
            return False
        draft = container.add(Draft(kind=UnitKind.alinea, number=m.group("num"),
                                    marker=line[: m.start("rest")].strip()))
        self.alinea = draft
        self._open(draft, m.group("rest").strip())
        return True


def _roman_of(number: str) -> str:
    return int_to_roman(int(number))


def _has_note(draft: Draft) -> bool:
    return bool(AMENDMENT_NOTE.search(" ".join(draft.lines)))


def merge_repeated_units(drafts: list[Draft]) -> None:
    """Fold a unit printed twice in a row (old wording, then the amended one) into one unit."""
    i = 0
    while i < len(drafts):
        d = drafts[i]
        merge_repeated_units(d.children)
        group = [d]
        while (
            i + len(group) < len(drafts)
            and drafts[i + len(group)].kind is d.kind
            and drafts[i + len(group)].number == d.number
            and d.kind not in (UnitKind.titulo, UnitKind.capitulo, UnitKind.secao, UnitKind.subsecao)
        ):
            group.append(drafts[i + len(group)])
        if len(group) > 1:
            if not _has_note(group[-1]):
                raise ValueError(
                    f"{d.kind} {d.number} printed {len(group)} times without an amendment note"
                )
            printed = [re.sub(r"\s+", " ", " ".join(g.text_lines())).strip() for g in group]
            keeper = group[-1]
            keeper.versions = merge_wordings(printed)
            keeper.raw_lines = [
                line for g in group for line in [g.printed_marker or g.marker or "", *g.lines]
            ]
            for g in group[:-1]:
                for child in g.children:
                    if all(c.number != child.number or c.kind is not child.kind for c in keeper.children):
                        keeper.children.insert(0, child)
                        child.parent = keeper
            drafts[i : i + len(group)] = [keeper]
        i += 1
