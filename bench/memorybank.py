"""Long user/assistant chats nobody here tuned on: MemoryBank (``../shared/benchdata/memorybank``), history search.

Each user's ten days of chat with an AI companion (566 query/response pairs over 15 users) become one session:
the user's query and the companion's response as two events, dated on their day, a minute apart. MemoryBank
releases its probing questions without answers; ``data/memorybank_labels.json`` labels by hand the messages
that answer 35 of them (five users). Each labelled question is asked through ``search_history``, top 10, in
each mode (hybrid, lexical = BM25 alone, vector = cosine alone) at the defaults, plus plain cosine over one
embedding per message outside engram (what mem0 with infer=False or LangGraph's store reduce to). Metric as
in ``bench/locomo.py``: the fraction of a question's evidence messages in the top k.

    .venv/bin/python bench/memorybank.py                    # MiniLM
    .venv/bin/python bench/memorybank.py --embedder e5

Writes ``bench/out/memorybank-<embedder>.json`` and prints a table.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
from benchdata import benchdata
from locomo import CONFIG, OUT, CachedEmbedder, recall_at

from engram import Memory, Scope
from engram.embedders import load_embedder
from engram.embedders.base import embed_query

HERE = Path(__file__).resolve().parent
MODES = ("hybrid", "lexical", "vector")
COSINE = "plain cosine"


def messages(history: dict[str, list[dict[str, str]]]) -> list[dict[str, Any]]:
    """The chat as messages: ``<day>#<pair> U`` (query) and ``A`` (response), dated on their day."""
    out = []
    for day, pairs in sorted(history.items()):
        start = datetime.fromisoformat(day).replace(hour=20, tzinfo=UTC)
        for i, p in enumerate(pairs):
            at = start + timedelta(minutes=2 * i)
            out.append({"id": f"{day}#{i} U", "role": "user", "content": p["query"], "at": at})
            out.append({"id": f"{day}#{i} A", "role": "assistant", "content": p["response"],
                        "at": at + timedelta(seconds=30)})
    return out


def run_user(name: str, history: dict[str, Any], asks: list[tuple[str, list[str]]], embedder: Any, k: int,
             workdir: Path) -> list[dict[str, Any]]:
    msgs = messages(history)
    now = max(m["at"] for m in msgs) + timedelta(days=1)
    mem = Memory.open(f"sqlite:///{workdir / name}.db", config=CONFIG, embedder=embedder, clock=lambda: now)
    scope = Scope(agent="memorybank", actor=name, session="chat")
    evs = mem.append(scope, [{k2: m[k2] for k2 in ("role", "content", "at")} for m in msgs])
    ids = {ev.id: m["id"] for ev, m in zip(evs, msgs, strict=True)}
    whole = embedder.embed([m["content"] for m in msgs])
    qv = embed_query(embedder, [q for q, _ in asks])
    rows = []
    for (question, gold), v in zip(asks, qv, strict=True):
        row: dict[str, Any] = {"user": name, "question": question, "evidence": gold}
        for mode in MODES:
            t0 = time.perf_counter()
            hits = mem.search_history(scope, question, limit=k, mode=mode)
            row[mode] = {"ranked": [ids.get(h.event.id, "?") for h in hits if h.event is not None],
                         "ms": round((time.perf_counter() - t0) * 1000, 2)}
        row[COSINE] = {"ranked": [msgs[j]["id"] for j in np.argsort(-(whole @ v))[:k]]}
        for key in (*MODES, COSINE):
            r = row[key]
            r["r5"], r["r10"] = recall_at(r["ranked"], gold, 5), recall_at(r["ranked"], gold, 10)
        rows.append(row)
    mem.close()
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--embedder", default="default")
    ap.add_argument("--k", type=int, default=10)
    args = ap.parse_args(argv)
    inner = load_embedder(args.embedder)
    cache = OUT / "cache" / f"{re.sub(r'[^A-Za-z0-9.-]', '_', inner.model_id)}-{inner.dim}.npz"
    embedder = CachedEmbedder(inner, cache)
    raw = json.loads(benchdata("memorybank", "memory_bank_en.json").read_text())
    data = {name.strip(): u for name, u in raw.items()}
    labels = json.loads((HERE / "data" / "memorybank_labels.json").read_text())["labels"]
    rows: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="engram-memorybank-") as tmp:
        for name, asks in labels.items():
            rows += run_user(name, data[name]["history"], [(q, g) for q, g in asks], embedder, args.k, Path(tmp))
    embedder.save()
    summary: dict[str, Any] = {"questions": len(rows)}
    for key in (*MODES, COSINE):
        summary[key] = {m: round(100 * statistics.fmean(r[key][m] for r in rows), 1) for m in ("r5", "r10")}
        if key in MODES:
            summary[key]["ms p50"] = round(statistics.median(r[key]["ms"] for r in rows), 2)
    best = max(summary[key]["r10"] for key in ("lexical", "vector", COSINE))
    summary["hybrid / best single (R@10)"] = round(summary["hybrid"]["r10"] / best, 3) if best else None
    summary["hybrid / plain cosine (R@10)"] = (round(summary["hybrid"]["r10"] / summary[COSINE]["r10"], 3)
                                               if summary[COSINE]["r10"] else None)
    out = OUT / f"memorybank-{args.embedder.replace(':', '_')}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    result = {"benchmark": "memorybank", "embedder": f"{inner.model_id}:{inner.dim}",
              "date": datetime.now(UTC).isoformat(timespec="seconds"), "summary": summary, "rows": rows,
              "seconds": round(time.perf_counter() - t0, 1)}
    out.write_text(json.dumps(result, indent=1, default=str))
    print(json.dumps(summary, indent=1))
    print(f"MemoryBank, {len(rows)} labelled questions, {result['embedder']}")
    print(f"  {'ranking':14} {'R@5':>6} {'R@10':>6}")
    for key in (*MODES, COSINE):
        print(f"  {key:14} {summary[key]['r5']:>6.1f} {summary[key]['r10']:>6.1f}")
    print(f"{result['seconds']}s -> {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
