"""What the WhatsApp bridge must remember across restarts, in SQLite under VAR_DIR.

- the last time each user wrote to us: free-text messages are allowed only within 24 hours of it
  (Meta's customer-service window); after that, only approved templates;
- message ids already handled: Meta redelivers a webhook that was not acknowledged in time, and
  the citizen must not get two answers;
- the language the user chose.
"""

import sqlite3
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

__all__ = ["ContactStore"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS whatsapp_contact (
    wa_id TEXT PRIMARY KEY,
    last_inbound_at TEXT,
    language TEXT
);
CREATE TABLE IF NOT EXISTS whatsapp_handled_message (
    message_id TEXT PRIMARY KEY,
    handled_at TEXT NOT NULL
);
"""
# Meta retries for days at most; older ids can go.
_HANDLED_RETENTION = timedelta(days=14)


class ContactStore:
    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with closing(self._connect()) as db, db:
            db.executescript(_SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=10)

    def first_delivery(self, message_id: str, *, now: datetime | None = None) -> bool:
        """Remember `message_id`; False if it was handled before (a redelivery)."""
        now = now or datetime.now(tz=UTC)
        with closing(self._connect()) as db, db:
            db.execute("DELETE FROM whatsapp_handled_message WHERE handled_at < ?", ((now - _HANDLED_RETENTION).isoformat(),))
            cursor = db.execute(
                "INSERT OR IGNORE INTO whatsapp_handled_message (message_id, handled_at) VALUES (?, ?)",
                (message_id, now.isoformat()),
            )
            return cursor.rowcount == 1

    def record_inbound(self, wa_id: str, at: datetime) -> None:
        with closing(self._connect()) as db, db:
            db.execute(
                "INSERT INTO whatsapp_contact (wa_id, last_inbound_at) VALUES (?, ?) "
                "ON CONFLICT(wa_id) DO UPDATE SET last_inbound_at = MAX(COALESCE(last_inbound_at, ''), excluded.last_inbound_at)",
                (wa_id, at.astimezone(UTC).isoformat()),
            )

    def last_inbound(self, wa_id: str) -> datetime | None:
        with closing(self._connect()) as db:
            row = db.execute("SELECT last_inbound_at FROM whatsapp_contact WHERE wa_id = ?", (wa_id,)).fetchone()
        return datetime.fromisoformat(row[0]) if row and row[0] else None

    def language(self, wa_id: str) -> str | None:
        with closing(self._connect()) as db:
            row = db.execute("SELECT language FROM whatsapp_contact WHERE wa_id = ?", (wa_id,)).fetchone()
        return row[0] if row else None

    def set_language(self, wa_id: str, language: str) -> None:
        with closing(self._connect()) as db, db:
            db.execute(
                "INSERT INTO whatsapp_contact (wa_id, language) VALUES (?, ?) "
                "ON CONFLICT(wa_id) DO UPDATE SET language = excluded.language",
                (wa_id, language),
            )
