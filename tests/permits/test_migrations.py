"""The schema comes from Alembic: it matches the models, and upgrading is idempotent and safe when
several API processes start at the same moment."""

from __future__ import annotations

import os
import subprocess
import sys

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text

from api.db import create_database_engine, upgrade_database
from api.permits.models import Base
import api.feedback.models  # noqa: F401  (the feedback and handoff tables share the permits' schema)
import api.handoff.models  # noqa: F401

VERSION_TABLE = "permit_alembic_version"
HEAD = "0004"


def test_migrations_create_exactly_the_tables_of_the_models(database_url) -> None:  # type: ignore[no-untyped-def]
    engine = create_database_engine(database_url)
    try:
        upgrade_database(engine)
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE})
            assert compare_metadata(context, Base.metadata) == []
            assert set(inspect(connection).get_table_names()) == {*Base.metadata.tables, VERSION_TABLE}
    finally:
        engine.dispose()


def test_upgrading_again_changes_nothing(database_url) -> None:  # type: ignore[no-untyped-def]
    engine = create_database_engine(database_url)
    try:
        upgrade_database(engine)
        upgrade_database(engine)
        with engine.connect() as connection:
            assert connection.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalars().all() == [HEAD]
    finally:
        engine.dispose()


def test_several_processes_migrating_at_once_all_succeed(database_url) -> None:  # type: ignore[no-untyped-def]
    env = {**os.environ, "DATABASE_URL": database_url, "PERMITS_SECRET_KEY": "x" * 40, "ENVIRONMENT": "local"}
    processes = [
        subprocess.Popen([sys.executable, "-m", "api.permits", "migrate"], env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(3)
    ]
    results = [process.communicate(timeout=120) for process in processes]
    assert [process.returncode for process in processes] == [0, 0, 0], [err for _, err in results]
    engine = create_database_engine(database_url)
    try:
        with engine.connect() as connection:
            assert connection.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalars().all() == [HEAD]
    finally:
        engine.dispose()
