"""The bot's text as each channel can show it.

The bot writes plain text with markdown-ish links `[label](url)` and bare URLs; citation links are
often relative (`/norms/<unit id>`). Telegram gets HTML with <a> tags, WhatsApp plain text with
the URL spelled out, both with absolute URLs. Long texts are split between paragraphs, lines or
words, never inside a link.
"""

import html
import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from urllib.parse import urlsplit

from babel.numbers import format_decimal

__all__ = [
    "Link",
    "absolute_url",
    "as_plain_text",
    "as_telegram_html",
    "format_distance",
    "format_metres",
    "segments",
    "split_text",
]

_LINK = re.compile(
    r"\[(?P<label>[^\]\n]+)\]\((?P<url>[^)\s]+)\)"
    # A bare URL ends before trailing punctuation that belongs to the sentence.
    r"|(?P<bare>https?://[^\s<>()\[\]]*[^\s<>()\[\].,;:!?'\"])"
)
_BABEL_LOCALE = {"pt-BR": "pt_BR", "pt-PT": "pt_PT", "en": "en", "es": "es"}


@dataclass(frozen=True)
class Link:
    label: str
    url: str


def segments(text: str) -> list[str | Link]:
    """`text` cut into plain strings and links, in order."""
    parts: list[str | Link] = []
    position = 0
    for match in _LINK.finditer(text):
        if match.start() > position:
            parts.append(text[position : match.start()])
        if match.group("bare"):
            parts.append(Link(label=match.group("bare"), url=match.group("bare")))
        else:
            parts.append(Link(label=match.group("label"), url=match.group("url")))
        position = match.end()
    if position < len(text):
        parts.append(text[position:])
    return parts


def absolute_url(url: str, base_url: str) -> str | None:
    """An http(s) URL for `url` (relative ones resolved on our public base); None if unsafe."""
    if url.startswith("/") and not url.startswith("//"):
        return base_url.rstrip("/") + url
    if urlsplit(url).scheme in ("http", "https"):
        return url
    return None  # javascript:, data:, mailto: ... are shown as their label only


def as_plain_text(text: str, base_url: str) -> str:
    out = []
    for part in segments(text):
        if isinstance(part, str):
            out.append(part)
            continue
        url = absolute_url(part.url, base_url)
        if url is None:
            out.append(part.label)
        elif part.label in (part.url, url):
            out.append(url)
        else:
            out.append(f"{part.label} ({url})")
    return "".join(out)


def as_telegram_html(text: str, base_url: str) -> str:
    out = []
    for part in segments(text):
        if isinstance(part, str):
            out.append(html.escape(part, quote=False))
            continue
        url = absolute_url(part.url, base_url)
        if url is None:
            out.append(html.escape(part.label, quote=False))
        else:
            label = url if part.label == part.url else part.label
            out.append(f'<a href="{html.escape(url, quote=True)}">{html.escape(label, quote=False)}</a>')
    return "".join(out)


def split_text(text: str, limit: int, measure: Callable[[str], int] = len) -> list[str]:
    """Chunks of `text` each measuring at most `limit`, cut at the widest boundary that fits."""
    text = text.strip()
    if not text:
        return []
    if measure(text) <= limit:
        return [text]
    for separator in ("\n\n", "\n"):
        pieces = text.split(separator)
        if len(pieces) > 1:
            return _pack(pieces, separator, limit, measure)
    return _pack(_words(text), " ", limit, measure)


def _pack(pieces: list[str], separator: str, limit: int, measure: Callable[[str], int]) -> list[str]:
    chunks: list[str] = []
    current = ""
    for piece in pieces:
        candidate = f"{current}{separator}{piece}" if current else piece
        if measure(candidate.strip()) <= limit:
            current = candidate
            continue
        if current.strip():
            chunks.append(current.strip())
        if measure(piece.strip()) <= limit:
            current = piece
        else:
            # One paragraph (or line, or word) is itself too long: cut it finer.
            finer = split_text(piece, limit, measure) if separator != " " else _hard_cut(piece, limit, measure)
            chunks.extend(finer[:-1])
            current = finer[-1] if finer else ""
    if current.strip():
        chunks.append(current.strip())
    return chunks


def _words(text: str) -> list[str]:
    """Words, with each link kept whole even when its label has spaces."""
    link_spans = [m.span() for m in _LINK.finditer(text)]
    words, start = [], 0
    for match in re.finditer(r" +", text):
        if any(a < match.start() < b for a, b in link_spans):
            continue
        words.append(text[start : match.start()])
        start = match.end()
    words.append(text[start:])
    return [w for w in words if w]


def _hard_cut(piece: str, limit: int, measure: Callable[[str], int]) -> list[str]:
    chunks, current = [], ""
    for char in piece:
        if current and measure(current + char) > limit:
            chunks.append(current)
            current = ""
        current += char
    if current:
        chunks.append(current)
    return chunks


def format_distance(meters: float, language: str) -> str:
    """A measured distance to a point, by the chat's one rule (actions/common/distance.py, widget.js;
    tests/test_distance_format.py holds them to one table): under 1 km metres to 10 m ("610 m"),
    else km with one decimal ("1,4 km" / "1.4 km"), in the citizen's number format."""
    locale = _BABEL_LOCALE.get(language, "pt_BR")
    tens = (Decimal(str(max(meters, 0.0))) / 10).quantize(Decimal(1), rounding=ROUND_HALF_UP) * 10
    if tens < 1000:
        return f"{format_decimal(tens, format='#,##0', locale=locale)}\u00a0m"
    km = (Decimal(str(meters)) / 1000).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    return f"{format_decimal(km, format='#,##0.0', locale=locale)}\u00a0km"


def format_metres(value: float, language: str) -> str:
    """A length the law states (a point's radius), as stated: "20 m", never rounded like a distance."""
    number = Decimal(str(value))
    decimals = 0 if number == number.to_integral_value() else max(0, -number.normalize().as_tuple().exponent)
    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return f"{format_decimal(number, format=pattern, locale=_BABEL_LOCALE.get(language, 'pt_BR'))}\u00a0m"
