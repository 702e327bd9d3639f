"""axe-core in a Playwright page: the accessibility findings a test may assert on.

axe.min.js (this folder, axe-core 4.14.1, MPL-2.0) is injected into the page under test, never served
by the application.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

__all__ = ["AXE_JS", "serious_violations", "violations"]

AXE_JS = Path(__file__).with_name("axe.min.js")


def violations(page: Page, *, impacts: tuple[str, ...] = ("serious", "critical")) -> list[dict[str, Any]]:
    """axe's violations of the page as it is now (WCAG 2.x A/AA and best practices), of these impacts."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE_JS))
    result = page.evaluate(
        """async () => {
            const r = await axe.run(document, {runOnly: {type: 'tag',
                values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}});
            return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}));
        }"""
    )
    return [v for v in result if v["impact"] in impacts]


def serious_violations(page: Page) -> list[str]:
    """Serious and critical violations, one readable line each (empty when the page passes)."""
    return [f"{v['id']} ({v['impact']}): {v['help']} at {v['nodes']}" for v in violations(page)]
