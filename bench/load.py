"""Load test of ``engram serve`` on loopback: concurrent clients appending and recalling, then a recount.

Starts real servers (``python -m engram.http.cli serve``, ``--servers`` of them, each on its own port) on
127.0.0.1 sharing a fresh SQLite file (or ``--db postgresql://...``, a fresh schema per configuration),
creates an API key, and runs ``--clients`` concurrent clients for ``--duration`` seconds, client ``i``
talking to server ``i % servers`` (a round-robin load balancer with sticky clients). Each client owns one
actor and session and loops: append a user message and an assistant reply (one request), then recall records
about the actor (every ``--recall-every`` appends) and remember one fact (every ``--remember-every``).
Afterwards every session is read back page by page over the API and compared with what the server
acknowledged: a write answered 201 but missing is a lost write.

    .venv/bin/python bench/load.py                              # 20 clients, 30 s, default embedder
    .venv/bin/python bench/load.py --embedder hashing           # the server side without the model
    .venv/bin/python bench/load.py --clients 5 --duration 5     # a smoke run
    .venv/bin/python bench/load.py --db "$PG" --servers 1,2,4 --embedder hashing   # scale-out, one table

Prints a table, then the JSON (also written to ``bench/out/load.json``); with several ``--servers`` counts,
one line per configuration at the end. Exits 1 if any request failed or any write was lost.
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


def fresh_db(db: str | None, tmp: Path) -> str:
    """A fresh SQLite file, or a fresh schema on the PostgreSQL URL (kept for inspection, as bench/scale.py does)."""
    if not db:
        return f"sqlite:///{tmp / 'load.db'}"
    if db.startswith("postgres") and "schema=" not in db:
        import uuid

        return db + ("&" if "?" in db else "?") + f"schema=engram_load_{uuid.uuid4().hex[:8]}"
    return db


def run_config(args: argparse.Namespace, servers: int) -> dict[str, Any]:
    """One measured run against ``servers`` processes sharing one database."""
    tmp = Path(tempfile.mkdtemp(prefix="engram-load-"))
    db = fresh_db(args.db, tmp)
    made = subprocess.run([*CLI, "keys", "create", "--db", db, "--agent", "load"], capture_output=True,
                          text=True, check=True)
    key = json.loads(made.stdout)["key"]
    procs: list[subprocess.Popen[bytes]] = []
    bases: list[str] = []
    stats = Stats()
    acked: dict[str, int] = {}
    try:
        for n in range(servers):
            port = free_port()
            log = tmp / f"serve-{n}.log"
            procs.append(start_server(db, port, args.embedder, log, args.threads))
            bases.append(f"http://127.0.0.1:{port}")
        # warm up each server once (model load, first query) so the measured window is steady state
        for base in bases:
            with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key}"}, timeout=120) as c:
                c.post("/v1/agents/load/actors/warm/sessions/w/recall", json={"query": "warm up"}).raise_for_status()
        start = time.monotonic()
        deadline = start + args.duration

        async def run() -> None:
            await asyncio.gather(*(client_loop(i, bases[i % servers], key, deadline, stats, acked,
                                               args.recall_every, args.remember_every)
                                   for i in range(args.clients)))

        asyncio.run(run())
        elapsed = time.monotonic() - start
        sessions = [(f"u{i}", f"s{i}") for i in range(args.clients)]
        found = asyncio.run(recount(bases[0], key, sessions))  # read back through one server: all share the data
        metrics = [httpx.get(base + "/metrics").text for base in bases]
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
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
    return {
        "servers": servers, "clients": args.clients, "duration_s": round(elapsed, 1),
        "db": "postgresql" if db.startswith("post") else "sqlite", "read_url": "read_url=" in db,
        "embedder": args.embedder or "server default", "cpus": os.cpu_count(),
        "requests": len(all_lat), "requests_per_s": round(len(all_lat) / elapsed, 1),
        "p50_ms": round(pct(all_lat, 0.50) * 1000, 1), "p95_ms": round(pct(all_lat, 0.95) * 1000, 1),
        "errors": sum(stats.errors.values()), "error_samples": stats.samples,
        "events_acknowledged": sum(acked.values()), "events_found": sum(found.values()), "lost_writes": lost,
        "unexpected_events": extra, "ops": ops,
        "server_5xx": sum(int(line.rsplit(" ", 1)[1]) for text in metrics for line in text.splitlines()
                          if line.startswith("engram_http_requests_total") and 'status="5' in line),
    }


def print_run(report: dict[str, Any]) -> None:
    print(f"{report['servers']} server(s), {report['clients']} clients, {report['duration_s']} s")
    print(f"{'op':<10}{'requests':>10}{'per s':>9}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'errors':>8}")
    for op, row in report["ops"].items():
        print(f"{op:<10}{row['requests']:>10}{row['per_s']:>9}{row['p50_ms']:>9}{row['p95_ms']:>9}"
              f"{row['p99_ms']:>9}{row['errors']:>8}")
    print(f"{'all':<10}{report['requests']:>10}{report['requests_per_s']:>9}{report['p50_ms']:>9}"
          f"{report['p95_ms']:>9}{'':>9}{report['errors']:>8}")
    print(f"events acknowledged {report['events_acknowledged']}, found {report['events_found']}, "
          f"lost {report['lost_writes']}, unexpected {report['unexpected_events']}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--clients", type=int, default=20)
    p.add_argument("--duration", type=float, default=30.0, help="seconds of load")
    p.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    p.add_argument("--servers", default="1", help="server processes sharing the database; a list (1,2,4) runs "
                                                  "each configuration in turn with the same client load")
    p.add_argument("--embedder", default=None, help="server embedder (default: the server's default)")
    p.add_argument("--recall-every", type=int, default=1, help="a recall after every N appends")
    p.add_argument("--remember-every", type=int, default=5, help="a remembered record every N appends")
    p.add_argument("--threads", type=int, default=None, help="server worker threads (default: the server's)")
    p.add_argument("--out", type=Path, default=OUT / "load.json")
    args = p.parse_args()

    runs = []
    for servers in [int(x) for x in args.servers.split(",") if x]:
        report = run_config(args, servers)
        print_run(report)
        runs.append(report)
    if len(runs) > 1:
        print(f"\n{'servers':>7}{'req/s':>9}{'p50 ms':>9}{'p95 ms':>9}{'recall p50':>11}{'append p50':>11}"
              f"{'errors':>8}{'lost':>6}")
        for r in runs:
            print(f"{r['servers']:>7}{r['requests_per_s']:>9}{r['p50_ms']:>9}{r['p95_ms']:>9}"
                  f"{r['ops'].get('recall', {}).get('p50_ms', 0):>11}{r['ops'].get('append', {}).get('p50_ms', 0):>11}"
                  f"{r['errors']:>8}{r['lost_writes']:>6}")
    report = runs[0] if len(runs) == 1 else {"runs": runs}
    print(json.dumps(report, indent=2))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n")
    return 1 if any(r["errors"] or r["lost_writes"] or r["unexpected_events"] for r in runs) else 0


if __name__ == "__main__":
    sys.exit(main())
