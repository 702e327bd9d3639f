"""Strict YAML loading: duplicate keys are an error, not a silent overwrite.

PyYAML's SafeLoader keeps the last of two equal keys; in a file of legal figures that would hide a
typing mistake (two `amount:` lines, the first one lost), so this loader refuses the file instead.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

__all__ = ["DuplicateKeyError", "load_yaml"]


class DuplicateKeyError(ValueError):
    pass


# The C parser (libyaml) when PyYAML was built with it; the constructor, where keys are checked, is
# the same Python SafeConstructor either way.
_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _StrictLoader(_Base):  # type: ignore[misc, valid-type]
    pass


def _construct_mapping(loader: _StrictLoader, node: yaml.MappingNode, deep: bool = False) -> dict:
    # Only keys written in this mapping count; keys merged in with `<<: *anchor` may be overridden.
    seen: dict[Any, yaml.Node] = {}
    for key_node, _ in node.value:
        if key_node.tag == "tag:yaml.org,2002:merge":
            continue
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise DuplicateKeyError(
                f"duplicate key {key!r} at line {key_node.start_mark.line + 1} "
                f"(first at line {seen[key].start_mark.line + 1}) in {key_node.start_mark.name}"
            )
        seen[key] = key_node
    loader.flatten_mapping(node)
    return yaml.constructor.SafeConstructor.construct_mapping(loader, node, deep=deep)


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def load_yaml(source: Path | str) -> Any:
    """Load one YAML document; `source` is a path or the YAML text itself."""
    if isinstance(source, Path):
        with source.open(encoding="utf-8") as fh:
            return yaml.load(fh, Loader=_StrictLoader)  # noqa: S506 - SafeLoader subclass
    return yaml.load(source, Loader=_StrictLoader)  # noqa: S506
