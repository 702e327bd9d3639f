"""The bot's reply parts as WhatsApp Cloud API message objects (without "to").

WhatsApp's limits (Cloud API reference): text 4096 characters; interactive body 1024; at most 3
reply buttons, titles ≤ 20, ids ≤ 256; lists up to 10 rows, row titles ≤ 24, descriptions ≤ 72,
ids ≤ 200, the list's button ≤ 20, section titles ≤ 24. Nothing here is sent to WhatsApp without
fitting them, so Meta never rejects a reply for its shape.
"""

from typing import Any

from api.channels.catalog import Catalog
from api.channels.formatting import as_plain_text, split_text
from api.channels.mapping import (
    CitationsPart,
    ImagePart,
    LocationRequestPart,
    PlacesPart,
    ReplyPart,
    TextPart,
    citation_links,
    place_lines,
)
from api.channels.payloads import PayloadCodec

__all__ = ["WhatsAppRenderer"]

TEXT_LIMIT = 4096
BODY_LIMIT = 1024
MAX_BUTTONS = 3
BUTTON_TITLE_LIMIT = 20
BUTTON_ID_LIMIT = 256
MAX_ROWS = 10
ROW_TITLE_LIMIT = 24
ROW_DESCRIPTION_LIMIT = 72
ROW_ID_LIMIT = 200
LIST_BUTTON_LIMIT = 20
SECTION_TITLE_LIMIT = 24


def fit(text: str, limit: int) -> str:
    """`text` within `limit` characters, marked with an ellipsis when cut."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _unique(titles: list[str], limit: int) -> list[str]:
    # WhatsApp refuses two reply buttons with the same title; cutting can make them equal.
    seen: dict[str, int] = {}
    result = []
    for title in titles:
        candidate = title
        while candidate in seen:
            seen[title] += 1
            suffix = f" {seen[title]}"
            candidate = fit(title, limit - len(suffix)) + suffix
        seen.setdefault(title, 1)
        seen.setdefault(candidate, 1)
        result.append(candidate)
    return result


def _text(body: str) -> dict[str, Any]:
    return {"type": "text", "text": {"body": body, "preview_url": False}}


class WhatsAppRenderer:
    def __init__(self, *, catalog: Catalog, codec: PayloadCodec, public_base_url: str) -> None:
        self.catalog = catalog
        self.codec = codec
        self.base_url = public_base_url

    def texts(self, text: str) -> list[dict[str, Any]]:
        return [_text(chunk) for chunk in split_text(as_plain_text(text, self.base_url), TEXT_LIMIT)]

    def render(self, parts: list[ReplyPart], language: str) -> list[dict[str, Any]]:
        messages: list[dict[str, Any]] = []
        for index, part in enumerate(parts):
            following = parts[index + 1] if index + 1 < len(parts) else None
            if isinstance(part, TextPart):
                body = as_plain_text(part.text, self.base_url)
                if not part.buttons and isinstance(following, LocationRequestPart) and 0 < len(body) <= BODY_LIMIT:
                    continue  # the bot's question becomes the body of the location request below
                messages.extend(self._text_part(part, language))
            elif isinstance(part, ImagePart):
                messages.append({"type": "image", "image": {"link": part.url}})
            elif isinstance(part, PlacesPart):
                messages.extend(self._places(part, language))
            elif isinstance(part, CitationsPart):
                messages.extend(self._citations(part, language))
            elif isinstance(part, LocationRequestPart):
                previous = parts[index - 1] if index > 0 else None
                body = self.catalog.text("common.location_prompt", language)
                if isinstance(previous, TextPart) and not previous.buttons:
                    previous_body = as_plain_text(previous.text, self.base_url)
                    if 0 < len(previous_body) <= BODY_LIMIT:
                        body = previous_body
                messages.append({
                    "type": "interactive",
                    "interactive": {"type": "location_request_message", "body": {"text": body},
                                    "action": {"name": "send_location"}},
                })
        return messages

    def _text_part(self, part: TextPart, language: str) -> list[dict[str, Any]]:
        body = as_plain_text(part.text, self.base_url).strip()
        if not part.buttons:
            return self.texts(part.text)
        messages: list[dict[str, Any]] = []
        if not body or len(body) > BODY_LIMIT:
            # Too long for an interactive body: the text goes first, the choice after it.
            messages.extend(self.texts(part.text))
            body = self.catalog.text("common.choose_option", language)
        if len(part.buttons) <= MAX_BUTTONS:
            titles = _unique([fit(b.title, BUTTON_TITLE_LIMIT) for b in part.buttons], BUTTON_TITLE_LIMIT)
            buttons = [
                {"type": "reply", "reply": {"id": self.codec.encode(b.payload, BUTTON_ID_LIMIT), "title": title}}
                for b, title in zip(part.buttons, titles, strict=True)
            ]
            messages.append({"type": "interactive", "interactive": {"type": "button", "body": {"text": body}, "action": {"buttons": buttons}}})
            return messages
        for start in range(0, len(part.buttons), MAX_ROWS):
            batch = part.buttons[start : start + MAX_ROWS]
            titles = _unique([fit(b.title, ROW_TITLE_LIMIT) for b in batch], ROW_TITLE_LIMIT)
            rows = []
            for button, title in zip(batch, titles, strict=True):
                row = {"id": self.codec.encode(button.payload, ROW_ID_LIMIT), "title": title}
                if title != button.title:
                    row["description"] = fit(button.title, ROW_DESCRIPTION_LIMIT)
                rows.append(row)
            section = {"title": fit(self.catalog.text("whatsapp.options_section", language), SECTION_TITLE_LIMIT), "rows": rows}
            action = {"button": fit(self.catalog.text("whatsapp.options_button", language), LIST_BUTTON_LIMIT), "sections": [section]}
            messages.append({"type": "interactive", "interactive": {"type": "list", "body": {"text": body}, "action": action}})
        return messages

    def _places(self, part: PlacesPart, language: str) -> list[dict[str, Any]]:
        lines = [self.catalog.text("common.places_heading", language)]
        see_on_map = self.catalog.text("common.place_map_link", language)
        ordered = place_lines(part.places, language, self.catalog)
        lines += [f"{line.text}\n{see_on_map}: {line.map_url}" for line in ordered]
        messages = [_text(chunk) for chunk in split_text("\n\n".join(lines), TEXT_LIMIT)]
        # The nearest point also as a pin, which opens the phone's maps app directly.
        nearest = sorted(part.places, key=lambda p: (p.distance_m is None, p.distance_m or 0.0))[0]
        pin: dict[str, Any] = {"latitude": nearest.latitude, "longitude": nearest.longitude, "name": nearest.name}
        if nearest.area:
            pin["address"] = nearest.area
        messages.append({"type": "location", "location": pin})
        return messages

    def _citations(self, part: CitationsPart, language: str) -> list[dict[str, Any]]:
        lines = [self.catalog.text("common.citations_heading", language)]
        for label, url in citation_links(part.citations, self.base_url):
            lines.append(f"• {label}: {url}" if url else f"• {label}")
        return [_text(chunk) for chunk in split_text("\n".join(lines), TEXT_LIMIT)]
