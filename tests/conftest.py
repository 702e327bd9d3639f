"""Shared test configuration: tests marked e2e need the trained model and start real processes."""

import os

os.environ.setdefault("RASA_TELEMETRY_ENABLED", "false")


def pytest_collection_modifyitems(config, items):
    import pytest

    # Everything under tests/e2e/ talks to the running stack; `make test-unit` deselects it with -m.
    for item in items:
        if "/tests/e2e/" in str(item.path):
            item.add_marker(pytest.mark.e2e)
