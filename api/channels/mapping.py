"""The bot's messages as channel-neutral reply parts, and the texts every channel shows for them.

Rasa's REST output is a flat list; a channel renders it part by part: text (with its quick-reply
buttons), image, licensed places, citations, a request for the citizen's location. Telegram and
WhatsApp both show places and citations as text, built here once from the message catalog.
"""

from dataclasses import dataclass, field

from api.channels.bot_messages import SHARE_LOCATION, BotMessage, Button, Citation, Place
from api.channels.catalog import Catalog
from api.channels.formatting import absolute_url, format_distance, format_metres

__all__ = [
    "CitationsPart",
    "ImagePart",
    "LocationRequestPart",
    "PlaceLine",
    "PlacesPart",
    "ReplyPart",
    "TextPart",
    "citation_links",
    "is_location_button",
    "map_url",
    "place_lines",
    "reply_parts",
]


@dataclass(frozen=True)
class TextPart:
    text: str
    buttons: list[Button] = field(default_factory=list)


@dataclass(frozen=True)
class ImagePart:
    url: str


@dataclass(frozen=True)
class PlacesPart:
    places: list[Place]


@dataclass(frozen=True)
class CitationsPart:
    citations: list[Citation]


@dataclass(frozen=True)
class LocationRequestPart:
    pass


ReplyPart = TextPart | ImagePart | PlacesPart | CitationsPart | LocationRequestPart


def is_location_button(button: Button) -> bool:
    """A quick reply that stands for "share my location": no channel can send it as it is."""
    return button.payload.strip() == SHARE_LOCATION


def reply_parts(messages: list[BotMessage]) -> list[ReplyPart]:
    """The reply as parts; a "share my location" button becomes each channel's location request.

    The sources of a turn are one list, after the last message that cites something: an answer and the
    article quoted beside it make one reply, not two replies each closed by its own sources."""
    parts: list[ReplyPart] = []
    asks_location = False
    citations: dict[str, Citation] = {}
    for message in messages:
        for citation in message.citations:
            citations.setdefault(citation.unit_id, citation)
    last_citing = max((i for i, m in enumerate(messages) if m.citations), default=None)
    for index, message in enumerate(messages):
        buttons = [b for b in message.buttons if not is_location_button(b)]
        if message.text or buttons:
            parts.append(TextPart(text=message.text or "", buttons=buttons))
        if message.image:
            parts.append(ImagePart(url=message.image))
        if message.places:
            parts.append(PlacesPart(places=message.places))
        if index == last_citing:
            parts.append(CitationsPart(citations=list(citations.values())))
        wants_location = message.requests_location or len(buttons) < len(message.buttons)
        if wants_location and not asks_location:
            parts.append(LocationRequestPart())
            asks_location = True
    return parts


@dataclass(frozen=True)
class PlaceLine:
    text: str
    map_url: str


def map_url(place: Place) -> str:
    return (
        f"https://www.openstreetmap.org/?mlat={place.latitude:.6f}&mlon={place.longitude:.6f}"
        f"#map=18/{place.latitude:.6f}/{place.longitude:.6f}"
    )


def place_lines(places: list[Place], language: str, catalog: Catalog) -> list[PlaceLine]:
    """One line per licensed point, nearest first when the bot gave distances."""
    ordered = sorted(places, key=lambda p: (p.distance_m is None, p.distance_m or 0.0))
    lines = []
    for number, place in enumerate(ordered, start=1):
        text = catalog.text("common.place_line", language, number=number, name=place.name, area=place.area or "—")
        details = []
        if place.distance_m is not None:
            details.append(catalog.text("common.place_distance", language, distance=format_distance(place.distance_m, language)))
        if place.radius_m is not None:
            details.append(catalog.text("common.place_radius", language, radius=format_metres(place.radius_m, language)))
        if details:
            text = f"{text} ({', '.join(details)})"
        lines.append(PlaceLine(text=text, map_url=map_url(place)))
    return lines


def citation_links(citations: list[Citation], base_url: str) -> list[tuple[str, str | None]]:
    """(label, absolute URL or None) per citation."""
    return [(c.label, absolute_url(c.url, base_url)) for c in citations]
