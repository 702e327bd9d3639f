"""Telegram bridge (python-telegram-bot 22): Telegram updates ⇄ the bot's REST conversation.

Webhook mode runs inside the API (POST /telegram/webhook, api/routes/telegram.py); polling mode
for development is `python -m api.channels.telegram` (see api/channels/README.md).
"""

from api.channels.telegram.bridge import TelegramBridge, build_application

__all__ = ["TelegramBridge", "build_application"]
