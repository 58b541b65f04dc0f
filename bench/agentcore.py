"""What the AgentCore face costs: CreateEvent and RetrieveMemoryRecords through boto3, next to the same work
through engram's own HTTP API (engram.Client), against one real ``engram serve`` on loopback.

Both clients keep their connection alive; calls alternate (AgentCore, engram, AgentCore, …) so the two share
the machine's noise. Each CreateEvent writes one user message of a LoCoMo turn (SKIP extraction, as the
native append runs none either: the config has no strategies); each retrieval asks a LoCoMo question over
``--records`` records in one actor's namespace, topK 10. Reported: p50/p95 in ms per side and the ratio of
medians (AgentCore / engram). The machine is shared (2 cores, several agents): compare within one run.

    .venv/bin/python bench/agentcore.py                       # SQLite in a temp dir, the default embedder
    .venv/bin/python bench/agentcore.py --embedder hashing    # the face's own overhead, embedding ~free
    .venv/bin/python bench/agentcore.py --db postgresql://postgres@127.0.0.1/test
    .venv/bin/python bench/agentcore.py --model-delay 2 --n 20  # CreateEvent does not wait for a slow model
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Sequence
from contextlib import redirect_stdout
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import locomo  # noqa: E402  (bench/locomo.py: data path and turn text)

from engram import Client, Scope  # noqa: E402
from engram.agentcore import registry  # noqa: E402
from engram.engine import open_store  # noqa: E402
from engram.http.cli import main as cli_main  # noqa: E402

OUT = HERE / "out"
CONFIG = {"harness": {"memory": {"scope": {"read": ["session", "actor", "agent"],
                                           "write": ["session", "actor", "agent"]}},
                      "history": {"index": "messages"}}}


def corpus() -> tuple[list[str], list[str]]:
    data = json.loads(locomo.DATA.read_text())
    turns = [locomo.turn_text(t) for conv in data for _, _, ts in locomo.sessions(conv["conversation"]) for t in ts]
    questions = [q["question"] for conv in data for q in conv["qa"] if q.get("question")]
    return turns, questions


def pct(xs: Sequence[float], p: float) -> float:
    s = sorted(xs)
    return round(s[min(len(s) - 1, int(p * len(s)))], 3)


def cli(*args: str) -> dict[str, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        code = cli_main(list(args))
    if code != 0:
        raise SystemExit(f"engram {' '.join(args)} failed")
    return dict(json.loads(out.getvalue()))


def start(db: str, cfg: Path, embedder: str | None, port: int) -> subprocess.Popen[bytes]:
    import httpx

    cmd = [sys.executable, "-m", "engram.http.cli", "serve", "--db", db, "--port", str(port), "--config", str(cfg),
           "--log-level", "warning", *(["--embedder", embedder] if embedder else [])]
    proc = subprocess.Popen(cmd)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/v1/ready", timeout=1).status_code == 200:
                return proc
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("engram serve did not become ready")


def timed(fn: Callable[[], Any]) -> float:
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) * 1000


def side_by_side(n: int, ours: Callable[[int], Any], theirs: Callable[[int], Any]) -> dict[str, Any]:
    a: list[float] = []
    b: list[float] = []
    for i in range(n):
        a.append(timed(lambda i=i: ours(i)))
        b.append(timed(lambda i=i: theirs(i)))
    med_a, med_b = statistics.median(a), statistics.median(b)
    return {"agentcore_p50_ms": round(med_a, 3), "agentcore_p95_ms": pct(a, 0.95),
            "engram_p50_ms": round(med_b, 3), "engram_p95_ms": pct(b, 0.95),
            "ratio_p50": round(med_a / med_b, 2) if med_b else None, "n": n}


def slow_model(delay: float) -> Any:
    """A loopback OpenAI-compatible server that answers every chat completion after ``delay`` seconds with an
    extraction that finds nothing: the model of a strategy whose latency CreateEvent must not wait for."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    answer = json.dumps({"id": "c", "object": "chat.completion", "created": 1, "model": "m", "choices": [
        {"index": 0, "message": {"role": "assistant", "content": json.dumps({"memories": []})},
         "finish_reason": "stop"}], "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}
                        ).encode()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("content-length", 0)))
            time.sleep(delay)
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)

        def log_message(self, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


def model_delay(args: argparse.Namespace) -> None:
    """CreateEvent with a model-backed strategy whose model takes ``--model-delay`` seconds, next to SKIP:
    the write answers without waiting for the model (extraction runs as a job)."""
    import os

    import boto3
    from botocore.config import Config

    httpd = slow_model(args.model_delay)
    os.environ.update(OPENAI_BASE_URL=f"http://127.0.0.1:{httpd.server_address[1]}/v1", OPENAI_API_KEY="local")
    with tempfile.TemporaryDirectory() as tmp_dir:
        tmp = Path(tmp_dir)
        db = f"sqlite:///{tmp / 'bench.db'}"
        cfg = tmp / "config.json"
        cfg.write_text(json.dumps({"harness": {"memory": {
            **CONFIG["harness"]["memory"], "enabled": True,
            "strategies": [{"type": "SEMANTIC", "id": "facts", "model": "openai:m"}]}}}))
        creds = cli("keys", "create", "--db", db, "--agent", "bot", "--aws")
        store = open_store(db)
        res = registry.create(store, "bot", "BenchMemory")
        store.close()
        proc = start(db, cfg, "hashing", args.port)
        try:
            ac = boto3.client("bedrock-agentcore", endpoint_url=f"http://127.0.0.1:{args.port}",
                              region_name="us-east-1",
                              aws_access_key_id=creds["aws_access_key_id"],
                              aws_secret_access_key=creds["aws_secret_access_key"],
                              config=Config(retries={"max_attempts": 1}))

            def create(i: int, **kw: Any) -> None:
                ac.create_event(memoryId=res.id, actorId=f"u{i % 5}", sessionId="s1", eventTimestamp=datetime.now(UTC),
                                payload=[{"conversational": {"content": {"text": f"I live in town {i}."},
                                                             "role": "USER"}}], **kw)

            timing = side_by_side(args.n, create, lambda i: create(i, extractionMode="SKIP"))
        finally:
            proc.terminate()
            proc.wait(30)
            httpd.shutdown()
    result = {"model_delay_s": args.model_delay, "CreateEvent with extraction vs SKIP": {
        "extract_p50_ms": timing["agentcore_p50_ms"], "extract_p95_ms": timing["agentcore_p95_ms"],
        "skip_p50_ms": timing["engram_p50_ms"], "skip_p95_ms": timing["engram_p95_ms"], "n": timing["n"]}}
    OUT.mkdir(exist_ok=True)
    (OUT / "agentcore_model_delay.json").write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=2))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", default=None, help="PostgreSQL URL (default: SQLite in a temp dir)")
    ap.add_argument("--embedder", default=None, help="embedder spec (default: engram's default)")
    ap.add_argument("--n", type=int, default=200, help="calls per side and operation")
    ap.add_argument("--records", type=int, default=500, help="records in the searched namespace")
    ap.add_argument("--port", type=int, default=8791)
    ap.add_argument("--model-delay", type=float, default=None, metavar="SECONDS",
                    help="instead: CreateEvent with a strategy whose model takes SECONDS, next to SKIP")
    args = ap.parse_args()
    if args.model_delay is not None:
        model_delay(args)
        return
    import boto3
    from botocore.config import Config

    turns, questions = corpus()
    with tempfile.TemporaryDirectory() as tmp_dir:
        tmp = Path(tmp_dir)
        if args.db is None:
            db = f"sqlite:///{tmp / 'bench.db'}"
        else:
            db = f"{args.db}{'&' if '?' in args.db else '?'}schema=bench_ac_{uuid.uuid4().hex[:8]}"
        cfg = tmp / "config.json"
        cfg.write_text(json.dumps(CONFIG))
        creds = cli("keys", "create", "--db", db, "--agent", "bot", "--aws")
        store = open_store(db)
        res = registry.create(store, "bot", "BenchMemory")
        store.close()
        proc = start(db, cfg, args.embedder, args.port)
        base = f"http://127.0.0.1:{args.port}"
        try:
            ac = boto3.client("bedrock-agentcore", endpoint_url=base, region_name="us-east-1",
                              aws_access_key_id=creds["aws_access_key_id"],
                              aws_secret_access_key=creds["aws_secret_access_key"],
                              config=Config(retries={"max_attempts": 1}))
            native = Client(base, creds["key"])
            s_ac, s_native = Scope("bot", "u-ac", "s1"), Scope("bot", "u-native", "s1")
            for _ in range(3):  # warm both paths (connections, embedder, caches)
                ac.create_event(memoryId=res.id, actorId="u-warm", sessionId="s1", eventTimestamp=datetime.now(UTC),
                                payload=[{"conversational": {"content": {"text": "warm"}, "role": "USER"}}])
                native.append(Scope("bot", "u-warm", "s2"), [{"role": "user", "content": "warm"}])

            def create_ac(i: int) -> None:
                ac.create_event(memoryId=res.id, actorId=s_ac.actor, sessionId="s1", eventTimestamp=datetime.now(UTC),
                                payload=[{"conversational": {"content": {"text": turns[i % len(turns)]},
                                                             "role": "USER"}}], extractionMode="SKIP")

            def create_native(i: int) -> None:
                native.append(s_native, [{"role": "user", "content": turns[i % len(turns)]}])

            create = side_by_side(args.n, create_ac, create_native)
            for start_at in range(0, args.records, 100):
                chunk = turns[start_at:min(args.records, start_at + 100)]
                ac.batch_create_memory_records(memoryId=res.id, records=[
                    {"requestIdentifier": f"r{start_at + j}", "namespaces": ["/facts/u1/"],
                     "content": {"text": t}, "timestamp": datetime.now(UTC)} for j, t in enumerate(chunk)])
            reader = Scope("bot", "u1")

            def retrieve_ac(i: int) -> None:
                ac.retrieve_memory_records(memoryId=res.id, namespace="/facts/u1/",
                                           searchCriteria={"searchQuery": questions[i % len(questions)], "topK": 10})

            def retrieve_native(i: int) -> None:
                native.recall(reader, questions[i % len(questions)], 10, namespace="/facts/u1/")

            for i in range(3):
                retrieve_ac(i)
                retrieve_native(i)
            retrieve = side_by_side(args.n, retrieve_ac, retrieve_native)
            native.close()
        finally:
            proc.terminate()
            proc.wait(30)
    result = {"backend": "postgresql" if args.db else "sqlite", "embedder": args.embedder or "default",
              "records": args.records, "CreateEvent vs POST events": create,
              "RetrieveMemoryRecords vs POST recall": retrieve}
    OUT.mkdir(exist_ok=True)
    (OUT / "agentcore.json").write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=2))
    print(f"\n{'operation':38} {'AgentCore p50':>14} {'engram p50':>11} {'ratio':>6}   (ms; shared 2-core machine)")
    for name in ("CreateEvent vs POST events", "RetrieveMemoryRecords vs POST recall"):
        r = result[name]
        assert isinstance(r, dict)
        print(f"{name:38} {r['agentcore_p50_ms']:>14} {r['engram_p50_ms']:>11} {r['ratio_p50']:>6}")


if __name__ == "__main__":
    main()
