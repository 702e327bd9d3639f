"""Handoff to a person (issue 14): tickets from the chat to the clerk desk, replies back on the channel."""

from api.handoff.desk import HandoffDesk, address_of

__all__ = ["HandoffDesk", "address_of"]
