"""`make bench`: REST turn latency (sequential and 20 concurrent conversations), cold start, resident
memory per process, training time, and the shape of the replies (visible characters p50/p95 on the
conversation cases and the blind sets, key fact in the first sentence). Beside ours, the stock bot of
`rasa init --no-prompt` (a temporary folder, the same cold cache) is trained, started and talked to, so
that cold training, cold start and turn latency are printed as ratios ours/stock from the same run
(issue 17), with the held-out NLU F1 (bot/tests/nlu/holdout.yml). Prints the figures and saves them
under bench/results/.

Figures are measurements of this machine at this moment; they are never asserted in unit tests.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from pathlib import Path

import httpx
import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.devstack import Stack, free_port, stop_group, tree_rss  # noqa: E402
from tests.cases.blind_sets import load_blind, states_first  # noqa: E402
from tests.cases.conversation_cases import answer_text, judge, load_cases, visible_length  # noqa: E402

CASES = ROOT / "tests" / "data" / "conversation_cases.yml"
RESULTS = ROOT / "bench" / "results"


def questions() -> list[str]:
    """The messages of the end-to-end conversation suite (the same questions the e2e tests check)."""
    data = yaml.safe_load(CASES.read_text(encoding="utf-8"))
    return [case["message"] for case in data["cases"]]


def reply_shape(client: httpx.Client, url: str) -> dict:
    """Reply length as a phone shows it (visible characters, links by their label) on the tuning cases
    and the pt/en blind sets, and how often the blind set's key fact is in the first sentence."""
    def play(prefix: str, case) -> str:
        sender = f"shape-{prefix}-{case.id}"
        for message in case.context:
            client.post(url, json={"sender": sender, "message": message}, timeout=120)
        reply = client.post(url, json={"sender": sender, "message": case.message}, timeout=120).json()
        return answer_text(reply)

    shape = {}
    for name, cases in (("conversation_cases", load_cases().cases),
                        ("blind_pt_en", [*load_blind("blind_br_a.yml").cases, *load_blind("blind_b.yml").cases])):
        texts = [(case, play(name, case)) for case in cases]
        lengths = [visible_length(text) for _, text in texts]
        passed = [judge(case, text).passed for case, text in texts]
        shape[name] = {"cases": len(texts), "passed": sum(passed),
                       "chars_p50": round(percentile(lengths, 50)), "chars_p95": round(percentile(lengths, 95)),
                       "key_fact_first": sum(p and states_first(case, text) for p, (case, text) in zip(passed, texts))}
    return shape


def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * pct / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def summary(latencies_ms: list[float]) -> dict:
    return {
        "turns": len(latencies_ms),
        "p50_ms": round(percentile(latencies_ms, 50), 1),
        "p95_ms": round(percentile(latencies_ms, 95), 1),
        "mean_ms": round(statistics.fmean(latencies_ms), 1),
        "max_ms": round(max(latencies_ms), 1),
    }


def timed_turn(client: httpx.Client, url: str, sender: str, message: str) -> float:
    start = time.perf_counter()
    response = client.post(url, json={"sender": sender, "message": message}, timeout=60)
    response.raise_for_status()
    return (time.perf_counter() - start) * 1000


# A turn's cost by its place in a long conversation (issue 17: "flat cost per turn"). Long conversations
# cycle through CYCLE questions for LONG_TURNS turns; when they reach turn 146, as many fresh ones start
# and the two sets run interleaved, turn by turn: "turn 150" is the long ones' turns 148-152, "turn 5" the
# fresh ones' turns 3-7, asking the very same questions (148 = 3 + 5 * 29) at the same minute, so the
# ratio measures the history behind a turn, not the other work on the machine (which, on a shared
# 2-core machine, moves a median by more than the history does).
LONG_TURNS, CYCLE, WINDOW = 152, 29, 2


