"""bot/components/light_nlu.py, run in .venv-rasa (where Rasa lives): a model trained with
IntentLogisticRegression + EntityCRF parses exactly as one trained with Rasa's own
LogisticRegressionClassifier + CRFEntityExtractor on the same data, and it holds the quick-loading files
(weights as arrays, the crfsuite model) instead of skops.
"""

from __future__ import annotations

import json
import subprocess
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RASA_PYTHON = ROOT / ".venv-rasa" / "bin" / "python"

NLU = """version: "3.1"
nlu:
- intent: ask_fee
  examples: |
    - quanto custa a licença em [Bertioga](municipality)?
    - qual a taxa de ambulante em [Lajes](municipality)
    - how much is the permit in [Igarapava](municipality)?
    - valor da taxa pra vender na praia
    - what does the licence cost
- intent: ask_hours
  examples: |
    - até que horas posso vender em [Lajes](municipality)?
    - horário do comércio em [Bertioga](municipality)
    - what time can I sell on the beach in [Igarapava](municipality)
    - a que horas abre
    - until when can I stay open
"""

PIPELINE = """recipe: default.v1
language: pt
pipeline:
  - name: WhitespaceTokenizer
  - name: CountVectorsFeaturizer
  - name: CountVectorsFeaturizer
    analyzer: char_wb
    min_ngram: 2
    max_ngram: 4
  - name: {intents}
  - name: {entities}
    features: [[low], [low, bias, prefix5, suffix3, digit], [low]]
policies: []
"""

SCRIPT = r"""
import asyncio, json, sys
from rasa.core.agent import Agent
from rasa.model_training import train_nlu

tmp = sys.argv[1]
out = {}
for name in ("ours", "rasa"):
    model = train_nlu(f"{tmp}/{name}.yml", f"{tmp}/nlu.yml", f"{tmp}/{name}", fixed_model_name=name)
    agent = Agent.load(model)
    parses = []
    for text in ["quanto custa em Lajes?", "até que horas em Bertioga", "how much in Igarapava", "olá"]:
        p = asyncio.run(agent.parse_message(text))
        parses.append({"intent": p["intent"]["name"], "confidence": round(p["intent"]["confidence"], 12),
                       "ranking": [(r["name"], round(r["confidence"], 12)) for r in p["intent_ranking"]],
                       "entities": [(e["entity"], e["value"], e["start"], round(e["confidence_entity"], 12))
                                    for e in p["entities"]]})
    out[name] = {"model": model, "parses": parses}
print(json.dumps(out))
"""


@pytest.mark.skipif(not RASA_PYTHON.exists(), reason="needs .venv-rasa (make install)")
def test_parses_as_rasas_own_components_and_loads_without_skops(tmp_path: Path) -> None:
    (tmp_path / "nlu.yml").write_text(NLU, encoding="utf-8")
    (tmp_path / "ours.yml").write_text(PIPELINE.format(intents="bot.components.light_nlu.IntentLogisticRegression",
                                                       entities="bot.components.light_nlu.EntityCRF"), encoding="utf-8")
    (tmp_path / "rasa.yml").write_text(PIPELINE.format(intents="LogisticRegressionClassifier",
                                                       entities="CRFEntityExtractor"), encoding="utf-8")
    done = subprocess.run([str(RASA_PYTHON), "-c", SCRIPT, str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                          timeout=600, env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0",
                                            "RASA_TELEMETRY_ENABLED": "false", "TF_CPP_MIN_LOG_LEVEL": "3",
                                            "RASA_CACHE_DIRECTORY": str(tmp_path / "cache"), "HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])

    assert result["ours"]["parses"] == result["rasa"]["parses"]
    assert {p["intent"] for p in result["ours"]["parses"][:3]} == {"ask_fee", "ask_hours"}
    assert any(p["entities"] for p in result["ours"]["parses"])
    with tarfile.open(result["ours"]["model"]) as model:
        names = [Path(n).name for n in model.getnames()]
    assert "weights.npz" in names and "crf_entity.crfsuite" in names
    assert not any(n.endswith(".skops") for n in names)
