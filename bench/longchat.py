"""Retrieval on long user/assistant chats (``longchat_data.py``): engram's modes against plain baselines.

Each generated conversation becomes one session of one actor (user and assistant messages as events, dated
as generated); every question is asked through ``search_history``, top 10, in each mode (hybrid, lexical =
BM25 alone, vector = cosine alone), plus a plain baseline outside engram: cosine over one embedding per
whole message (same embedder, numpy, no chunking). Metric as in ``bench/locomo.py``: the fraction of a
question's evidence messages in the top k. The off-topic questions (``data/offtopic.txt``) are asked too.

    .venv/bin/python bench/longchat.py                    # tune and test splits, MiniLM
    .venv/bin/python bench/longchat.py --embedder e5
    .venv/bin/python bench/longchat.py --data bench/data/longchat2   # chats written by hand, blind (stop 55)

``--data DIR`` reads every ``part*.json`` there (``{"conversations": [{"id", "split": tune|heldout, "messages":
[{"id", "role", "content", "at"}], "questions": [{"question", "kind", "evidence": [ids]}]}]}``) instead of the
generated corpus; a ``heldout`` conversation is in the ``test`` split.

Writes ``bench/out/longchat.json`` and prints a table per split; for a question about a changed fact (a set that
lists its ``stale`` messages), also how often the latest telling ranks above every earlier one.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import longchat_data
import numpy as np
from locomo import CONFIG, OUT, CachedEmbedder, load_offtopic, ndcg_at, recall_at

from engram import Memory, Scope
from engram.embedders import load_embedder
from engram.embedders.base import embed_query

HERE = Path(__file__).resolve().parent
MODES = ["hybrid", "lexical", "vector"]


def load_set(data: Path) -> dict[str, list[longchat_data.Conversation]]:
    """A hand-written set's conversations by split (``tune`` / ``test``), read from ``data/part*.json``."""
    splits: dict[str, list[longchat_data.Conversation]] = {"tune": [], "test": []}
    for part in sorted(data.glob("part*.json")):
        for c in json.loads(part.read_text())["conversations"]:
            msgs = [{**m, "at": datetime.fromisoformat(m["at"].replace("Z", "+00:00"))} for m in c["messages"]]
            conv = longchat_data.Conversation(c["id"], msgs, list(c["questions"]))
            splits["tune" if c["split"] == "tune" else "test"].append(conv)
    return splits


def run(conv: longchat_data.Conversation, embedder: Any, k: int, workdir: Path, offtopic: Sequence[str]
        ) -> tuple[list[dict[str, Any]], dict[str, float]]:
    now = max(m["at"] for m in conv.messages) + timedelta(days=1)
    mem = Memory.open(f"sqlite:///{workdir / conv.cid}.db", config=CONFIG, embedder=embedder, clock=lambda: now)
    scope = Scope(agent="longchat", actor=conv.cid, session="chat")
    ids: dict[str, str] = {}
    evs = mem.append(scope, [{"role": m["role"], "content": m["content"], "at": m["at"]} for m in conv.messages])
    for ev, m in zip(evs, conv.messages, strict=True):
        ids[ev.id] = m["id"]
    # the plain baseline: one embedding per whole message
    whole = embedder.embed([m["content"] for m in conv.messages])
    qv = embed_query(embedder, [q["question"] for q in conv.questions])
    order = np.argsort(-(qv @ whole.T), axis=1)[:, :k]
    rows = []
    for qi, q in enumerate(conv.questions):
        row: dict[str, Any] = {"conversation": conv.cid, "question": q["question"], "kind": q["kind"],
                               "evidence": q["evidence"], "stale": q.get("stale", [])}
        for mode in MODES:
            t0 = time.perf_counter()
            hits = mem.search_history(scope, q["question"], limit=k, mode=mode)
            ranked = [ids.get(h.event.id, "?") for h in hits if h.event is not None]
            row[mode] = {"ranked": ranked, "scores": [round(h.score, 4) for h in hits],
                         "ms": round((time.perf_counter() - t0) * 1000, 2)}
        row["whole-message cosine"] = {"ranked": [conv.messages[j]["id"] for j in order[qi]]}
        for key in (*MODES, "whole-message cosine"):
            r = row[key]
            r["r5"], r["r10"] = recall_at(r["ranked"], q["evidence"], 5), recall_at(r["ranked"], q["evidence"], 10)
            r["ndcg10"] = ndcg_at(r["ranked"], q["evidence"], 10)
            if q.get("stale"):  # a changed fact: is its latest telling ranked above every earlier one?
                r["latest_first"] = _first(r["ranked"], q["evidence"]) < _first(r["ranked"], q["stale"])
        rows.append(row)
    empty = {mode: statistics.fmean(not mem.search_history(scope, q, limit=k, mode=mode) for q in offtopic)
             for mode in ("hybrid",)} if offtopic else {}
    mem.close()
    return rows, empty


