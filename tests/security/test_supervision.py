"""`scripts/serve.sh supervised PART` (the Procfile's way) kills the whole process group before a restart.

Real processes over loopback: the API with two uvicorn workers, which share the parent's listening
socket. `kill -9` of the main process orphans the workers with the socket (checked first, without the
supervisor: the port stays taken); under the supervisor the restart finds the port free, serves again,
and none of the old processes is left. A TERM to the supervisor then stops everything.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import httpx
import psutil
import pytest

from tests.support.devstack import ROOT, free_port

SERVE = str(ROOT / "scripts" / "serve.sh")


def _env(var_dir: Path, port: int) -> dict[str, str]:
    return {**os.environ, "VAR_DIR": str(var_dir), "API_HOST": "127.0.0.1", "API_PORT": str(port),
            "API_WORKERS": "2", "SUPERVISE_GRACE": "5", "PUBLIC_BASE_URL": f"http://127.0.0.1:{port}",
            # Rasa and the action server are not started: /healthz answers 503, which is an answer.
            "RASA_PORT": "9", "ACTIONS_PORT": "9"}


def _listeners(port: int) -> set[int]:
    """Every process holding a socket listening on `port` (psutil.net_connections names only one of
    the processes sharing a socket, hence per process)."""
    pids = set()
    for process in psutil.process_iter(["pid"]):
        try:
            if any(c.laddr and c.laddr.port == port and c.status == psutil.CONN_LISTEN
                   for c in process.net_connections(kind="tcp")):
                pids.add(process.pid)
        except psutil.Error:
            continue
    return pids


def _alive(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _wait(predicate, timeout: float, what: str):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.3)
    raise AssertionError(f"not within {timeout}s: {what}")


def _serving(port: int, workers: int = 2) -> bool:
    try:
        httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=3)
    except httpx.HTTPError:
        return False
    return len(_listeners(port)) >= workers


def _group(pgid: int) -> list[int]:
    members = []
    for process in psutil.process_iter(["pid"]):
        try:
            if os.getpgid(process.pid) == pgid and _alive(process.pid):
                members.append(process.pid)
        except (ProcessLookupError, psutil.Error):
            continue
    return members


def _start(args: list[str], env: dict[str, str], log: Path) -> subprocess.Popen:
    with open(log, "wb") as out:
        return subprocess.Popen([SERVE, *args], cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)


def _kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def test_without_a_supervisor_kill_9_of_the_main_process_leaves_the_port_taken(tmp_path):
    """The hazard the supervisor exists for (so that the next test proves something)."""
    port = free_port()
    main = _start(["api"], _env(tmp_path / "var", port), tmp_path / "api.log")
    try:
        _wait(lambda: _serving(port), 120, "the API serves with two workers")
        main.send_signal(signal.SIGKILL)
        main.wait(10)
        time.sleep(1)
        orphans = _listeners(port)
        assert orphans and main.pid not in orphans, "orphaned workers still hold the listening socket"
    finally:
        _kill_group(main.pid)


def test_the_supervisor_kills_the_whole_group_before_a_restart(tmp_path):
    port = free_port()
    log = tmp_path / "supervised.log"
    supervisor = _start(["supervised", "api"], _env(tmp_path / "var", port), log)
    try:
        _wait(lambda: _serving(port), 120, "the API serves with two workers")
        main = next(c for c in psutil.Process(supervisor.pid).children() if "uvicorn" in " ".join(c.cmdline()))
        old = {main.pid, *(c.pid for c in main.children(recursive=True))}
        assert _listeners(port) <= old

        os.kill(main.pid, signal.SIGKILL)

        def restarted() -> bool:
            children = psutil.Process(supervisor.pid).children()
            return any(c.pid != main.pid for c in children) and _serving(port) and not (_listeners(port) & old)

        _wait(restarted, 120, "a new API serves on the same port")
        assert not [pid for pid in old if _alive(pid)], "a process of the killed group survived"
        text = log.read_text(errors="replace")
        assert f"api (pid {main.pid}) exited with status 137; restarting" in text
        assert "address already in use" not in text.lower() and "Errno 98" not in text

        # A TERM to the supervisor stops the service's whole group, then the supervisor.
        new_main = next(c.pid for c in psutil.Process(supervisor.pid).children() if c.pid != main.pid)
        supervisor.send_signal(signal.SIGTERM)
        assert supervisor.wait(30) is not None
        _wait(lambda: not _group(new_main) and not _listeners(port), 30, "nothing of the service left")
    finally:
        for pgid in (supervisor.pid, *(p for p in [locals().get("new_main")] if p)):
            _kill_group(pgid)
