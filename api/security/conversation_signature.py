"""The conversation a pre-application belongs to is named by the action server only.

An erasure wipes the case's conversation from Rasa's tracker store, so a conversation id taken from
a public body would let anyone wipe anyone's chat. The action server (which knows the conversation:
it is Rasa's sender id) sends `X-Conversation-Signature`, an HMAC-SHA256 of the id with
CONVERSATION_SIGNING_KEY, a secret it shares with the API; a body naming a conversation without a
valid signature is refused. The signing side is `actions/permit_api.py` (the actions reach the API
over HTTP only); tests/permits/test_conversation_signature.py checks that both sides agree.
"""

from __future__ import annotations

import hashlib
import hmac

__all__ = ["HEADER", "conversation_signature", "signature_is_valid"]

HEADER = "X-Conversation-Signature"


def conversation_signature(conversation_id: str, key: str) -> str:
    return hmac.new(key.encode(), f"conversation:{conversation_id}".encode(), hashlib.sha256).hexdigest()


def signature_is_valid(conversation_id: str, signature: str | None, key: str) -> bool:
    if not signature:
        return False
    return hmac.compare_digest(conversation_signature(conversation_id, key).encode(), signature.strip().encode())
