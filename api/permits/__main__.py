"""Command line of the permit feature (run it from cron, or by hand):

    python -m api.permits migrate               bring the tables to the latest migration
    python -m api.permits purge [--dry-run]     anonymise closed cases older than RETENTION_DAYS
    python -m api.permits erase-conversations   wipe the queued conversations of erased cases from Rasa

`purge` also wipes the conversations of the cases it anonymises. A wipe that fails (Rasa down)
stays queued; `erase-conversations` retries every queued one and exits 1 while any is left.

Configuration as for the API (DATABASE_URL, VAR_DIR, RETENTION_DAYS, RASA_HOST, RASA_PORT,
RASA_TRACKER_DB; api/permits/README.md).
"""

from __future__ import annotations

import argparse
import sys

from api.db import get_engine, get_session_factory
from api.permits.conversations import RasaConversationEraser
from api.permits.repository import purge_expired, wipe_conversations
from api.permits.settings import PermitSettings, get_permit_settings
from api.settings import get_settings


def _wipe(session, settings: PermitSettings) -> int:  # type: ignore[no-untyped-def]
    core = get_settings()
    eraser = RasaConversationEraser(tracker_db_url=settings.resolved_rasa_tracker_url, rasa_url=core.rasa_url,
                                    busy_timeout=settings.sqlite_busy_timeout, rasa_params=core.rasa_api_params)
    done, pending = wipe_conversations(session, eraser=eraser)
    if done or pending:
        print(f"conversations wiped from Rasa: {len(done)}; still queued: {len(pending)}")
    for protocol in pending:
        print(f"pending {protocol} (see its audit trail; retry: python -m api.permits erase-conversations)")
    return len(pending)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m api.permits", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("migrate", help="alembic upgrade head, under the migration lock")
    commands.add_parser("erase-conversations", help="retry wiping erased cases' conversations from Rasa")
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
    factory = get_session_factory(url, busy_timeout=settings.sqlite_busy_timeout)
    if args.command == "erase-conversations":
        with factory() as session:
            return 1 if _wipe(session, settings) else 0
    days = args.retention_days or settings.retention_days
    with factory() as session:
        protocols = purge_expired(session, retention_days=days, dry_run=args.dry_run)
    verb = "would anonymise" if args.dry_run else "anonymised"
    print(f"{verb} {len(protocols)} closed case(s) older than {days} days")
    for protocol in protocols:
        print(protocol)
    if not args.dry_run:
        with factory() as session:
            _wipe(session, settings)  # a failure stays queued for erase-conversations; the purge is done
    return 0


if __name__ == "__main__":
    sys.exit(main())