def turn_cost(client: httpx.Client, url: str, msgs: list[str], conversations: int = 3) -> dict:
    """Median REST latency around turn 5 and around turn 150, measured side by side, and their ratio."""
    cycle = msgs[:CYCLE]
    stamp = int(time.time())
    late_start = LONG_TURNS - (5 + WINDOW) + 1  # turn 146: the fresh conversations' turn 7 is turn 152
    assert (late_start - 1) % CYCLE == 0, "fresh and long conversations must ask the same questions"
    early: dict[int, list[float]] = {}
    late: dict[int, list[float]] = {}
    first: dict[int, list[float]] = {}
    for turn in range(1, LONG_TURNS + 1):
        fresh_turn = turn - late_start + 1
        for n in range(conversations):
            message = cycle[(turn - 1) % CYCLE]
            latency = timed_turn(client, url, f"long-{stamp}-{n}", message)
            (late if turn >= late_start else first).setdefault(turn, []).append(latency)
            if fresh_turn >= 1:
                assert cycle[(fresh_turn - 1) % CYCLE] == message
                early.setdefault(fresh_turn, []).append(timed_turn(client, url, f"fresh-{stamp}-{n}", message))

    def around(by_turn: dict[int, list[float]], turn: int) -> float:
        return statistics.median(lat for t in range(turn - WINDOW, turn + WINDOW + 1) for lat in by_turn[t])

    turn_5, turn_150 = around(early, 5), around(late, 150)
    return {"conversations": conversations, "turns": LONG_TURNS,
            "turn_5_p50_ms": round(turn_5, 1), "turn_150_p50_ms": round(turn_150, 1),
            "ratio_150_to_5": round(turn_150 / turn_5, 2),
            # The long conversations' own turns 3-7, two to three minutes earlier: load drift shows here.
            "long_conversations_turn_5_p50_ms": round(around(first, 5), 1)}


RASA = ROOT / ".venv-rasa" / "bin" / "rasa"


def measure_training() -> float:
    """A cold training: an empty Rasa cache (RASA_CACHE_DIRECTORY), or unchanged components are reused
    from .rasa/cache and the figure says nothing about a first `make train`."""
    with tempfile.TemporaryDirectory() as out, tempfile.TemporaryDirectory() as cache:
        start = time.monotonic()
        subprocess.run(
            [str(RASA), "train", "--config", "config.yml", "--domain", "bot/domain",
             "--data", "bot/data", "--out", out, "--quiet"],
            cwd=ROOT, check=True, stdout=subprocess.DEVNULL, env={**os.environ, "RASA_CACHE_DIRECTORY": cache},
        )
        return round(time.monotonic() - start, 1)


# ---------------------------------------------------------------- the stock bot beside ours (issue 17)
def train_stock(project: Path) -> float:
    """`rasa init --no-prompt` in an empty folder: Rasa's example bot (default pipeline and policies,
    TED included) scaffolded and trained there, cold like ours (its own empty RASA_CACHE_DIRECTORY).
    Returns the seconds of the whole command (the scaffold is a file copy; the rest is its training)."""
    with tempfile.TemporaryDirectory() as cache:
        start = time.monotonic()
        subprocess.run([str(RASA), "init", "--no-prompt", "--init-dir", str(project)], cwd=project, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env={**os.environ, "RASA_CACHE_DIRECTORY": cache})
        return round(time.monotonic() - start, 1)


def stock_messages(project: Path) -> list[str]:
    """The stock bot's own NLU examples (its data/nlu.yml), markup-free, as its users' messages."""
    data = yaml.safe_load((project / "data" / "nlu.yml").read_text(encoding="utf-8"))
    return [line[2:].strip() for item in data["nlu"] for line in item["examples"].splitlines() if line.startswith("- ")]