def _first(ranked: Sequence[str], ids: Sequence[str]) -> int:
    """The best rank of any of ``ids`` in ``ranked`` (past the end when none is there)."""
    return min((ranked.index(i) for i in ids if i in ranked), default=len(ranked) + 1)


def summarize(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    keys = (*MODES, "whole-message cosine")
    out: dict[str, Any] = {"n": len(rows)}
    for key in keys:
        out[key] = {m: round(100 * statistics.fmean(r[key][m] for r in rows), 1) for m in ("r5", "r10", "ndcg10")}
        for kind in sorted({r["kind"] for r in rows}):
            out[key][f"r10 {kind}"] = round(100 * statistics.fmean(r[key]["r10"] for r in rows if r["kind"] == kind), 1)
        changed = [r[key]["latest_first"] for r in rows if "latest_first" in r[key]]
        if changed:
            out[key]["latest first"] = f"{sum(changed)}/{len(changed)}"
    best = max(out[k]["r10"] for k in ("lexical", "vector", "whole-message cosine") if k in out)
    out["hybrid / best single"] = round(out["hybrid"]["r10"] / best, 3) if best and "hybrid" in out else None
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--embedder", default="default")
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--modes", default="hybrid,lexical,vector", help="engram modes to compare")
    ap.add_argument("--split", choices=("tune", "test", "both"), default="both")
    ap.add_argument("--offtopic", type=Path, default=HERE / "data" / "offtopic.txt")
    ap.add_argument("--out", type=Path, default=OUT / "longchat.json")
    ap.add_argument("--data", type=Path, default=None, help="a hand-written set's directory (part*.json)")
    args = ap.parse_args(argv)
    MODES[:] = [m for m in args.modes.split(",") if m]
    inner = load_embedder(args.embedder)
    cache = OUT / "cache" / f"{re.sub(r'[^A-Za-z0-9.-]', '_', inner.model_id)}-{inner.dim}.npz"
    embedder = CachedEmbedder(inner, cache)
    if args.data is not None:
        splits = load_set(args.data)
    else:
        convs = longchat_data.corpus()
        splits = {"tune": [c for i, c in enumerate(convs) if i in longchat_data.TUNE],
                  "test": [c for i, c in enumerate(convs) if i not in longchat_data.TUNE]}
    if args.split != "both":
        splits = {args.split: splits[args.split]}
    offtopic = load_offtopic(args.offtopic) if str(args.offtopic) not in ("", ".") else []
    result: dict[str, Any] = {"benchmark": "longchat", "embedder": f"{inner.model_id}:{inner.dim}",
                              "date": datetime.now(UTC).isoformat(timespec="seconds"), "seed": longchat_data.SEED,
                              "data": str(args.data or ""), "splits": {}}
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="engram-longchat-") as tmp:
        for name, part in splits.items():
            rows: list[dict[str, Any]] = []
            empties: list[float] = []
            for conv in part:
                got, empty = run(conv, embedder, args.k, Path(tmp), offtopic)
                rows += got
                empties += list(empty.values())
                print(f"  {conv.cid}: {len(conv.messages)} messages, {len(got)} questions", file=sys.stderr)
            embedder.save()
            summary = summarize(rows)
            if empties:
                summary["offtopic_empty_%"] = round(100 * statistics.fmean(empties), 1)
            result["splits"][name] = {"summary": summary, "rows": rows}
    result["seconds"] = round(time.perf_counter() - t0, 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1, default=str))
    for name, split in result["splits"].items():
        s = split["summary"]
        print(f"{name} split: {s['n']} questions; hybrid / best single signal = {s['hybrid / best single']}"
              + (f"; off-topic empty {s['offtopic_empty_%']}%" if "offtopic_empty_%" in s else ""))
        print(f"  {'ranking':22} {'R@5':>6} {'R@10':>6} {'nDCG@10':>8}  R@10 by question kind")
        for key in (*MODES, "whole-message cosine"):
            r = s[key]
            kinds = ", ".join(f"{k[4:]} {v}" for k, v in r.items() if k.startswith("r10 "))
            if "latest first" in r:
                kinds += f"; latest above every earlier telling {r['latest first']}"
            print(f"  {key:22} {r['r5']:>6.1f} {r['r10']:>6.1f} {r['ndcg10']:>8.1f}  {kinds}")
    print(f"{result['seconds']}s -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
