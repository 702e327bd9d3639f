"""Telegram handlers: each one translates an update into a bot turn and the answer back.

No decision about the law is taken here; the bridge only adds what Telegram itself needs: /start,
/help and /lang texts from the catalog, button payloads that fit in callback_data, answering every
callback query, the per-chat rate limit and the polite "try again" when the bot is down.
"""

import asyncio
import logging

from telegram import ForceReply, InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ChatAction
from telegram.error import TelegramError
from telegram.ext import (
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    filters,
)
from telegram.request import BaseRequest

from api.channels.bot_messages import share_location_payload
from api.channels.catalog import DEFAULT_LANGUAGE, LANGUAGES, Catalog, get_catalog, normalize_language
from api.security.limits import RateLimits
from api.channels.errors import AssistantUnavailable, ChannelNotConfigured, MessageTooLong, RateLimited
from api.channels.mapping import reply_parts
from api.channels.payloads import PayloadCodec
from api.channels.rasa_client import RasaClient, sender_id
from api.channels.rate_limit import RateLimiter
from api.channels.relay import ConversationRelay
from api.channels.unavailable import unavailable_text
from api.channels.settings import TelegramSettings
from api.channels.telegram.replies import TelegramReplies

__all__ = ["TelegramBridge", "build_application"]

log = logging.getLogger(__name__)
_LANGUAGE_CALLBACK = "#lang:"
# 👍/👎 under an answer: "#fb:+:<answer id>" / "#fb:-:<answer id>" (issue 14).
_FEEDBACK_CALLBACK = "#fb:"
_PROMPTS_KEPT = 20  # "what was wrong?" prompts a chat may still reply to


