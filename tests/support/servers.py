"""Real servers on 127.0.0.1 for the tests: a free port, an app on uvicorn in a thread, ``engram serve`` as a
process (ready, then killed), the service commands run in process, and stopping a child process."""

from __future__ import annotations

import contextlib
import io
import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx

from tests.support.configs import MEMORY_ON

CLI = [sys.executable, "-m", "engram.http.cli"]


def free_port() -> int:
    """A loopback port nothing listens on (closed again before it is returned)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def uvicorn_thread(app: Any, port: int | None = None) -> Iterator[str]:
    """Run ``app`` on a real uvicorn at 127.0.0.1 in a thread; yield its base URL; stop it gracefully."""
    import uvicorn

    port = port or free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           lifespan="on", timeout_graceful_shutdown=5))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)


def stop(proc: subprocess.Popen[Any], timeout: float = 15) -> None:
    """SIGTERM a child process and wait for it; SIGKILL it when it does not end within ``timeout`` seconds."""
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """Run a service command in process (as the main CLI would) and capture its output."""
    from engram.http.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return subprocess.CompletedProcess(list(args), code, out.getvalue(), err.getvalue())


@contextlib.contextmanager
def serving(db_url: str, tmp_path: Any, *extra: str) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """``engram serve`` on a free loopback port (hashing embedder), ready; killed on the way out."""
    port = free_port()
    # these tests time appends and shutdowns of thousands of messages: no turn-end extraction (engram's default
    # since issue 27 runs SEMANTIC + SUMMARIZATION on every append), levels as they were
    config = tmp_path / "no-extraction.json"
    config.write_text(json.dumps({"harness": {"memory": {**MEMORY_ON, "strategies": [],
                                                         "scope": {"read": ["session"], "write": ["session"]}},
                                              "history": {"index": "messages"}}}))
    log = open(tmp_path / "serve.log", "wb")  # noqa: SIM115  (closed below)
    proc = subprocess.Popen([*CLI, "serve", "--db", db_url, "--port", str(port), "--embedder", "hashing",
                             "--config", str(config), "--log-level", "warning", "--graceful-timeout", "20", *extra],
                            stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(base + "/v1/ready", timeout=1).status_code == 200:
                break
        except httpx.TransportError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            log.close()
            raise RuntimeError((tmp_path / "serve.log").read_text())
        time.sleep(0.1)
    try:
        yield proc, base
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        log.close()
