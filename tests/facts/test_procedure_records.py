"""Procedure facts citizens ask with no kind word (Bertioga art. 23: a notice handed to an employee counts as
received; Pontal art. 11: a cart is replaced only for force majeure): found by their own words."""

from pathlib import Path

from knowledge.facts import retrieve

NORMS = Path(__file__).resolve().parents[2] / "knowledge" / "norms"
BERTIOGA = " ".join((NORMS / "000_ed8a310b9ec690b5.txt").read_text(encoding="utf-8").split())
PONTAL = " ".join((NORMS / "003_f62ddfeb97083b18.txt").read_text(encoding="utf-8").split())


def test_a_notice_handed_to_an_employee_counts_as_received():
    assert "pessoalmente ou através de empregado, a notificação ou auto de infração" in BERTIOGA
    found = retrieve("eu nao tava no ponto quando o fiscal veio, ele entregou a notificacao pro meu funcionario. conta "
                     "como se eu tivesse recebido?", "br-sp-bertioga")
    assert found is not None and found.record.id.endswith("#written-notice-received-by-employee")
    assert "br-sp-bertioga/decreto-4510-2024/art-23" in found.record.cite


def test_a_cart_is_replaced_only_for_force_majeure():
    assert "Somente será admitida a substituição dos veículos automotores, carrinhos" in PONTAL
    found = retrieve("meu carrinho de pipoca quebrou, posso trocar por outro carrinho?", "br-pr-pontal-do-parana")
    assert found is not None and found.record.id.endswith("#written-vehicle-replacement")
