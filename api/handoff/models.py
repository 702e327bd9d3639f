"""The handoff ticket: a citizen's question sent from the chat to the office's clerk desk.

The channel address (a Telegram chat id, a WhatsApp number, the widget's conversation) is the one
personal datum here, and only while the ticket needs it: it is blanked once the clerk's reply has
been delivered, or by the conversation erasure. The question is stored masked (api.log_redaction).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from api.permits.models import Base, UTCDateTime

__all__ = ["HandoffTicket"]


class HandoffTicket(Base):
    __tablename__ = "handoff_tickets"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    channel: Mapped[str] = mapped_column(String(16))
    conversation_hash: Mapped[str] = mapped_column(String(64), index=True)
    address: Mapped[str | None] = mapped_column(String(128))  # erased after delivery
    jurisdiction: Mapped[str] = mapped_column(String(32), index=True)
    language: Mapped[str] = mapped_column(String(8))
    question: Mapped[str] = mapped_column(Text)
    # open → answered (reply written, not yet delivered: the widget fetches it) → delivered
    status: Mapped[str] = mapped_column(String(16), index=True)
    reply: Mapped[str | None] = mapped_column(Text)
    answered_by: Mapped[str | None] = mapped_column(String(64))
    delivery: Mapped[str | None] = mapped_column(String(16))  # text, template, widget
    delivery_error: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    answered_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    delivered_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
