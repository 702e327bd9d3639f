"""Amendment notes of consolidated texts and the merge of superseded and current wordings.

A consolidated text (Pontal's, from LeisMunicipais) prints the replaced wording and, right after it,
the new one followed by "(Redação dada pela Lei nº 2247/2021)". Both are the same unit of the law:
the later wording is in force, the earlier one is history. "(Redação acrescida pela Lei nº …)" marks
a unit added by a later law; it has no earlier wording.
"""

from __future__ import annotations

import re

from .models import Version, VersionKind

AMENDMENT_NOTE = re.compile(
    r"\(\s*(?P<what>Reda[çc][ãa]o\s+(?P<verb>dada|acrescida|inclu[íi]da)|Revogad[oa]|Inclu[íi]d[oa]|Acrescid[oa])"
    r"\s+pel[oa]\s+(?P<norm>(?:Lei(?:\s+Complementar)?|Decreto)\s+n[ºo°.]*\s*[\d.]+/\d{4})\s*\)",
    re.IGNORECASE,
)

_KIND_BY_VERB = {
    "dada": VersionKind.given,
    "acrescida": VersionKind.added,
    "incluida": VersionKind.added,
    "incluída": VersionKind.added,
}


def _kind(match: re.Match[str]) -> VersionKind:
    what = match.group("what").lower()
    if what.startswith("revogad"):
        return VersionKind.revoked
    if match.group("verb"):
        return _KIND_BY_VERB[match.group("verb").lower()]
    return VersionKind.added


def split_amendment_note(printed: str) -> Version:
    """The wording of one printed unit, with its amendment note (if any) turned into version data."""
    match = AMENDMENT_NOTE.search(printed)
    if not match:
        return Version(wording=printed, kind=VersionKind.original, in_force=True)
    wording = (printed[: match.start()] + printed[match.end() :]).strip()
    wording = re.sub(r"\s+", " ", wording)
    kind = _kind(match)
    return Version(
        wording=wording,
        kind=kind,
        amending_norm=re.sub(r"\s+", " ", match.group("norm")),
        in_force=kind is not VersionKind.revoked,
        note=re.sub(r"\s+", " ", match.group(0)),
    )


def merge_wordings(printed_in_order: list[str]) -> list[Version]:
    """Several printed wordings of the same unit, oldest first → its versions.

    Only the last one can be in force, and only if it is not a revocation. Every earlier one is
    marked as superseded by the norm named in the note of the wording that followed it.
    """
    versions = [split_amendment_note(p) for p in printed_in_order]
    merged: list[Version] = []
    for i, version in enumerate(versions):
        if i + 1 < len(versions):
            nxt = versions[i + 1]
            version = version.model_copy(
                update={"in_force": False, "superseded_by": nxt.amending_norm}
            )
        merged.append(version)
    return merged
