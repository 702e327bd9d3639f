"""Taxpayer numbers: the check digits of CPF, CNPJ (validate-docbr) and the Portuguese NIF."""

from __future__ import annotations

import pytest

from knowledge.permits.documents import nif_is_valid, normalise_document


@pytest.mark.parametrize(
    ("kind", "typed", "stored"),
    [
        ("cpf", "529.982.247-25", "52998224725"),
        ("cpf", "52998224725", "52998224725"),
        ("cnpj", "11.222.333/0001-81", "11222333000181"),
        ("cnpj", "12.ABC.345/01DE-35", "12ABC34501DE35"),  # alphanumeric CNPJ (Receita Federal, 2026)
        ("nif", "123 456 789", "123456789"),
        ("nif", "PT501964843", "501964843"),
    ],
)
def test_valid_numbers_are_stored_bare(kind, typed, stored) -> None:  # type: ignore[no-untyped-def]
    assert normalise_document(kind, typed) == stored


@pytest.mark.parametrize(
    ("kind", "typed"),
    [
        ("cpf", "529.982.247-26"),  # wrong check digit
        ("cpf", "111.111.111-11"),  # repeated digits pass the arithmetic but are not issued
        ("cpf", "2998224725"),  # a digit missing
        ("cnpj", "11.222.333/0001-82"),
        ("cnpj", "00.000.000/0000-00"),
        ("nif", "123456780"),
        ("nif", "12345678"),
        ("nif", "412345678"),  # no NIF starts with 4 (except 45)
    ],
)
def test_invalid_numbers_are_refused(kind, typed) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError):
        normalise_document(kind, typed)


def test_nif_check_digit_is_mod_11_over_weights_9_to_2() -> None:
    # 5 0 1 9 6 4 8 4: 45+0+7+54+30+16+24+8 = 184; 184 mod 11 = 8; 11 - 8 = 3.
    assert nif_is_valid("501964843")
    # A remainder of 0 or 1 gives check digit 0: 1 0 0 0 0 0 0 1 -> 9+2 = 11, remainder 0.
    assert nif_is_valid("100000010")
    assert all(not nif_is_valid(f"50196484{digit}") for digit in "012456789")
