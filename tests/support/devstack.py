"""Start the three processes (Rasa, action server, API) on free ports, for tests and benchmarks.

They are started exactly as `make run` starts them (scripts/serve.sh), each in its own process group
so that a stop takes its children too, with a private VAR_DIR so that tests never touch var/.
"""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psutil

__all__ = ["Stack", "free_port", "stop_group", "tree_rss", "ROOT"]

ROOT = Path(__file__).resolve().parents[2]
PARTS = ("actions", "api", "rasa")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop_group(proc: subprocess.Popen, grace: float = 20.0) -> None:
    """Stop a process started with its own session (`start_new_session=True`) and its children: SIGTERM
    to the group, SIGKILL after `grace` seconds."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


def tree_rss(pid: int) -> int:
    """Resident bytes of a process and all its children (Rasa's and Sanic's workers are children)."""
    p = psutil.Process(pid)
    return p.memory_info().rss + sum(c.memory_info().rss for c in p.children(recursive=True))


@dataclass
class Stack:
    var_dir: Path
    log_dir: Path
    env_extra: dict[str, str] = field(default_factory=dict)
    ports: dict[str, int] = field(default_factory=dict)
    processes: dict[str, subprocess.Popen] = field(default_factory=dict)
    started_at: float = 0.0
    # The internal secrets (scripts/serve.sh), fresh per stack unless env_extra gives them.
    internal_secrets: dict[str, str] = field(default_factory=lambda: {
        name: secrets.token_hex(32) for name in ("RASA_AUTH_TOKEN", "ACTIONS_TOKEN", "CONVERSATION_SIGNING_KEY")})

    @property
    def rasa_token(self) -> dict[str, str]:
        """Query parameters for Rasa's HTTP API (trackers, events, model, domain): `?token=`."""
        return {"token": self.env()["RASA_AUTH_TOKEN"]}

    @property
    def rasa_url(self) -> str:
        return f"http://127.0.0.1:{self.ports['rasa']}"

    @property
    def api_url(self) -> str:
        return f"http://127.0.0.1:{self.ports['api']}"

    @property
    def actions_url(self) -> str:
        return f"http://127.0.0.1:{self.ports['actions']}"

    def env(self) -> dict[str, str]:
        if not self.ports:
            self.ports = {part: free_port() for part in PARTS}
        env = dict(os.environ)
        env.update(
            RASA_HOST="127.0.0.1", RASA_PORT=str(self.ports["rasa"]),
            ACTIONS_HOST="127.0.0.1", ACTIONS_PORT=str(self.ports["actions"]),
            API_HOST="127.0.0.1", API_PORT=str(self.ports["api"]),
            VAR_DIR=str(self.var_dir), PUBLIC_BASE_URL=f"http://127.0.0.1:{self.ports['api']}",
        )
        env.update(self.internal_secrets)
        env.update(self.env_extra)
        return env

    def start(self, parts: tuple[str, ...] = PARTS) -> None:
        self.var_dir.mkdir(parents=True, exist_ok=True)
        self.log_dir.mkdir(parents=True, exist_ok=True)
        env = self.env()
        self.started_at = time.monotonic()
        for part in parts:
            log = open(self.log_dir / f"{part}.log", "wb")
            self.processes[part] = subprocess.Popen(
                [str(ROOT / "scripts" / "serve.sh"), part], cwd=ROOT, env=env,
                stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            )

    def wait_healthy(self, timeout: float = 240.0) -> float:
        """Wait until /healthz reports every part up; return seconds since start."""
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            for part, proc in self.processes.items():
                if proc.poll() is not None:
                    raise RuntimeError(f"{part} exited with {proc.returncode}; see {self.log_dir / (part + '.log')}")
            try:
                last = httpx.get(f"{self.api_url}/healthz", timeout=3)
                if last.status_code == 200:
                    return time.monotonic() - self.started_at
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        raise TimeoutError(f"stack not healthy after {timeout}s: {last.text if last is not None else 'no answer'}")

    def say(self, sender: str, message: str, timeout: float = 30.0) -> list[dict]:
        response = httpx.post(
            f"{self.rasa_url}/webhooks/rest/webhook", json={"sender": sender, "message": message}, timeout=timeout
        )
        response.raise_for_status()
        return response.json()

    def rss_mb(self) -> dict[str, float]:
        """Resident memory of each part, its children included (serve.sh execs, uvicorn may fork)."""
        out = {}
        for part, proc in self.processes.items():
            try:
                total = tree_rss(proc.pid)
            except psutil.NoSuchProcess:
                continue
            out[part] = round(total / 2**20, 1)
        return out

    def kill(self, part: str, sig: int = signal.SIGKILL) -> None:
        proc = self.processes.get(part)
        if proc and proc.poll() is None:
            os.killpg(proc.pid, sig)
            proc.wait(timeout=30)

    @contextmanager
    def started(self) -> Iterator[Stack]:
        """The stack started and healthy for the block, stopped after it whatever happens."""
        self.start()
        try:
            self.wait_healthy()
            yield self
        finally:
            self.stop()

    def stop(self) -> None:
        for part, proc in self.processes.items():
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for part, proc in self.processes.items():
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
        self.processes.clear()
