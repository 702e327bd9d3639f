"""Command line of the permit feature (run it from cron, or by hand):

    python -m api.permits migrate             bring the tables to the latest migration
    python -m api.permits purge [--dry-run]   anonymise closed cases older than RETENTION_DAYS

Configuration as for the API (DATABASE_URL, VAR_DIR, RETENTION_DAYS; api/permits/README.md).
"""

from __future__ import annotations

import argparse
import sys

from api.db import get_engine, get_session_factory
from api.permits.repository import purge_expired
from api.permits.settings import get_permit_settings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m api.permits", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("migrate", help="alembic upgrade head, under the migration lock")
    purge = commands.add_parser("purge", help="anonymise closed cases older than RETENTION_DAYS")
    purge.add_argument("--dry-run", action="store_true", help="list the protocols, change nothing")
    purge.add_argument("--retention-days", type=int, help="override RETENTION_DAYS for this run")
    args = parser.parse_args(argv)

    settings = get_permit_settings()
    url = settings.resolved_database_url
    if args.command == "migrate":
        get_engine(url, busy_timeout=settings.sqlite_busy_timeout)
        print("permit tables at the latest migration")
        return 0
    days = args.retention_days or settings.retention_days
    with get_session_factory(url, busy_timeout=settings.sqlite_busy_timeout)() as session:
        protocols = purge_expired(session, retention_days=days, dry_run=args.dry_run)
    verb = "would anonymise" if args.dry_run else "anonymised"
    print(f"{verb} {len(protocols)} closed case(s) older than {days} days")
    for protocol in protocols:
        print(protocol)
    return 0


if __name__ == "__main__":
    sys.exit(main())
