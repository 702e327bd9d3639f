"""The action server masks what an action logs in the process that runs it (rasa_sdk_plugins/).

rasa-sdk applies `--logging-config_file` (config/logging.yml) in the process it was started as, but
Sanic serves the app from a worker started by multiprocessing's spawn, which began with Python's
default logging: an action's warning or traceback reached stderr with the citizen's CPF, e-mail and
phone, and nothing below WARNING was written. The action server is started here with scripts/serve.sh's
command line, but with a probe package of actions (serve.sh always serves `actions`), at
LOG_LEVEL=DEBUG; the probe logs and raises with the latest message of the tracker Rasa sent.
"""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import httpx
import pytest

from tests.support.devstack import ROOT, free_port, stop_group

pytestmark = pytest.mark.e2e

CPF, EMAIL, PHONE = "123.456.789-09", "joao.silva@example.com", "+55 84 99999-1234"
TEXT = f"meu CPF {CPF} e-mail {EMAIL} telefone {PHONE}"
MASKED = "meu CPF [redacted] e-mail [redacted] telefone [redacted]"

PROBE = '''
import logging
import os
import warnings

from rasa_sdk import Action

log = logging.getLogger("worker_log_probe")


class LogsTheMessage(Action):
    def name(self):
        return "action_probe_logs"

    def run(self, dispatcher, tracker, domain):
        text = tracker.latest_message.get("text")
        log.warning("probe pid=%d warning: %s", os.getpid(), text)
        log.debug("probe pid=%d debug: %s", os.getpid(), text)
        warnings.warn(f"probe warns: {text}")
        return []


class RaisesWithTheMessage(Action):
    def name(self):
        return "action_probe_raises"

    def run(self, dispatcher, tracker, domain):
        raise ValueError(f"probe raised: {tracker.latest_message.get('text')}")
'''


def _call(action: str) -> dict:
    sender = f"probe-{secrets.token_hex(4)}"
    tracker = {"sender_id": sender, "slots": {}, "events": [], "paused": False, "followup_action": None,
               "active_loop": {}, "latest_action_name": None,
               "latest_message": {"text": TEXT, "intent": {}, "entities": []}}
    return {"next_action": action, "sender_id": sender, "version": "3.6.0", "domain": {}, "tracker": tracker}


def test_serve_sh_starts_the_action_server_with_the_logging_file() -> None:
    """The command line mirrored below is serve.sh's (the workers read the file's name from it)."""
    serve = (ROOT / "scripts" / "serve.sh").read_text()
    assert re.search(r'-m rasa_sdk --actions actions --port "\$ACTIONS_PORT" \\\s*--logging-config_file "\$LOGGING_CONFIG"',
                     serve)


def test_an_action_logs_and_raises_masked_in_the_worker_that_runs_it(tmp_path: Path) -> None:
    (tmp_path / "worker_log_probe").mkdir()
    (tmp_path / "worker_log_probe" / "__init__.py").write_text(textwrap.dedent(PROBE))
    port, token = free_port(), secrets.token_hex(16)
    env = {**os.environ, "ACTIONS_TOKEN": token, "SANIC_HOST": "127.0.0.1", "LOG_LEVEL": "DEBUG",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))}
    output = tmp_path / "actions.log"
    with open(output, "wb") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "rasa_sdk", "--actions", "worker_log_probe", "--port", str(port),
             "--logging-config_file", "config/logging.yml"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, output.read_text(errors="replace")
            try:
                if httpx.get(f"http://127.0.0.1:{port}/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the action server never answered /health"
            time.sleep(0.3)
        headers = {"X-Actions-Token": token}
        logged = httpx.post(f"http://127.0.0.1:{port}/webhook", json=_call("action_probe_logs"),
                            headers=headers, timeout=10)
        assert logged.status_code == 200, logged.text
        raised = httpx.post(f"http://127.0.0.1:{port}/webhook", json=_call("action_probe_raises"),
                            headers=headers, timeout=10)
        assert raised.status_code == 500, raised.text
        time.sleep(1)  # the worker's last lines reach the file
    finally:
        stop_group(server)

    text = output.read_text(errors="replace")
    spellings = [CPF, EMAIL, PHONE, re.sub(r"\D", "", CPF), re.sub(r"\D", "", PHONE), "99999-1234"]
    assert [value for value in spellings if value in text] == [], text
    # The records were made inside the action runs, in the worker process (its pid in the message),
    # and written masked through config/logging.yml's handler: DEBUG too, which Python's default
    # logging (level WARNING, last-resort handler) would have dropped.
    match = re.search(rf"WARNING worker_log_probe - probe pid=(\d+) warning: {re.escape(MASKED)}\n", text)
    assert match, text
    worker = int(match.group(1))
    assert f"DEBUG worker_log_probe - probe pid={worker} debug: {MASKED}\n" in text, text
    assert f"probe warns: {MASKED}" in text, text  # Python warnings, through logging
    assert "ERROR rasa_sdk.endpoint - Exception occurred during execution of request" in text, text
    assert f"ValueError: probe raised: {MASKED}\n" in text, text
    # Evidence of the premise, not a requirement: the actions ran in a process of their own.
    print(f"action server pid {server.pid}, actions ran in pid {worker}")
