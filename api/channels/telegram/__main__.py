"""Run the Telegram bridge in polling mode, or register the API's webhook with Telegram.

    python -m api.channels.telegram                      # polling (development)
    python -m api.channels.telegram set-webhook URL      # e.g. https://assistant.example.org/telegram/webhook
    python -m api.channels.telegram delete-webhook
"""

import argparse
import asyncio
import logging
import sys

from telegram import Bot, Update

from api.channels.settings import get_telegram_settings
from api.channels.telegram.bridge import build_application
from api.settings import get_settings


def _poll() -> None:
    core = get_settings()
    application = build_application(
        get_telegram_settings(), rasa_url=core.rasa_url, public_base_url=core.public_base_url, webhook_mode=False
    )
    application.run_polling(allowed_updates=Update.ALL_TYPES)


async def _set_webhook(url: str) -> None:
    settings = get_telegram_settings()
    if not settings.webhook_ready:
        sys.exit("TELEGRAM_BOT_TOKEN and TELEGRAM_WEBHOOK_SECRET must be set")
    async with Bot(settings.bot_token.get_secret_value(), base_url=settings.api_base_url) as bot:
        await bot.set_webhook(url, secret_token=settings.webhook_secret.get_secret_value(),
                              allowed_updates=Update.ALL_TYPES)
        print(await bot.get_webhook_info())


async def _delete_webhook() -> None:
    settings = get_telegram_settings()
    async with Bot(settings.bot_token.get_secret_value(), base_url=settings.api_base_url) as bot:
        await bot.delete_webhook()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m api.channels.telegram")
    sub = parser.add_subparsers(dest="command")
    hook = sub.add_parser("set-webhook", help="tell Telegram to POST updates to URL")
    hook.add_argument("url")
    sub.add_parser("delete-webhook", help="go back to polling")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("httpx").setLevel(logging.WARNING)  # its INFO lines would print the bot token
    if get_telegram_settings().bot_token is None:
        sys.exit("TELEGRAM_BOT_TOKEN is not set (see api/channels/README.md)")
    if args.command == "set-webhook":
        asyncio.run(_set_webhook(args.url))
    elif args.command == "delete-webhook":
        asyncio.run(_delete_webhook())
    else:
        _poll()


if __name__ == "__main__":
    main()
