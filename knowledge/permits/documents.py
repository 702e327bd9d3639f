"""Taxpayer numbers of applicants: Brazilian CPF and CNPJ (validate-docbr), Portuguese NIF.

Each check normalises first (citizens type "123.456.789-09" or "123 456 789") and returns the bare
number that is stored, or raises ValueError with a message a citizen can act on.
"""

from __future__ import annotations

import re

from validate_docbr import CNPJ, CPF

from knowledge.jurisdictions import DOCUMENT_TYPES, DocumentType

__all__ = ["DOCUMENT_TYPES", "DocumentType", "normalise_document", "nif_is_valid"]

_SEPARATORS = re.compile(r"[\s./-]")

# First digits the Autoridade Tributária assigns (people 1-3, non-resident people 45, companies 5,
# public bodies 6, sole traders 8, estates/funds/condominiums/non-residents 70-79 and 90-99).
_NIF_PREFIXES_ONE = {"1", "2", "3", "5", "6", "8"}
_NIF_PREFIXES_TWO = {"45", "70", "71", "72", "74", "75", "77", "78", "79", "90", "91", "98", "99"}


def nif_is_valid(number: str) -> bool:
    """Portuguese NIF: 9 digits, the last a mod-11 check digit over weights 9..2."""
    if not re.fullmatch(r"\d{9}", number):
        return False
    if number[0] not in _NIF_PREFIXES_ONE and number[:2] not in _NIF_PREFIXES_TWO:
        return False
    total = sum(int(digit) * weight for digit, weight in zip(number[:8], range(9, 1, -1)))
    remainder = total % 11
    check = 0 if remainder < 2 else 11 - remainder
    return check == int(number[8])


def normalise_document(document_type: str, number: str) -> str:
    bare = _SEPARATORS.sub("", number).upper()
    if document_type == "cpf":
        # validate-docbr pads short input with zeros; a CPF typed with digits missing is an error.
        if not re.fullmatch(r"\d{11}", bare) or not CPF().validate(bare):
            raise ValueError("not a valid CPF (11 digits with correct check digits)")
    elif document_type == "cnpj":
        # Since July 2026 the Receita Federal also issues alphanumeric CNPJs; validate-docbr checks both.
        if not re.fullmatch(r"[0-9A-Z]{12}\d{2}", bare) or not CNPJ().validate(bare):
            raise ValueError("not a valid CNPJ (14 characters with correct check digits)")
    elif document_type == "nif":
        bare = bare.removeprefix("PT")
        if not nif_is_valid(bare):
            raise ValueError("not a valid NIF (9 digits with a correct check digit)")
    else:  # pragma: no cover - the schema restricts the type
        raise ValueError(f"unknown document type {document_type!r}")
    return bare
