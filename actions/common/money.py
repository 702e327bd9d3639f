"""Amounts in the law's own unit, written the way each language writes numbers (babel)."""

from decimal import Decimal

from babel import Locale
from babel.numbers import format_currency, format_decimal

__all__ = ["format_amount"]

_LOCALES = {"pt-BR": "pt_BR", "pt-PT": "pt_PT", "en": "en_GB", "es": "es"}
# Spanish CLDR writes the real "BRL" code; the law quoted under the answer writes "R$", so the Spanish
# reader sees the symbol the law uses ("1.300,50 R$").
_SYMBOLS = {("es", "BRL"): "R$"}
# Real currencies are printed as money; legal units of account (UFM, UFIB, UR…) keep their name,
# because their value in reais is set by another law and changes every year.
_CURRENCIES = {"BRL": "BRL", "EUR": "EUR"}
# Currencies whose law writes whole amounts without cents when the data does too (Brazilian laws write
# "R$ 300,00": reais keep their cents).
_WHOLE = frozenset({"EUR"})


def format_amount(value: Decimal, unit: str, language: str) -> str:
    locale = _LOCALES.get(language, "pt_BR")
    if unit in _WHOLE and isinstance(value, Decimal) and value == value.to_integral_value() and value.as_tuple().exponent >= 0:
        # the RAMT writes whole euros ("(euro) 60", "(euro) 250"): "60 €", not "60,00 €"
        pattern = Locale.parse(locale).currency_formats["standard"].pattern.replace(".00", "")
        return format_currency(value, _CURRENCIES[unit], locale=locale, format=pattern, currency_digits=False)
    if unit in _CURRENCIES:
        shown = format_currency(value, _CURRENCIES[unit], locale=locale)
        symbol = _SYMBOLS.get((language, unit))
        return shown.replace(_CURRENCIES[unit], symbol) if symbol else shown
    # Keep the precision the data (and the law) wrote: 30.00 UFM stays "30,00", 2500 UFIB stays "2.500".
    decimals = max(0, -value.as_tuple().exponent) if isinstance(value, Decimal) else 2
    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    number = format_decimal(value, format=pattern, locale=locale)
    # (a share of another fee — "50% da taxa" — is written as the law writes it, without a space)
    return f"{number}%" if unit == "%" else f"{number}\u00a0{unit}"
