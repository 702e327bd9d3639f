"""The action server finds every custom action the domain names, loading `actions` the way
scripts/serve.sh starts it (`python -m rasa_sdk --actions actions`): rasa-sdk imports the package and
every module below it, so moving an action into a subpackage must not lose it."""

from __future__ import annotations

from pathlib import Path

import yaml
from rasa_sdk.executor import ActionExecutor

DOMAIN = Path(__file__).resolve().parents[2] / "bot" / "domain"


def test_every_domain_action_is_registered() -> None:
    named: set[str] = set()
    for path in DOMAIN.glob("*.yml"):
        domain = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        named |= {a for a in domain.get("actions", []) if a.startswith(("action_", "validate_"))}
    executor = ActionExecutor()
    executor.register_package("actions")
    assert named, "no custom action found in bot/domain"
    assert named <= set(executor.actions), sorted(named - set(executor.actions))
