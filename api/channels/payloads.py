"""Button payloads that fit the channels' id limits.

Telegram's callback_data holds 64 bytes, WhatsApp's reply ids 256 (buttons) or 200 (list rows);
a Rasa payload such as `/choose_municipality{"municipality":"br-pr-pontal-do-parana"}` can be
longer. Short payloads travel as they are; long ones travel as a key into a bounded memory.
"""

import hashlib
from collections import OrderedDict

__all__ = ["PayloadCodec"]

_KEY_PREFIX = "#p:"


class PayloadCodec:
    def __init__(self, *, memory_size: int = 50_000) -> None:
        self._memory: OrderedDict[str, str] = OrderedDict()
        self._memory_size = memory_size

    def encode(self, payload: str, max_bytes: int) -> str:
        if len(payload.encode("utf-8")) <= max_bytes and not payload.startswith(_KEY_PREFIX):
            return payload
        key = _KEY_PREFIX + hashlib.sha256(payload.encode("utf-8")).hexdigest()[:24]
        self._memory[key] = payload
        self._memory.move_to_end(key)
        while len(self._memory) > self._memory_size:
            self._memory.popitem(last=False)
        return key

    def decode(self, data: str) -> str | None:
        """The payload behind `data`, or None for a key this process no longer remembers."""
        if data.startswith(_KEY_PREFIX):
            return self._memory.get(data)
        return data
