"""Lajes (RN), Lei Complementar nº 489/2009 — Código de Posturas, extracted from a PDF.

The PDF's letterhead footer ("TELEFONE: (84) 3532-2627 / 3532-2197 / FAX: 3532-2367") is printed on
every page, 79 times, often in the middle of a sentence; the extraction also put a blank line after
every line. Both go; the sentence is joined across the footer.
"""

from __future__ import annotations

import re

from ..brazil import BrazilianParser, Layout
from ..cleaning import remove_furniture, rule
from ..drafts import Freezer
from ..models import Annotation, AnnotationKind
from .base import ParsedNorm, annotate, joined

FURNITURE = [
    rule("prefeitura_phone_footer", r"TELEFONE: \(84\) 3532-2627 / 3532-2197 / FAX: 3532-2367"),
    rule("prefeitura_letterhead", r"GABINETE DO PREFEITO|CNPJ: 08\.113\.466/0001-05 - Rua Ramiro Pereira da Silva.*"),
    rule("portal_title", r"LEI COMPLEMENTAR N\.º 489/2009, DE 08 DE \.\.\. - lajes\.rn\.gov\.br.*"),
    rule("portal_label", r"Documents"),
]

LAYOUT = Layout(closing=re.compile(r"^Prefeitura Municipal de Lajes \(RN\), \d{1,2} de \w+ de \d{4}\."))


def parse(norm_id: str, text: str) -> ParsedNorm:
    cleaned = remove_furniture(text, FURNITURE)
    body = BrazilianParser(LAYOUT).parse(cleaned.lines)
    freezer = Freezer(norm_id)
    top = freezer.freeze(body.roots)
    units = freezer.units
    _known_errors(norm_id, units)
    return ParsedNorm(units=units, top_units=top, cleaned=cleaned,
                      preamble=joined(body.preamble), closing=joined(body.closing),
                      annotations=[Annotation(kind=AnnotationKind.inferred, note=UR_NOTE)])


UR_NOTE = ("Fines are multiples of the Unidade de Referência (UR) (arts. 380–381, 417); its value is set by "
           "Lei Complementar n.º 428/2005 (Código Tributário de Lajes), which is not in this corpus: "
           "amounts can only be given in URs.")


def _known_errors(norm_id: str, units: dict) -> None:
    a = f"{norm_id}/"
    annotate(units, a + "art-380", AnnotationKind.inferred, UR_NOTE, "Unidade de Referência - UR")
    annotate(units, a + "tit-iii/cap-vii", AnnotationKind.known_error,
             "Heading misspelt in the law: 'PULICIDADE' for 'PUBLICIDADE'.", "PULICIDADE")
    annotate(units, a + "art-22", AnnotationKind.source_defect,
             "The commission's composition jumps from inciso V to VIII: incisos VI and VII were lost "
             "in the copy we have.")
