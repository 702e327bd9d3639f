"""Small charts as inline SVG, drawn on the server (no script, no CDN): horizontal bars for counts
per norm/topic, and stacked columns for feedback per day. Each chart carries a <title> and a text
alternative (the same figures are in the tables beside it)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from html import escape

__all__ = ["bars", "daily_columns"]

_UP, _DOWN, _ASKED, _BAR = "#2e7d32", "#c62828", "#90a4ae", "#0b4f6c"


def bars(items: Sequence[tuple[str, int]], *, title: str, width: int = 560) -> str:
    """One horizontal bar per (label, count), longest first as given."""
    if not items:
        return ""
    row, label_w = 26, 230
    height = row * len(items) + 10
    top = max(count for _, count in items) or 1
    parts = [f'<svg class="chart" role="img" aria-label="{escape(title)}" viewBox="0 0 {width} {height}" '
             f'width="100%" preserveAspectRatio="xMinYMin meet" xmlns="http://www.w3.org/2000/svg">'
             f"<title>{escape(title)}</title>"]
    for index, (label, count) in enumerate(items):
        y = 5 + index * row
        length = round((width - label_w - 50) * count / top)
        parts.append(f'<text x="{label_w - 8}" y="{y + 17}" text-anchor="end" font-size="13">{escape(label[:34])}</text>'
                     f'<rect x="{label_w}" y="{y + 4}" width="{max(length, 1)}" height="{row - 8}" fill="{_BAR}"/>'
                     f'<text x="{label_w + length + 6}" y="{y + 17}" font-size="13">{count}</text>')
    parts.append("</svg>")
    return "".join(parts)


def daily_columns(days: Sequence[tuple[date, int, int, int]], *, title: str, legend: tuple[str, str, str],
                  day_label=lambda d: d.strftime("%d/%m"), width: int = 720) -> str:
    """Per day: questions (grey, behind), and 👍 (green) stacked under 👎 (red)."""
    if not days:
        return ""
    height, bottom, left = 220, 30, 34
    top = max(max(asked, up + down) for _, up, down, asked in days) or 1
    step = (width - left - 10) / len(days)
    scale = (height - bottom - 30) / top
    parts = [f'<svg class="chart" role="img" aria-label="{escape(title)}" viewBox="0 0 {width} {height}" '
             f'width="100%" preserveAspectRatio="xMinYMin meet" xmlns="http://www.w3.org/2000/svg">'
             f"<title>{escape(title)}</title>",
             f'<line x1="{left}" y1="{height - bottom}" x2="{width - 5}" y2="{height - bottom}" stroke="#66717d"/>',
             f'<text x="{left - 6}" y="{height - bottom - top * scale + 4:.1f}" text-anchor="end" font-size="11">{top}</text>',
             f'<text x="{left - 6}" y="{height - bottom + 4}" text-anchor="end" font-size="11">0</text>']
    for index, (day, up, down, asked) in enumerate(days):
        x = left + index * step
        w = max(step * 0.7, 1)
        base = height - bottom
        if asked:
            parts.append(f'<rect x="{x:.1f}" y="{base - asked * scale:.1f}" width="{w:.1f}" height="{asked * scale:.1f}" fill="{_ASKED}" opacity="0.45"/>')
        if up:
            parts.append(f'<rect class="up" x="{x + w * 0.2:.1f}" y="{base - up * scale:.1f}" width="{w * 0.6:.1f}" height="{up * scale:.1f}" fill="{_UP}"/>')
        if down:
            parts.append(f'<rect class="down" x="{x + w * 0.2:.1f}" y="{base - (up + down) * scale:.1f}" width="{w * 0.6:.1f}" height="{down * scale:.1f}" fill="{_DOWN}"/>')
        if index % max(1, len(days) // 10) == 0 or index == len(days) - 1:
            parts.append(f'<text x="{x + w / 2:.1f}" y="{height - 12}" text-anchor="middle" font-size="11">{escape(day_label(day))}</text>')
    for i, (label, color) in enumerate(zip(legend, (_ASKED, _UP, _DOWN))):
        parts.append(f'<rect x="{left + i * 190}" y="4" width="12" height="12" fill="{color}"/>'
                     f'<text x="{left + i * 190 + 18}" y="15" font-size="12">{escape(label)}</text>')
    parts.append("</svg>")
    return "".join(parts)
