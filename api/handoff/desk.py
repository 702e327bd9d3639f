"""The handoff desk: tickets opened from the chat, answered by a clerk, delivered on the same channel.

A ticket holds the conversation's last question (masked, as the answer log stored it), the
jurisdiction the contact answer was about, the citizen's language, and the channel address — only
until the reply has reached the citizen (`delivered`), then the address is blanked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Literal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.feedback.answers import AnswerLog, masked
from api.handoff.models import HandoffTicket

__all__ = ["REPLY_LIMIT", "HandoffDesk", "TicketStatus", "address_of"]

REPLY_LIMIT = 2000
TicketStatus = Literal["open", "answered", "delivered"]
CHANNELS = ("web", "telegram", "whatsapp")


def address_of(sender: str) -> tuple[str, str]:
    """(channel, address) of a relay sender id (`web-…`, `telegram-<chat id>`, `whatsapp-<wa_id>`)."""
    channel, _, address = sender.partition("-")
    if channel not in CHANNELS or not address:
        raise ValueError(f"not a channel sender: {channel!r}")
    return channel, address


class HandoffDesk:
    def __init__(self, session_factory: Callable[[], Session], answers: AnswerLog, *,
                 clock: Callable[[], datetime] = lambda: datetime.now(tz=UTC)) -> None:
        self._sessions = session_factory
        self.answers = answers
        self._clock = clock

    # ------------------------------------------------------------------ citizen side
    def open(self, *, sender: str, jurisdiction: str, language: str) -> HandoffTicket | None:
        """A ticket with the conversation's last question; None when there is no question to send."""
        last = self.answers.latest_question(sender)
        if last is None:
            return None
        question, _ = last
        channel, address = address_of(sender)
        with self._sessions() as session, session.begin():
            ticket = HandoffTicket(
                channel=channel, conversation_hash=self.answers.conversation(sender), address=address,
                jurisdiction=jurisdiction, language=language, question=question, status="open",
                created_at=self._clock(),
            )
            session.add(ticket)
        return ticket

    def replies_for(self, sender: str) -> list[HandoffTicket]:
        """The widget's answered tickets, handed over once: delivered, address erased."""
        channel, address = address_of(sender)
        now = self._clock()
        with self._sessions() as session, session.begin():
            tickets = session.scalars(
                select(HandoffTicket).where(HandoffTicket.channel == channel, HandoffTicket.address == address,
                                            HandoffTicket.status == "answered").order_by(HandoffTicket.id)
            ).all()
            for ticket in tickets:
                ticket.status, ticket.delivery, ticket.delivered_at, ticket.address = "delivered", "widget", now, None
        return list(tickets)  # still readable: the factory's sessions do not expire on commit

    # ------------------------------------------------------------------ clerk side
    def list(self, session: Session, *, jurisdictions: Sequence[str], status: str | None = None) -> list[HandoffTicket]:
        query = select(HandoffTicket).where(HandoffTicket.jurisdiction.in_(list(jurisdictions)))
        if status:
            query = query.where(HandoffTicket.status == status)
        return list(session.scalars(query.order_by(HandoffTicket.id.desc()).limit(500)).all())

    @staticmethod
    def counts(session: Session, *, jurisdictions: Sequence[str]) -> dict[str, int]:
        rows = session.execute(
            select(HandoffTicket.status, func.count()).where(HandoffTicket.jurisdiction.in_(list(jurisdictions)))
            .group_by(HandoffTicket.status)
        ).all()
        return {status: count for status, count in rows}

    def answer(self, session: Session, ticket: HandoffTicket, *, clerk: str, reply: str) -> None:
        ticket.reply = reply.strip()[:REPLY_LIMIT]  # the clerk's own words, for the citizen: not masked
        ticket.answered_by = clerk[:64]
        ticket.answered_at = self._clock()
        ticket.status = "answered"
        ticket.delivery_error = None

    def delivered(self, session: Session, ticket: HandoffTicket, *, how: str) -> None:
        ticket.status, ticket.delivery, ticket.delivered_at, ticket.address = "delivered", how, self._clock(), None
        ticket.delivery_error = None

    # ------------------------------------------------------------------ the clerk's reads and writes
    def get(self, session: Session, ticket_id: int, *, jurisdictions: Sequence[str]) -> HandoffTicket | None:
        ticket = session.get(HandoffTicket, ticket_id)
        return ticket if ticket is not None and ticket.jurisdiction in jurisdictions else None

    def delivery_failed(self, session: Session, ticket: HandoffTicket, *, error: str) -> None:
        ticket.delivery_error = error[:200]

    def erase_conversation(self, sender: str) -> int:
        """Blank the address of every ticket of this conversation (the conversation erasure)."""
        with self._sessions() as session, session.begin():
            tickets = session.scalars(select(HandoffTicket).where(
                HandoffTicket.conversation_hash == self.answers.conversation(sender),
                HandoffTicket.address.is_not(None))).all()
            for ticket in tickets:
                ticket.address = None
            return len(tickets)
