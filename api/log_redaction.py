"""No personal data in any log line: the redaction every process installs (config/logging.yml).

Rasa (`--logging-config-file`), the action server (`--logging-config_file`) and the API
(`--log-config`) are all started by scripts/serve.sh with config/logging.yml, whose filter
`RedactPersonalData` installs `install()`: from then on every log record of the process, whatever
logger or handler it goes to (Sanic's and uvicorn's own handlers included), has its message, its
arguments, its string extras, its traceback and its stack masked before any handler sees it:

- e-mail addresses, CPF and CNPJ numbers (with or without punctuation);
- phone numbers and NIFs: runs of 9 or more digits, possibly split by spaces, dots, dashes or
  parentheses (a WhatsApp sender id is a phone number);
- secrets that travel in URLs: `token=` query values (Rasa's HTTP API), Telegram bot tokens.

Protocol numbers (ABC-2025-000123) are kept: they are what a log reader searches for, and no
personal data. Python warnings are routed through logging, so they are masked too. Standard
library only: Rasa's interpreter (Python 3.10, .venv-rasa) imports this module as well.
"""

from __future__ import annotations

import logging
import os
import re
import threading
from typing import Any

__all__ = ["REDACTED", "SHAPES", "RedactPersonalData", "install", "installed", "redact_record", "redact_text"]

REDACTED = "[redacted]"

SHAPES = [
    re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"),  # e-mail
    re.compile(r"\b\d{2}\.?\d{3}\.?\d{3}/?\d{4}-?\d{2}\b"),  # CNPJ
    re.compile(r"\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b"),  # CPF
    # Phones and NIFs: 9+ digits, possibly split by spaces, dots, dashes or parentheses.
    re.compile(r"\+?\(?\d(?:[\s().-]*\d){8,}"),
]
# Secrets in URLs and headers (no personal data, but never to be written down either).
_SECRETS = [
    (re.compile(r"([?&](?:token|access_token|hub\.verify_token)=)[^&\s\"'#]+"), r"\1" + REDACTED),
    (re.compile(r"\bbot\d+:[\w-]{20,}"), "bot" + REDACTED),
    (re.compile(r"(?i)\b(bearer\s+)[\w.~+/-]{8,}=*"), r"\1" + REDACTED),
]
# Kept as they are: protocol numbers, and event timestamps (seconds since 1970, with a fraction: Rasa's
# tracker events), which the phone shape would otherwise eat.
_KEEP = re.compile(r"(\b[A-Z]{3}-\d{4}-\d{6,}\b|\b1[6-9]\d{8}\.\d+\b)")


def redact_text(value: str) -> str:
    """`value` with every personal datum (and URL secret) replaced by [redacted]."""
    parts = _KEEP.split(value)
    for index in range(0, len(parts), 2):  # odd indexes are the kept matches themselves
        part = parts[index]
        for pattern, replacement in _SECRETS:
            part = pattern.sub(replacement, part)
        for shape in SHAPES:
            part = shape.sub(REDACTED, part)
        parts[index] = part
    return "".join(parts)


# The attributes every LogRecord has; any other one is an `extra` (Sanic's access log: host, request).
_STANDARD = frozenset(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {"message", "asctime"}
_MARK = "_personal_data_redacted"
_FORMATTER = logging.Formatter()


def redact_record(record: logging.LogRecord) -> logging.LogRecord:
    """Mask the record in place (once): message and arguments merged, extras, traceback, stack."""
    if getattr(record, _MARK, False):
        return record
    try:
        message = record.getMessage()
    except Exception:  # a broken format string: logging would print msg and args raw to stderr
        message = f"{record.msg!s} {record.args!r}"
    record.msg, record.args = redact_text(message), None
    if record.exc_info and not record.exc_text:
        record.exc_text = _FORMATTER.formatException(record.exc_info)
    if record.exc_text:
        # Formatters print exc_text; without exc_info none formats the exception again, unmasked.
        record.exc_text, record.exc_info = redact_text(record.exc_text), None
    if record.stack_info:
        record.stack_info = redact_text(record.stack_info)
    for key, value in list(record.__dict__.items()):
        if key not in _STANDARD and isinstance(value, str):
            record.__dict__[key] = redact_text(value)
    setattr(record, _MARK, True)
    return record


_lock = threading.Lock()
_installed = False


def install(level: str | int | None = None) -> None:
    """Mask every record this process creates, from now on (idempotent).

    Logger.makeRecord is wrapped rather than the record factory alone, because `extra` fields are
    set after the factory runs. `level` (default: the LOG_LEVEL environment variable, else INFO) is
    the root logger's: one variable sets every process's verbosity, as it does Rasa's.
    """
    global _installed
    with _lock:
        if not _installed:
            make_record = logging.Logger.makeRecord

            def make_redacted_record(self: logging.Logger, *args: Any, **kwargs: Any) -> logging.LogRecord:
                return redact_record(make_record(self, *args, **kwargs))

            logging.Logger.makeRecord = make_redacted_record  # type: ignore[method-assign]
            logging.captureWarnings(True)
            _installed = True
    logging.getLogger().setLevel(level or os.environ.get("LOG_LEVEL") or "INFO")


def installed() -> bool:
    """Whether this process masks its records already (a child process started by spawn does not)."""
    return _installed


class RedactPersonalData(logging.Filter):
    """The logging configuration's entry point (config/logging.yml): building it installs the masking;
    as a handler filter it also masks records that were not made by a Logger (logging.makeLogRecord)."""

    def __init__(self, name: str = "") -> None:
        super().__init__(name)
        install()

    def filter(self, record: logging.LogRecord) -> bool:
        redact_record(record)
        return True
