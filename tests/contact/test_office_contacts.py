"""A human contact that works: the law's own contact (Lajes' letterhead), the city's configured one
(said to be so), never an invented phone; "quero falar com um atendente" answers with it and offers
to send the question to the office."""

import re
from pathlib import Path

import pytest

from actions.qa.contact import HANDOFF_PAYLOAD, ActionHumanContact
from knowledge.corpus import load_corpus
from knowledge.rules import office_contacts, offices_of
from knowledge.rules.contacts import DEFAULT_FILE, configured_contacts
from knowledge.rules.registry import registry
from knowledge.strict_yaml import load_yaml
from tests.actions.conftest import Run, make_tracker

_PHONE = re.compile(r"\(?\d{2}\)?\s?\d{4,5}-\d{4}")


def _seed_text(norm) -> str:
    seed = load_corpus().norm(norm.norm).seed_file
    local = Path(__file__).resolve().parents[2] / "knowledge" / "norms" / seed
    return local.read_text(encoding="utf-8")


def test_lajes_phones_are_the_ones_its_text_prints():
    contacts = office_contacts("br-rn-lajes", "pt-BR")
    assert contacts and all(c.from_law for c in contacts)
    phones = contacts[0].phones
    assert phones == ["(84) 3532-2627", "(84) 3532-2197"]
    assert "Rua Ramiro Pereira da Silva, 17" in contacts[0].address


def test_every_contact_from_the_law_is_printed_in_the_seed_with_each_phone():
    checked = 0
    for norm in registry().norms.values():
        text = _seed_text(norm)
        for office in norm.offices.values():
            if office.contact is None:
                continue
            for line in office.contact.printed:
                assert line in text, line
            printed = " ".join(office.contact.printed)
            for phone in office.contact.phones:
                number = phone.split(")")[-1].strip()
                assert number in printed, phone
            assert office.contact.web is None or office.contact.web in printed
            checked += 1
    assert checked == 2  # both Lajes offices sit in the Prefeitura of the letterhead


def test_the_shipped_configuration_is_empty_and_says_it_is_not_the_law():
    raw = DEFAULT_FILE.read_text(encoding="utf-8")
    assert "NOT FROM THE LAW" in raw
    assert all(offices == {} for offices in load_yaml(DEFAULT_FILE).values())
    # a town missing from the file simply has nothing configured (adding a town needs no entry here)
    assert set(load_yaml(DEFAULT_FILE)) <= {n.jurisdiction for n in registry().norms.values()}


def test_offices_keep_their_names_and_order():
    for jurisdiction in ("br-rn-lajes", "br-sp-bertioga", "pt"):
        assert [c.name for c in office_contacts(jurisdiction, "en")] == offices_of(jurisdiction, "en")


def test_a_configured_contact_is_shown_and_marked_as_not_from_the_law(tmp_path, monkeypatch):
    path = tmp_path / "contacts.yml"
    path.write_text('br-sp-bertioga:\n  turismo:\n    phones: ["(13) 3319-8000"]\n'
                    '    hours: {pt-BR: "seg a sex, 8h-17h", pt-PT: "seg a sex, 8h-17h", en: "Mon-Fri 8am-5pm"}\n',
                    encoding="utf-8")
    monkeypatch.setenv("OFFICE_CONTACTS_FILE", str(path))
    run = Run(ActionHumanContact(), make_tracker("quero falar com um atendente em bertioga", "human_contact",
                                                 [{"entity": "municipality", "value": "br-sp-bertioga"}]))
    assert "(13) 3319-8000" in run.text and "seg a sex, 8h-17h" in run.text
    assert "não consta da lei" in run.text


def test_a_configured_office_the_law_does_not_name_is_refused(tmp_path):
    path = tmp_path / "contacts.yml"
    path.write_text("br-sp-bertioga:\n  guarda_vidas:\n    phones: ['193']\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no office 'guarda_vidas'"):
        configured_contacts(path)


@pytest.mark.parametrize("text,language_words", [
    ("quero falar com um atendente em lajes", ("Para falar com uma pessoa", "Enviar minha pergunta")),
    ("I want to talk to a person in Lajes", ("To talk to a person", "Send my question")),
])
def test_talk_to_a_person_in_lajes_gives_the_phones_and_the_handoff(text, language_words):
    run = Run(ActionHumanContact(), make_tracker(text, "human_contact",
                                                 [{"entity": "municipality", "value": "br-rn-lajes"}]))
    message = run.messages[0]
    assert language_words[0] in run.text
    assert "(84) 3532-2627" in run.text and "(84) 3532-2197" in run.text
    assert [b["title"] for b in message["buttons"]] == [language_words[1]]
    assert message["buttons"][0]["payload"] == HANDOFF_PAYLOAD + "br-rn-lajes"
    assert {c["unit_id"] for c in message["custom"]["citations"]} <= {
        "br-rn-lajes/lc-489-2009/art-8", "br-rn-lajes/lc-489-2009/art-67"}
    assert len(run.text) <= 700


def test_without_a_phone_in_the_law_none_is_invented():
    run = Run(ActionHumanContact(), make_tracker("I want to talk to a person in Bertioga", "human_contact",
                                                 [{"entity": "municipality", "value": "br-sp-bertioga"}]))
    assert "Tourism and Culture" in run.text
    assert "gives no phone" in run.text
    assert not _PHONE.search(run.text)


def test_when_the_bot_is_down_the_offices_phone_is_given_too():
    from api.channels.unavailable import unavailable_text

    text = unavailable_text("pt-BR", "br-rn-lajes")
    assert "Coordenadoria de Tributos e Cadastros" in text and "(84) 3532-2627" in text
    assert not _PHONE.search(unavailable_text("en", "br-sp-bertioga"))
