"""A conversation with the bot as every channel holds it: the citizen's language goes along.

The bot answers in the language it was last told (`/set_language{...}`). A channel knows the
citizen's language from the client (Telegram's language_code, the widget's picker, the phone
country on WhatsApp), so before the first message of a sender in a new language the relay tells
the bot, quietly: the citizen did not ask for that turn, so its acknowledgement is not shown.
An explicit switch (/lang, the widget's picker) goes through `switch_language` and is shown.

Issue 14: with an `answers` log, every answer to the citizen's own words is recorded (masked) and
gets an id the channel puts on its 👍/👎 buttons (`answer_id_of`); with a `handoff` desk, the
contact answer's "send my question" button (HANDOFF_PREFIX) opens a ticket here instead of reaching
the bot — one place for the three channels, and no NLU change.
"""

import asyncio
import logging
from collections import OrderedDict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

from api.channels.bot_messages import BotMessage, language_in_payload, set_language_payload
from api.channels.catalog import get_catalog
from api.channels.errors import AssistantUnavailable, MessageTooLong, RateLimited, SessionFull
from api.channels.rasa_client import RasaClient
from api.security.limits import RateLimits
from api.security.settings import get_security_settings

if TYPE_CHECKING:
    from api.feedback.answers import AnswerLog
    from api.handoff.desk import HandoffDesk

__all__ = ["HANDOFF_PREFIX", "ConversationRelay"]

log = logging.getLogger(__name__)
# The contact answer's button (actions/qa/contact.py HANDOFF_PAYLOAD): "#handoff:<jurisdiction>".
HANDOFF_PREFIX = "#handoff:"


