"""The conversation erasure reaches the handoff tickets: when an erased case's conversation is wiped,
the channel address of that conversation's tickets is blanked too (in the same transaction as the
wipe's bookkeeping, so SQLite's single writer never waits on itself)."""

from __future__ import annotations

from sqlalchemy import update
from sqlalchemy.orm import Session

from api.feedback.answers import conversation_hash
from api.handoff.models import HandoffTicket
from api.permits.conversations import ConversationEraser

__all__ = ["TicketAddressesToo"]


class TicketAddressesToo:
    def __init__(self, inner: ConversationEraser, session: Session, secret: str) -> None:
        self.inner = inner
        self.session = session
        self.secret = secret

    def erase(self, conversation_id: str) -> int:
        self.session.execute(update(HandoffTicket)
                             .where(HandoffTicket.conversation_hash == conversation_hash(self.secret, conversation_id))
                             .values(address=None))
        return self.inner.erase(conversation_id)
