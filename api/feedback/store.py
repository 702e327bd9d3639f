"""The answer log of an app: on the permits' database (DATABASE_URL, SQLite under VAR_DIR by default)."""

from __future__ import annotations

from fastapi import FastAPI

from api.db import get_session_factory
from api.feedback.answers import AnswerLog
from api.permits.settings import PermitSettings, get_permit_settings

__all__ = ["answer_log_for", "permit_settings_of"]


def permit_settings_of(app: FastAPI | None) -> PermitSettings:
    """The permits settings the app's routes see (tests override them with dependency_overrides)."""
    getter = app.dependency_overrides.get(get_permit_settings, get_permit_settings) if app else get_permit_settings
    return getter()


def answer_log_for(settings: PermitSettings) -> AnswerLog:
    url, timeout = settings.resolved_database_url, settings.sqlite_busy_timeout
    return AnswerLog(lambda: get_session_factory(url, busy_timeout=timeout)(), settings.permits_secret_key)

