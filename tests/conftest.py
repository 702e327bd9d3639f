"""Shared test configuration: tests marked e2e need the trained model and start real processes."""

import os

os.environ.setdefault("RASA_TELEMETRY_ENABLED", "false")
# The suites drive thousands of calls from one address and a few conversations; the rate limits
# (api/security/) are tested on their own with the documented defaults (tests/security/).
# Set here, they reach the servers the tests start too (live API, e2e stack).
for _name in ("RATE_LIMIT_PER_IP", "RATE_LIMIT_PER_SENDER", "RATE_LIMIT_SUBMISSIONS"):
    os.environ.setdefault(_name, "1000000/minute")
# No map tiles from the internet in tests (the default is OpenStreetMap's tile server): the widget draws
# its offline map; tests/channels/test_widget_map.py points MAP_TILES_URL at a fake tile server.
os.environ["MAP_TILES_URL"] = ""


def pytest_collection_modifyitems(config, items):
    import pytest

    # Everything under tests/e2e/ talks to the running stack; `make test-unit` deselects it with -m.
    for item in items:
        if "/tests/e2e/" in str(item.path):
            item.add_marker(pytest.mark.e2e)
