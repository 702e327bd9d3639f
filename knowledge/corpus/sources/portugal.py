"""Portugal, Decreto-Lei n.º 269/2003: an amending act plus the republished RAMT (DL 21/2002).

What the text we have contains, and how it is modelled:

1. The decree's own provisions, printed without their article headings: "São alterados os artigos …"
   (art-1), "São aditados … os artigos 19.º-A e 36.º-A" (art-2) and "O Regulamento … é republicado
   em anexo" (art-3). Their numbers are inferred from that order.
2. Inside art-1 and art-2, the new wording of RAMT provisions, with "[...]" for an unchanged epigraph
   and "..." for an unchanged número/alínea that is not reproduced. That wording goes into the RAMT
   units (``ramt/art-6/num-2`` …) as a version given by this decree; the "..." units exist with an
   empty text and an ``omitted`` annotation, so nobody mistakes "not reproduced" for "repealed".
3. The republished RAMT ("ANEXO"), which lost every article heading and number and every numbered
   paragraph: what is left is the lead sentence of each article. Each paragraph is matched to its
   article by evidence written next to it in ``REPUBLISHED`` below (identical wording in art-1, or a
   cross-reference in the RAMT itself, or position).

List counters of the web rendering ("13. 1 -…", "    1. a)…") are not part of the law and are removed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..cleaning import CleanedText, normalise_characters
from ..drafts import Draft, Freezer
from ..models import AnnotationKind, UnitKind, Version, VersionKind
from .base import ParsedNorm

THIS_DECREE = "Decreto-Lei n.º 269/2003"
LIST_COUNTER = re.compile(r"^\d+\.\s+(?=(?:\d+\s*-|[a-z]\)))")
ARTICLE = re.compile(r"^Artigo (?P<n>\d+)\.º(?:-(?P<suf>[A-Z]))?$")
NUMERO = re.compile(r"^(?P<n>\d+)\s*-\s*(?P<rest>.*)$")
ALINEA = re.compile(r"^(?P<l>[a-z])\)\s*(?P<rest>.*)$")
ANNEX = re.compile(r"^ANEXO(?: (?P<n>[IVX]+))?$")
OMITTED = "..."
EPIGRAPH_OMITTED = "[...]"


@dataclass(frozen=True)
class Republished:
    number: str
    starts: str
    evidence: str  # why this paragraph is this article
    inferred: bool  # True when only the position says so


# The republished RAMT, paragraph by paragraph, in the order printed.
REPUBLISHED = [
    Republished("1", "O Regulamento da Actividade Marítimo-Turística, abreviadamente designado",
                "first article of the Regulation, stating its object", True),
    Republished("2", "O RAMT é aplicável", "second article, stating its scope", True),
    Republished("3", "Para efeitos do presente Regulamento, entende-se por:",
                "same words as the new wording of artigo 3.º in art. 1 of this decree", False),
    Republished("4", "A actividade marítimo-turística pode ser exercida nas seguintes modalidades:",
                "artigo 4.º lists the modalities (alíneas a) to h) in art. 1 of this decree)", False),
    Republished("5", "O exercício da actividade marítimo-turística depende de licença",
                "artigo 29.º punishes activity without the licence 'nos termos do artigo 5.º'", False),
    Republished("25", "Os operadores marítimo-turísticos, no exercício da actividade, são obrigados",
                "artigo 32.º punishes breaches of 'obrigações … impostas pelo disposto no artigo 25.º'", False),
    Republished("26", "Os operadores marítimo-turísticos para poderem exercer a actividade são obrigados",
                "artigo 30.º punishes the lack of insurance 'em violação do disposto no artigo 26.º'", False),
    Republished("27", "A fiscalização da observância", "same words as artigo 27.º in art. 1 of this decree", False),
    *[Republished(n, "É aplicada coima", f"same words as artigo {n.replace('-a', '.º-A')} in this decree", False)
      for n in ("29", "30", "31", "32", "33", "34", "35", "36", "36-a", "37")],
    Republished("38", "Tratando-se de pessoas colectivas",
                "follows artigo 37.º, the last one amended; number inferred from position", True),
    Republished("39", "Competem às entidades referidas no artigo 27.º",
                "follows the preceding paragraph; number inferred from position", True),
    Republished("40", "Os montantes resultantes das coimas",
                "last paragraph before the annexes; number inferred from position", True),
]

NOT_IN_TEXT = ["9", "10", "12", "13", "14", "15", "16", "19", "24", "28"]


def _clean(text: str) -> CleanedText:
    lines: list[str] = []
    removed: list[tuple[str, str]] = []
    for line in normalise_characters(text).split("\n"):
        stripped = line.strip()
        if not stripped:
            continue
        m = LIST_COUNTER.match(stripped)
        if m:
            removed.append(("edit:list_counter", m.group(0).strip()))
            stripped = stripped[m.end():]
        lines.append(stripped)
    return CleanedText(lines, removed)


class _Ramt:
    """The RAMT articles and annexes being assembled."""

    def __init__(self) -> None:
        self.articles: dict[str, Draft] = {}
        self.annexes: dict[str, Draft] = {}

    def article(self, number: str) -> Draft:
        if number not in self.articles:
            self.articles[number] = Draft(kind=UnitKind.artigo, number=number, pt_style=True,
                                          marker=f"Artigo {_pt(number)}", raw_lines=[])
        return self.articles[number]

    def annex(self, number: str) -> Draft:
        if number not in self.annexes:
            self.annexes[number] = Draft(kind=UnitKind.anexo, number=number.lower(), marker=f"ANEXO {number}",
                                         raw_lines=[])
        return self.annexes[number]


def _pt(number: str) -> str:
    base, _, suf = number.partition("-")
    return f"{base}.º" + (f"-{suf.upper()}" if suf else "")


def _given(wording: str, added: bool) -> list[Version]:
    kind = VersionKind.added if added else VersionKind.given
    return [Version(wording=wording, kind=kind, amending_norm=THIS_DECREE, in_force=True)]


def _omitted(draft: Draft, what: str) -> None:
    draft.versions = []
    draft.annotate(AnnotationKind.omitted,
                   f"{what} not reproduced in this decree ('...'): the wording of Decreto-Lei n.º 21/2002 "
                   "stands and is not in our text.")


def _quoted_block(lines: list[str], ramt: _Ramt, added: bool) -> None:
    """Article-by-article new wording inside art. 1 / art. 2 of the decree."""
    target: Draft | None = None
    numero: Draft | None = None
    last: Draft | None = None
    for line in lines:
        am = ARTICLE.match(line)
        xm = ANNEX.match(line)
        if am:
            number = am.group("n") + (f"-{am.group('suf').lower()}" if am.group("suf") else "")
            target, numero = ramt.article(number), None
            target.raw_lines.append(line)
            last = target
            continue
        if xm and xm.group("n"):
            target, numero = ramt.annex(xm.group("n")), None
            target.raw_lines.append(line)
            last = target
            continue
        assert target is not None, line
        if line == EPIGRAPH_OMITTED:
            target.raw_lines.append(line)
            target.annotate(AnnotationKind.omitted, "Epigraph (article heading) not reproduced ('[...]').")
            continue
        nm, lm = NUMERO.match(line), ALINEA.match(line)
        if nm:
            numero = target.add(Draft(kind=UnitKind.numero, number=nm.group("n"), pt_style=True,
                                      marker=f"{nm.group('n')} -", raw_lines=[line]))
            _set(numero, nm.group("rest"), added, f"N.º {nm.group('n')}")
            last = numero
        elif lm:
            parent = numero or target
            alinea = parent.add(Draft(kind=UnitKind.alinea, number=lm.group("l"), pt_style=True,
                                      marker=f"{lm.group('l')})", raw_lines=[line]))
            _set(alinea, lm.group("rest"), added, f"Alínea {lm.group('l')})")
            last = alinea
        elif line == OMITTED:
            target.raw_lines.append(line)
            target.annotate(AnnotationKind.omitted,
                            "Opening words ('corpo') not reproduced in this decree ('...').")
        elif target.kind is UnitKind.anexo and not target.heading:
            target.heading = line
            target.lines = [line]
            target.raw_lines.append(line)
        elif target.kind is UnitKind.artigo and not target.heading and not target.lines and _is_epigraph(line):
            target.heading = line  # only the added articles 19.º-A and 36.º-A carry an epigraph
            target.raw_lines.append(line)
        else:
            assert last is not None
            if last is target:
                target.lines.append(line)
                target.raw_lines.append(line)
                target.versions = _given(" ".join(target.lines), added)
            else:  # continuation of a número's wording (not seen in this text, kept for safety)
                last.raw_lines.append(line)


def _is_epigraph(line: str) -> bool:
    return not line.endswith((".", ":", ";")) and len(line) < 80


def _set(draft: Draft, rest: str, added: bool, what: str) -> None:
    if rest.strip() == OMITTED:
        _omitted(draft, what)
    else:
        draft.lines = [rest.strip()]
        draft.versions = _given(rest.strip(), added)


def parse(norm_id: str, text: str) -> ParsedNorm:
    cleaned = _clean(text)
    lines = cleaned.lines
    i_add = next(i for i, ln in enumerate(lines) if ln.startswith("São aditados"))
    i_rep = next(i for i, ln in enumerate(lines) if ln.startswith("O Regulamento da Actividade Marítimo-Turística, com a redacção"))
    i_close = next(i for i, ln in enumerate(lines) if ln.startswith("Visto e aprovado"))
    i_annex = next(i for i, ln in enumerate(lines) if ln == "ANEXO")

    ramt = _Ramt()
    art1 = Draft(kind=UnitKind.artigo, number="1", pt_style=True, lines=[lines[1]], raw_lines=[lines[1]])
    art2 = Draft(kind=UnitKind.artigo, number="2", pt_style=True, lines=[lines[i_add]], raw_lines=[lines[i_add]])
    art3 = Draft(kind=UnitKind.artigo, number="3", pt_style=True, lines=lines[i_rep:i_close],
                 raw_lines=lines[i_rep:i_close])
    _quoted_block(lines[2:i_add], ramt, added=False)
    _quoted_block(lines[i_add + 1 : i_rep], ramt, added=True)
    for art in (art1, art2, art3):
        art.annotate(AnnotationKind.inferred,
                     "The text as received prints the decree's own provisions without 'Artigo' headings; "
                     "numbered 1–3 in the order printed.")
    amended = sorted(ramt.articles, key=_key)
    art1.annotate(AnnotationKind.inferred, "Gives the new wording of RAMT artigos "
                  + ", ".join(_pt(n) for n in amended if n not in ("19-a", "36-a"))
                  + " and of its anexos II and III (see the ramt/… units).")
    art2.annotate(AnnotationKind.inferred, "Adds RAMT artigos 19.º-A and 36.º-A (see ramt/art-19-a, ramt/art-36-a).")

    _republished(lines[i_annex:], ramt)

    regulation = Draft(kind=UnitKind.regulamento, number=None, slug="ramt", label_override="RAMT",
                       marker="ANEXO", heading=lines[i_annex + 1], raw_lines=lines[i_annex : i_annex + 2])
    regulation.lines = [lines[i_annex + 1]]
    regulation.annotate(AnnotationKind.source_defect,
                        "The republished Regulation lost its article headings, numbers and numbered "
                        "paragraphs; only each article's lead sentence is left. RAMT artigos "
                        + ", ".join(_pt(n) for n in NOT_IN_TEXT)
                        + " are neither amended nor reproduced in our text. The republication stops at "
                        "the heading of Anexo II; Anexo III is not republished.")
    for number in sorted(ramt.articles, key=_key):
        regulation.add(ramt.articles[number])
    for number in ("I", "II", "III"):
        if number in ramt.annexes:
            regulation.add(ramt.annexes[number])

    freezer = Freezer(norm_id)
    top = freezer.freeze([art1, art2, art3, regulation])
    return ParsedNorm(
        units=freezer.units, top_units=top, cleaned=cleaned,
        preamble=lines[0], closing=" ".join(lines[i_close:i_annex]),
    )


def _key(number: str) -> tuple[int, str]:
    base, _, suf = number.partition("-")
    return int(base), suf


def _republished(lines: list[str], ramt: _Ramt) -> None:
    """The annex: 'ANEXO', the Regulation's title, its paragraphs, then Anexos I and II."""
    body = lines[2:]
    i_annex_i = body.index("ANEXO I")
    paragraphs, annex_lines = body[:i_annex_i], body[i_annex_i:]
    if len(paragraphs) != len(REPUBLISHED):
        raise ValueError(f"republished RAMT: {len(paragraphs)} paragraphs, expected {len(REPUBLISHED)}")
    for paragraph, spec in zip(paragraphs, REPUBLISHED):
        if not paragraph.startswith(spec.starts):
            raise ValueError(f"RAMT artigo {spec.number}: expected {spec.starts!r}, got {paragraph[:60]!r}")
        art = ramt.article(spec.number)
        art.raw_lines.append(paragraph)
        quoted = " ".join(art.lines)
        art.lines = [paragraph]
        if art.versions:  # wording also given by art. 1/2: both printings must say the same
            if quoted != paragraph:
                art.annotate(AnnotationKind.known_error,
                             "The republication differs from the wording enacted in this decree: "
                             f"enacted {quoted!r}, republished {paragraph!r}. The enacted wording is used.")
                art.lines = [quoted]
            art.versions = [art.versions[0].model_copy(update={"wording": art.lines[0]})]
        else:
            art.versions = [Version(wording=paragraph, kind=VersionKind.original, in_force=True,
                                    note=f"Decreto-Lei n.º 21/2002, as republished by {THIS_DECREE}")]
        if any(a.note.startswith("Opening words") for a in art.annotations):
            art.annotations = [a for a in art.annotations if not a.note.startswith("Opening words")]
            art.annotate(AnnotationKind.inferred, "Opening words not reproduced in art. 1 of this decree "
                         "('...'); taken from the republished Regulation.")
        how = "by position only" if spec.inferred else "by the text"
        art.annotate(AnnotationKind.inferred,
                     f"Republished without its number: matched to artigo {_pt(spec.number)} ({how}): "
                     f"{spec.evidence}.")
    # Anexo I: models of licence, not reproduced. Anexo II: heading only (the text stops there).
    current: Draft | None = None
    for line in annex_lines:
        m = ANNEX.match(line)
        if m and m.group("n"):
            current = ramt.annex(m.group("n"))
            current.raw_lines.append(line)
            continue
        assert current is not None
        current.raw_lines.append(line)
        if line.startswith("(ver modelos"):
            current.annotate(AnnotationKind.omitted, "The licence models are not in our text "
                             "('ver modelos no documento original').")
        elif not current.heading:
            current.heading = line
            current.lines = [line]
    annex_ii = ramt.annexes["II"]
    annex_ii.annotate(AnnotationKind.source_defect,
                      "The republished Anexo II stops after its heading; the amounts (n.os 1 and 2) come "
                      "from the new wording in art. 1 of this decree.")
