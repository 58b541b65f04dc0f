"""Load test of ``engram serve`` on loopback: concurrent clients appending and recalling, then a recount.

Starts a real server (``python -m engram.http.cli serve``) on 127.0.0.1 with a fresh SQLite file (or
``--db postgresql://...``), creates an API key, and runs ``--clients`` concurrent clients for
``--duration`` seconds. Each client owns one actor and session and loops: append a user message and an
assistant reply (one request), then recall records about the actor (every ``--recall-every`` appends) and
remember one fact (every ``--remember-every``). Afterwards every session is read back page by page over the
API and compared with what the server acknowledged: a write answered 201 but missing is a lost write.

    .venv/bin/python bench/load.py                              # 20 clients, 30 s, default embedder
    .venv/bin/python bench/load.py --embedder hashing           # the server side without the model
    .venv/bin/python bench/load.py --clients 5 --duration 5     # a smoke run

Prints a table, then the JSON (also written to ``bench/out/load.json``). Exits 1 if any request failed or
any write was lost.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
CLI = [sys.executable, "-m", "engram.http.cli"]
TOPICS = ["refund", "parcel", "invoice", "password", "delivery", "address", "subscription", "discount",
          "warranty", "battery", "screen", "shipping", "receipt", "account", "email", "phone"]
VERBS = ["asked about", "complained about", "wants to change", "mentioned", "needs help with", "confirmed"]


def sentence(rng: random.Random, i: int) -> str:
    return f"Customer {rng.choice(VERBS)} the {rng.choice(TOPICS)} and the {rng.choice(TOPICS)} (turn {i})"


def pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


class Stats:
    def __init__(self) -> None:
        self.latency: dict[str, list[float]] = {}
        self.errors: dict[str, int] = {}
        self.samples: list[str] = []

    def ok(self, op: str, seconds: float) -> None:
        self.latency.setdefault(op, []).append(seconds)

    def fail(self, op: str, why: str) -> None:
        self.errors[op] = self.errors.get(op, 0) + 1
        if len(self.samples) < 10:
            self.samples.append(f"{op}: {why}")


async def client_loop(i: int, base: str, key: str, deadline: float, stats: Stats, acked: dict[str, int],
                      recall_every: int, remember_every: int) -> None:
    rng = random.Random(i)
    actor, session = f"u{i}", f"s{i}"
    prefix = f"/v1/agents/load/actors/{actor}/sessions/{session}"
    headers = {"Authorization": f"Bearer {key}"}
    n = 0
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=60) as c:
        while time.monotonic() < deadline:
            n += 1
            ops: list[tuple[str, str, dict[str, Any]]] = [("append", "/events", {"messages": [
                {"role": "user", "content": sentence(rng, n)},
                {"role": "assistant", "content": f"Noted, I will look into the {rng.choice(TOPICS)}."}]})]
            if n % remember_every == 0:
                ops.append(("remember", "/records", {"summary": f"{actor} cares about the {rng.choice(TOPICS)}",
                                                     "scope": "actor"}))
            if n % recall_every == 0:
                ops.append(("recall", "/recall", {"query": f"what about the {rng.choice(TOPICS)}", "limit": 5}))
            for op, path, body in ops:
                start = time.perf_counter()
                try:
                    r = await c.post(prefix + path, json=body)
                except httpx.HTTPError as exc:
                    stats.fail(op, f"{type(exc).__name__}: {exc}")
                    continue
                took = time.perf_counter() - start
                if r.status_code in (200, 201):
                    stats.ok(op, took)
                    if op == "append":
                        acked[session] = acked.get(session, 0) + len(r.json()["events"])
                else:
                    stats.fail(op, f"HTTP {r.status_code}: {r.text[:200]}")


async def recount(base: str, key: str, sessions: list[tuple[str, str]]) -> dict[str, int]:
    """Events per session, read back over the API page by page (forward, 500 a page)."""
    found: dict[str, int] = {}
    async with httpx.AsyncClient(base_url=base, headers={"Authorization": f"Bearer {key}"}, timeout=60) as c:
        for actor, session in sessions:
            token, n = None, 0
            while True:
                params: dict[str, Any] = {"limit": 500, "after": "1970-01-01T00:00:00Z"}
                if token:
                    params["page_token"] = token
                r = await c.get(f"/v1/agents/load/actors/{actor}/sessions/{session}/events", params=params)
                r.raise_for_status()
                doc = r.json()
                n += len(doc["events"])
                token = doc["next_page_token"]
                if not token:
                    break
            found[session] = n
    return found


CONFIG = {"harness": {"memory": {"scope": {"read": ["session", "actor"], "write": ["session", "actor"]}}}}


def start_server(db: str, port: int, embedder: str | None, log: Path, threads: int | None = None
                 ) -> subprocess.Popen[bytes]:
    config = log.with_name("config.json")
    config.write_text(json.dumps(CONFIG))
    cmd = [*CLI, "serve", "--db", db, "--port", str(port), "--log-level", "warning", "--config", str(config)]
    if embedder:
        cmd += ["--embedder", embedder]
    if threads:
        cmd += ["--threads", str(threads)]
    proc = subprocess.Popen(cmd, stdout=log.open("wb"), stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 300  # the first start may build the model cache
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited: {log.read_text()[-2000:]}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/v1/ready", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not become ready")


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--clients", type=int, default=20)
    p.add_argument("--duration", type=float, default=30.0, help="seconds of load")
    p.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    p.add_argument("--embedder", default=None, help="server embedder (default: the server's default)")
    p.add_argument("--recall-every", type=int, default=1, help="a recall after every N appends")
    p.add_argument("--remember-every", type=int, default=5, help="a remembered record every N appends")
    p.add_argument("--threads", type=int, default=None, help="server worker threads (default: the server's)")
    p.add_argument("--out", type=Path, default=OUT / "load.json")
    args = p.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="engram-load-"))
    db = args.db or f"sqlite:///{tmp / 'load.db'}"
    made = subprocess.run([*CLI, "keys", "create", "--db", db, "--agent", "load"], capture_output=True,
                          text=True, check=True)
    key = json.loads(made.stdout)["key"]
    port = free_port()
    proc = start_server(db, port, args.embedder, tmp / "serve.log", args.threads)
    base = f"http://127.0.0.1:{port}"
    stats = Stats()
    acked: dict[str, int] = {}
    try:
        # warm up once (model load, first query) so the measured window is steady state
        with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key}"}, timeout=120) as c:
            c.post("/v1/agents/load/actors/warm/sessions/w/recall", json={"query": "warm up"}).raise_for_status()
        start = time.monotonic()
        deadline = start + args.duration

        async def run() -> None:
            await asyncio.gather(*(client_loop(i, base, key, deadline, stats, acked, args.recall_every,
                                               args.remember_every) for i in range(args.clients)))

        asyncio.run(run())
        elapsed = time.monotonic() - start
        sessions = [(f"u{i}", f"s{i}") for i in range(args.clients)]
        found = asyncio.run(recount(base, key, sessions))
        metrics = httpx.get(base + "/metrics").text
    finally:
        proc.terminate()
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()
    lost = sum(max(0, acked.get(s, 0) - found.get(s, 0)) for _, s in sessions)
    extra = sum(max(0, found.get(s, 0) - acked.get(s, 0)) for _, s in sessions)
    ops = {}
    for op, lat in sorted(stats.latency.items()):
        ops[op] = {"requests": len(lat), "per_s": round(len(lat) / elapsed, 1),
                   "p50_ms": round(pct(lat, 0.50) * 1000, 1), "p95_ms": round(pct(lat, 0.95) * 1000, 1),
                   "p99_ms": round(pct(lat, 0.99) * 1000, 1), "mean_ms": round(statistics.fmean(lat) * 1000, 1),
                   "errors": stats.errors.get(op, 0)}
    all_lat = [x for lat in stats.latency.values() for x in lat]
    report = {
        "clients": args.clients, "duration_s": round(elapsed, 1), "db": "postgresql" if db.startswith("post")
        else "sqlite", "embedder": args.embedder or "server default", "cpus": os.cpu_count(),
        "requests": len(all_lat), "requests_per_s": round(len(all_lat) / elapsed, 1),
        "p50_ms": round(pct(all_lat, 0.50) * 1000, 1), "p95_ms": round(pct(all_lat, 0.95) * 1000, 1),
        "errors": sum(stats.errors.values()), "error_samples": stats.samples,
        "events_acknowledged": sum(acked.values()), "events_found": sum(found.values()), "lost_writes": lost,
        "unexpected_events": extra, "ops": ops,
        "server_5xx": sum(int(line.rsplit(" ", 1)[1]) for line in metrics.splitlines()
                          if line.startswith("engram_http_requests_total") and 'status="5' in line),
    }
    print(f"{'op':<10}{'requests':>10}{'per s':>9}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'errors':>8}")
    for op, row in ops.items():
        print(f"{op:<10}{row['requests']:>10}{row['per_s']:>9}{row['p50_ms']:>9}{row['p95_ms']:>9}"
              f"{row['p99_ms']:>9}{row['errors']:>8}")
    print(f"{'all':<10}{report['requests']:>10}{report['requests_per_s']:>9}{report['p50_ms']:>9}"
          f"{report['p95_ms']:>9}{'':>9}{report['errors']:>8}")
    print(f"{args.clients} clients, {report['duration_s']} s; events acknowledged {report['events_acknowledged']}, "
          f"found {report['events_found']}, lost {lost}, unexpected {extra}")
    print(json.dumps(report, indent=2))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n")
    return 1 if report["errors"] or lost or extra else 0


if __name__ == "__main__":
    sys.exit(main())
