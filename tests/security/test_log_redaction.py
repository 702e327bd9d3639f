"""config/logging.yml masks personal data in every record, in both interpreters (our .venv and Rasa's).

A real process per interpreter applies the file as Rasa, rasa-sdk and uvicorn do (dictConfig), then
logs the ways libraries do: %-arguments, `extra` fields (Sanic's access log), a traceback, a warning.
tests/e2e/test_log_redaction.py does the same against the three running servers.
"""

from __future__ import annotations

import os
import subprocess

import pytest

from tests.support.devstack import ROOT

SCRIPT = r'''
import logging, logging.config, warnings, yaml
logging.config.dictConfig(yaml.safe_load(open("config/logging.yml")))
log = logging.getLogger("rasa.core.processor")
log.debug("user said %s / %s / %s", "529.982.247-25", "maria.souza@exemplo.com.br", "+55 (84) 98888-7777")
access = logging.StreamHandler()  # a library's own handler, as Sanic adds to its access log
access.setFormatter(logging.Formatter("%(request)s %(host)s"))
logging.getLogger("sanic.access").addHandler(access)
logging.getLogger("sanic.access").info("", extra={"request": "GET http://h/status?token=s3cr3t-value&x=1",
                                                  "host": "ana@exemplo.com"})
try:
    raise ValueError("NIF 501964843 refused")
except ValueError:
    logging.getLogger("x").exception("CNPJ 11.222.333/0001-81 failed")
warnings.warn("sender whatsapp-5584988887777")
logging.getLogger("x").info("protocol LAJ-2026-000123 kept")
'''
SECRETS = ["529.982.247-25", "maria.souza", "98888-7777", "s3cr3t-value", "501964843", "11.222.333/0001-81",
           "5584988887777", "ana@exemplo.com"]


@pytest.mark.parametrize("python", [".venv/bin/python", ".venv-rasa/bin/python"])
def test_the_logging_file_masks_every_record(python):
    if not (ROOT / python).exists():
        pytest.fail(f"{python} is missing: make install")
    # The rasa process gets PYTHONPATH=. from scripts/serve.sh; the same here.
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LOG_LEVEL": "DEBUG"}
    done = subprocess.run([str(ROOT / python), "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    output = done.stdout + done.stderr
    assert [s for s in SECRETS if s in output] == []
    assert output.count("[redacted]") >= 8 and "LAJ-2026-000123" in output
    assert "Traceback" in output and "user said" in output
