"""What a grammar-constrained answer looks like: one short structured call to llama-server per variant.

llama-server compiles a ``json_schema`` response format into a grammar, so the answer's *shape* is forced
token by token. This probe asks a local GGUF model for engram's facts JSON about one user message, with
the schema as engram sends it (``plain``) or bounded (``bounded``, see ``run.bounded``), and a one-line or
a one-shot (``tight``) system prompt, and prints what came back: the HTTP status (did the grammar
compile), the finish reason and the text. It is a probe of a tiny model's behaviour, not a quality bench
(``run.py --gguf`` is).

Usage::

    .venv/bin/python bench/extraction/grammar_probe.py --gguf PATH [--max-tokens 80] [--variants plain,bounded,tight]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "src"))
sys.path.insert(0, str(HERE.parents[1]))
sys.path.insert(0, str(HERE))

import httpx  # noqa: E402
from run import bounded  # noqa: E402

from engram.strategies.facts import FACTS_SCHEMA  # noqa: E402
from tests.support.llama import llama_server, server_binary  # noqa: E402

SHORT = "Extract facts the user states as JSON."
TIGHT = ("List the facts the user states about themselves as JSON. Example: for the user message "
         '{"n": 1, "role": "user", "text": "I work as a nurse."} answer {"memories": [{"summary": '
         '"Works as a nurse", "key": "user/job", "value": "nurse", "category": "fact", "action": "assert", '
         '"multi_valued": false, "sources": [1], "evidence": "I work as a nurse."}]}')
CONVERSATION = [{"n": 1, "role": "user", "text": "I moved to Porto last month."},
                {"n": 2, "role": "assistant", "text": "Welcome to Porto!"}]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--gguf", type=Path, required=True)
    ap.add_argument("--max-tokens", type=int, default=80)
    ap.add_argument("--variants", default="plain,bounded,tight")
    args = ap.parse_args()
    binary = server_binary()
    if binary is None:
        raise SystemExit("no llama-server: run .ci/llama-server.sh (or set ENGRAM_LLAMA_SERVER)")
    conv = "\n".join(json.dumps(m) for m in CONVERSATION)
    with llama_server(binary, str(args.gguf), ctx=2048) as url:
        for variant in args.variants.split(","):
            schema = bounded(FACTS_SCHEMA, len(CONVERSATION)) if variant == "bounded" else FACTS_SCHEMA
            body = {"model": "local", "max_tokens": args.max_tokens, "temperature": 0,
                    "messages": [{"role": "system", "content": TIGHT if variant == "tight" else SHORT},
                                 {"role": "user", "content": f"<conversation>\n{conv}\n</conversation>"}],
                    "response_format": {"type": "json_schema",
                                        "json_schema": {"name": "facts", "strict": True, "schema": schema}}}
            t0 = time.perf_counter()
            r = httpx.post(f"{url}/chat/completions", json=body, timeout=3600)
            seconds = time.perf_counter() - t0
            if r.status_code == 200:
                choice = r.json()["choices"][0]
                text, finish = choice["message"]["content"], choice.get("finish_reason")
            else:
                text, finish = r.text[:300], ""
            print(json.dumps({"variant": variant, "status": r.status_code, "seconds": round(seconds, 1),
                              "finish": finish, "text": text}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
