"""The running stack for the end-to-end tests: one start per test session (Rasa takes ~30-60 s)."""

import pytest

from api.devstack import ROOT, Stack

MODEL = ROOT / "models" / "bot.tar.gz"


@pytest.fixture(scope="session")
def stack(tmp_path_factory):
    if not MODEL.exists():
        pytest.fail(f"{MODEL} is missing: run `make train` (make test-e2e does it) before the e2e tests")
    base = tmp_path_factory.mktemp("stack")
    running = Stack(var_dir=base / "var", log_dir=ROOT / "tests" / "artifacts" / "e2e-logs")
    running.start()
    try:
        running.wait_healthy()
        yield running
    finally:
        running.stop()
