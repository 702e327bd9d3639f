"""make test-robustness: does anything we test depend on which model a training run happened to give?

Float results differ between CPUs, so CI's model is never quite ours. This trains the bot with three
`random_seed` values when the pipeline has one (a stand-in for "another machine"; the logistic
regression and CRF of config.yml have none and train deterministically: then one training) and runs, against each model, what
`make test` runs against the one model: Rasa's test stories, the held-out NLU evaluation, the e2e suite
(which includes the conversation cases). It prints one line per seed and saves
bench/results/robustness.json. It fails when any seed fails a story or an e2e test, or when the
conversation-case pass rate spreads over more than 2 points between seeds.

    .venv/bin/python scripts/robustness.py [--seeds 1 2 3] [--keep-models]

Not part of `make test` (three trainings: ~30-45 min on the 2-core machine).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RASA = ROOT / ".venv-rasa" / "bin" / "rasa"
PY = ROOT / ".venv" / "bin" / "python"
WORK = ROOT / "results" / "robustness"
OUT = ROOT / "bench" / "results" / "robustness.json"
CASES_REPORT = ROOT / "tests" / "artifacts" / "conversation_report.json"
BLIND_REPORT = ROOT / "tests" / "artifacts" / "blind_report.json"
MAX_SPREAD = 0.02


def run(cmd: list[str], log: Path, env: dict[str, str] | None = None) -> tuple[int, float]:
    started = time.monotonic()
    with log.open("w") as out:
        code = subprocess.call(cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env={**os.environ, **(env or {})})
    return code, round(time.monotonic() - started, 1)


def seeded_config(seed: int, path: Path) -> None:
    text = (ROOT / "config.yml").read_text(encoding="utf-8")
    seeded, count = re.subn(r"(random_seed:\s*)\d+", rf"\g<1>{seed}", text)
    if count > 1:
        raise SystemExit("config.yml must set at most one random_seed")
    path.write_text(seeded, encoding="utf-8")


def seeds_to_try(asked: list[int]) -> list[int]:
    """The seeds to train with. A pipeline with no random_seed (logistic regression and a CRF, since
    issue 17) trains deterministically: one training tells what another machine would get."""
    text = (ROOT / "config.yml").read_text(encoding="utf-8")
    return asked if re.search(r"random_seed:\s*\d+", text) else asked[:1]


def stories(out_dir: Path) -> dict:
    """Rasa writes the failing test stories to failed_test_stories.yml; the report counts conversations."""
    report = out_dir / "story_report.json"
    failed = (out_dir / "failed_test_stories.yml").read_text(encoding="utf-8") if (out_dir / "failed_test_stories.yml").exists() else ""
    failures = len(re.findall(r"^- story:", failed, flags=re.M))
    total = len(re.findall(r"^\s*- story:", "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "bot" / "tests" / "stories").glob("*.yml")), flags=re.M))
    figures = {"stories": total, "failed": failures}
    if report.exists():
        data = json.loads(report.read_text(encoding="utf-8"))
        if "conversation_accuracy" in data:
            figures["conversation_accuracy"] = data["conversation_accuracy"].get("accuracy")
    return figures


def nlu(out_dir: Path) -> dict:
    sys.path.insert(0, str(ROOT / "scripts"))
    from check_nlu_report import read_figures  # the gate's own reading of Rasa's reports

    figures = read_figures(out_dir)
    return {"intent_macro_f1": round(figures.intent_macro_f1, 4), "entity_micro_f1": round(figures.entity_micro_f1, 4)}


def junit(path: Path) -> dict:
    root = ET.parse(path).getroot()
    suite = root if root.tag == "testsuite" else root.find("testsuite")
    failed = [c.get("name") for c in suite.iter("testcase") if c.find("failure") is not None or c.find("error") is not None]
    return {"tests": int(suite.get("tests", 0)), "failed": failed}


def one_seed(seed: int, keep: bool) -> dict:
    work = WORK / f"seed-{seed}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    config = work / "config.yml"
    seeded_config(seed, config)
    result: dict = {"seed": seed}
    code, seconds = run([str(RASA), "train", "--config", str(config), "--domain", "bot/domain", "--data", "bot/data",
                         "--out", str(work), "--fixed-model-name", "bot", "--quiet"], work / "train.log")
    result["train_seconds"] = seconds
    model = work / "bot.tar.gz"
    if code != 0 or not model.exists():
        result["error"] = f"training failed (see {work / 'train.log'})"
        return result
    run([str(RASA), "test", "core", "--model", str(model), "--stories", "bot/tests/stories", "--out",
         str(work / "stories"), "--no-plot"], work / "stories.log")
    result["stories"] = stories(work / "stories")
    run([str(RASA), "test", "nlu", "--model", str(model), "--nlu", "bot/tests/nlu/holdout.yml", "--out",
         str(work / "nlu"), "--no-plot"], work / "nlu.log")
    result["nlu"] = nlu(work / "nlu")
    CASES_REPORT.unlink(missing_ok=True)
    BLIND_REPORT.unlink(missing_ok=True)
    code, seconds = run([str(PY), "-m", "pytest", "-m", "e2e", "-q", "-p", "no:cacheprovider",
                         f"--junitxml={work / 'e2e.xml'}"], work / "e2e.log", env={"RASA_MODEL": str(model)})
    result["e2e"] = junit(work / "e2e.xml") if (work / "e2e.xml").exists() else {"error": f"see {work / 'e2e.log'}"}
    result["e2e_seconds"] = seconds
    if CASES_REPORT.exists():
        cases = json.loads(CASES_REPORT.read_text(encoding="utf-8"))
        shutil.copy(CASES_REPORT, work / "conversation_report.json")
        result["conversation_cases"] = {"passed": cases["passed"], "cases": cases["cases"], "rate": cases["pass_rate"]}
    if BLIND_REPORT.exists():
        blind = json.loads(BLIND_REPORT.read_text(encoding="utf-8"))
        shutil.copy(BLIND_REPORT, work / "blind_report.json")
        result["blind_sets"] = {name: f"{r['passed']}/{r['cases']}" for name, r in blind.items()}
    if not keep:
        model.unlink(missing_ok=True)
    return result


def verdict(results: list[dict]) -> list[str]:
    problems = []
    for r in results:
        if "error" in r:
            problems.append(f"seed {r['seed']}: {r['error']}")
            continue
        if r["stories"]["failed"]:
            problems.append(f"seed {r['seed']}: {r['stories']['failed']} test stories failed")
        failed = r["e2e"].get("failed") if "failed" in r["e2e"] else ["(no report)"]
        if failed:
            problems.append(f"seed {r['seed']}: e2e failed: {', '.join(failed)}")
    rates = [r["conversation_cases"]["rate"] for r in results if "conversation_cases" in r]
    if len(rates) != len(results):
        problems.append("a seed has no conversation-case figure")
    elif max(rates) - min(rates) > MAX_SPREAD + 1e-9:
        problems.append(f"conversation-case pass rate spreads {max(rates) - min(rates):.1%} (> {MAX_SPREAD:.0%})")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--keep-models", action="store_true")
    args = parser.parse_args()
    results = []
    for seed in seeds_to_try(args.seeds):
        print(f"seed {seed}: training and testing…", flush=True)
        results.append(one_seed(seed, args.keep_models))
        r = results[-1]
        print(f"  {json.dumps(r, ensure_ascii=False)}", flush=True)
    problems = verdict(results)
    print("\nseed  NLU intent F1  entity F1  stories failed  e2e failed/tests  conversation cases  blind sets")
    for r in results:
        if "error" in r:
            print(f"{r['seed']:>4}  {r['error']}")
            continue
        cc = r.get("conversation_cases", {})
        print(f"{r['seed']:>4}  {r['nlu']['intent_macro_f1']:>13.3f}  {r['nlu']['entity_micro_f1']:>9.3f}  "
              f"{r['stories']['failed']:>5}/{r['stories']['stories']:<8}  "
              f"{len(r['e2e'].get('failed', [])):>5}/{r['e2e'].get('tests', 0):<10}  "
              f"{cc.get('passed', '?')}/{cc.get('cases', '?')} ({cc.get('rate', 0):.1%})  "
              f"{' '.join(r.get('blind_sets', {}).values())}")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"measured": time.strftime("%Y-%m-%dT%H:%M:%S"), "results": results,
                               "problems": problems}, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(f"\nsaved {OUT}")
    for p in problems:
        print("FAIL:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
