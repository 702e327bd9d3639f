"""Tables of what the city learns: every question the assistant answered, and citizens' 👍/👎 on them.

No personal data: the question and the answer are stored after the log masking (api.log_redaction:
e-mails, CPF/CNPJ, phones and NIFs become [redacted]), the conversation only as a keyed hash (to count
distinct conversations, never to find one), no sender id, name or address.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from api.permits.models import Base, UTCDateTime

__all__ = ["AnswerFeedback", "AnswerRecord"]


class AnswerRecord(Base):
    """One bot answer to one citizen message, as the channel relayed it."""

    __tablename__ = "assistant_answers"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    # What the channels put on the feedback buttons: random, so ids cannot be walked.
    public_id: Mapped[str] = mapped_column(String(32), unique=True)
    channel: Mapped[str] = mapped_column(String(16), index=True)
    conversation_hash: Mapped[str] = mapped_column(String(64), index=True)
    question: Mapped[str] = mapped_column(Text)
    answer: Mapped[str] = mapped_column(Text)
    citations: Mapped[Any] = mapped_column(JSON)  # article (unit) ids the answer cites
    jurisdiction: Mapped[str | None] = mapped_column(String(32), index=True)
    norm: Mapped[str | None] = mapped_column(String(96), index=True)
    topic: Mapped[str] = mapped_column(String(32), index=True)
    # The bot's "don't know" answers: it cites nothing (search.nothing, search.no_figure) or it only
    # offers the closest passages with "could you rephrase?" (the NLU fallback's search.unsure).
    unanswered: Mapped[bool] = mapped_column(Boolean, index=True)
    language: Mapped[str | None] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)


class AnswerFeedback(Base):
    """A citizen's verdict on one answer: 👍 (+1) or 👎 (-1), and after 👎 what was wrong."""

    __tablename__ = "answer_feedback"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    answer_id: Mapped[int] = mapped_column(ForeignKey("assistant_answers.id"), index=True, unique=True)
    rating: Mapped[int] = mapped_column(Integer)
    comment: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
