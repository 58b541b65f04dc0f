"""The inspector in a real browser: Debian's Chromium driven by Playwright (never a downloaded browser), and
``engram serve`` / ``engram`` commands run from the repository root as the browser tests start them."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.servers import free_port

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
BROWSER_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--font-render-hinting=none"]


def playwright_or_skip() -> Any:
    """``playwright.sync_api``; skips the calling test module when Chromium, Playwright or uvicorn is missing.
    Call it at module level."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (/usr/bin/chromium); run .ci/browser.sh as root",
                    allow_module_level=True)
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package drives the browser")
    pytest.importorskip("uvicorn", reason="engram serve needs the server extra")
    return sync_api


@contextmanager
def launched(sync_api: Any) -> Iterator[Any]:
    """Debian's Chromium, headless, launched through Playwright (``sync_api`` from :func:`playwright_or_skip`)."""
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=BROWSER_ARGS)
        yield browser
        browser.close()


def engram(*args: str) -> str:
    """Run ``engram <args>`` as a process from the repository root; its standard output."""
    out = subprocess.run([sys.executable, "-m", "engram", *args], capture_output=True, text=True, timeout=60,
                         cwd=ROOT, check=True)
    return out.stdout


def serve(url: str, log: Any, *extra: str, log_level: str = "info") -> tuple[subprocess.Popen[bytes], str]:
    """Start ``engram serve`` on a free loopback port (hashing embedder), its output to ``log``; return the
    process and its base URL once healthy."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "engram", "serve", "--db", url, "--host", "127.0.0.1",
                             "--port", str(port), "--embedder", "hashing", "--log-level", log_level, *extra],
                            stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            if httpx.get(base + "/v1/health", timeout=1).status_code == 200:
                return proc, base
        except httpx.TransportError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError("engram serve did not start")
        time.sleep(0.1)
