"""Pontal do Paraná, Lei nº 1.902/2018, consolidated by LeisMunicipais up to 30/09/2022.

Quirks handled here:
- the portal's page footer (print date + law name, then URL + "n/15") falls inside sentences;
- amended units are printed twice, old wording first ("Redação dada pela Lei nº 2247/2021");
- the annex is printed twice: the original Anexos VI and X of the Código Tributário (codes 06.xx and
  10.xx, 2018) and the wording given by Lei nº 1992/2019 (every row coded 11.20.00), which is the one
  in force. The second table of each pair is not titled "Anexo X" in the text: Art. 49 ("Anexos VI e
  X do Código Tributário") and the 10.xx codes say it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from ..amendments import split_amendment_note
from ..brazil import BrazilianParser, Layout
from ..cleaning import remove_furniture, rule, squash
from ..drafts import Draft, Freezer
from ..models import AnnotationKind, TableRow, UnitKind, Version, VersionKind
from .base import ParsedNorm, annotate, joined

FURNITURE = [
    rule("portal_title", r"norma nº 1\.902/2018"),
    rule("portal_site", r"www\.LeisMunicipais\.com\.br"),
    # Kept as metadata (consolidated_up_to), not as text of the law.
    rule("consolidation_banner", r"Versão consolidada, com alterações até o dia \d{2}/\d{2}/\d{4}"),
    rule("print_date_footer", r"\d{2}/\d{2}/\d{4}, \d{2}:\d{2} Lei Ordinária 1902 2018 de Pontal do Paraná PR"),
    rule("print_url_footer", r"https://leismunicipais\.com\.br/\S+ \d+/\d+"),
    rule("portal_disclaimer", r"Nota: Este texto não substitui o original publicado no Diário Oficial\."),
    rule("portal_download", r"Download(?: Anexo)?: .*|\(www\.leismunicipais\.com\.br\S*\)"),
    rule("portal_insertion_date", r"Data de Inserção no Sistema LeisMunicipais: \d{2}/\d{2}/\d{4}"),
]

LAYOUT = Layout(closing=re.compile(r"^Palácio Prefeito .*, em \d{1,2} de \w+ de \d{4}\."))

AMENDING_ANNEX_LAW = "Lei nº 1992/2019"

CODE_LINE = re.compile(r"^(?P<code>\d{2}\.\d{2}\.\d{2})(?:\s+(?P<rest>.*))?$")
TWO_VALUES = re.compile(r"^(?P<desc>.*?)\s*(?P<p>\d+,\d{2}|-)\s+(?P<f>\d+,\d{2}|-)$")
ONE_VALUE = re.compile(r"^(?P<desc>.*?)\s*(?P<p>\d+,\d{2})(?P<per>/m²)?$")
NOTE_LINE = re.compile(r"^Nota (?P<n>\d+)\.\s*(?P<rest>.*)$")
PERIOD = re.compile(r"período\s+(?P<period>anual|mensal|quinzenal)(?:\s+ou\s+fração\s+(?P<fraction>[\wáí ]+?))?(?=$|[\s:)])")


# The 2019 Anexo VI's three footnotes were bullets in the web page; the bullet glyph was lost in the
# print, leaving a lone leading space, which is the only sign of where each footnote starts.
FOOTNOTE_BULLET = re.compile(r"^ (?=\S)", re.MULTILINE)
BULLET = "• "


def parse(norm_id: str, text: str) -> ParsedNorm:
    cleaned = remove_furniture(FOOTNOTE_BULLET.sub(BULLET, text), FURNITURE)
    start = next(i for i, line in enumerate(cleaned.lines) if line.startswith("ANEXO VI"))
    body = BrazilianParser(LAYOUT).parse(cleaned.lines[:start])
    annexes = _annex_drafts(cleaned.lines[start:])
    freezer = Freezer(norm_id)
    top = freezer.freeze(body.roots + annexes)
    units = freezer.units
    _known_errors(norm_id, units)
    return ParsedNorm(units=units, top_units=top, cleaned=cleaned,
                      preamble=joined(body.preamble), closing=joined(body.closing))


# --------------------------------------------------------------------------- annexes
@dataclass
class _Table:
    title: list[str] = field(default_factory=list)
    entries: list[list[str]] = field(default_factory=list)
    notes: list[list[str]] = field(default_factory=list)  # "Nota 1. …" or the footnotes


def _split_tables(lines: list[str]) -> list[_Table]:
    """Four tables: VI (2018), X (2018), VI (Lei 1992/2019), X (Lei 1992/2019)."""
    tables: list[_Table] = []
    for line in lines:
        if line.startswith("ANEXO VI") or line.startswith("TAXA DE LICENÇA PARA OCUPAÇÃO"):
            tables.append(_Table(title=[line]))
            continue
        table = tables[-1]
        if CODE_LINE.match(line):
            table.entries.append([line])
        elif NOTE_LINE.match(line) or line.startswith(BULLET):
            table.notes.append([line])
        elif table.notes:
            table.notes[-1].append(line)
        elif table.entries:
            table.entries[-1].append(line)
        else:
            table.title.append(line)
    if len(tables) != 4:
        raise ValueError(f"expected 4 annex tables, found {len(tables)}")
    return tables


def _value(token: str | None) -> Decimal | None:
    if token is None or token == "-":
        return None
    return Decimal(token.replace(",", "."))


def _row(lines: list[str], two_values: bool) -> tuple[TableRow, bool]:
    printed = squash(" ".join(lines))
    m = CODE_LINE.match(printed)
    assert m
    code, rest = m.group("code"), (m.group("rest") or "").strip()
    values = (TWO_VALUES if two_values else ONE_VALUE).match(rest)
    footnotes: list[str] = []
    if values is None:  # a group heading: "Comércio Eventual 2", "… Faixa de Areia3"
        desc = rest
        fm = re.match(r"^(?P<desc>.*?[a-zà-ú:])\s?(?P<n>\d)$", desc)
        if fm:
            desc, footnotes = fm.group("desc"), [fm.group("n")]
        return TableRow(code=code, description=desc, unit="UFM", footnotes=tuple(footnotes)), True
    # "fração tri mestral": a word split by the web page's table layout.
    desc = re.sub(r"\btri mestral\b", "trimestral", values.group("desc").strip())
    fm = re.search(r"\s*\((?P<n>\d)\)", desc)
    if fm:
        footnotes.append(fm.group("n"))
        desc = (desc[: fm.start()] + desc[fm.end():]).strip()
    period = PERIOD.search(desc)
    row = TableRow(
        code=code,
        description=desc,
        period_value=_value(values.group("p")),
        fraction_value=_value(values.group("f")) if two_values else None,
        unit="UFM",
        per="m²" if not two_values and values.group("per") else None,
        period=period.group("period") if period else None,
        fraction=squash(period.group("fraction")) if period and period.group("fraction") else None,
        footnotes=tuple(footnotes),
    )
    return row, False


def _row_text(row: TableRow, two_values: bool) -> str:
    def fmt(v: Decimal | None) -> str:
        return "-" if v is None else f"{v:.2f}".replace(".", ",")

    if row.period_value is None and row.fraction_value is None:
        return row.description
    if two_values:
        return f"{row.description} — período: {fmt(row.period_value)} UFM; fração: {fmt(row.fraction_value)} UFM"
    per = "/m²" if row.per else ""
    return f"{row.description} — valor: {fmt(row.period_value)} UFM{per}"


def _table_children(table: _Table, two_values: bool, in_force: bool, history_of: str | None) -> list[Draft]:
    rows: list[tuple[TableRow, bool, list[str]]] = []
    group: str | None = None
    for entry in table.entries:
        row, is_group = _row(entry, two_values)
        rows.append((row, is_group, entry))
    codes = [r.code for r, _, _ in rows]
    seen: dict[str, int] = {}
    drafts: list[Draft] = []
    for row, is_group, entry in rows:
        seen[row.code] = seen.get(row.code, 0) + 1
        slug = f"item-{row.code}" if codes.count(row.code) == 1 else f"item-{row.code}-{seen[row.code]}"
        if is_group:
            group = row.description
        elif group:
            row = row.model_copy(update={"group": group})
        text = _row_text(row, two_values)
        d = Draft(kind=UnitKind.table_group if is_group else UnitKind.table_row, number=row.code,
                  marker=row.code, slug=slug, lines=list(entry), raw_lines=list(entry), row=row,
                  label_override=f"código {row.code}" if codes.count(row.code) == 1
                  else f"código {row.code} ({row.description[:40].rstrip()})")
        d.versions = [_version(text, in_force, history_of)]
        if not is_group and group:
            d.heading = group
        drafts.append(d)
    for i, note in enumerate(table.notes, start=1):
        printed = squash(" ".join(note))
        nm = NOTE_LINE.match(printed)
        number = nm.group("n") if nm else str(i)
        wording = nm.group("rest") if nm else printed.removeprefix(BULLET.strip()).strip()
        d = Draft(kind=UnitKind.nota, number=number, marker=f"Nota {number}." if nm else f"({number})",
                  lines=list(note), raw_lines=list(note), label_override=f"nota {number}")
        v = split_amendment_note(wording)
        d.versions = [_version(v.wording, in_force, history_of, v)]
        drafts.append(d)
    return drafts


def _version(wording: str, in_force: bool, history_of: str | None, parsed: Version | None = None) -> Version:
    if in_force:
        if parsed is not None and parsed.amending_norm:
            return parsed
        return Version(wording=wording, kind=VersionKind.given, amending_norm=AMENDING_ANNEX_LAW, in_force=True)
    return Version(wording=wording, kind=VersionKind.original, in_force=False, superseded_by=history_of)


def _annex(number: str, heading: str, old: _Table, new: _Table, two_values: bool, inferred: bool) -> Draft:
    annex = Draft(kind=UnitKind.anexo, number=number, heading=heading, lines=list(new.title),
                  raw_lines=list(new.title), marker=f"ANEXO {number.upper()}")
    annex.versions = [
        Version(wording=heading, kind=VersionKind.original, in_force=False, superseded_by=AMENDING_ANNEX_LAW),
        Version(wording=heading, kind=VersionKind.given, amending_norm=AMENDING_ANNEX_LAW, in_force=True),
    ]
    if inferred:
        annex.annotate(AnnotationKind.inferred,
                       "The text prints this table without the words 'Anexo X'; Art. 49 (Anexos VI e X "
                       "do Código Tributário Municipal) and the original 10.xx codes identify it.")
    annex.children = []
    for child in _table_children(new, two_values, True, None):
        annex.add(child)
    original = Draft(kind=UnitKind.anexo, number=number, heading=heading, lines=list(old.title),
                     raw_lines=list(old.title),
                     slug="redacao-original", label_override="redação original (2018)",
                     marker=f"ANEXO {number.upper()}")
    original.versions = [Version(wording=heading, kind=VersionKind.original, in_force=False,
                                 superseded_by=AMENDING_ANNEX_LAW)]
    original.annotate(AnnotationKind.inferred,
                      f"Wording of 2018, replaced by the table given by {AMENDING_ANNEX_LAW} (new Art. 49); "
                      "kept as history only.")
    for child in _table_children(old, two_values, False, AMENDING_ANNEX_LAW):
        original.add(child)
    annex.add(original)
    return annex


def _annex_drafts(lines: list[str]) -> list[Draft]:
    old_vi, old_x, new_vi, new_x = _split_tables(lines)
    vi = _annex("vi", "Taxa de licença para funcionamento de comércio e prestação de serviços eventuais "
                "ou ambulante", old_vi, new_vi, two_values=True, inferred=False)
    x = _annex("x", "Taxa de licença para ocupação de bens públicos de uso comum", old_x, new_x,
               two_values=False, inferred=True)
    return [vi, x]


# --------------------------------------------------------------------------- known errors
def _known_errors(norm_id: str, units: dict) -> None:
    a = f"{norm_id}/"
    E = AnnotationKind.known_error
    annotate(units, a + "art-16/par-1", E,
             "'0,80 cm' is read as 0,80 m (80 centímetros) of free passage: 0,80 cm would be 8 mm.",
             "0,80 cm")
    annotate(units, a + "art-35", E,
             "Refers to the aggravating circumstances 'estabelecidos no artigo 35' (itself); they are "
             "listed in art. 36.", "artigo 35")
    annotate(units, a + "art-48", E,
             "Refers to 'Anexo I desta lei', which does not exist: the occupation fee is in the annex "
             "tables (Anexo X of the Código Tributário, as given by Lei nº 1992/2019).", "Anexo I desta lei")
    annotate(units, a + "art-25/par-3", E,
             "Printed after § 1º (there is no § 2º) and speaks of 'Permissão de Uso' inside the section "
             "on Concessão de Uso: a copy of art. 23, § 3º.", "Permissão de Uso")
    annotate(units, a + "art-13/inc-V/ali-c", E,
             "Points to 'art. 2º, Inciso I' for the comércio eventual, but art. 2º, I defines the comércio "
             "ambulante; the comércio eventual is art. 2º, II.", "art. 2º, Inciso I")
    annotate(units, a + "art-46", E, "'trata está lei' is a typo for 'trata esta lei'.", "trata está lei")
    annotate(units, a + "art-49", AnnotationKind.known_error,
             "Printed twice: the 2018 wording ('Ficam alterados os Anexos VI e X…') and the wording given "
             "by Lei nº 1992/2019, which is in force.", "Ficam alterados os Anexos VI e X")
    for unit in list(units.values()):
        row = unit.row
        if unit.in_force and row and row.period_value is not None and row.fraction_value is not None \
                and row.fraction_value > row.period_value:
            annotate(units, unit.id, E,
                     f"The fraction value ({row.fraction_value}) is printed larger than the annual value "
                     f"({row.period_value}); quoted as printed, to be confirmed with the Prefeitura.")