class TelegramBridge:
    def __init__(
        self,
        relay: ConversationRelay,
        *,
        rate_limiter: RateLimiter,
        public_base_url: str,
        catalog: Catalog | None = None,
        codec: PayloadCodec | None = None,
    ) -> None:
        self.relay = relay
        self.rate_limiter = rate_limiter
        self.catalog = catalog or get_catalog()
        self.codec = codec or PayloadCodec()
        self.replies = TelegramReplies(catalog=self.catalog, codec=self.codec, public_base_url=public_base_url)

    def register(self, application: Application) -> None:
        application.add_handler(CommandHandler("start", self.on_start))
        application.add_handler(CommandHandler("help", self.on_help))
        application.add_handler(CommandHandler(["lang", "language", "idioma"], self.on_lang))
        application.add_handler(CallbackQueryHandler(self.on_button))
        application.add_handler(MessageHandler(filters.LOCATION, self.on_location))
        application.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, self.on_text))
        # Unknown commands get the help; stickers, photos, voice... get "I read text and locations".
        application.add_handler(MessageHandler(filters.COMMAND, self.on_help))
        application.add_handler(MessageHandler(filters.ALL & ~filters.UpdateType.EDITED, self.on_unsupported))
        application.add_error_handler(self.on_error)

    # ------------------------------------------------------------------ language of a chat
    def language(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> str:
        chosen = context.chat_data.get("language") if context.chat_data is not None else None
        if chosen:
            return chosen
        user = update.effective_user
        return normalize_language(user.language_code if user else None) or DEFAULT_LANGUAGE

    # ------------------------------------------------------------------ handlers
    async def on_start(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        language = self.language(update, context)
        await self.replies.send_text(
            context.bot, update.effective_chat.id, self.catalog.text("telegram.welcome", language)
        )

    async def on_help(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        language = self.language(update, context)
        await self.replies.send_text(context.bot, update.effective_chat.id, self.catalog.text("telegram.help", language))

    async def on_lang(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        language = self.language(update, context)
        keyboard = self.replies.inline_keyboard(
            [(self.catalog.language_name(code), _LANGUAGE_CALLBACK + code) for code in LANGUAGES]
        )
        await self.replies.send_text(
            context.bot, update.effective_chat.id, self.catalog.text("telegram.choose_language", language), reply_markup=keyboard
        )

    async def on_text(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if await self._feedback_comment(update, context):
            return
        await self._turn(update, context, update.effective_message.text)

    async def on_location(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        location = update.effective_message.location
        await self._turn(update, context, share_location_payload(location.latitude, location.longitude))

    async def on_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        # Telegram shows a spinner on the button until the query is answered: answer first, always.
        try:
            await query.answer()
        except TelegramError as exc:
            log.warning("could not answer callback query: %s", exc)
        data = query.data or ""
        if data.startswith(_FEEDBACK_CALLBACK):
            await self._feedback(update, context, data[len(_FEEDBACK_CALLBACK):])
            return
        if data.startswith(_LANGUAGE_CALLBACK):
            code = normalize_language(data[len(_LANGUAGE_CALLBACK):]) or DEFAULT_LANGUAGE
            context.chat_data["language"] = code
            await self._turn(update, context, None, language_switch=code)
            return
        payload = self.codec.decode(data)
        if payload is None:
            language = self.language(update, context)
            await self.replies.send_text(context.bot, update.effective_chat.id, self.catalog.text("common.button_expired", language))
            return
        await self._turn(update, context, payload)

    async def on_unsupported(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if update.effective_chat is None:
            return
        language = self.language(update, context)
        await self.replies.send_text(context.bot, update.effective_chat.id, self.catalog.text("common.unsupported_message", language))

    async def on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        # Logged, never re-raised: one bad update must not stop the bridge.
        log.error("Telegram update failed", exc_info=context.error)

    # ------------------------------------------------------------------ one turn
    async def _turn(
        self,
        update: Update,
        context: ContextTypes.DEFAULT_TYPE,
        message: str | None,
        *,
        language_switch: str | None = None,
    ) -> None:
        chat_id = update.effective_chat.id
        language = self.language(update, context)
        verdict = self.rate_limiter.check(str(chat_id))
        if verdict != "allow":
            if verdict == "warn":
                await self.replies.send_text(context.bot, chat_id, self.catalog.text("common.rate_limited", language))
            return
        sender = sender_id("telegram", chat_id)
        async with self.relay.one_at_a_time(sender):  # this chat's messages in the order they came
            await self._answer(update, context, sender, message, language, language_switch)

    async def _answer(self, update: Update, context: ContextTypes.DEFAULT_TYPE, sender: str, message: str | None,
                      language: str, language_switch: str | None) -> None:
        chat_id = update.effective_chat.id
        try:
            await context.bot.send_chat_action(chat_id, ChatAction.TYPING)
        except TelegramError:
            pass  # only a courtesy
        try:
            if language_switch is not None:
                answer = await self.relay.switch_language(sender, language_switch)
            else:
                answer = await self.relay.ask(sender, message or "", language=language)
        except AssistantUnavailable:
            text = unavailable_text(language, self.relay.jurisdiction_of(sender), self.catalog)
            await self.replies.send_text(context.bot, chat_id, text)
            return
        except MessageTooLong as exc:
            text = self.catalog.text("common.message_too_long", language, limit=exc.limit)
            await self.replies.send_text(context.bot, chat_id, text)
            return
        except RateLimited as exc:  # the shared limits (api/security/): per conversation, per session
            await self.replies.send_text(context.bot, chat_id, self.catalog.text(exc.message_key, language))
            return
        await self.replies.send_parts(context.bot, chat_id, reply_parts(answer), language)
        answer_id = self.relay.answer_id_of(sender)
        if answer_id is not None:
            keyboard = InlineKeyboardMarkup([[
                InlineKeyboardButton(self.catalog.text("feedback.up", language), callback_data=f"{_FEEDBACK_CALLBACK}+:{answer_id}"),
                InlineKeyboardButton(self.catalog.text("feedback.down", language), callback_data=f"{_FEEDBACK_CALLBACK}-:{answer_id}"),
            ]])
            await context.bot.send_message(chat_id, self.catalog.text("feedback.ask", language), reply_markup=keyboard)

    # ------------------------------------------------------------------ feedback (issue 14)
    async def _feedback(self, update: Update, context: ContextTypes.DEFAULT_TYPE, data: str) -> None:
        chat_id = update.effective_chat.id
        language = self.language(update, context)
        sign, _, answer_id = data.partition(":")
        answers = self.relay.answers
        if answers is None or sign not in "+-" or not answer_id:
            return
        rating = 1 if sign == "+" else -1
        sender = sender_id("telegram", chat_id)
        stored = await asyncio.to_thread(answers.rate, sender=sender, answer_id=answer_id, rating=rating)
        if not stored:
            await self.replies.send_text(context.bot, chat_id, self.catalog.text("feedback.expired", language))
            return
        if rating == 1:
            await self.replies.send_text(context.bot, chat_id, self.catalog.text("feedback.thanks", language))
            return
        prompt = await context.bot.send_message(chat_id, self.catalog.text("feedback.what_wrong", language),
                                                reply_markup=ForceReply(selective=False))
        prompts = context.chat_data.setdefault("feedback_prompts", {})
        prompts[prompt.message_id] = answer_id
        while len(prompts) > _PROMPTS_KEPT:
            prompts.pop(next(iter(prompts)))

    async def _feedback_comment(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> bool:
        """A reply to our "what was wrong?" prompt is the comment on that answer, not a question."""
        message = update.effective_message
        replied = message.reply_to_message
        prompts = (context.chat_data or {}).get("feedback_prompts") or {}
        if replied is None or replied.message_id not in prompts or self.relay.answers is None:
            return False
        answer_id = prompts.pop(replied.message_id)
        chat_id = update.effective_chat.id
        await asyncio.to_thread(self.relay.answers.rate, sender=sender_id("telegram", chat_id), answer_id=answer_id,
                                rating=-1, comment=message.text or "")
        await self.replies.send_text(context.bot, chat_id,
                                     self.catalog.text("feedback.comment_thanks", self.language(update, context)))
        return True


def build_application(
    settings: TelegramSettings,
    *,
    rasa_url: str,
    public_base_url: str,
    webhook_mode: bool,
    request: BaseRequest | None = None,
    rasa: RasaClient | None = None,
    limits: "RateLimits | None" = None,
    feedback: tuple | None = None,
) -> Application:
    """The PTB Application with our handlers. In webhook mode it has no Updater: the API feeds it."""
    if settings.bot_token is None:
        raise ChannelNotConfigured("TELEGRAM_BOT_TOKEN is not set")
    rasa_client = rasa or RasaClient(rasa_url, timeout=settings.rasa_timeout)
    answers, handoff = feedback or (None, None)
    bridge = TelegramBridge(
        ConversationRelay(rasa_client, limits=limits, answers=answers, handoff=handoff),
        rate_limiter=RateLimiter(per_minute=settings.rate_limit_per_minute, burst=settings.rate_limit_burst),
        public_base_url=public_base_url,
    )

    async def close_rasa(_: Application) -> None:
        if rasa is None:  # a client passed in belongs to the caller
            await rasa_client.aclose()

    builder: ApplicationBuilder = (
        Application.builder()
        .token(settings.bot_token.get_secret_value())
        .base_url(settings.api_base_url)
        # Different chats are independent conversations; one slow Rasa turn must not hold others.
        .concurrent_updates(True)
        .post_shutdown(close_rasa)
    )
    if request is not None:
        builder = builder.request(request).get_updates_request(request)
    if webhook_mode:
        builder = builder.updater(None)
    application = builder.build()
    bridge.register(application)
    application.bot_data["bridge"] = bridge
    return application
