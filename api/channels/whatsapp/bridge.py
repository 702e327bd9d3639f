"""WhatsApp bridge: webhook events in, bot turns, Graph API messages out; status notifications.

Handlers only translate; the webhook route verifies the signature and hands the event to
`handle_event` in a background task, so Meta gets its 200 at once.
"""

import asyncio
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from pydantic import ValidationError

from api.channels.bot_messages import language_in_payload, share_location_payload
from api.channels.catalog import DEFAULT_LANGUAGE, Catalog, get_catalog, normalize_language
from api.channels.errors import (
    AssistantUnavailable,
    ChannelNotConfigured,
    GraphAPIError,
    MessageTooLong,
    OutsideServiceWindow,
    RateLimited,
)
from api.channels.mapping import reply_parts
from api.channels.payloads import PayloadCodec
from api.channels.rasa_client import sender_id
from api.channels.relay import ConversationRelay
from api.channels.unavailable import unavailable_text
from api.channels.whatsapp.events import Inbound, WebhookEvent, inbound_messages, status_updates
from api.channels.whatsapp.graph import GraphClient
from api.channels.whatsapp.render import WhatsAppRenderer
from api.channels.whatsapp.store import ContactStore

__all__ = ["SERVICE_WINDOW", "WhatsAppBridge", "language_for_number"]

log = logging.getLogger(__name__)

# Meta's customer-service window: free-form messages only within 24 h of the user's last message.
SERVICE_WINDOW = timedelta(hours=24)
# no "es": the status template is registered in Meta in pt_BR, pt_PT and en only; a Spanish
# conversation gets the pt_BR template until an es one is approved (issue 15)
_TEMPLATE_LANGUAGE = {"pt-BR": "pt_BR", "pt-PT": "pt_PT", "en": "en"}
# 👍/👎 reply buttons under an answer: "#fb:+:<answer id>" / "#fb:-:<answer id>" (issue 14).
_FEEDBACK_REPLY = "#fb:"
_PROMPTS_KEPT = 10_000
# Portugal and the other countries that write European Portuguese.
_EUROPEAN_PORTUGUESE_PREFIXES = ("351", "244", "258", "238", "245", "239", "670")
# Spanish-speaking countries, the summer visitors first (issue 15): Argentina, Uruguay, Paraguay, Chile,
# Bolivia, Peru, Colombia, Venezuela, Ecuador, Mexico, Spain. Only a first guess for the channel's own
# texts: the bot answers each message in the language it is written in.
_SPANISH_PREFIXES = ("54", "598", "595", "56", "591", "51", "57", "58", "593", "52", "34")


def language_for_number(wa_id: str) -> str:
    """A first guess of the citizen's language from the phone number's country code."""
    if wa_id.startswith("55"):
        return "pt-BR"
    if wa_id.startswith(_EUROPEAN_PORTUGUESE_PREFIXES):
        return "pt-PT"
    if wa_id.startswith(_SPANISH_PREFIXES):
        return "es"
    return "en"


def _template_parameter(text: str) -> str:
    # Template variables may not contain new lines, tabs or more than four consecutive spaces.
    return re.sub(r"\s+", " ", text).strip()[:1024]


