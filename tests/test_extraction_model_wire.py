"""A model's extraction answer that fuses, misreads or drops a fact is refused like a malformed one.

The model is engram's OpenAI-compatible client talking to a real local server speaking that wire format
(tests/support/wire.py); the memory is a real SQLite file. A refused answer writes nothing and leaves a failed job;
retrying the job with a sound answer writes the facts.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from engram import Memory
from engram.errors import ModelOutputError
from engram.models.openai import OpenAIModel
from engram.types import Scope
from tests.support.configs import SEMANTIC_BY_HAND
from tests.support.wire import openai_chat, serve

T0 = datetime(2026, 3, 5, 10, tzinfo=UTC)
SAID = "I live in Porto and I work at Initech."


def memory(summary: str, key: str, value: str, evidence: str = SAID) -> dict[str, Any]:
    return {"summary": summary, "key": key, "value": value, "category": "fact", "action": "assert",
            "multi_valued": False, "sources": [1], "evidence": evidence}


def answer(*memories: dict[str, Any]) -> dict[str, Any]:
    return openai_chat(json.dumps({"memories": list(memories)}))


SOUND = answer(memory("Lives in Porto", "user/residence", "Porto"),
               memory("Works at Initech", "user/employer", "Initech"))


def _memory(tmp_path: Any, url: str) -> tuple[Memory, Scope]:
    model = OpenAIModel("gpt-test", base_url=f"{url}/v1", api_key="k", read_env=False, sleep=lambda s: None)
    mem = Memory.open(f"sqlite:///{tmp_path}/m.db", config=SEMANTIC_BY_HAND, embedder="hashing", model=model,
                      clock=lambda: T0 + timedelta(minutes=5))
    s = Scope(agent="bot", actor="u1", session="s1")
    mem.append(s, [{"role": "user", "content": SAID, "at": T0},
                   {"role": "assistant", "content": "Noted.", "at": T0 + timedelta(minutes=1)}])
    return mem, s


@pytest.mark.parametrize(("bad", "why"), [
    (answer(memory("Lives in Porto and works at Initech", "user/profile", "Porto, Initech")), "fuses"),
    (answer(memory("Lives in Paris", "user/residence", "Paris"), memory("Works at Initech", "user/employer",
                                                                        "Initech")), "is not in the messages"),
    (answer(memory("Lives in Porto", "user/residence", "Porto")), "drops"),
])
def test_an_answer_that_fuses_misreads_or_drops_is_refused_then_retried(
        tmp_path: Any, bad: dict[str, Any], why: str) -> None:
    with serve(bad, bad, SOUND) as srv:  # the answer, the same again on the repair turn, the retried job's
        mem, s = _memory(tmp_path, srv.url)
        try:
            with pytest.raises(ModelOutputError, match=why):
                mem.extract(s)
            assert mem.list(s) == []  # nothing of the refused answer was written
            [job] = mem.jobs(s, status="failed")
            assert why in (job.error or "")
            mem.retry_job(s, job.id)
            assert mem.run_jobs() == 1
            assert sorted(r.summary for r in mem.list(s)) == ["Lives in Porto", "Works at Initech"]
            assert len(srv.requests) == 3
        finally:
            mem.close()


def test_a_sound_answer_is_accepted_at_once(tmp_path: Any) -> None:
    check: Callable[[list[str]], bool] = lambda got: got == ["Lives in Porto", "Works at Initech"]  # noqa: E731
    with serve(SOUND) as srv:
        mem, s = _memory(tmp_path, srv.url)
        try:
            mem.extract(s)
            assert check(sorted(r.summary for r in mem.list(s)))
            assert mem.jobs(s, status="failed") == []
        finally:
            mem.close()
