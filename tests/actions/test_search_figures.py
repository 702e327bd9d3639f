"""A quote of the law stands for an answer to "how long / how much / how far" only if it holds a figure."""

from pathlib import Path
from types import SimpleNamespace

from rasa_sdk.executor import CollectingDispatcher

from actions.common.conversation import Turn
from actions.qa.search import answer_from_search, asks_for_a_figure, holds_a_figure
from tests.actions.conftest import make_tracker

NO_FIGURE = SimpleNamespace(unit_id="br-rn-lajes/lc-489-2009/art-1", label="Art. 1º", norm_id="br-rn-lajes/lc-489-2009",
                            snippet="Esta Lei institui o Código de Posturas do Município.")
WITH_FIGURE = SimpleNamespace(unit_id="br-rn-lajes/lc-489-2009/art-139", label="Art. 139", norm_id="br-rn-lajes/lc-489-2009",
                              snippet="… pelo prazo máximo de 45 (quarenta e cinco) dias.")

NORMS = Path(__file__).resolve().parents[2] / "knowledge" / "norms"


def _say(question, hits):
    dispatcher = CollectingDispatcher()
    answer_from_search(Turn(dispatcher, make_tracker(question, "ask_law")), "br-rn-lajes", hits=hits)
    return "\n".join(m["text"] for m in dispatcher.messages)


def test_a_figure_question_is_not_answered_with_a_quote_that_holds_no_figure():
    text = _say("qual a distância mínima entre o quiosque e a escola em lajes?", [NO_FIGURE])
    assert "Não encontrei esse número" in text and "Código de Posturas" not in text
    assert "45 (quarenta e cinco) dias" in _say("circo pode ficar quantos dias em lajes?", [NO_FIGURE, WITH_FIGURE])


def test_other_questions_still_get_the_closest_text():
    assert "Código de Posturas" in _say("o que diz a lei sobre propaganda em lajes?", [NO_FIGURE])


def test_what_counts_as_a_figure_question_and_a_figure():
    assert asks_for_a_figure("até que horas pode ter som?") and asks_for_a_figure("how far from the beach?")
    assert not asks_for_a_figure("pode vender cerveja na praia?")
    assert holds_a_figure("prazo de dez dias") and holds_a_figure("até 22h") and not holds_a_figure("é proibido")


def test_an_english_reader_gets_the_quotes_figures_in_english():
    from actions.qa.search import figure_glosses

    assert figure_glosses(["deixar de pagar por 60 (sessenta) dias, consecutivos ou não",
                           "prazo de 10 (dez) dias úteis; faixa de 1,20 m"]) == ["60 days", "10 working days", "1.20 m"]
    # a scan's "l00 (cem) metros" (Lajes art. 123) and a cut's "…00 metros" are no figures to gloss
    assert "l00 (cem) metros" in " ".join((NORMS / "004_509c367244b32730.txt").read_text(encoding="utf-8").split())
    assert figure_glosses(["raio de l00 (cem) metros de distância", "… 00 metros", "até 24horas"]) == ["24 hours"]
    dispatcher = CollectingDispatcher()
    tracker = make_tracker("how many days can a circus stay in Lajes?", "ask_law", slots={"language": "en"})
    answer_from_search(Turn(dispatcher, tracker), "br-rn-lajes", hits=[WITH_FIGURE])
    text = dispatcher.messages[-1]["text"]
    assert "in Portuguese" in text and "Figures in the law quoted below: 45 days." in text
