"""Records written by someone else, asked about by someone else: LoCoMo's observations through ``recall``.

LoCoMo ships, for each session of each conversation, short third-person assertions about each speaker
(``observation``: "Caroline joined a new LGBTQ activist group ...", each with the dialog turn it came from),
written by the dataset's authors, not by engram. Each is remembered as an actor-level record (one engram turn
per LoCoMo session, dated like it), and every question of categories 1-4 whose evidence turns have an
observation is asked through ``recall`` from another session (top 10). A question is *found* at k when a
record from one of its evidence turns is among the first k hits.

This is the records path of issue 30 measured on text nobody here wrote: the hybrid at the defaults against
each single signal (``mode="vector"`` / ``"lexical"`` at the same cut, and at ``min_score=0``) and against
plain cosine over the same vectors outside engram (what mem0 ``infer=False`` and LangGraph's store do), plus
the off-topic questions of ``bench/data/offtopic.txt``. Conversations 1-5 are the tune split
(``locomo.TUNE``), 6-10 held out.

    .venv/bin/python bench/observations.py                  # all 10 conversations, MiniLM
    .venv/bin/python bench/observations.py --conversations 2

JSON goes to ``bench/out/observations.json``, a table to stdout.
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

import numpy as np
from locomo import DATA, HERE, OUT, TUNE, CachedEmbedder, evidence_ids, load_offtopic, pick, report, sessions

from engram import Memory, Scope
from engram.embedders import Embedder, load_embedder

KS = (1, 3, 5, 10)
# (label, mode, min_score): None is the memory's default cut
RUNS = (("hybrid", "hybrid", None), ("hybrid, min_score=0", "hybrid", 0.0),
        ("vector", "vector", None), ("vector, min_score=0", "vector", 0.0),
        ("lexical", "lexical", None))
COSINE = "plain cosine"


def observations(sample: dict[str, Any]) -> list[tuple[datetime, list[tuple[str, list[str]]]]]:
    """Per LoCoMo session, in order: its date and its observations as (text, source dia_ids)."""
    conv, obs = sample["conversation"], sample["observation"]
    out = []
    for n, when, _ in sessions(conv):
        by_speaker = obs.get(f"session_{n}_observation") or {}
        notes = []
        for facts in by_speaker.values():
            for text, source in facts:
                notes.append((text, evidence_ids(source if isinstance(source, list) else [source])))
        out.append((when, notes))
    return out


def run_conversation(sample: dict[str, Any], embedder: Any, workdir: Path, offtopic: Sequence[str], k: int
                     ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    sessions_ = observations(sample)
    now = max(when for when, _ in sessions_) + timedelta(days=1)
    mem = Memory.open(f"sqlite:///{workdir / sample['sample_id']}.db", embedder=embedder, clock=lambda: now)
    actor = re.sub(r"[^A-Za-z0-9]", "-", sample["sample_id"])
    writer = Scope(agent="locomo-notes", actor=actor, session="notes")
    asker = Scope(agent="locomo-notes", actor=actor, session="questions")
    sources: dict[str, set[str]] = {}
    texts: list[str] = []
    ids: list[str] = []
    for when, notes in sessions_:
        with mem.turn(writer, extract=False) as t:
            for text, src in notes:
                rec = t.remember(text, scope="actor", at=when)
                sources[rec.id] = set(src)
                texts.append(text)
                ids.append(rec.id)
    matrix = embedder.embed(texts)
    matrix = matrix / np.linalg.norm(matrix, axis=1, keepdims=True)

    def cosine(question: str) -> list[str]:
        q = embedder.embed_query([question])[0]
        order = np.argsort(-(matrix @ (q / np.linalg.norm(q))), kind="stable")[:k]
        return [ids[i] for i in order]

    def asked(question: str) -> dict[str, list[str]]:
        got = {label: [h.record.id for h in mem.recall(asker, question, limit=k, mode=mode, min_score=cut)
                       if h.record is not None] for label, mode, cut in RUNS}
        got[COSINE] = cosine(question)
        return got

    rows = []
    for qi, qa in enumerate(sample["qa"]):
        gold = set(evidence_ids(qa.get("evidence") or []))
        targets = {rid for rid, src in sources.items() if src & gold}
        if qa["category"] == 5 or not targets:
            continue
        got = asked(qa["question"])
        rows.append({"conversation": sample["sample_id"], "q": qi, "category": qa["category"],
                     "question": qa["question"],
                     "first": {label: next((i for i, rid in enumerate(r) if rid in targets), None)
                               for label, r in got.items()},
                     "empty": {label: not r for label, r in got.items()}})
    off = [{"conversation": sample["sample_id"], "question": q,
            "empty": {label: not r for label, r in asked(q).items()}} for q in offtopic]
    print(f"  {sample['sample_id']}: {len(texts)} observations, {len(rows)} questions", file=sys.stderr)
    mem.close()
    return rows, off


def summarize(rows: Sequence[dict[str, Any]], off: Sequence[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    labels = [label for label, _, _ in RUNS] + [COSINE]
    out: dict[str, dict[str, Any]] = {}
    for name, keep in (("tune", lambda c: c in TUNE), ("held-out", lambda c: c not in TUNE),
                       ("all", lambda c: True)):
        rs = [r for r in rows if keep(r["conversation"])]
        os_ = [o for o in off if keep(o["conversation"])]
        if not rs:
            continue
        split: dict[str, Any] = {"questions": len(rs)}
        for label in labels:
            firsts = [r["first"][label] for r in rs]
            split[label] = {f"hit@{n}": round(sum(1 for f in firsts if f is not None and f < n) / len(rs), 3)
                            for n in KS}
            split[label]["empty"] = round(sum(r["empty"][label] for r in rs) / len(rs), 3)
            if os_:
                split[label]["offtopic_empty"] = round(sum(o["empty"][label] for o in os_) / len(os_), 3)
        out[name] = split
    return out


def table(summary: dict[str, dict[str, Any]]) -> str:
    lines = []
    for name, split in summary.items():
        lines.append(f"{name} ({split['questions']} questions)")
        lines.append(f"  {'':22} " + " ".join(f"{'@' + str(n):>6}" for n in KS) + f" {'empty':>6} {'off∅':>6}")
        for label, row in split.items():
            if label == "questions":
                continue
            cells = " ".join(f"{row[f'hit@{n}']:>6.3f}" for n in KS)
            lines.append(f"  {label:22} {cells} {row['empty']:>6.3f} {row.get('offtopic_empty', 0):>6.3f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--conversations", default="all", help="'all', a count (the first N) or sample ids")
    ap.add_argument("--embedder", default="default", help="an engram embedder spec (default: MiniLM and e5 blended)")
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--offtopic", type=Path, default=HERE / "data" / "offtopic.txt")
    ap.add_argument("--out", type=Path, default=OUT / "observations.json")
    args = ap.parse_args(argv)
    data = pick(json.loads(args.data.read_text()), args.conversations)
    inner: Embedder = load_embedder(args.embedder)
    cache = OUT / "cache" / f"{re.sub(r'[^A-Za-z0-9.-]', '_', inner.model_id)}-{inner.dim}.npz"
    embedder = CachedEmbedder(inner, cache)
    offtopic = load_offtopic(args.offtopic)
    rows: list[dict[str, Any]] = []
    off: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="engram-observations-") as tmp:
        for sample in data:
            got, got_off = run_conversation(sample, embedder, Path(tmp), offtopic, args.k)
            rows += got
            off += got_off
            embedder.save()
    summary = summarize(rows, off)
    result = {"benchmark": "locomo-observations-recall", "date": datetime.now(UTC).isoformat(timespec="seconds"),
              "embedder": f"{inner.model_id}:{inner.dim}", "conversations": [s["sample_id"] for s in data],
              "seconds": round(time.perf_counter() - t0, 1), "summary": summary,
              "median_questions_per_conversation": statistics.median(
                  [sum(r["conversation"] == s["sample_id"] for r in rows) for s in data]),
              "questions_detail": rows, "offtopic_detail": off}
    report(result, args.out, table(summary), len(rows), len(data))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
