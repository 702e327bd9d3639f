"""`make loadtest`: the whole stack under load through the PUBLIC chat API, for 1 and for 2 Rasa workers.

For each Rasa worker count (`--workers`, default 1,2) the stack is started as `make run-production`
starts it (scripts/serve.sh: PostgreSQL tracker store and Redis locks, bot/endpoints.production.yml;
RASA_WORKERS), on free loopback ports, with its own PostgreSQL database and Redis key prefix (both
removed afterwards). Locust (scripts/locustfile.py) then plays citizens on POST /api/v1/chat, headless:

- saturation: 20 citizens with no think time for a fixed time: turns/s, p50/p95/p99, errors;
- sizing: citizens who think 3-10 s between turns, more of them step by step until p95 > 1 s or an
  error; the figure is the most citizens served with p95 <= 1 s and no error.

Resident memory of every process (peak during the run) is sampled. The API's rate limits are raised
for this stack only (every simulated citizen comes from 127.0.0.1). Prints the figures and saves them
as JSON under bench/results/ (loadtest-<time>.json and loadtest-latest.json). Figures are measurements
of this machine at this moment (the load generator shares its CPUs); nothing here is asserted.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import platform
import resource
import secrets
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

import httpx
import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.devstack import Stack  # noqa: E402
from tests.support.production import admin, forget, production_env  # noqa: E402

RESULTS = ROOT / "bench" / "results"
LOCUST = ROOT / ".venv" / "bin" / "locust"
LOCUSTFILE = ROOT / "scripts" / "locustfile.py"
# Only for the load test's own stack: every simulated citizen shares 127.0.0.1.
LOAD_LIMITS = {"RATE_LIMIT_PER_IP": "1000000/minute", "RATE_LIMIT_PER_SENDER": "10000/minute;1000/5second",
               "MAX_TURNS_PER_SESSION": "100000"}
WARM_UP = ["oi", "Posso alugar SUP em Bertioga?", "Qual a multa?", "Quero pedir autorização para vender na praia",
           "cancelar", "Can I teach surf in Bertioga?"]


def rss_detail(stack: Stack) -> dict[str, dict]:
    """Resident memory per part: its total and each process of its group (main process, workers)."""
    out = {}
    for part, proc in stack.processes.items():
        try:
            root = psutil.Process(proc.pid)
            procs = [root, *root.children(recursive=True)]
            sizes = [round(p.memory_info().rss / 2**20, 1) for p in procs]
        except psutil.NoSuchProcess:
            continue
        out[part] = {"total_mb": round(sum(sizes), 1), "processes_mb": sizes}
    return out


class MemorySampler:
    """Peak resident memory per part while a block runs (sampled every `every` seconds)."""

    def __init__(self, stack: Stack, every: float = 2.0) -> None:
        self.stack, self.every, self.peak = stack, every, {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            for part, figures in rss_detail(self.stack).items():
                if figures["total_mb"] > self.peak.get(part, {}).get("total_mb", 0):
                    self.peak[part] = figures
            self._stop.wait(self.every)

    def __enter__(self) -> "MemorySampler":
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(10)


def run_locust(api_url: str, users: int, spawn_rate: float, measure_s: int, think: tuple[float, float],
               workdir: Path) -> dict:
    """One headless Locust run; statistics reset once every citizen has arrived, then `measure_s` s."""
    spawn_s = users / spawn_rate
    run_time = int(spawn_s + measure_s + 0.999)
    prefix = workdir / f"u{users}-{secrets.token_hex(3)}"
    env = {**os.environ, "LOADTEST_THINK_MIN": str(think[0]), "LOADTEST_THINK_MAX": str(think[1])}
    cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    completed = subprocess.run(
        [str(LOCUST), "-f", str(LOCUSTFILE), "--headless", "--host", api_url, "--users", str(users),
         "--spawn-rate", f"{spawn_rate:.3f}", "--run-time", f"{run_time}s", "--reset-stats", "--stop-timeout", "15",
         "--csv", str(prefix), "--only-summary", "--loglevel", "WARNING"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=run_time + 90, check=False,
    )
    cpu_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    rows = list(csv.DictReader(open(f"{prefix}_stats.csv", encoding="utf-8")))
    failures = list(csv.DictReader(open(f"{prefix}_failures.csv", encoding="utf-8")))
    total = next(r for r in rows if r["Name"] == "Aggregated")

    def figures(row: dict) -> dict:
        return {"turns": int(row["Request Count"]), "errors": int(row["Failure Count"]),
                "turns_per_s": round(float(row["Requests/s"]), 2), "p50_ms": float(row["50%"]),
                "p95_ms": float(row["95%"]), "p99_ms": float(row["99%"]), "max_ms": round(float(row["Max Response Time"]))}

    result = {"users": users, "spawn_rate": round(spawn_rate, 2), "measured_s": measure_s, **figures(total),
              "by_script": {r["Name"]: figures(r) for r in rows if r["Name"] != "Aggregated"},
              "failures": [{"name": f["Name"], "error": f["Error"], "count": int(f["Occurrences"])} for f in failures],
              "locust_cpu_s": round((cpu_after.ru_utime + cpu_after.ru_stime)
                                    - (cpu_before.ru_utime + cpu_before.ru_stime), 1)}
    if total["Request Count"] == "0":
        result["locust_output"] = completed.stdout.decode(errors="replace")[-2000:]
    return result


def warm_up(api_url: str, rounds: int) -> None:
    """First turns compile TensorFlow graphs; every worker should have taken some before measuring."""
    with httpx.Client(base_url=api_url, timeout=60) as client:
        for n in range(rounds):
            sender = f"warm{n:04d}{secrets.token_hex(4)}"
            for message in WARM_UP:
                client.post("/api/v1/chat", json={"sender": sender, "message": message}).raise_for_status()


def settle(api_url: str, timeout: float = 90.0) -> float:
    """Wait until the stack is idle again: the turns a stopped Locust run left queued in Rasa would
    otherwise count in the next step. Idle: a probe turn answers in under 0.5 s. Returns seconds waited."""
    started = time.monotonic()
    with httpx.Client(base_url=api_url, timeout=60) as client:
        while time.monotonic() - started < timeout:
            probe = time.monotonic()
            client.post("/api/v1/chat", json={"sender": f"settle{secrets.token_hex(6)}", "message": "oi"})
            if time.monotonic() - probe < 0.5:
                break
            time.sleep(2)
    return round(time.monotonic() - started, 1)


def sizing(api_url: str, args, workdir: Path, log) -> dict:
    """More citizens (think time 3-10 s) until p95 > limit or an error; then one step between the last
    good and the first bad count. Bounded by --sizing-steps."""
    think = (args.think_min, args.think_max)
    spawn_over = (args.think_min + args.think_max) / 2  # one think time: arrivals spread, no burst
    steps: list[dict] = []
    good, bad = 0, None
    users = args.sizing_start
    while len(steps) < args.sizing_steps:
        waited = settle(api_url)
        step = run_locust(api_url, users, max(1.0, users / spawn_over), args.step_time, think, workdir)
        step["settled_before_s"] = waited
        step["ok"] = step["errors"] == 0 and step["turns"] > 0 and step["p95_ms"] <= args.p95_limit_ms
        steps.append(step)
        log(f"  sizing {users} users: {step['turns_per_s']} turns/s p95 {step['p95_ms']} ms errors {step['errors']}"
            f" -> {'ok' if step['ok'] else 'over'}")
        if step["ok"]:
            good = max(good, users)
        else:
            bad = users if bad is None else min(bad, users)
        if bad is None:
            users = int(users * args.sizing_factor)
            if users > args.sizing_max:
                break
        else:
            between = (good + bad) // 2
            if bad - good <= max(5, good // 10) or between in {s["users"] for s in steps}:
                break
            users = between
    return {"think_s": list(think), "p95_limit_ms": args.p95_limit_ms, "max_users_p95_ok": good,
            "first_users_over": bad, "steps": steps,
            "bounded_by_steps": bad is None}


def measure(workers: int, args, log) -> dict:
    suffix = secrets.token_hex(4)
    tracker_db, prefix = f"rasa_load_{suffix}", f"load{suffix}"
    admin(f'CREATE DATABASE "{tracker_db}"')
    env = {
        **production_env(tracker_db, prefix), "RASA_WORKERS": str(workers),
        "ACTIONS_WORKERS": os.environ.get("ACTIONS_WORKERS", "1"), "API_WORKERS": os.environ.get("API_WORKERS", "1"),
        **LOAD_LIMITS,
    }
    with tempfile.TemporaryDirectory(prefix="loadtest-") as tmp:
        stack = Stack(var_dir=Path(tmp) / "var", log_dir=ROOT / "tests" / "artifacts" / f"loadtest-logs-{workers}w",
                      env_extra=env)
        stack.start()
        try:
            started = stack.wait_healthy(300)
            warm_up(stack.api_url, args.warm_up_rounds * workers)
            log(f"{workers} Rasa worker(s): healthy after {started:.0f} s; warmed up")
            with MemorySampler(stack) as memory:
                saturation = run_locust(stack.api_url, args.saturation_users, float(args.saturation_users),
                                        args.saturation_time, (0.0, 0.0), Path(tmp))
                log(f"  saturation {args.saturation_users} users: {saturation['turns_per_s']} turns/s "
                    f"p50 {saturation['p50_ms']} p95 {saturation['p95_ms']} p99 {saturation['p99_ms']} ms "
                    f"errors {saturation['errors']}")
                sized = sizing(stack.api_url, args, Path(tmp), log) if not args.skip_sizing else None
            return {"rasa_workers": workers, "load_average_1m_after": round(os.getloadavg()[0], 2), "actions_workers": int(env["ACTIONS_WORKERS"]),
                    "api_workers": int(env["API_WORKERS"]), "healthy_after_s": round(started, 1),
                    "saturation": saturation, "sizing": sized, "rss_peak": memory.peak}
        finally:
            stack.stop()
            forget(tracker_db, prefix)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", default="1,2", help="Rasa worker counts to measure, in order")
    parser.add_argument("--saturation-users", type=int, default=20)
    parser.add_argument("--saturation-time", type=int, default=45, help="seconds measured")
    parser.add_argument("--think-min", type=float, default=3.0)
    parser.add_argument("--think-max", type=float, default=10.0)
    parser.add_argument("--sizing-start", type=int, default=40)
    parser.add_argument("--sizing-factor", type=float, default=1.5)
    parser.add_argument("--sizing-max", type=int, default=600)
    parser.add_argument("--sizing-steps", type=int, default=6, help="at most this many sizing steps per stack")
    parser.add_argument("--step-time", type=int, default=30, help="seconds measured per sizing step")
    parser.add_argument("--p95-limit-ms", type=float, default=1000.0)
    parser.add_argument("--warm-up-rounds", type=int, default=3, help="warm-up conversations per Rasa worker")
    parser.add_argument("--skip-sizing", action="store_true")
    parser.add_argument("--quick", action="store_true", help="a tiny run to check the set-up (1 worker, seconds)")
    args = parser.parse_args()
    if args.quick:
        args.workers, args.saturation_users, args.saturation_time = "1", 4, 8
        args.sizing_start, args.sizing_steps, args.step_time, args.warm_up_rounds = 4, 2, 8, 1

    def log(line: str) -> None:
        print(line, flush=True)

    started, load_before = time.monotonic(), round(os.getloadavg()[0], 2)
    runs = [measure(int(w), args, log) for w in args.workers.split(",")]
    by_workers = {run["rasa_workers"]: run for run in runs}
    comparison = None
    if 1 in by_workers and 2 in by_workers:
        one, two = by_workers[1], by_workers[2]
        comparison = {
            "saturation_turns_per_s_ratio_2_to_1": round(two["saturation"]["turns_per_s"]
                                                         / max(one["saturation"]["turns_per_s"], 1e-9), 2),
            "saturation_p95_ratio_2_to_1": round(two["saturation"]["p95_ms"] / max(one["saturation"]["p95_ms"], 1e-9), 2),
        }
        if one["sizing"] and two["sizing"]:
            comparison["sizing_users_ratio_2_to_1"] = round(two["sizing"]["max_users_p95_ok"]
                                                            / max(one["sizing"]["max_users_p95_ok"], 1), 2)
    figures = {
        "measured_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                    # Anything else running on the machine (the load average before the first stack started).
                    "load_average_1m_before": load_before,
                    "memory_gb": round(psutil.virtual_memory().total / 2**30, 1)},
        "through": "POST /api/v1/chat (the widget's route), 127.0.0.1, Locust headless",
        "settings": {k: v for k, v in vars(args).items()},
        "runs": runs,
        "comparison": comparison,
        "duration_s": round(time.monotonic() - started),
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    for name in (f"loadtest-{stamp}.json", "loadtest-latest.json"):
        (RESULTS / name).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(figures, indent=2))
    print(f"saved to {RESULTS / 'loadtest-latest.json'}")


if __name__ == "__main__":
    main()
