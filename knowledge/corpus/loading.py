"""Reading the norms folder: metadata YAML + seed text → parsed units → one ``Corpus``."""

from __future__ import annotations

from pathlib import Path

import yaml

from .models import Corpus, Norm
from .sources import parser_for

NORMS_DIR = Path(__file__).resolve().parent.parent / "norms"


def norm_metadata(norms_dir: Path = NORMS_DIR) -> list[dict]:
    metas = []
    for path in sorted(norms_dir.glob("*.yaml")):
        with path.open(encoding="utf-8") as fh:
            metas.append(yaml.safe_load(fh))
    return metas


def seed_text(meta: dict, norms_dir: Path = NORMS_DIR) -> str:
    return (norms_dir / meta["seed_file"]).read_text(encoding="utf-8")


def build_corpus(norms_dir: Path = NORMS_DIR) -> Corpus:
    norms: dict[str, Norm] = {}
    units = {}
    for meta in norm_metadata(norms_dir):
        parsed = parser_for(meta["parser"])(meta["id"], seed_text(meta, norms_dir))
        norms[meta["id"]] = Norm(
            **meta,
            preamble=parsed.preamble,
            closing=parsed.closing,
            annotations=tuple(parsed.annotations),
            top_units=tuple(parsed.top_units),
        )
        for unit_id, unit in sorted(parsed.units.items(), key=lambda kv: kv[1].order):
            if unit_id in units:
                raise ValueError(f"duplicate unit id {unit_id}")
            units[unit_id] = unit
    return Corpus(norms_by_id=norms, units_by_id=units)
