"""Every unit has one id, in the documented scheme, and the tree is consistent."""

from __future__ import annotations

import re

import pytest

from knowledge.corpus import UnitKind, build_corpus

NORM_IDS = {
    "br-sp-bertioga/decreto-4510-2024",
    "br-sp-igarapava/lc-57-2018",
    "pt/decreto-lei-269-2003",
    "br-pr-pontal-do-parana/lei-1902-2018",
    "br-rn-lajes/lc-489-2009",
}

ROMAN = r"[ivxlc]+"
SEGMENT = re.compile(
    rf"(tit|cap|sec|subsec)-(?:{ROMAN}|unico)(?:-2|-[a-z])?"
    r"|art-\d+(?:-[a-z])?|par-(?:\d+|unico)|inc-[IVXLC]+|ali-[a-z]|item-\d+|num-\d+"
    rf"|anexo-(?:{ROMAN}|unico)|item-\d{{2}}\.\d{{2}}\.\d{{2}}(?:-\d+)?|nota-\d+|redacao-original|ramt"
)


def test_the_five_norms_are_loaded_with_the_shared_ids(corpus):
    assert {n.id for n in corpus.norms} == NORM_IDS


def test_every_unit_id_is_unique_and_follows_the_scheme(corpus):
    ids = [u.id for u in corpus.units]
    assert len(ids) == len(set(ids))
    for unit in corpus.units:
        assert unit.id.startswith(unit.norm_id + "/"), unit.id
        rest = unit.id[len(unit.norm_id) + 1 :].split("/")
        bad = [s for s in rest if not SEGMENT.fullmatch(s)]
        assert not bad, f"{unit.id}: {bad}"


def test_articles_are_addressed_flat_under_the_norm(corpus):
    for unit in corpus.units:
        if unit.kind is UnitKind.artigo:
            assert re.fullmatch(r"(/ramt)?/art-\d+(-[a-z])?", unit.id[len(unit.norm_id):]), unit.id


def test_children_and_ancestors_agree(corpus):
    for unit in corpus.units:
        for child in corpus.children(unit.id):
            assert corpus.ancestors(child.id)[-1].id == unit.id
        assert [a.id for a in corpus.ancestors(unit.id)] == [p.id for p in unit.path]


def test_unknown_unit_is_a_key_error(corpus):
    assert not corpus.has("br-sp-bertioga/decreto-4510-2024/art-99")
    with pytest.raises(KeyError):
        corpus.unit("br-sp-bertioga/decreto-4510-2024/art-99")


def test_loading_is_deterministic(corpus):
    again = build_corpus()
    assert [u.id for u in again.units] == [u.id for u in corpus.units]
    assert again.units == corpus.units
