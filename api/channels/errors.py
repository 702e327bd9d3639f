"""Errors raised by the channel bridges.

    ChannelError                 base of everything below
    ├── AssistantUnavailable     Rasa did not answer usably (down, timeout, 5xx, not JSON);
    │                            channels turn it into the catalog's "unavailable" message
    ├── MessageTooLong           the citizen's message is longer than MAX_MESSAGE_CHARS
    ├── RateLimited              the conversation sends faster than RATE_LIMIT_PER_SENDER
    │   └── SessionFull          the conversation had MAX_TURNS_PER_SESSION turns in 24 hours
    ├── ChannelNotConfigured     a bridge was used without its settings (token, secret, ...)
    ├── GraphAPIError            the WhatsApp Graph API refused or could not be reached
    └── OutsideServiceWindow     a free-text WhatsApp message was due outside the 24-hour window
                                 and no status template is configured
"""

__all__ = [
    "AssistantUnavailable",
    "ChannelError",
    "ChannelNotConfigured",
    "GraphAPIError",
    "MessageTooLong",
    "OutsideServiceWindow",
    "RateLimited",
    "SessionFull",
]


class ChannelError(Exception):
    """Base class of the channel errors."""


class AssistantUnavailable(ChannelError):
    """Rasa's REST webhook could not give an answer."""


class MessageTooLong(ChannelError):
    """The message was not passed to the bot: it is longer than `limit` characters."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"message longer than {limit} characters")
        self.limit = limit


class RateLimited(ChannelError):
    """The conversation sent too many messages; the next one is welcome in `retry_after` seconds."""

    # What the channels tell the citizen (api/channels/messages.yml) and the widget's error code.
    message_key = "common.rate_limited"
    code = "rate_limited"

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"rate limited for {retry_after} s")
        self.retry_after = retry_after


class SessionFull(RateLimited):
    """The conversation reached MAX_TURNS_PER_SESSION turns within a session (24 hours, Rasa's
    session_expiration_time): the message did not reach the bot, whose tracker keeps everything."""

    message_key = "common.session_full"
    code = "session_full"


class ChannelNotConfigured(ChannelError):
    """A channel needs settings that are missing."""


class GraphAPIError(ChannelError):
    """The WhatsApp Cloud API (Graph API) refused a request or could not be reached."""

    def __init__(self, message: str, *, status_code: int | None = None, body: str = "") -> None:
        super().__init__(message)
        self.status_code = status_code
        self.body = body


class OutsideServiceWindow(ChannelError):
    """WhatsApp allows free text only within 24 hours of the user's last message."""
