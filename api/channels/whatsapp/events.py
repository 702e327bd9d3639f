"""WhatsApp Cloud API webhook events (field "messages"): inbound messages and status updates.

Shape (Meta's documentation): {"object": "whatsapp_business_account", "entry": [{"id": WABA id,
"changes": [{"field": "messages", "value": {"messaging_product": "whatsapp", "metadata": {...},
"contacts": [...], "messages": [...] | "statuses": [...]}}]}]}. Unknown fields are ignored, so
new Meta fields do not break the bridge.
"""

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["Inbound", "StatusUpdate", "WebhookEvent", "inbound_messages", "status_updates"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="ignore", populate_by_name=True)


class _Text(_Model):
    body: str = ""


class _Reply(_Model):
    id: str
    title: str = ""
    description: str | None = None


class _Interactive(_Model):
    type: str
    button_reply: _Reply | None = None
    list_reply: _Reply | None = None


class _Location(_Model):
    latitude: float
    longitude: float
    name: str | None = None
    address: str | None = None


class _TemplateButton(_Model):
    # A quick-reply button of a template message (e.g. our status notification).
    payload: str | None = None
    text: str | None = None


class _Context(_Model):
    # Set when the citizen used "reply" on one of our messages: that message's wamid.
    id: str | None = None


class _Message(_Model):
    sender: str = Field(alias="from")
    id: str
    timestamp: str
    type: str
    text: _Text | None = None
    interactive: _Interactive | None = None
    location: _Location | None = None
    button: _TemplateButton | None = None
    context: _Context | None = None


class _Status(_Model):
    id: str
    status: str
    timestamp: str | None = None
    recipient_id: str | None = None
    errors: list[dict[str, Any]] = Field(default_factory=list)


class _Metadata(_Model):
    display_phone_number: str | None = None
    phone_number_id: str | None = None


class _Value(_Model):
    messaging_product: str | None = None
    metadata: _Metadata = Field(default_factory=_Metadata)
    messages: list[_Message] = Field(default_factory=list)
    statuses: list[_Status] = Field(default_factory=list)


class _Change(_Model):
    field: str
    value: dict[str, Any] = Field(default_factory=dict)


class _Entry(_Model):
    id: str | None = None
    changes: list[_Change] = Field(default_factory=list)


class WebhookEvent(_Model):
    object: str
    entry: list[_Entry] = Field(default_factory=list)

    def values(self) -> list[_Value]:
        return [
            _Value.model_validate(change.value)
            for entry in self.entry
            for change in entry.changes
            if change.field == "messages"
        ]


@dataclass(frozen=True)
class Inbound:
    """One citizen message, reduced to what the bot can take."""

    wa_id: str
    message_id: str
    sent_at: datetime
    kind: Literal["text", "reply", "location", "unsupported"]
    text: str | None = None  # text body, or the reply's id (our encoded payload)
    title: str | None = None  # a reply's visible title
    latitude: float | None = None
    longitude: float | None = None
    reply_to: str | None = None  # the wamid of our message the citizen replied to


@dataclass(frozen=True)
class StatusUpdate:
    message_id: str
    status: str
    recipient_id: str | None
    errors: list[dict[str, Any]]


def _timestamp(value: str) -> datetime:
    try:
        return datetime.fromtimestamp(int(value), tz=UTC)
    except (TypeError, ValueError):
        return datetime.now(tz=UTC)


def _inbound(message: _Message) -> Inbound:
    base = {"wa_id": message.sender, "message_id": message.id, "sent_at": _timestamp(message.timestamp),
            "reply_to": message.context.id if message.context else None}
    if message.type == "text" and message.text is not None and message.text.body.strip():
        return Inbound(kind="text", text=message.text.body, **base)
    if message.type == "interactive" and message.interactive is not None:
        reply = message.interactive.button_reply or message.interactive.list_reply
        if reply is not None:
            return Inbound(kind="reply", text=reply.id, title=reply.title, **base)
    if message.type == "button" and message.button is not None and (message.button.payload or message.button.text):
        return Inbound(kind="text", text=message.button.payload or message.button.text, **base)
    if message.type == "location" and message.location is not None:
        return Inbound(kind="location", latitude=message.location.latitude, longitude=message.location.longitude, **base)
    return Inbound(kind="unsupported", **base)


def inbound_messages(event: WebhookEvent) -> list[Inbound]:
    return [_inbound(m) for value in event.values() for m in value.messages]


def status_updates(event: WebhookEvent) -> list[StatusUpdate]:
    return [
        StatusUpdate(message_id=s.id, status=s.status, recipient_id=s.recipient_id, errors=s.errors)
        for value in event.values()
        for s in value.statuses
    ]
