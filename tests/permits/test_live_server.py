"""The API as it runs: uvicorn in its own processes, real HTTP, real concurrency, a hard kill."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from tests.permits.conftest import CLERKS, PERSONAL_VALUES, SECRET_KEY, TOKENS, preapplication
from tests.support.devstack import stop_group

REPO = Path(__file__).resolve().parents[2]
PARALLEL = 50


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class LiveServer:
    def __init__(self, database_url: str, log: Path, workers: int = 1) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        accounts = [account.model_dump(exclude_none=True) for account in CLERKS]
        self.env = {
            **os.environ,
            "DATABASE_URL": database_url,
            "CLERK_ACCOUNTS": json.dumps(accounts),
            "PERMITS_SECRET_KEY": SECRET_KEY,
            "ENVIRONMENT": "local",
        }
        self.command = [sys.executable, "-m", "uvicorn", "api.main:app", "--host", "127.0.0.1",
                        "--port", str(self.port), "--workers", str(workers)]
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(self.command, cwd=REPO, env=self.env, stdout=log, stderr=log,
                                            start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log.read_text()
            try:
                if httpx.get(f"{self.url}/api/v1/clerk/me", headers=clerk("ana"), timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise AssertionError(f"uvicorn did not come up:\n{self.log.read_text()}")

    def kill_hard(self) -> None:
        """SIGKILL to the whole process group: no shutdown handler, no flush, like a power cut to the process."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None:
            stop_group(self.process, grace=15)


@contextmanager
def live_server(database_url: str, log: Path, workers: int = 1) -> Iterator[LiveServer]:
    server = LiveServer(database_url, log, workers)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def clerk(name: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {TOKENS[name]}"}


@pytest.fixture
def real_submission() -> dict:
    """A submission the server's real permit catalogue (knowledge.rules) accepts, from a public client
    (no conversation: only the action server may name one, with its signature)."""
    try:
        from knowledge.rules import permit_kinds

        kinds = permit_kinds("br-sp-bertioga")
    except Exception:
        kinds = []
    return preapplication(permit_kind=kinds[0] if kinds else "nautical_sport_point", conversation_id=None)


def _sequences(protocols: list[str]) -> list[int]:
    return sorted(int(protocol.rsplit("-", 1)[1]) for protocol in protocols)


def test_parallel_submissions_get_distinct_sequential_protocols(database_url, tmp_path, real_submission) -> None:  # type: ignore[no-untyped-def]
    with live_server(database_url, tmp_path / "server.log", workers=2) as server:
        barrier = threading.Barrier(PARALLEL)
        limits = httpx.Limits(max_connections=PARALLEL, max_keepalive_connections=PARALLEL)
        with httpx.Client(base_url=server.url, timeout=60, limits=limits) as http:

            def one(_: int) -> httpx.Response:
                barrier.wait(timeout=30)  # all 50 leave together
                return http.post("/api/v1/preapplications", json=real_submission)

            started = time.monotonic()
            with ThreadPoolExecutor(max_workers=PARALLEL) as pool:
                responses = list(pool.map(one, range(PARALLEL)))
            elapsed = time.monotonic() - started
            print(f"\n{PARALLEL} parallel submissions over HTTP (2 uvicorn workers): {elapsed:.2f} s")

            assert [r.status_code for r in responses] == [201] * PARALLEL, [r.text for r in responses if r.status_code != 201]
            protocols = [r.json()["protocol"] for r in responses]
            assert len(set(protocols)) == PARALLEL
            assert len({re.sub(r"-\d+$", "", p) for p in protocols}) == 1  # one prefix and year
            assert _sequences(protocols) == list(range(1, PARALLEL + 1))
            listing = http.get("/api/v1/clerk/preapplications", params={"limit": 500}, headers=clerk("ana")).json()
            assert listing["count"] == PARALLEL
    assert "database is locked" not in (tmp_path / "server.log").read_text()


def test_parallel_retries_with_one_key_store_one_case(database_url, tmp_path, real_submission) -> None:  # type: ignore[no-untyped-def]
    key = {"Idempotency-Key": "0c5e7a0e-2b7e-4d8e-9f3b-5a1d2c3b4a59"}
    # One worker is enough here: its thread pool runs the ten requests in parallel transactions.
    with live_server(database_url, tmp_path / "server.log") as server, \
            httpx.Client(base_url=server.url, timeout=60) as http:
        barrier = threading.Barrier(10)

        def one(_: int) -> httpx.Response:
            barrier.wait(timeout=30)
            return http.post("/api/v1/preapplications", json=real_submission, headers=key)

        with ThreadPoolExecutor(max_workers=10) as pool:
            responses = list(pool.map(one, range(10)))
        assert [r.status_code for r in responses] == [201] * 10, [r.text for r in responses]
        assert len({(r.json()["protocol"], r.json()["access_code"]) for r in responses}) == 1
        assert sum(r.headers.get("Idempotent-Replayed") == "true" for r in responses) == 9
        assert http.get("/api/v1/clerk/preapplications", headers=clerk("ana")).json()["count"] == 1


def test_nothing_is_lost_when_the_api_process_is_killed(database_url, tmp_path, real_submission) -> None:  # type: ignore[no-untyped-def]
    log = tmp_path / "server.log"
    server = LiveServer(database_url, log)
    server.start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            receipts = [http.post("/api/v1/preapplications", json=real_submission).json() for _ in range(5)]
            decided = receipts[0]["protocol"]
            http.post(f"/api/v1/clerk/preapplications/{decided}/status", json={"status": "under_review"},
                      headers=clerk("ana")).raise_for_status()
        server.kill_hard()  # right after the last answer
        server.start()  # same database, new process
        with httpx.Client(base_url=server.url, timeout=30) as http:
            for receipt in receipts:
                view = http.get(f"/api/v1/preapplications/{receipt['protocol']}",
                                headers={"X-Access-Code": receipt["access_code"]})
                assert view.status_code == 200, view.text
            assert http.get(f"/api/v1/preapplications/{decided}",
                            headers={"X-Access-Code": receipts[0]["access_code"]}).json()["status"] == "under_review"
            assert http.get("/api/v1/clerk/preapplications", headers=clerk("ana")).json()["count"] == 5
            # The counter survived too: the next number follows on.
            after = http.post("/api/v1/preapplications", json=real_submission).json()["protocol"]
            assert _sequences([after]) == [6]
    finally:
        server.stop()
    # What the server printed (access log, application log) has no personal data.
    output = log.read_text()
    assert "preapplication_submitted" in output
    assert not any(value in output for value in PERSONAL_VALUES)
    assert not any(receipt["access_code"] in output for receipt in receipts)
