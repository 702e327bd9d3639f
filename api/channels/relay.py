"""A conversation with the bot as every channel holds it: the citizen's language goes along.

The bot answers in the language it was last told (`/set_language{...}`). A channel knows the
citizen's language from the client (Telegram's language_code, the widget's picker, the phone
country on WhatsApp), so before the first message of a sender in a new language the relay tells
the bot, quietly: the citizen did not ask for that turn, so its acknowledgement is not shown.
An explicit switch (/lang, the widget's picker) goes through `switch_language` and is shown.
"""

from collections import OrderedDict

from api.channels.bot_messages import BotMessage, language_in_payload, set_language_payload
from api.channels.errors import AssistantUnavailable, MessageTooLong, RateLimited, SessionFull
from api.channels.rasa_client import RasaClient
from api.security.limits import RateLimits
from api.security.settings import get_security_settings

__all__ = ["ConversationRelay"]


class ConversationRelay:
    def __init__(self, rasa: RasaClient, *, memory_size: int = 10_000, max_message_chars: int | None = None,
                 limits: RateLimits | None = None) -> None:
        self.rasa = rasa
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

    def jurisdiction_of(self, sender: str) -> str | None:
        return self._jurisdiction.get(sender)

    def told_language(self, sender: str) -> str | None:
        return self._told.get(sender)

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
        return replies

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