class ConversationRelay:
    def __init__(self, rasa: RasaClient, *, memory_size: int = 10_000, max_message_chars: int | None = None,
                 limits: RateLimits | None = None, answers: "AnswerLog | None" = None,
                 handoff: "HandoffDesk | None" = None) -> None:
        self.rasa = rasa
        self.answers = answers
        self.handoff = handoff
        # sender -> the id of the last answer recorded for it (what the channel's feedback buttons carry)
        self._answer_ids: OrderedDict[str, str] = OrderedDict()
        self._memory_size = memory_size
        # Every channel's entrance (issue 13): a message longer than this never reaches the bot
        # (a long one blocks Rasa for everyone); `limits` counts each conversation ("sender").
        self.max_message_chars = max_message_chars or get_security_settings().max_message_chars
        self._limits = limits
        # sender -> language the bot was last told; bounded, since a forgotten sender only costs
        # one repeated /set_language turn.
        self._told: OrderedDict[str, str] = OrderedDict()
        # sender -> the municipality the bot last cited (the office to name when the bot is down).
        self._jurisdiction: OrderedDict[str, str] = OrderedDict()
        # sender -> [lock, holders]: see one_at_a_time.
        self._turns: dict[str, list] = {}

    def jurisdiction_of(self, sender: str) -> str | None:
        return self._jurisdiction.get(sender)

    def told_language(self, sender: str) -> str | None:
        return self._told.get(sender)

    def answer_id_of(self, sender: str) -> str | None:
        """The recorded id of the last answer given to `sender` (None without an answer log)."""
        return self._answer_ids.get(sender)

    @asynccontextmanager
    async def one_at_a_time(self, sender: str) -> AsyncIterator[None]:
        """A channel holds this around a whole turn of `sender` (its "typing…", the bot's answer,
        the replies sent): one citizen's messages are answered one after another, in the order they
        arrived, while other citizens go on. Telegram's and WhatsApp's webhooks answer before the turn
        runs, so without it two quick messages run side by side: a "talk to a person" tap could reach
        the desk before the question it is about was answered and recorded, and replies interleave."""
        entry = self._turns.setdefault(sender, [asyncio.Lock(), 0])
        entry[1] += 1
        try:
            async with entry[0]:  # asyncio.Lock wakes its waiters first come, first served
                yield
        finally:
            entry[1] -= 1
            if entry[1] == 0:  # nobody waits: forget the sender (the map stays as small as the traffic)
                del self._turns[sender]

    async def ask(self, sender: str, message: str, *, language: str | None = None) -> list[BotMessage]:
        """The bot's answer to `message`; tells the bot `language` first if it does not know it.

        MessageTooLong and RateLimited before anything reaches the bot; AssistantUnavailable also
        when the bot answers nothing at all (its action server down, no model): never silence.
        """
        if len(message) > self.max_message_chars:
            raise MessageTooLong(self.max_message_chars)
        if self._limits is not None:
            verdict = await self._limits.hit("sender", sender)
            if not verdict.allowed:
                raise RateLimited(verdict.retry_after)
            # A conversation of more than MAX_TURNS_PER_SESSION turns in 24 h (a loop, a script) stops
            # here: the message never reaches Rasa, so its tracker (answers, pre-application) is intact.
            verdict = await self._limits.hit("session", sender)
            if not verdict.allowed:
                raise SessionFull(verdict.retry_after)
        self._answer_ids.pop(sender, None)
        if message.startswith(HANDOFF_PREFIX) and self.handoff is not None:
            return await self._open_ticket(sender, message[len(HANDOFF_PREFIX):], language)
        chosen = language_in_payload(message)
        if chosen is not None:
            replies = await self.rasa.send(sender, message)
            self._remember(sender, chosen)
            return replies
        if language is not None and self._told.get(sender) != language:
            await self.rasa.send(sender, set_language_payload(language))
            self._remember(sender, language)
        replies = await self.rasa.send(sender, message)
        if not replies:
            raise AssistantUnavailable("Rasa answered no message")
        self._note_jurisdiction(sender, replies)
        if self.answers is not None and not message.startswith(("/", "#")):
            await self._record(sender, message, replies, language)
        return replies

    async def _record(self, sender: str, message: str, replies: list[BotMessage], language: str | None) -> None:
        try:
            answer_id = await asyncio.to_thread(
                self.answers.record, channel=sender.partition("-")[0], sender=sender, question=message,
                replies=replies, language=language or self._told.get(sender))
        except Exception:  # the citizen gets the answer even when the log cannot be written
            log.exception("could not record an answer for feedback")
            return
        if answer_id is None:  # not an answer about the law (chit-chat, the permit form): no 👍/👎
            return
        self._answer_ids[sender] = answer_id
        self._answer_ids.move_to_end(sender)
        while len(self._answer_ids) > self._memory_size:
            self._answer_ids.popitem(last=False)

    async def _open_ticket(self, sender: str, jurisdiction: str, language: str | None) -> list[BotMessage]:
        from knowledge.jurisdictions import jurisdiction as jurisdiction_record

        language = language or self._told.get(sender) or "pt-BR"
        record = jurisdiction_record(jurisdiction)
        catalog = get_catalog()
        if record is None:
            return [BotMessage(text=catalog.text("handoff.no_question", language))]
        ticket = await asyncio.to_thread(self.handoff.open, sender=sender, jurisdiction=jurisdiction, language=language)
        if ticket is None:
            return [BotMessage(text=catalog.text("handoff.no_question", language))]
        return [BotMessage(text=catalog.text("handoff.opened", language, place=record.name, number=ticket.id,
                                             question=ticket.question))]

    def _note_jurisdiction(self, sender: str, replies: list[BotMessage]) -> None:
        for reply in replies:
            for citation in reply.citations:
                self._jurisdiction[sender] = citation.unit_id.split("/", 1)[0]
                self._jurisdiction.move_to_end(sender)
                while len(self._jurisdiction) > self._memory_size:
                    self._jurisdiction.popitem(last=False)
                return

    async def switch_language(self, sender: str, language: str) -> list[BotMessage]:
        """The citizen chose a language: tell the bot and return its acknowledgement."""
        return await self.ask(sender, set_language_payload(language))

    def _remember(self, sender: str, language: str) -> None:
        self._told[sender] = language
        self._told.move_to_end(sender)
        while len(self._told) > self._memory_size:
            self._told.popitem(last=False)

