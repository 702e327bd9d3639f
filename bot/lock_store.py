"""Rasa's Redis lock store with atomic ticket operations, for several Rasa processes (issue 17).

Rasa 3.6's `RedisLockStore` changes a conversation's ticket lock as GET, change in Python, SET. Within
one process that is safe (no await in between), but two Sanic workers or two replicas receiving
messages of the same conversation at the same moment both read the same lock, both issue the same
ticket number and both run the turn at once; the tracker store then keeps only one turn's events (a
user message and its answer vanish from the conversation), and a `cleanup` can delete a lock another
process has just queued on. tests/e2e/test_rasa_workers.py showed it: 8 messages sent at once to two
replicas, one lost.

Here every read-change-write of a lock is one Redis transaction (WATCH the key, MULTI/EXEC, retried
when another process changed the key in between), so tickets are unique and served in order across
processes. Same keys and format as `RedisLockStore` (`<key_prefix>:lock:<conversation id>`).
Rasa loads it from bot/endpoints.production.yml (`type: bot.lock_store.AtomicRedisLockStore`, the
project root on PYTHONPATH: scripts/serve.sh) and counts it as multi-worker compatible (SANIC_WORKERS).
"""

from __future__ import annotations

import json
from typing import Any, Callable, Optional, Text, Tuple

from rasa.core.lock import TicketLock
from rasa.core.lock_store import LOCK_LIFETIME, LockError, RedisLockStore
from rasa.utils.endpoints import EndpointConfig

__all__ = ["AtomicRedisLockStore"]

_DELETE = object()


class AtomicRedisLockStore(RedisLockStore):
    """`RedisLockStore` whose ticket operations are atomic across processes."""

    def __init__(self, endpoint_config: Optional[EndpointConfig] = None, **kwargs: Any) -> None:
        # Rasa builds a custom lock store as `cls(endpoint_config=...)`; the keys are RedisLockStore's.
        if endpoint_config is not None:
            kwargs = {"host": endpoint_config.url or "localhost", **endpoint_config.kwargs, **kwargs}
        super().__init__(**kwargs)

    def _change(self, conversation_id: Text,
                change: Callable[[Optional[TicketLock]], Tuple[Any, Any]]) -> Any:
        """Apply `change` to the stored lock in one transaction; it returns (result, lock to save,
        None to leave the key alone, or _DELETE)."""
        key = self.key_prefix + conversation_id

        def transaction(pipe: Any) -> Any:
            raw = pipe.get(key)
            lock = TicketLock.from_dict(json.loads(raw)) if raw else None
            result, new = change(lock)
            pipe.multi()
            if new is _DELETE:
                pipe.delete(key)
            elif new is not None:
                pipe.set(key, new.dumps())
            return result

        return self.red.transaction(transaction, key, value_from_callable=True)

    def issue_ticket(self, conversation_id: Text, lock_lifetime: float = LOCK_LIFETIME) -> int:
        def change(lock: Optional[TicketLock]) -> Tuple[int, TicketLock]:
            lock = lock or self.create_lock(conversation_id)
            return lock.issue_ticket(lock_lifetime), lock

        try:
            return self._change(conversation_id, change)
        except Exception as e:  # as RedisLockStore: any failure to queue is a LockError
            raise LockError(f"Error while acquiring lock. Error:\n{e}")

    def update_lock(self, conversation_id: Text) -> None:
        def change(lock: Optional[TicketLock]) -> Tuple[None, Optional[TicketLock]]:
            if lock is None:
                return None, None
            lock.remove_expired_tickets()
            return None, lock

        self._change(conversation_id, change)

    def finish_serving(self, conversation_id: Text, ticket_number: int) -> None:
        def change(lock: Optional[TicketLock]) -> Tuple[None, Optional[TicketLock]]:
            if lock is None:
                return None, None
            lock.remove_ticket_for(ticket_number)
            return None, lock

        self._change(conversation_id, change)

    def cleanup(self, conversation_id: Text, ticket_number: int) -> None:
        """Finish serving the ticket and delete the lock only if nobody queued meanwhile."""

        def change(lock: Optional[TicketLock]) -> Tuple[bool, Any]:
            if lock is None:
                return False, None
            lock.remove_ticket_for(ticket_number)
            if lock.is_someone_waiting():
                return False, lock
            return True, _DELETE

        self._log_deletion(conversation_id, self._change(conversation_id, change))
