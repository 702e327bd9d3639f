"""The bot's reply parts as Telegram messages (HTML parse mode, inline keyboards)."""

import html

from telegram import (
    Bot,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    KeyboardButton,
    LinkPreviewOptions,
    ReplyKeyboardMarkup,
)
from telegram.constants import MessageLimit, ParseMode

from api.channels.catalog import Catalog
from api.channels.formatting import as_telegram_html, split_text
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

__all__ = ["TelegramReplies"]

# Telegram counts a message's length in UTF-16 code units after parsing entities; counting the HTML
# source that way errs on the safe side.
TEXT_LIMIT = MessageLimit.MAX_TEXT_LENGTH
CALLBACK_DATA_LIMIT = 64
_NO_PREVIEW = LinkPreviewOptions(is_disabled=True)


def _utf16_length(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


class TelegramReplies:
    def __init__(self, *, catalog: Catalog, codec: PayloadCodec, public_base_url: str) -> None:
        self.catalog = catalog
        self.codec = codec
        self.base_url = public_base_url

    def inline_keyboard(self, buttons: list[tuple[str, str]]) -> InlineKeyboardMarkup:
        """(title, callback data) pairs, one per row so long titles stay readable on a phone."""
        return InlineKeyboardMarkup([[InlineKeyboardButton(title, callback_data=data)] for title, data in buttons])

    async def send_text(self, bot: Bot, chat_id: int, text: str, *, reply_markup=None) -> None:
        """Plain catalog text (no markup), split if needed; the keyboard goes with the last chunk."""
        chunks = split_text(text, TEXT_LIMIT, _utf16_length) or [text]
        for index, chunk in enumerate(chunks):
            last = index == len(chunks) - 1
            await bot.send_message(chat_id, chunk, reply_markup=reply_markup if last else None)

    async def send_parts(self, bot: Bot, chat_id: int, parts: list[ReplyPart], language: str) -> None:
        for part in parts:
            if isinstance(part, TextPart):
                await self._send_bot_text(bot, chat_id, part, language)
            elif isinstance(part, ImagePart):
                await bot.send_photo(chat_id, part.url)
            elif isinstance(part, PlacesPart):
                await self._send_html(bot, chat_id, self._places_html(part, language))
            elif isinstance(part, CitationsPart):
                await self._send_html(bot, chat_id, self._citations_html(part, language))
            elif isinstance(part, LocationRequestPart):
                button = KeyboardButton(self.catalog.text("common.share_location_button", language), request_location=True)
                keyboard = ReplyKeyboardMarkup([[button]], resize_keyboard=True, one_time_keyboard=True)
                await bot.send_message(chat_id, self.catalog.text("common.location_prompt", language), reply_markup=keyboard)

    async def _send_bot_text(self, bot: Bot, chat_id: int, part: TextPart, language: str) -> None:
        text = part.text or self.catalog.text("common.choose_option", language)
        keyboard = None
        if part.buttons:
            keyboard = self.inline_keyboard(
                [(b.title, self.codec.encode(b.payload, CALLBACK_DATA_LIMIT)) for b in part.buttons]
            )
        chunks = split_text(text, TEXT_LIMIT, lambda raw: _utf16_length(as_telegram_html(raw, self.base_url)))
        for index, chunk in enumerate(chunks):
            last = index == len(chunks) - 1
            await bot.send_message(
                chat_id,
                as_telegram_html(chunk, self.base_url),
                parse_mode=ParseMode.HTML,
                link_preview_options=_NO_PREVIEW,
                reply_markup=keyboard if last else None,
            )

    async def _send_html(self, bot: Bot, chat_id: int, lines: list[str]) -> None:
        """Lines already in HTML, packed into messages under the limit, never cut inside a line."""
        chunk = ""
        for line in lines:
            candidate = f"{chunk}\n{line}" if chunk else line
            if chunk and _utf16_length(candidate) > TEXT_LIMIT:
                await bot.send_message(chat_id, chunk, parse_mode=ParseMode.HTML, link_preview_options=_NO_PREVIEW)
                candidate = line
            chunk = candidate
        if chunk:
            await bot.send_message(chat_id, chunk, parse_mode=ParseMode.HTML, link_preview_options=_NO_PREVIEW)

    def _places_html(self, part: PlacesPart, language: str) -> list[str]:
        see_on_map = html.escape(self.catalog.text("common.place_map_link", language))
        lines = [f"<b>{html.escape(self.catalog.text('common.places_heading', language))}</b>"]
        for line in place_lines(part.places, language, self.catalog):
            lines.append(f'{html.escape(line.text)} — <a href="{html.escape(line.map_url)}">{see_on_map}</a>')
        return lines

    def _citations_html(self, part: CitationsPart, language: str) -> list[str]:
        lines = [f"<b>{html.escape(self.catalog.text('common.citations_heading', language))}</b>"]
        for label, url in citation_links(part.citations, self.base_url):
            if url is None:
                lines.append(f"• {html.escape(label)}")
            else:
                lines.append(f'• <a href="{html.escape(url)}">{html.escape(label)}</a>')
        return lines
