"""What Rasa's REST channel answers, as typed models, and the payloads channels send back to it.

Rasa returns a list of messages, each with some of: text, buttons, image, custom. The custom
payloads our bot sends are `places` (GeoJSON of licensed points), `citations` and
`request_location`; anything else is kept in `custom` and ignored by the channels.
"""

import json
import logging
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

__all__ = [
    "SET_LANGUAGE",
    "SHARE_LOCATION",
    "BotMessage",
    "Button",
    "Citation",
    "Place",
    "language_in_payload",
    "set_language_payload",
    "share_location_payload",
]

log = logging.getLogger(__name__)


class Button(BaseModel):
    model_config = ConfigDict(extra="ignore")

    title: str
    # A Rasa intent string (`/choose_municipality{"municipality":"br-sp-bertioga"}`) or plain text.
    payload: str


class Citation(BaseModel):
    model_config = ConfigDict(extra="ignore")

    unit_id: str
    label: str
    # Usually relative (`/norms/<unit id>`): channels make it absolute with the public base URL.
    url: str


class Place(BaseModel):
    """One licensed point of a `places` FeatureCollection."""

    name: str
    latitude: float
    longitude: float
    area: str | None = None
    radius_m: float | None = None
    distance_m: float | None = None


class BotMessage(BaseModel):
    model_config = ConfigDict(extra="ignore")

    recipient_id: str | None = None
    text: str | None = None
    buttons: list[Button] = Field(default_factory=list)
    image: str | None = None
    custom: dict[str, Any] | None = None

    @property
    def places(self) -> list[Place]:
        collection = (self.custom or {}).get("places")
        if not isinstance(collection, dict):
            return []
        places = []
        for feature in collection.get("features") or []:
            place = _place_from_feature(feature)
            if place is not None:
                places.append(place)
        return places

    @property
    def citations(self) -> list[Citation]:
        raw = (self.custom or {}).get("citations")
        if not isinstance(raw, list):
            return []
        citations = []
        for item in raw:
            try:
                citations.append(Citation.model_validate(item))
            except ValidationError:
                log.warning("ignoring a malformed citation from the bot: %r", item)
        return citations

    @property
    def requests_location(self) -> bool:
        return bool((self.custom or {}).get("request_location"))


def _place_from_feature(feature: Any) -> Place | None:
    """A Point feature as a Place; polygons and lines are placed at the mean of their vertices."""
    try:
        geometry = feature["geometry"]
        properties = feature.get("properties") or {}
        points = list(_positions(geometry["coordinates"]))
        longitude = sum(p[0] for p in points) / len(points)
        latitude = sum(p[1] for p in points) / len(points)
        return Place(
            name=str(properties.get("name") or "?"),
            latitude=latitude,
            longitude=longitude,
            area=properties.get("area"),
            radius_m=properties.get("radius_m"),
            distance_m=properties.get("distance_m"),
        )
    except (KeyError, TypeError, ValueError, ZeroDivisionError, ValidationError):
        log.warning("ignoring a malformed place feature from the bot: %r", feature)
        return None


def _positions(coordinates: Any):
    if isinstance(coordinates, (list, tuple)) and coordinates and isinstance(coordinates[0], (int, float)):
        yield float(coordinates[0]), float(coordinates[1])
        return
    for part in coordinates:
        yield from _positions(part)


SHARE_LOCATION = "/share_location"
SET_LANGUAGE = "/set_language"


def share_location_payload(latitude: float, longitude: float) -> str:
    """The message that tells the bot where the citizen is."""
    return SHARE_LOCATION + json.dumps({"latitude": latitude, "longitude": longitude})


def set_language_payload(language: str) -> str:
    return SET_LANGUAGE + json.dumps({"language": language})


def language_in_payload(message: str) -> str | None:
    """The language a `/set_language{...}` message chooses, or None for any other message."""
    if not message.startswith(SET_LANGUAGE + "{"):
        return None
    try:
        value = json.loads(message[len(SET_LANGUAGE):]).get("language")
    except (ValueError, AttributeError):
        return None
    from api.channels.catalog import normalize_language  # catalog does not import us; keep it so

    return normalize_language(value) if isinstance(value, str) else None
