"""How far a licensed point is, written one way wherever the chat says it (issue 14: "1409 m" stood
beside "1,4 km").

The rule, the same in the API's channels (api/channels/formatting.py) and the widget (widget.js
formatDistance), checked against one table by tests/test_distance_format.py:

- under 1 km: metres rounded to 10 m ("610 m", "0 m" when standing on the point) — a phone's position
  is good to about 10 m, so "1409 m" claimed a precision nobody has;
- from 1 km: kilometres with one decimal ("1,4 km", "1.4 km" in English, "1,0 km" for 995 m);
- in the reader's number format (Babel), a no-break space before the unit so a line never ends on the
  figure.

A figure of the law (a point's 20 m radius, a 1,50 m gap between tents) is not a measured distance: it
is written as the law writes it (`format_metres`), never rounded.

    >>> format_distance(1409, "pt-BR"), format_distance(1409, "en"), format_distance(611.2, "pt-PT")
    ('1,4\\xa0km', '1.4\\xa0km', '610\\xa0m')
"""

from decimal import ROUND_HALF_UP, Decimal

from babel.numbers import format_decimal

__all__ = ["format_distance", "format_metres"]

_LOCALES = {"pt-BR": "pt_BR", "pt-PT": "pt_PT", "en": "en_GB", "es": "es"}


def format_distance(metres: float, language: str) -> str:
    """A measured distance to a point: "610 m" under 1 km (to 10 m), else "1,4 km" (one decimal)."""
    locale = _LOCALES.get(language, "pt_BR")
    tens = (Decimal(str(max(metres, 0.0))) / 10).quantize(Decimal(1), rounding=ROUND_HALF_UP) * 10
    if tens < 1000:
        return f"{format_decimal(tens, format='#,##0', locale=locale)}\u00a0m"
    km = (Decimal(str(metres)) / 1000).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    return f"{format_decimal(km, format='#,##0.0', locale=locale)}\u00a0km"


def format_metres(value: float | Decimal, language: str) -> str:
    """A length the law states, as it states it: "20 m", "1,5 m"."""
    number = Decimal(str(value))
    decimals = 0 if number == number.to_integral_value() else max(0, -number.as_tuple().exponent)
    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return f"{format_decimal(number, format=pattern, locale=_LOCALES.get(language, 'pt_BR'))}\u00a0m"
