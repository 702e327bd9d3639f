"""The rules between the parts (ARCHITECTURE.md), as import-linter contracts in pyproject.toml:
knowledge imports neither actions nor api; actions never import api; api never imports actions;
inside actions, permits → qa → common only; no production package imports tests; no import circle
between sibling modules. A broken contract fails this test with import-linter's report."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_RUN = (
    "import sys; from importlinter.cli import lint_imports; "
    "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True, no_logo=True))"
)


def _lint(cwd: Path) -> subprocess.CompletedProcess[str]:
    # In a fresh interpreter whose first path entry is `cwd`, so that the packages linted are the
    # ones below it (the project's, or the broken copy of the test below).
    return subprocess.run([sys.executable, "-c", _RUN], cwd=cwd, capture_output=True, text=True, timeout=120)


def test_the_import_contracts_are_kept() -> None:
    result = _lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_broken_contract_is_reported(tmp_path: Path) -> None:
    """The same contracts over a tiny tree where knowledge imports actions: the check must fail."""
    for package in ("knowledge", "actions", "actions/permits", "actions/qa", "actions/common", "api", "tests"):
        (tmp_path / package).mkdir(parents=True, exist_ok=True)
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "knowledge" / "__init__.py").write_text("import actions.qa\n")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    lines = [f"[tool.importlinter]", f"root_packages = {config['root_packages']!r}".replace("'", '"')]
    for contract in config["contracts"]:
        lines.append("[[tool.importlinter.contracts]]")
        lines += [f"{key} = {_toml(value)}" for key, value in contract.items()]
    (tmp_path / "pyproject.toml").write_text("\n".join(lines) + "\n")
    result = _lint(tmp_path)
    assert result.returncode != 0
    assert "knowledge is the law" in result.stdout and "BROKEN" in result.stdout, result.stdout + result.stderr


def _toml(value: object) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return '"' + str(value).replace('"', '\\"') + '"'
