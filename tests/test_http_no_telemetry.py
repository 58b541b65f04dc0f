"""engram's server sends no telemetry: with an OpenTelemetry tracer provider configured in the process (as a
host application or ``FASTAPI_OTEL_AUTO_CONFIGURE`` would), requests to ``engram serve``'s app on loopback
never reach it, while a plain FastAPI app in the same process does (the control that shows the probe works).
Runs in a child process: a global tracer provider can be set only once per process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = r'''
import socket, sys, threading, time

from opentelemetry import trace


class Recorder(trace.TracerProvider):
    """Counts the tracers asked for: FastAPI asks one for its request spans."""
    calls = 0

    def get_tracer(self, *args, **kwargs):
        Recorder.calls += 1
        return trace.NoOpTracer()


trace.set_tracer_provider(Recorder())

import httpx, uvicorn
from fastapi import FastAPI

from engram import Memory
from engram.http.app import create_app


def hit(app, path):
    s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    before = Recorder.calls
    for _ in range(3):
        assert httpx.get(f"http://127.0.0.1:{port}{path}").status_code < 500
    server.should_exit = True
    thread.join(10)
    return Recorder.calls - before


plain = FastAPI()
plain.get("/x")(lambda: {"ok": True})
mem = Memory.open("sqlite:///" + sys.argv[1], embedder="hashing")
print(hit(create_app(mem), "/v1/ready"), hit(plain, "/x"))
mem.close()
'''


def test_the_server_reports_nothing_to_a_configured_tracer_provider(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path / "t.db")], capture_output=True, text=True,
                         timeout=120, env={"FASTAPI_OTEL_AUTO_CONFIGURE": "true", "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr[-2000:]
    engram_calls, plain_calls = (int(x) for x in out.stdout.split())
    assert plain_calls > 0  # the probe sees FastAPI's telemetry where nobody switched it off
    assert engram_calls == 0
