"""Reading single answers of the pre-application: documents, contact, dates, numbers, words."""

from datetime import date
from decimal import Decimal

import pytest

from actions.permits.answers import (
    Invalid,
    has_word,
    parse_date,
    parse_decimal,
    parse_document,
    parse_email,
    parse_int,
    parse_name,
    parse_phone,
    working_days_between,
)

TODAY = date(2026, 12, 2)  # a Wednesday


@pytest.mark.parametrize("typed", ["529.982.247-25", "52998224725", " 529 982 247 25 "])
def test_a_valid_cpf_is_kept_bare(typed):
    assert parse_document(typed, ("cpf",)) == ("cpf", "52998224725")


@pytest.mark.parametrize("typed", ["123.456.789-00", "529.982.247-26", "5299822472", "111.111.111-11"])
def test_a_cpf_with_wrong_check_digits_or_length_is_refused_as_cpf(typed):
    assert parse_document(typed, ("cpf",)) == Invalid("cpf")


def test_cpf_or_cnpj_is_told_apart_by_length_when_the_person_type_is_not_asked():
    assert parse_document("11.222.333/0001-81", ("cpf", "cnpj")) == ("cnpj", "11222333000181")
    assert parse_document("529.982.247-25", ("cpf", "cnpj")) == ("cpf", "52998224725")
    assert parse_document("12345", ("cpf", "cnpj")) == Invalid("cpf_or_cnpj")
    assert parse_document("11.222.333/0001-82", ("cpf", "cnpj")) == Invalid("cnpj")


def test_portuguese_nif_check_digit():
    assert parse_document("PT 501 964 843", ("nif",)) == ("nif", "501964843")
    assert parse_document("501964844", ("nif",)) == Invalid("nif")


def test_phones_get_the_country_code_of_the_jurisdiction():
    assert parse_phone("(41) 99999-1234", "br-pr-pontal-do-parana") == "+5541999991234"
    assert parse_phone("041 3455-1234", "br-pr-pontal-do-parana") == "+554134551234"
    assert parse_phone("+55 13 99999-0000", "br-sp-bertioga") == "+5513999990000"
    assert parse_phone("912 345 678", "pt") == "+351912345678"
    assert parse_phone("1234", "br-sp-bertioga") == Invalid("phone")
    assert parse_phone("maria@example.com", "br-sp-bertioga") == Invalid("phone")


def test_email_inside_a_sentence():
    assert parse_email("meu e-mail é Maria.Souza@Example.com.") == "Maria.Souza@example.com"
    assert parse_email("maria arroba gmail") == Invalid("email")
    assert parse_email("maria@") == Invalid("email")


def test_names():
    assert parse_name("  Maria   Aparecida Souza ") == "Maria Aparecida Souza"
    assert parse_name("Maria") == Invalid("name_full")
    assert parse_name("529.982.247-25") == Invalid("name")
    assert parse_name("Surf Bertioga Ltda", company=True) == "Surf Bertioga Ltda"


@pytest.mark.parametrize(("typed", "expected"), [
    ("15/12/2026", date(2026, 12, 15)),
    ("15/12/26", date(2026, 12, 15)),
    ("2027-03-31", date(2027, 3, 31)),
    ("1º de dezembro de 2026", date(2026, 12, 1)),
    ("31 de março", date(2027, 3, 31)),       # no year: the next 31 March
    ("1/12", date(2027, 12, 1)),               # 1 December 2026 has passed on the 2nd
    ("December 20, 2026", date(2026, 12, 20)),
    ("20 Jan 2027", date(2027, 1, 20)),
    ("hoje", TODAY),
    ("amanhã", date(2026, 12, 3)),
])
def test_dates_as_citizens_write_them(typed, expected):
    assert parse_date(typed, TODAY) == expected


@pytest.mark.parametrize("typed", ["31/02/2027", "semana que vem", "12 m2"])
def test_not_a_date(typed):
    assert parse_date(typed, TODAY) == Invalid("date")


def test_numbers():
    assert parse_decimal("12,5 m²") == Decimal("12.5")
    assert parse_decimal("1.250,50") == Decimal("1250.50")
    assert parse_decimal("0") == Invalid("number")
    assert parse_int("65 anos") == 65
    assert parse_int("1,5") == Invalid("whole_number")


def test_working_days_skip_weekends():
    # From Wednesday 2 Dec: Thu 3, Fri 4, Mon 7 are the working days before Tuesday 8 Dec.
    assert working_days_between(TODAY, date(2026, 12, 8)) == 3
    assert working_days_between(TODAY, date(2026, 12, 17)) == 10


def test_words_of_every_language_are_understood():
    assert has_word("pode pular", "skip")
    assert has_word("Skip", "skip")
    assert has_word("quero cancelar isso", "cancel")
    assert not has_word("cancelado?", "cancel")
    assert has_word("I agree", "yes")
