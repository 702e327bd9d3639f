"""Database engines and sessions for the API (permits today), SQLite by default, PostgreSQL in production.

SQLite is made safe for many concurrent writers, the way a busy municipality's chat would use it:
- WAL journal, so readers never wait for the writer, and `synchronous=FULL`, so a committed
  pre-application survives the process being killed (and the machine losing power);
- every transaction starts with BEGIN IMMEDIATE, taking the write lock up front. A deferred
  transaction that reads and then writes can fail at once with "database is locked" when another
  writer committed in between (SQLite cannot wait on that case); an immediate one just queues,
  up to the busy timeout.
PostgreSQL needs none of this: the protocol counter row is locked with SELECT ... FOR UPDATE.

The schema is made by Alembic (`upgrade_database`), once per process and URL, when the engine is
first asked for; several processes starting together are serialised by the database itself.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

__all__ = [
    "create_database_engine",
    "dispose_engines",
    "get_engine",
    "get_session_factory",
    "session_scope",
    "take_migration_lock",
    "upgrade_database",
]

_MIGRATIONS = Path(__file__).parent / "migrations"
# Any constant: the key of the PostgreSQL advisory lock that serialises concurrent migrations.
_MIGRATION_LOCK_KEY = 0x7065726D6974  # "permit"

_lock = threading.Lock()
_engines: dict[tuple[str, float], Engine] = {}
_factories: dict[Engine, sessionmaker[Session]] = {}


def _configure_sqlite(engine: Engine, busy_timeout: float) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
        # Let SQLAlchemy's "begin" event emit BEGIN; pysqlite's own implicit BEGIN is deferred.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection) -> None:  # type: ignore[no-untyped-def]
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def create_database_engine(url: str, *, busy_timeout: float = 30.0) -> Engine:
    """A new engine, configured for this backend, without touching the schema."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            url,
            connect_args={"timeout": busy_timeout, "check_same_thread": False},
            pool_size=8,
            max_overflow=32,
        )
        _configure_sqlite(engine, busy_timeout)
        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=40)


def upgrade_database(engine: Engine) -> None:
    """`alembic upgrade head`, idempotent and safe when several processes start at once.

    The whole upgrade runs in one transaction that first takes a lock every other migrating process
    waits for (PostgreSQL: an advisory lock; SQLite: the write lock of BEGIN IMMEDIATE), so the
    second process finds the schema at head and does nothing.
    """
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    with engine.connect() as connection, connection.begin():
        take_migration_lock(connection)
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def take_migration_lock(connection: Connection) -> None:
    """Hold, until the transaction ends, the lock that serialises migrations across processes.

    On SQLite the transaction's BEGIN IMMEDIATE already holds the database's write lock.
    """
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK_KEY})


def get_engine(url: str, *, busy_timeout: float = 30.0) -> Engine:
    """The process-wide engine for this URL, with the schema brought to the latest migration."""
    key = (url, busy_timeout)
    with _lock:
        engine = _engines.get(key)
        if engine is None:
            engine = create_database_engine(url, busy_timeout=busy_timeout)
            upgrade_database(engine)
            _engines[key] = engine
            _factories[engine] = sessionmaker(engine, expire_on_commit=False)
        return engine


def get_session_factory(url: str, *, busy_timeout: float = 30.0) -> sessionmaker[Session]:
    return _factories[get_engine(url, busy_timeout=busy_timeout)]


def session_scope(url: str, *, busy_timeout: float = 30.0) -> Iterator[Session]:
    """A session for one unit of work (one request); the caller commits, anything unfinished rolls back."""
    with get_session_factory(url, busy_timeout=busy_timeout)() as session:
        yield session


def dispose_engines() -> None:
    """Close every pooled connection (tests, and before a forked worker starts)."""
    with _lock:
        for engine in _engines.values():
            engine.dispose()
        _engines.clear()
        _factories.clear()
