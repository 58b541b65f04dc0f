"""Extraction quality bench: multi-session conversations in, long-term records out, scored against gold.

Each scenario (``scenarios/*.json``) is a few sessions of user/assistant messages with timestamps and a
gold list written before the extractor: facts that must be ACTIVE at the end (``active``), values that
must NOT be active any more (``stale``: superseded, retracted, hedged or never true), and facts that may
be kept but are not required (``allowed``). Every item has a ``key`` (the attribute it is about) and
``match``: regular expressions that must all be found (case-insensitively) in a record's summary.

The runner plays every scenario through :func:`engram.strategies.pipeline.plan`, batch by batch (one user
turn and the assistant's reply, as the engine's turn-end trigger does; ``--batch session`` for whole
sessions), applying the ops to a tiny in-memory record set with a lexical neighbour lookup, or through
``engram.Memory`` on ``sqlite://:memory:`` with ``--engine``. It then scores the records that are active
in the fact and preference namespaces:

- a record is **stale** when it matches a stale item and no active/allowed item of the same key;
  otherwise it is **correct** when it matches an active or allowed item, else a **false positive**;
- precision = correct / records; recall = active items matched by a non-stale record / active items;
- duplicate rate = records matching exactly the same set of gold items (active and allowed) as an earlier
  record that matched an active item, or with the same normalised summary, / records;
- stale rate = stale items still matched by some active stale record / stale items.

Usage::

    .venv/bin/python bench/extraction/run.py                 # offline extractor, all scenarios
    .venv/bin/python bench/extraction/run.py --split test -v # held-out scenarios, list every miss
    ENGRAM_BENCH_MODEL=openai:gpt-4o-mini .venv/bin/python bench/extraction/run.py   # a model instead
    .venv/bin/python bench/extraction/run.py --gguf path/to/model.gguf   # a local model via llama-server
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import re
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))

from engram.config import DEFAULT_KINDS, Strategy  # noqa: E402
from engram.core.text import key_terms  # noqa: E402
from engram.errors import ModelError  # noqa: E402
from engram.models.base import Model  # noqa: E402
from engram.strategies.base import AddOp, DeleteOp, Op  # noqa: E402
from engram.strategies.pipeline import plan  # noqa: E402
from engram.types import Event, Record, Scope, record_text  # noqa: E402

HERE = Path(__file__).resolve().parent
STRATEGIES = (Strategy(type="SEMANTIC"), Strategy(type="USER_PREFERENCE"), Strategy(type="SUMMARIZATION"),
              Strategy(type="EPISODIC"))
FACT_PREFIXES = ("/facts/", "/preferences/")
SPLITS = ("dev", "test", "blind", "blind2", "blind3", "blind4")


@dataclass
class MemStore:
    """Records in a dict; ops applied as the engine would; lexical neighbours per namespace."""

    records: dict[str, Record] = field(default_factory=dict)
    conflicts: list[str] = field(default_factory=list)
    n: int = 0

    def neighbors(self, namespace: str, text: str, k: int) -> list[Record]:
        q = set(key_terms(text))
        scored = []
        for r in self.records.values():
            if r.namespace != namespace or r.status != "active":
                continue
            # indexed as the engine indexes it (record_text); as the engine's lookup by meaning (min_score 0),
            # a record sharing no word still comes back when there is room
            d = set(key_terms(record_text(r.summary, r.content, r.fact_key)))
            s = len(q & d) / math.sqrt(len(d) or 1)
            scored.append((s, r.created_at, r.id, r))
        scored.sort(key=lambda x: (-x[0], x[1], x[2]))
        return [r for *_, r in scored[:k]]

    def apply(self, ops: Sequence[Op], scope: Scope, at: datetime) -> None:
        for op in ops:
            if isinstance(op, AddOp):
                self.n += 1
                rid = f"r{self.n}"
                if op.replaces:
                    old = self.records.get(op.replaces)
                    if old is None or old.status != "active":
                        self.conflicts.append(f"replace of non-active {op.replaces}")
                    else:
                        self.records[old.id] = replace(old, status="superseded", superseded_by=rid)
                self.records[rid] = Record(
                    id=rid, agent=scope.agent, actor=scope.actor, session=scope.session if op.level == "session"
                    else None, level=op.level, namespace=op.namespace, kind=op.kind, summary=op.summary,
                    content=op.content, labels=dict(op.labels), status="active", preview=False,
                    created_at=at + timedelta(microseconds=self.n), updated_at=at, replaces=op.replaces,
                    fact_key=op.fact_key)
                if not op.source_event_ids:
                    self.conflicts.append(f"AddOp without sources: {op.summary}")
            elif isinstance(op, DeleteOp):
                old = self.records.get(op.record_id)
                if old is None or old.status != "active":
                    self.conflicts.append(f"delete of non-active {op.record_id}")
                else:
                    self.records[old.id] = replace(old, status="deleted")

    def active(self) -> list[Record]:
        return sorted((r for r in self.records.values() if r.status == "active"), key=lambda r: r.created_at)


def load_scenarios(split: str) -> list[dict[str, Any]]:
    out = []
    for path in sorted((HERE / "scenarios").glob("*.json")):
        sc = json.loads(path.read_text(encoding="utf-8"))
        if split in ("all", sc.get("split", "dev")):
            out.append(sc)
    return out


def session_events(sc: dict[str, Any], si: int, actor: str) -> list[Event]:
    sess = sc["sessions"][si]
    t0 = datetime.fromisoformat(sess["start"])
    events = []
    for i, m in enumerate(sess["messages"]):
        role, content = (m[0], m[1]) if isinstance(m, list) else (m["role"], m["content"])
        at = datetime.fromisoformat(m["at"]) if isinstance(m, dict) and "at" in m else t0 + timedelta(minutes=i)
        events.append(Event(id=f"{sc['id']}-{si}-{i}", agent="bench", actor=actor, session=f"{sc['id']}-{si}",
                            seq=i, role=role, content=content, at=at))
    return events


def batches(events: list[Event], mode: str) -> list[list[Event]]:
    if mode == "session":
        return [events]
    out: list[list[Event]] = []
    for ev in events:
        if ev.role == "user" or not out:
            out.append([ev])
        else:
            out[-1].append(ev)
    return out


@dataclass
class Counts:
    """Model calls, turns (batches) played, and batches whose model answer was unusable."""

    calls: int = 0
    turns: int = 0
    failed: int = 0


def play(sc: dict[str, Any], *, mode: str, model: Model | None, counts: Counts) -> tuple[list[Record], list[str]]:
    """Run one scenario through plan(); return the final active records and conflicts.

    A batch the model fails on (error, malformed or cut answer) changes nothing, as a failed extraction
    job does in the engine; it is counted in ``counts.failed`` and the scenario goes on.
    """
    store = MemStore()
    actor = f"u-{sc['id']}"
    for si in range(len(sc["sessions"])):
        events = session_events(sc, si, actor)
        scope = Scope(agent="bench", actor=actor, session=f"{sc['id']}-{si}")
        done: list[Event] = []
        for batch in batches(events, mode):
            counts.turns += 1
            try:
                ops, n = plan(batch, scope=scope, strategies=STRATEGIES, model=model, neighbors=store.neighbors,
                              now=batch[-1].at, kinds=DEFAULT_KINDS, history=done[-6:])
            except ModelError as exc:
                counts.failed += 1
                if model is None:
                    raise
                print(f"{sc['id']}: turn {counts.turns}: the model's answer was unusable: {exc}", file=sys.stderr)
                n, ops = 0, []
            counts.calls += n
            store.apply(ops, scope, batch[-1].at)
            done += batch
    return store.active(), store.conflicts


def play_engine(sc: dict[str, Any], embedder: str | None) -> tuple[list[Record], list[str], int]:
    """Run one scenario through ``engram.Memory`` (SQLite in memory, turn-end extraction)."""
    from engram import Memory

    cfg = {"harness": {"memory": {"enabled": True,
                                  "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
                                  "strategies": [{"type": s.type} for s in STRATEGIES]}}}
    mem = Memory.open("sqlite://:memory:", config=cfg, embedder=embedder)
    actor = f"u-{sc['id']}"
    try:
        for si in range(len(sc["sessions"])):
            events = session_events(sc, si, actor)
            scope = Scope(agent="bench", actor=actor, session=f"{sc['id']}-{si}")
            for batch in batches(events, "turn"):
                mem.append(scope, [{"role": e.role, "content": e.content, "at": e.at} for e in batch])
        last = Scope(agent="bench", actor=actor, session=f"{sc['id']}-{len(sc['sessions']) - 1}")
        records = list(reversed(mem.list(last, limit=500)))
    finally:
        mem.close()
    return records, [], 0


class EchoModel:
    """A stand-in Model for ``--echo-model``: answers engram's structured prompts with the offline rules.

    It reads the quoted conversation back out of the prompt, so the whole model path (prompts, JSON
    answers, validation, the consolidation call) runs at bench scale without a network. Its quality is the
    offline extractor's, minus what the model path loses (no within-batch context from stored keys).
    """

    model_id = "echo-offline"

    def complete(self, messages: Sequence[Any], *, system: str | None = None, tools: Sequence[Any] = (),
                 json_schema: dict[str, Any] | None = None, max_tokens: int = 1024,
                 temperature: float = 0.0) -> Any:
        from engram.core.consolidate import Candidate, decide, key_line
        from engram.extract import OfflineExtractor, summarize
        from engram.models.base import Completion

        text = messages[-1].content
        props = (json_schema or {}).get("properties", {})

        def block(tag: str) -> str:
            return text.split(f"<{tag}>\n", 1)[1].rsplit(f"\n</{tag}>", 1)[0].replace("<\\/", "</")

        def events() -> list[Event]:
            out = []
            for line in block("conversation").splitlines():
                d = json.loads(line)
                out.append(Event(id=str(d["n"]), agent="a", actor="u", session="s", seq=d["n"], role=d["role"],
                                 content=d["text"], at=datetime.fromisoformat(d["at"])))
            return out

        if "memories" in props:
            evs = events()
            cats = {"preference"} if "Focus: preferences" in (system or "") else {"fact", "event"}
            mems = [{"summary": f.summary, "key": f.key, "value": f.value, "category": f.category,
                     "action": "retract" if f.retract else "assert", "multi_valued": f.multi,
                     "sources": [int(f.event_id)], "evidence": f.evidence}
                    for f in OfflineExtractor().facts(evs) if f.retract or f.category in cats]
            return Completion(text=json.dumps({"memories": mems}))
        if "decisions" in props:
            decisions = []
            for c in json.loads(block("candidates")):
                cand = Candidate(strategy="x", namespace=c["namespace"], level="actor", kind="fact",
                                 summary=c["summary"], source_event_ids=("e",), key=c["key"], value=c["value"],
                                 retract=c["action"] == "retract", topic=tuple(c.get("topic", ())))
                ns = [Record(id=n["id"], agent="a", actor="u", session=None, level="actor",
                             namespace=c["namespace"], kind="fact", summary=n["summary"],
                             content=key_line(n["key"], n["value"]) if n["key"] else None, labels={},
                             status="active", preview=False, created_at=datetime.min, updated_at=datetime.min)
                      for n in c["neighbors"]]
                ds = decide(cand, ns)
                if not ds:  # a retraction with nothing to delete
                    decisions.append({"candidate": c["candidate"], "action": "skip", "target": None})
                decisions += [{"candidate": c["candidate"], "action": d.action, "target": d.target} for d in ds]
            return Completion(text=json.dumps({"decisions": decisions}))
        if "headline" in props:
            draft = summarize(events())
            return Completion(text=json.dumps({"headline": draft.headline or "Session",
                                               "summary": "\n".join(draft.lines) or "Nothing notable yet."}))
        return Completion(text=json.dumps({"episode": {"headline": "Episode", "goal": "Conversation",
                                                       "actions": [], "outcome": "", "status": "unknown"},
                                           "reflections": []}))


def _matches(item: dict[str, Any], text: str) -> bool:
    pats = item.get("match") or [re.escape(str(item["value"]))]
    return all(re.search(p, text, re.IGNORECASE) for p in pats)


def score(sc: dict[str, Any], records: list[Record]) -> dict[str, Any]:
    gold = sc["gold"]
    active, stale, allowed = gold.get("active", []), gold.get("stale", []), gold.get("allowed", [])
    facts = [r for r in records if r.namespace.startswith(FACT_PREFIXES)]
    rows = []
    covered: set[int] = set()
    stale_hit: set[int] = set()
    seen_sets: list[frozenset[int]] = []
    seen_text: set[str] = set()
    correct = dup = 0
    for r in facts:
        a = frozenset(i for i, it in enumerate(active) if _matches(it, r.summary))
        ok = [it for it in allowed if _matches(it, r.summary)]
        keys = {active[i]["key"] for i in a} | {it["key"] for it in ok}
        st = [i for i, it in enumerate(stale) if _matches(it, r.summary) and it["key"] not in keys]
        norm = " ".join(key_terms(r.summary))
        if st:
            verdict = "stale"
            stale_hit.update(st)
        elif a or ok:
            verdict = "ok"
            correct += 1
            covered.update(a)
        else:
            verdict = "fp"
        sig = a | frozenset(len(active) + i for i, it in enumerate(allowed) if it in ok)
        is_dup = verdict == "ok" and ((a and sig in seen_sets) or norm in seen_text)
        if is_dup:
            dup += 1
        if a:
            seen_sets.append(sig)
        seen_text.add(norm)
        rows.append({"summary": r.summary, "namespace": r.namespace, "verdict": verdict, "duplicate": bool(is_dup)})
    return {
        "id": sc["id"], "split": sc.get("split", "dev"), "records": len(facts), "correct": correct,
        "active_items": len(active), "covered": len(covered), "stale_items": len(stale), "stale_active": len(stale_hit),
        "duplicates": dup,
        "missed": [active[i]["key"] + "=" + str(active[i]["value"]) for i in range(len(active)) if i not in covered],
        "stale_kept": [stale[i]["key"] + "=" + str(stale[i]["value"]) for i in sorted(stale_hit)],
        "rows": rows,
    }


def totals(results: list[dict[str, Any]]) -> dict[str, float]:
    rec = sum(r["records"] for r in results)
    cor = sum(r["correct"] for r in results)
    act = sum(r["active_items"] for r in results)
    cov = sum(r["covered"] for r in results)
    sti = sum(r["stale_items"] for r in results)
    sta = sum(r["stale_active"] for r in results)
    dup = sum(r["duplicates"] for r in results)
    return {"scenarios": len(results), "records": rec, "precision": cor / rec if rec else 1.0,
            "recall": cov / act if act else 1.0, "duplicate_rate": dup / rec if rec else 0.0,
            "stale_rate": sta / sti if sti else 0.0, "active_items": act, "stale_items": sti}


def bounded(schema: dict[str, Any], n_messages: int) -> dict[str, Any]:
    """``schema`` with every answer bounded, so a grammar built from it cannot ramble to the token cap.

    Strings get ``maxLength`` (summaries 120 characters, the rest 60), message numbers are 1..n with 1-3 of
    them, and the memories list holds at most 4. llama-server turns a json_schema response format into a
    grammar, so these bounds hold token by token; the unbounded schema lets a small model write one
    "evidence" string until ``max_tokens``.
    """
    def walk(node: Any, name: str = "") -> Any:
        if not isinstance(node, dict):
            return node
        out = {k: walk(v, k) if k not in ("properties", "items") else v for k, v in node.items()}
        if "properties" in node:
            out["properties"] = {k: walk(v, k) for k, v in node["properties"].items()}
        if "items" in node:
            out["items"] = walk(node["items"], name)
        if out.get("type") == "string" and "enum" not in out:
            out["maxLength"] = 120 if name in ("summary", "headline") else 60
        if name == "sources" and out.get("type") == "array":
            out["items"] = {"type": "integer", "minimum": 1, "maximum": max(1, n_messages)}
            out["minItems"], out["maxItems"] = 1, 3
        elif out.get("type") == "array":
            out["maxItems"] = 4
        return out
    return walk(schema)  # type: ignore[no-any-return]


class BoundedModel:
    """``--bounded``: the same model, asked with :func:`bounded` schemas (the bench's grammar experiment)."""

    def __init__(self, inner: Model) -> None:
        self.inner = inner
        self.model_id = f"{inner.model_id}+bounded"

    def complete(self, messages: Sequence[Any], *, system: str | None = None, tools: Sequence[Any] = (),
                 json_schema: dict[str, Any] | None = None, max_tokens: int = 1024,
                 temperature: float = 0.0) -> Any:
        if json_schema is not None:
            text = messages[-1].content
            n = text.split("<conversation>\n", 1)[-1].split("\n</conversation>", 1)[0].count("\n") + 1
            json_schema = bounded(json_schema, n)
        return self.inner.complete(messages, system=system, tools=tools, json_schema=json_schema,
                                   max_tokens=max_tokens, temperature=temperature)


@contextlib.contextmanager
def gguf_model(gguf: Path) -> Iterator[Model]:
    """An OpenAI-compatible client of llama-server serving ``gguf`` on loopback, for the run's duration."""
    sys.path.insert(0, str(ROOT))
    from engram.models.openai import OpenAIModel
    from tests.support.llama import llama_server, server_binary

    binary = server_binary()
    if binary is None:
        raise SystemExit("no llama-server: run .ci/llama-server.sh (or set ENGRAM_LLAMA_SERVER)")
    with llama_server(binary, str(gguf), ctx=8192) as url:
        yield OpenAIModel(gguf.stem, base_url=url, read_env=False, timeout=300.0, max_retries=1)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", choices=(*SPLITS, "all"), default="all")
    ap.add_argument("--batch", choices=("turn", "session"), default="turn")
    ap.add_argument("--engine", action="store_true", help="run through engram.Memory (sqlite://:memory:)")
    ap.add_argument("--embedder", default="hashing", help="embedder for --engine (default: hashing; "
                    "'minilm' for the offline default)")
    ap.add_argument("--echo-model", action="store_true",
                    help="exercise the model path with a stand-in model that answers with the offline rules")
    ap.add_argument("--gguf", type=Path, default=None,
                    help="a GGUF model served by llama.cpp's llama-server (ENGRAM_LLAMA_SERVER, or the binary "
                         ".ci/llama-server.sh cached) as the extraction model")
    ap.add_argument("--bounded", action="store_true",
                    help="with --gguf or a model: ask with bounded schemas (string lengths, message numbers, "
                         "list sizes), which llama-server enforces as a grammar")
    ap.add_argument("--limit", type=int, default=None, help="play only the first N scenarios")
    ap.add_argument("--json", type=Path, default=None, help="write the full report here")
    ap.add_argument("-v", "--verbose", action="store_true", help="list misses, false positives and stale records")
    args = ap.parse_args(argv)

    with contextlib.ExitStack() as stack:
        model: Model | None = None
        spec = os.environ.get("ENGRAM_BENCH_MODEL")
        if args.echo_model:
            model, spec = EchoModel(), "echo-offline (model path)"
        elif args.gguf:
            model, spec = stack.enter_context(gguf_model(args.gguf)), f"llama-server:{args.gguf.name}"
        elif spec:
            from engram.models.registry import load_model

            model = load_model(spec)
        if args.bounded and model is not None:
            model, spec = BoundedModel(model), f"{spec}+bounded"
        scenarios = load_scenarios(args.split)[: args.limit]
        t0 = time.perf_counter()
        results, conflicts, counts = [], [], Counts()
        for sc in scenarios:
            try:
                if args.engine:
                    records, conf, n = play_engine(sc, args.embedder)
                    counts.calls += n
                else:
                    records, conf = play(sc, mode=args.batch, model=model, counts=counts)
            except ModelError as exc:
                print(f"{sc['id']}: the model failed: {exc}", file=sys.stderr)
                return 2
            res = score(sc, records)
            results.append(res)
            conflicts += [f"{sc['id']}: {c}" for c in conf]
        elapsed = time.perf_counter() - t0
    calls = counts.calls
    by_split = {s: totals([r for r in results if r["split"] == s]) for s in SPLITS}
    overall = totals(results)
    report: dict[str, Any] = {"extractor": spec or "offline", "batch": "engine" if args.engine else args.batch,
              "overall": overall, "by_split": by_split, "model_calls": calls, "conflicts": conflicts,
              "seconds": round(elapsed, 2), "turns": counts.turns, "failed_turns": counts.failed,
              "seconds_per_turn": round(elapsed / counts.turns, 4) if counts.turns else None,
              "scenarios": results}
    print(f"extractor={report['extractor']}  batching={report['batch']}  scenarios={len(results)}  "
          f"model_calls={calls}  {elapsed:.2f}s  turns={counts.turns}  failed_turns={counts.failed}  "
          f"s/turn={report['seconds_per_turn']}")
    print(f"{'split':8} {'n':>3} {'records':>7} {'precision':>9} {'recall':>7} {'dup':>6} {'stale':>6}")
    for name, t in [*by_split.items(), ("all", overall)]:
        if t["scenarios"]:
            print(f"{name:8} {t['scenarios']:>3} {t['records']:>7} {t['precision']:>9.3f} {t['recall']:>7.3f} "
                  f"{t['duplicate_rate']:>6.3f} {t['stale_rate']:>6.3f}")
    if conflicts:
        print(f"CONFLICTS ({len(conflicts)}):", *conflicts[:10], sep="\n  ")
    if args.verbose:
        for r in results:
            bad = [row for row in r["rows"] if row["verdict"] != "ok" or row["duplicate"]]
            if r["missed"] or bad:
                print(f"-- {r['id']}: missed={r['missed']} stale_kept={r['stale_kept']}")
                for row in bad:
                    tag = "DUP" if row["duplicate"] else row["verdict"].upper()
                    print(f"     {tag:5} {row['summary']}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