def measure_stock(project: Path, turns: int) -> dict:
    """The stock bot served as `rasa run` serves it (REST channel; its rules and stories need no action
    server): process start to its first answer, sequential REST turns (warm, 6 per conversation like
    ours), resident memory."""
    port = free_port()
    msgs = stock_messages(project)
    url = f"http://127.0.0.1:{port}/webhooks/rest/webhook"
    with open(project / "rasa-run.log", "wb") as log:
        started = time.monotonic()
        proc = subprocess.Popen([str(RASA), "run", "--model", "models", "--interface", "127.0.0.1", "--port", str(port)],
                                cwd=project, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        with httpx.Client() as client:
            wait_first_answer(client, url, "hello", alive=lambda: proc.poll() is None,
                              log=project / "rasa-run.log")
            cold_start = round(time.monotonic() - started, 1)
            for i, m in enumerate(msgs[:10]):
                timed_turn(client, url, f"warm-{i}", m)
            sequential = [timed_turn(client, url, f"seq-{i // 6}", msgs[i % len(msgs)]) for i in range(turns)]
        rss = tree_rss(proc.pid)
    finally:
        stop_group(proc, grace=30)
    return {"cold_start_s": cold_start, "rest_sequential": summary(sequential), "rss_mb": {"rasa": round(rss / 2**20, 1)}}


def wait_first_answer(client: httpx.Client, url: str, message: str, *, alive=lambda: True,  # noqa: ANN001
                      log: Path | None = None) -> None:
    """Until the bot at `url` answers `message` with something (cold start ends at a real answer, not at
    /status); fails when the process (`alive`) has died."""
    while True:
        if not alive():
            raise RuntimeError(f"the bot exited before its first answer; see {log}")
        try:
            if client.post(url, json={"sender": "cold", "message": message}, timeout=5).json():
                return
        except (httpx.HTTPError, ValueError):
            pass
        time.sleep(0.2)


def heldout_nlu() -> dict:
    """Held-out NLU figures of the current model: `make test-nlu`'s report when it is newer than the
    model, otherwise `rasa test nlu` on bot/tests/nlu/holdout.yml now (about a minute)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from check_nlu_report import read_figures  # noqa: PLC0415 (a script beside this one)

    model, report = ROOT / "models" / "bot.tar.gz", ROOT / "results" / "nlu" / "intent_report.json"
    with tempfile.TemporaryDirectory() as tmp:
        if report.exists() and report.stat().st_mtime > model.stat().st_mtime:
            source, results = "results/nlu (make test-nlu)", report.parent
        else:
            source, results = "measured (rasa test nlu)", Path(tmp)
            subprocess.run([str(RASA), "test", "nlu", "--model", str(model), "--nlu", "bot/tests/nlu/holdout.yml",
                            "--out", tmp, "--no-plot"], cwd=ROOT, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        figures = read_figures(results)
    return {"source": source, "intent_macro_f1": round(figures.intent_macro_f1, 4),
            "entity_micro_f1": round(figures.entity_micro_f1, 4)}


def ratio(ours: float | None, stock: float | None) -> float | None:
    return round(ours / stock, 2) if ours and stock else None


def action_calls(client: httpx.Client, stack: Stack, senders: list[str]) -> list[float]:
    """The action server alone: `action_answer` on the trackers of finished conversations, as Rasa
    calls it (POST /webhook with the tracker and the domain)."""
    domain = client.get(f"{stack.rasa_url}/domain", headers={"Accept": "application/json"}, params=stack.rasa_token,
                        timeout=30).json()
    timings = []
    for sender in senders:
        tracker = client.get(f"{stack.rasa_url}/conversations/{sender}/tracker", params=stack.rasa_token,
                             timeout=30).json()
        body = {"next_action": "action_answer", "sender_id": sender, "tracker": tracker, "domain": domain,
                "version": "3.6"}
        start = time.perf_counter()
        client.post(f"{stack.actions_url}/webhook", json=body, timeout=60,
                    headers={"X-Actions-Token": stack.internal_secrets["ACTIONS_TOKEN"]}).raise_for_status()
        timings.append((time.perf_counter() - start) * 1000)
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, default=240, help="sequential turns (>= 200)")
    parser.add_argument("--concurrency", type=int, default=20)
    parser.add_argument("--skip-training", action="store_true")
    parser.add_argument("--skip-replies", action="store_true", help="skip the reply-length figures (~3 min)")
    parser.add_argument("--turn-cost-only", action="store_true",
                        help="only the cost of turn 5 against turn 150 (~3 min); printed, not saved")
    parser.add_argument("--skip-stock", action="store_true",
                        help="skip the stock `rasa init` bot (its training, cold start and turns, ~4 min)")
    parser.add_argument("--skip-nlu", action="store_true", help="skip the held-out NLU figures")
    args = parser.parse_args()

    msgs = questions()
    with tempfile.TemporaryDirectory() as tmp:
        stack = Stack(var_dir=Path(tmp) / "var", log_dir=Path(tmp) / "logs")
        stack.start()
        try:
            url = f"{stack.rasa_url}/webhooks/rest/webhook"
            # Cold start: from process start until the first real answer (not merely /status).
            with httpx.Client() as client:
                wait_first_answer(client, url, "oi")
                cold_start = round(time.monotonic() - stack.started_at, 1)
                stack.wait_healthy()
                # Warm-up, excluded from the figures (first calls compile TensorFlow graphs).
                for i, m in enumerate(msgs[:10]):
                    timed_turn(client, url, f"warm-{i}", m)
                per_turn = turn_cost(client, url, msgs)
                if args.turn_cost_only:
                    print(json.dumps({"turn_cost": per_turn}, indent=2))
                    return
                sequential = [
                    timed_turn(client, url, f"seq-{i // 6}", msgs[i % len(msgs)]) for i in range(args.turns)
                ]
                # What dominates a turn: NLU alone (Rasa's /model/parse) and the answer action alone (the
                # action server's /webhook); the rest is Rasa's policies, tracker store and HTTP.
                nlu_only = []
                for m in msgs[:100]:
                    start = time.perf_counter()
                    client.post(f"{stack.rasa_url}/model/parse", json={"text": m}, params=stack.rasa_token,
                                timeout=60).raise_for_status()
                    nlu_only.append((time.perf_counter() - start) * 1000)
                action_only = action_calls(client, stack, [f"seq-{i}" for i in range(min(args.turns // 6, 40))])
                replies = reply_shape(client, url) if not args.skip_replies else None

            def conversation(n: int) -> list[float]:
                with httpx.Client() as c:
                    return [timed_turn(c, url, f"conc-{n}", msgs[(n * 7 + k) % len(msgs)]) for k in range(12)]

            start = time.monotonic()
            with ThreadPoolExecutor(args.concurrency) as pool:
                concurrent = [lat for conv in pool.map(conversation, range(args.concurrency)) for lat in conv]
            concurrent_wall = time.monotonic() - start
            memory = stack.rss_mb()
        finally:
            stack.stop()

    # The stock bot after ours is stopped (the two never share the cores), then our cold training right
    # after the stock bot's: the three heavy figures of the ratios are minutes apart, not hours.
    stock = None
    if not args.skip_stock:
        with tempfile.TemporaryDirectory() as tmp:
            project = Path(tmp) / "stock"
            project.mkdir()
            stock_training = train_stock(project)
            stock = {"training_s": stock_training, **measure_stock(project, min(args.turns, 120))}
    nlu = None if args.skip_nlu else heldout_nlu()
    training = None if args.skip_training else measure_training()

    figures = {
        "measured_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "machine": {"cpus": __import__("os").cpu_count(), "python": platform.python_version()},
        "rest_sequential": summary(sequential),
        "turn_cost": per_turn,
        "nlu_parse_only": summary(nlu_only),
        "answer_action_only": summary(action_only),
        "rest_concurrent": {**summary(concurrent), "conversations": args.concurrency,
                            "throughput_turns_per_s": round(len(concurrent) / concurrent_wall, 1)},
        "cold_start_s": cold_start,
        "rss_mb": memory,
        "replies": replies,
        "training_s": training,
        "nlu_heldout": nlu,
        "stock_bot": stock,
        # Issue 17's targets: cold training <= 1x, cold start <= 0.5x the stock bot's.
        "versus_stock": None if stock is None else {
            "cold_training": ratio(training, stock["training_s"]),
            "cold_start": ratio(cold_start, stock["cold_start_s"]),
            "turn_p50": ratio(summary(sequential)["p50_ms"], stock["rest_sequential"]["p50_ms"]),
            "rss_rasa": ratio(memory.get("rasa"), stock["rss_mb"]["rasa"]),
        },
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    for name in (f"bench-{stamp}.json", "latest.json"):
        (RESULTS / name).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(figures, indent=2))
    if stock is not None:
        versus = figures["versus_stock"]
        print(f"ours / stock bot: cold training {training} s / {stock['training_s']} s (x{versus['cold_training']}), "
              f"cold start {cold_start} s / {stock['cold_start_s']} s (x{versus['cold_start']}), "
              f"turn p50 {figures['rest_sequential']['p50_ms']} / {stock['rest_sequential']['p50_ms']} ms "
              f"(x{versus['turn_p50']}), Rasa RSS {memory.get('rasa')} / {stock['rss_mb']['rasa']} MB")
    if nlu is not None:
        print(f"held-out NLU: intent macro-F1 {nlu['intent_macro_f1']}, entity micro-F1 {nlu['entity_micro_f1']} "
              f"({nlu['source']})")
    print(f"saved to {RESULTS / 'latest.json'}")


if __name__ == "__main__":
    main()
