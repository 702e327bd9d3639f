"""Alembic environment of the permit tables.

Programmatic use (api.db.upgrade_database) hands over an open connection in a transaction that holds
the migration lock; the command line (`alembic upgrade head` at the repository top, alembic.ini) gets
its URL from the same settings the API reads (DATABASE_URL, VAR_DIR).
"""

from alembic import context

from api.permits.models import Base
import api.feedback.models  # noqa: F401  (their tables join Base.metadata)
import api.handoff.models  # noqa: F401

# Its own version table, so the permit migrations can share a database with other Alembic users.
VERSION_TABLE = "permit_alembic_version"


def _run(connection) -> None:  # type: ignore[no-untyped-def]
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        version_table=VERSION_TABLE,
        render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters tables by copying them
        transactional_ddl=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    from api.db import create_database_engine, take_migration_lock
    from api.permits.settings import get_permit_settings

    settings = get_permit_settings()
    engine = create_database_engine(settings.resolved_database_url, busy_timeout=settings.sqlite_busy_timeout)
    try:
        # The same lock as the API's start-up, so a command-line upgrade cannot race a starting API.
        with engine.connect() as connection, connection.begin():
            take_migration_lock(connection)
            _run(connection)
    finally:
        engine.dispose()


def run_offline() -> None:
    from api.permits.settings import get_permit_settings

    context.configure(
        url=get_permit_settings().resolved_database_url,
        target_metadata=Base.metadata,
        version_table=VERSION_TABLE,
        literal_binds=True,
    )
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
