"""Handoff to a person (issue 14): tickets from the chat to the clerk desk, replies back on the channel."""

from api.db import get_session_factory
from api.feedback.answers import AnswerLog
from api.feedback.store import answer_log_for
from api.handoff.desk import HandoffDesk, address_of
from api.permits.settings import PermitSettings

__all__ = ["HandoffDesk", "address_of", "handoff_desk_for"]


def handoff_desk_for(settings: PermitSettings, answers: AnswerLog | None = None) -> HandoffDesk:
    """The handoff desk on the permits' database, reading questions from `answers`."""
    url, timeout = settings.resolved_database_url, settings.sqlite_busy_timeout
    return HandoffDesk(lambda: get_session_factory(url, busy_timeout=timeout)(), answers or answer_log_for(settings))
