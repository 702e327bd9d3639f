"""Decreto-Lei n.º 269/2003 (amends and republishes the RAMT) against its seed."""

from __future__ import annotations

from knowledge.corpus import AnnotationKind, VersionKind

from .conftest import PORTUGAL, squash, seed

RAMT = PORTUGAL + "/ramt"


def test_decree_articles_and_ramt_articles_in_order(corpus):
    assert [a.number for a in corpus.articles(PORTUGAL, prefix=PORTUGAL)] == ["1", "2", "3"]
    assert [a.number for a in corpus.articles(PORTUGAL, prefix=RAMT)] == [
        "1", "2", "3", "4", "5", "6", "7", "8", "11", "17", "18", "19-a", "20", "21", "22", "23",
        "25", "26", "27", "29", "30", "31", "32", "33", "34", "35", "36", "36-a", "37", "38", "39", "40"]


def test_amended_articles_are_exactly_those_listed_by_the_decree(corpus):
    lead = corpus.unit(PORTUGAL + "/art-1").text
    listed = lead.split("artigos ")[1].split(" e os anexos")[0].replace(" e ", ", ").split(", ")
    given = [a.number for a in corpus.articles(PORTUGAL, prefix=RAMT)
             if any(v.kind is VersionKind.given for u in [a, *corpus.descendants(a.id)] for v in u.versions)]
    assert [n.replace(".º", "") for n in listed] == given


def test_language_and_citation(corpus):
    norm = corpus.norm(PORTUGAL)
    assert (norm.language, norm.citation, norm.country) == ("pt-PT", "Decreto-Lei n.º 269/2003", "PT")


def test_verbatim_wordings(corpus):
    text = squash(seed("portugal"))
    for uid in ("ramt/art-29", "ramt/art-21/num-5", "ramt/art-19-a/num-2", "ramt/art-38"):
        wording = corpus.unit(f"{PORTUGAL}/{uid}").text
        assert wording and wording in text, uid
    assert corpus.unit(RAMT + "/art-21/num-5").text.startswith("As motas de água com menos de 60 kw")
    assert corpus.unit(RAMT + "/anexo-ii/num-1").text == "Emissão de licença - (euro) 205."


def test_unchanged_parts_are_marked_omitted_not_blank_law(corpus):
    omitted = corpus.unit(RAMT + "/art-6/num-1")
    assert omitted.text == "" and omitted.in_force
    assert [a.kind for a in omitted.annotations] == [AnnotationKind.omitted]
    assert corpus.unit(RAMT + "/art-6/num-2").versions[0].amending_norm == "Decreto-Lei n.º 269/2003"


def test_added_articles(corpus):
    art = corpus.unit(RAMT + "/art-19-a")
    assert art.heading == "Embarcações de apoio"
    assert all(v.kind is VersionKind.added for c in corpus.children(art.id) for v in c.versions)
    fine = corpus.unit(RAMT + "/art-36-a")
    assert fine.versions[0].kind is VersionKind.added
    assert "utilize embarcações de apoio" in fine.text  # enacted wording; the republication says "utiliza"
    assert any(a.kind is AnnotationKind.known_error for a in fine.annotations)


def test_republished_paragraphs_say_how_their_number_was_found(corpus):
    for n in ("1", "2", "38", "39", "40"):
        notes = [a.note for a in corpus.unit(f"{RAMT}/art-{n}").annotations]
        assert any("by position only" in x for x in notes), n
    notes = [a.note for a in corpus.unit(RAMT + "/art-25").annotations]
    assert any("artigo 25.º" in x and "by the text" in x for x in notes)


def test_list_counters_of_the_web_page_are_not_law(corpus):
    assert not corpus.unit(RAMT + "/art-7/num-1").text.startswith("17.")
    assert corpus.unit(RAMT + "/art-7/num-1").label == "RAMT, Artigo 7.º, n.º 1"