class WhatsAppBridge:
    def __init__(
        self,
        *,
        relay: ConversationRelay,
        graph: GraphClient | None,
        store: ContactStore,
        public_base_url: str,
        status_template: str | None = None,
        catalog: Catalog | None = None,
        codec: PayloadCodec | None = None,
        clock: Callable[[], datetime] = lambda: datetime.now(tz=UTC),
    ) -> None:
        self.relay = relay
        self._warned_at: dict[str, float] = {}  # wa_id -> when told to slow down
        self.graph = graph
        self.store = store
        self.status_template = status_template
        self.catalog = catalog or get_catalog()
        self.codec = codec or PayloadCodec()
        self.renderer = WhatsAppRenderer(catalog=self.catalog, codec=self.codec, public_base_url=public_base_url)
        self.clock = clock
        # wamid of a "what was wrong?" prompt -> (wa_id, answer id): a reply to it is the comment.
        self._prompts: OrderedDict[str, tuple[str, str]] = OrderedDict()

    def language(self, wa_id: str) -> str:
        return self.store.language(wa_id) or language_for_number(wa_id)

    # ------------------------------------------------------------------ inbound
    async def handle_event(self, payload: dict[str, Any]) -> None:
        """Everything in one webhook delivery; never raises (it runs after the 200 was sent)."""
        try:
            event = WebhookEvent.model_validate(payload)
        except ValidationError:
            log.warning("WhatsApp webhook payload not understood; ignored")
            return
        for status in status_updates(event):
            if status.status == "failed":
                log.warning("WhatsApp message %s to %s failed: %s", status.message_id, status.recipient_id, status.errors)
            else:
                log.debug("WhatsApp message %s is %s", status.message_id, status.status)
        for inbound in inbound_messages(event):
            try:
                await self.handle_message(inbound)
            except Exception:  # one citizen's failure must not drop the others in the same delivery
                log.exception("WhatsApp message %s could not be handled", inbound.message_id)

    async def handle_message(self, inbound: Inbound) -> None:
        # One citizen's messages in the order they came (Meta's deliveries run side by side).
        async with self.relay.one_at_a_time(sender_id("whatsapp", inbound.wa_id)):
            await self._handle_message(inbound)

    async def _handle_message(self, inbound: Inbound) -> None:
        if not self.store.first_delivery(inbound.message_id):
            log.info("WhatsApp message %s was already handled (redelivery)", inbound.message_id)
            return
        self.store.record_inbound(inbound.wa_id, inbound.sent_at)
        language = self.language(inbound.wa_id)
        if inbound.kind == "reply" and (inbound.text or "").startswith(_FEEDBACK_REPLY):
            await self._feedback(inbound.wa_id, (inbound.text or "")[len(_FEEDBACK_REPLY):], language)
            return
        if inbound.kind == "text" and inbound.reply_to in self._prompts and self._prompts[inbound.reply_to][0] == inbound.wa_id:
            await self._feedback_comment(inbound.wa_id, self._prompts.pop(inbound.reply_to)[1], inbound.text or "", language)
            return
        message = self._message_for_bot(inbound)
        if message is None:
            key = "common.unsupported_message" if inbound.kind == "unsupported" else "common.button_expired"
            await self._send_all(inbound.wa_id, self.renderer.texts(self.catalog.text(key, language)))
            return
        chosen = language_in_payload(message)
        if chosen is not None:
            self.store.set_language(inbound.wa_id, chosen)
            language = chosen
        sender = sender_id("whatsapp", inbound.wa_id)
        try:
            answer = await self.relay.ask(sender, message, language=language)
        except AssistantUnavailable:
            text = unavailable_text(language, self.relay.jurisdiction_of(sender), self.catalog)
            await self._send_all(inbound.wa_id, self.renderer.texts(text))
            return
        except MessageTooLong as exc:
            text = self.catalog.text("common.message_too_long", language, limit=exc.limit)
            await self._send_all(inbound.wa_id, self.renderer.texts(text))
            return
        except RateLimited as exc:
            # Told once per flood: every reply is a paid Graph API message.
            last = self._warned_at.get(inbound.wa_id)
            if last is None or time.monotonic() - last > 60:
                self._warned_at[inbound.wa_id] = time.monotonic()
                await self._send_all(inbound.wa_id, self.renderer.texts(self.catalog.text(exc.message_key, language)))
            return
        await self._send_all(inbound.wa_id, self.renderer.render(reply_parts(answer), language))
        answer_id = self.relay.answer_id_of(sender)
        if answer_id is not None:
            await self._send_all(inbound.wa_id, [self._feedback_buttons(answer_id, language)])

    # ------------------------------------------------------------------ feedback (issue 14)
    def _feedback_buttons(self, answer_id: str, language: str) -> dict[str, Any]:
        buttons = [
            {"type": "reply", "reply": {"id": f"{_FEEDBACK_REPLY}+:{answer_id}", "title": self.catalog.text("feedback.up", language)[:20]}},
            {"type": "reply", "reply": {"id": f"{_FEEDBACK_REPLY}-:{answer_id}", "title": self.catalog.text("feedback.down", language)[:20]}},
        ]
        return {"type": "interactive", "interactive": {"type": "button", "body": {"text": self.catalog.text("feedback.ask", language)},
                                                       "action": {"buttons": buttons}}}

    async def _feedback(self, wa_id: str, data: str, language: str) -> None:
        sign, _, answer_id = data.partition(":")
        answers = self.relay.answers
        if answers is None or sign not in ("+", "-") or not answer_id:
            return
        rating = 1 if sign == "+" else -1
        stored = await asyncio.to_thread(answers.rate, sender=sender_id("whatsapp", wa_id), answer_id=answer_id, rating=rating)
        if not stored:
            await self._send_all(wa_id, self.renderer.texts(self.catalog.text("feedback.expired", language)))
        elif rating == 1:
            await self._send_all(wa_id, self.renderer.texts(self.catalog.text("feedback.thanks", language)))
        elif self.graph is not None:
            try:
                wamid = await self.graph.send(wa_id, {"type": "text", "text": {"body": self.catalog.text("feedback.what_wrong", language)}})
            except GraphAPIError as exc:
                log.error("WhatsApp feedback prompt to %s not sent: %s", wa_id, exc)
                return
            self._prompts[wamid] = (wa_id, answer_id)
            while len(self._prompts) > _PROMPTS_KEPT:
                self._prompts.popitem(last=False)

    async def _feedback_comment(self, wa_id: str, answer_id: str, comment: str, language: str) -> None:
        if self.relay.answers is not None:
            await asyncio.to_thread(self.relay.answers.rate, sender=sender_id("whatsapp", wa_id), answer_id=answer_id,
                                    rating=-1, comment=comment)
        await self._send_all(wa_id, self.renderer.texts(self.catalog.text("feedback.comment_thanks", language)))

    def _message_for_bot(self, inbound: Inbound) -> str | None:
        if inbound.kind == "text":
            return inbound.text
        if inbound.kind == "reply":
            return self.codec.decode(inbound.text or "")
        if inbound.kind == "location":
            return share_location_payload(inbound.latitude, inbound.longitude)
        return None

    async def _send_all(self, wa_id: str, messages: list[dict[str, Any]]) -> None:
        if self.graph is None:
            raise ChannelNotConfigured("WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID are needed to reply")
        for message in messages:
            try:
                await self.graph.send(wa_id, message)
            except GraphAPIError as exc:
                # Later parts would read out of order without the earlier ones: stop this reply.
                log.error("WhatsApp reply to %s not sent: %s %s", wa_id, exc, exc.body)
                return

    # ------------------------------------------------------------------ status notifications
    def in_service_window(self, wa_id: str, *, now: datetime | None = None) -> bool:
        last = self.store.last_inbound(wa_id)
        return last is not None and (now or self.clock()) - last < SERVICE_WINDOW

    async def notify_status(
        self, wa_id: str, text: str, *, language: str | None = None, now: datetime | None = None
    ) -> Literal["text", "template"]:
        """Tell a citizen about their pre-application (e.g. approved).

        Within 24 hours of their last message the text goes as it is; after that WhatsApp only
        delivers the configured status template, with `text` as its one body variable.
        Returns which of the two was sent; OutsideServiceWindow if no template is configured.
        """
        if self.graph is None:
            raise ChannelNotConfigured("WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID are needed to notify")
        language = normalize_language(language) or self.language(wa_id)
        if self.in_service_window(wa_id, now=now):
            for message in self.renderer.texts(text):
                await self.graph.send(wa_id, message)
            return "text"
        if not self.status_template:
            raise OutsideServiceWindow(
                f"{wa_id} last wrote more than 24 hours ago and WHATSAPP_STATUS_TEMPLATE is not set"
            )
        template = {
            "name": self.status_template,
            "language": {"code": _TEMPLATE_LANGUAGE.get(language, _TEMPLATE_LANGUAGE[DEFAULT_LANGUAGE])},
            "components": [{"type": "body", "parameters": [{"type": "text", "text": _template_parameter(text)}]}],
        }
        await self.graph.send(wa_id, {"type": "template", "template": template})
        return "template"

