"""The model path held to the same data: a sample of every set, played offline and with a model, side by side.

The full benches (``phrasing.py``, ``consolidation.py``, ``external.py``) take ``--model``/``--base-url``
and print the same figures on either path, but a model on a laptop (or a 135M model on 2 shared cores)
cannot play them whole in an afternoon. This script plays the *same sample* of each set both ways, with
the benches' own ``play``/``score`` functions, so the two rows differ only in who extracted:

- ``talk``: the first ``--users`` users of the talk set's ``held`` split (``phrasing.py``: latest@3,
  stale@3, negated@3, dup, fused);
- ``consolidation``: the first ``--users`` users of the ``test`` split of the base set and of the families
  (``consolidation.py``: latest@3, stale@3, dup, decoy@3, mention@3);
- ``locomo``: the first ``--conversations`` ``held`` conversations, their first ``--sessions`` sessions,
  from both speakers' sides (``external.py``: recall, precision, evidence against the observations of the
  sessions played);
- ``memorybank``: the first ``--bank-users`` ``held`` users, their first ``--days`` days (hobby recall
  against all of the user's hobbies, so it is lower than on the whole history; grounded).

Every row also prints seconds per turn (append + extraction per message) and the sessions the model
failed (an error, or an answer refused as malformed: misread, fused or dropped facts included), which
would wait as failed jobs. Only ``held``/``test`` splits are played; nothing here tunes a rule.

Usage::

    .venv/bin/python bench/extraction/model_sample.py --gguf PATH.gguf            # llama-server on loopback
    .venv/bin/python bench/extraction/model_sample.py --model NAME --base-url http://HOST/v1
    .venv/bin/python bench/extraction/model_sample.py --sets talk,locomo --users 2 --sessions 1 --json out.json
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
for p in (ROOT, ROOT / "src", HERE, HERE / "users"):
    sys.path.insert(0, str(p))

import consolidation  # noqa: E402
import external  # noqa: E402
import phrasing  # noqa: E402
import talk  # noqa: E402

from engram.embedders import load_embedder  # noqa: E402
from engram.models.base import Model  # noqa: E402
from engram.models.openai import OpenAIModel  # noqa: E402

SETS = ("talk", "consolidation", "locomo", "memorybank")


def _rate(seconds: float, turns: int) -> float | None:
    return round(seconds / turns, 4) if turns else None


def run_talk(n: int, model: Model | None) -> dict[str, Any]:
    users = [u for u in talk.build() if u["split"] == "held"][:n]
    rs = [phrasing.play(u, None, model) for u in users]  # type: ignore[arg-type]
    row = phrasing.totals([p for r in rs for p in r["probes"]])
    return {**row, "users": len(rs), "seconds_per_turn": _rate(sum(r["seconds"] for r in rs),
                                                              sum(r["turns"] for r in rs)),
            "failed_sessions": sum(r["failed"] for r in rs)}


def run_consolidation(n: int, model: Model | None) -> dict[str, Any]:
    users = []
    for _name, make, _digest in consolidation.SETS[:2]:  # base and families, the sets the targets are stated on
        users += [u for u in make() if u["split"] == "test"][:n]
    rs = [consolidation.play(u, None, model) for u in users]  # type: ignore[arg-type]
    row = consolidation.totals([p for r in rs for p in r["probes"]])
    return {**{k: round(v, 3) if isinstance(v, float) else v for k, v in row.items()}, "users": len(rs),
            "seconds_per_turn": _rate(sum(r["seconds"] for r in rs), sum(r["turns"] for r in rs)),
            "failed_sessions": sum(r["failed"] for r in rs)}


def _first_sessions(sample: dict[str, Any], n: int) -> dict[str, Any]:
    conv = {k: v for k, v in sample["conversation"].items()
            if not (k.startswith("session_") and int(k.split("_")[1]) > n)}
    return {**sample, "conversation": conv}


def run_locomo(conversations: int, sessions: int, model: Model | None, emb: Any) -> dict[str, Any]:
    samples = json.loads((external.DATA / "locomo" / "locomo10.json").read_text(encoding="utf-8"))
    chosen = [s for i, s in enumerate(samples) if external.locomo_split(i) == "held"][:conversations]
    tally = external.Tally()
    for s in chosen:
        tally.add(external.score_locomo(_first_sessions(s, sessions), emb, model, None, False))  # type: ignore[arg-type]
    return {**tally.row(), "conversations": len(chosen), "sessions_each": sessions}


def run_memorybank(n: int, days: int, model: Model | None, emb: Any) -> dict[str, Any]:
    users = json.loads((external.DATA / "memorybank" / "memory_bank_en.json").read_text(encoding="utf-8"))
    chosen = [(k, u) for k, u in users.items()
              if external.memorybank_split(str(u.get("name") or k).strip()) == "held"][:n]
    bank = external.BankTally()
    for k, u in chosen:
        first = {d: u["history"][d] for d in sorted(u["history"])[:days]}
        bank.add(external.score_memorybank(k, {**u, "history": first}, emb, model, None, False))  # type: ignore[arg-type]
    return {**bank.row(), "users": len(chosen), "days_each": days}


@contextlib.contextmanager
def served(args: argparse.Namespace) -> Iterator[tuple[Model, str]]:
    """The model: llama-server on loopback for ``--gguf``, else ``--model`` at ``--base-url``."""
    bound = {"json_max_tokens": args.max_json_tokens} if args.max_json_tokens else {}
    if args.gguf:
        from tests.support.llama import llama_server, server_binary

        binary = server_binary()
        if binary is None:
            raise SystemExit("no llama-server: run .ci/llama-server.sh (or set ENGRAM_LLAMA_SERVER)")
        with llama_server(binary, str(args.gguf), ctx=args.ctx) as url:
            yield (OpenAIModel(args.gguf.stem, base_url=url, read_env=False, timeout=args.timeout, max_retries=1,
                               **bound), f"llama-server:{args.gguf.name}")
        return
    if not args.model or not args.base_url:
        raise SystemExit("give --gguf PATH, or --model NAME and --base-url URL")
    yield (OpenAIModel(args.model, base_url=args.base_url, api_key=args.api_key, read_env=args.api_key is None,
                       timeout=args.timeout, max_retries=1, **bound), args.model)


def play_all(args: argparse.Namespace, model: Model | None, emb: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in args.sets:
        t0 = time.perf_counter()
        if name == "talk":
            out[name] = run_talk(args.users, model)
        elif name == "consolidation":
            out[name] = run_consolidation(args.users, model)
        elif name == "locomo":
            out[name] = run_locomo(args.conversations, args.sessions, model, emb)
        else:
            out[name] = run_memorybank(args.bank_users, args.days, model, emb)
        out[name]["wall_seconds"] = round(time.perf_counter() - t0, 1)
        print(f"  {name}: {out[name]}", file=sys.stderr, flush=True)
    return out


def _figures(name: str, row: dict[str, Any]) -> str:
    keys = {"talk": ("latest_at3", "stale_at3", "negated_at3", "duplicates", "fused"),
            "consolidation": ("latest_at3", "stale_at3", "duplicates", "decoy_at3", "stale_mention_at3"),
            "locomo": ("recall", "precision", "evidence_agreement", "records"),
            "memorybank": ("hobby_recall", "grounded", "records")}[name]
    return " / ".join(str(row.get(k)) for k in keys)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--gguf", type=Path, default=None, help="serve this GGUF with llama-server on loopback")
    ap.add_argument("--model", default=None, help="a model name at --base-url (any OpenAI-compatible endpoint)")
    ap.add_argument("--base-url", default=None)
    ap.add_argument("--api-key", default=None, help="default: OPENAI_API_KEY, if set")
    ap.add_argument("--sets", type=lambda s: [x for x in s.split(",") if x], default=list(SETS))
    ap.add_argument("--users", type=int, default=3, help="talk users; consolidation users per set")
    ap.add_argument("--conversations", type=int, default=1)
    ap.add_argument("--sessions", type=int, default=2, help="LoCoMo sessions played per conversation")
    ap.add_argument("--bank-users", type=int, default=2)
    ap.add_argument("--days", type=int, default=2, help="MemoryBank days played per user")
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds per model call")
    ap.add_argument("--max-json-tokens", type=int, default=0,
                    help="cap a structured answer (default: the client's); a cut answer is a failed session")
    ap.add_argument("--ctx", type=int, default=8192, help="llama-server context (with --gguf)")
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args(argv)
    unknown = set(args.sets) - set(SETS)
    if unknown:
        ap.error(f"--sets: unknown {sorted(unknown)}; choose from {', '.join(SETS)}")
    emb = load_embedder("minilm")
    report: dict[str, Any] = {"sample": {k: getattr(args, k) for k in ("users", "conversations", "sessions",
                                                                        "bank_users", "days", "max_json_tokens")}}
    print("offline ...", file=sys.stderr, flush=True)
    report["offline"] = play_all(args, None, emb)
    with served(args) as (model, spec):
        report["model_spec"] = spec
        print(f"model {spec} ...", file=sys.stderr, flush=True)
        report["model"] = play_all(args, model, emb)
    heads = {"talk": "latest@3 / stale@3 / negated@3 / dup / fused",
             "consolidation": "latest@3 / stale@3 / dup / decoy@3 / mention@3",
             "locomo": "recall / precision / evidence / records", "memorybank": "hobby recall / grounded / records"}
    print(f"{'set':14} {'path':8} {'s/turn':>8} {'failed':>6}  figures")
    for name in args.sets:
        for path in ("offline", "model"):
            row = report[path][name]
            print(f"{name:14} {path:8} {row['seconds_per_turn']!s:>8} {row['failed_sessions']:>6}  "
                  f"{_figures(name, row)}   ({heads[name]})")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1, ensure_ascii=False, default=str), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
