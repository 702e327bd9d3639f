"""Bertioga, Decreto nº 4.510/2024: a clean text; only the portal's title line is furniture."""

from __future__ import annotations

import re

from ..brazil import BrazilianParser, Layout
from ..cleaning import remove_furniture, rule
from ..drafts import Freezer
from ..models import AnnotationKind
from .base import ParsedNorm, annotate, joined

FURNITURE = [
    rule("portal_title", r"norma nº 4510/2024"),
]

LAYOUT = Layout(closing=re.compile(r"^Bertioga, \d{1,2} de \w+ de \d{4}"))


def parse(norm_id: str, text: str) -> ParsedNorm:
    cleaned = remove_furniture(text, FURNITURE)
    body = BrazilianParser(LAYOUT).parse(cleaned.lines)
    freezer = Freezer(norm_id)
    top = freezer.freeze(body.roots)
    units = freezer.units
    a = f"{norm_id}/"
    annotate(units, a + "art-5/inc-III", AnnotationKind.known_error,
             "The distance between the two tents is written 1,50m but spelled out as "
             "'um metro e centímetros': the figure (1,50 m) is the one to rely on.", "um metro e centímetros")
    annotate(units, a + "art-14", AnnotationKind.known_error,
             "Coordinates are SIRGAS 2000 / UTM 23S with the labels swapped: the 6-digit figure "
             "printed as NORTE is the easting, the 7-digit ESTE is the northing (same in arts. 15–17).")
    annotate(units, a + "art-14/inc-VII", AnnotationKind.known_error,
             "Closing parenthesis missing after the ESTE figure.", "7364986.91978;")
    annotate(units, a + "art-15", AnnotationKind.known_error,
             "Riviera points are numbered 01–05, then 07, 08, 09: there is no Ponto 06 "
             "(inciso VI is 'Ponto 07: módulo 06'). Arts. 15's figures use a decimal comma.")
    annotate(units, a + "art-21/par-3", AnnotationKind.known_error,
             "Refers to 'inciso IV, deste artigo': the incisos are in § 1º (§ 1º, IV: "
             "multa de 2500 UFIB's e cancelamento).", "inciso IV, deste artigo")
    annotate(units, a + "art-8/par-unico", AnnotationKind.known_error,
             "Names the 'Secretaria de Turismo, Esporte e Cultura' while art. 3 names the "
             "'Secretaria Municipal de Turismo e Cultura' as the licensing body.",
             "Secretaria de Turismo, Esporte e Cultura")
    return ParsedNorm(units=units, top_units=top, cleaned=cleaned,
                      preamble=joined(body.preamble), closing=joined(body.closing))
