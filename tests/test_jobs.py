"""Extraction wiring: at turn end (in the turn's transaction), every N messages, as durable jobs."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from engram import Memory, Scope
from engram.cli import main
from engram.errors import ModelError, ScopeError
from engram.extraction import cursor_key
from engram.models.base import Completion, Message, ToolSpec

pytest.importorskip("engram.strategies.pipeline")

S1 = Scope(agent="bot", actor="ana", session="s1")
S2 = Scope(agent="bot", actor="ana", session="s2")


def cfg(trigger: str = "turn_end", **extraction: Any) -> dict:
    return {"harness": {"memory": {"enabled": True,
        "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
        "strategies": [{"type": "SEMANTIC"}, {"type": "USER_PREFERENCE"}],
        "extraction": {"trigger": trigger, **extraction}}}}


def facts(mem: Memory, scope: Scope = S2) -> list[str]:
    return sorted(r.summary for r in mem.list(scope, limit=200))


class FailingModel:
    """A model whose provider is down: every call fails as a provider error would."""

    model_id = "test:down"

    def __init__(self) -> None:
        self.calls = 0

    def complete(self, messages: Sequence[Message], *, system: str | None = None, tools: Sequence[ToolSpec] = (),
                 json_schema: dict[str, Any] | None = None, max_tokens: int = 1024,
                 temperature: float = 0.0) -> Completion:
        self.calls += 1
        raise ModelError("provider unavailable (503)", status=503)


def test_turn_end_extraction_commits_with_the_turn(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(cfg())
    with mem.turn(S1) as t:
        t.append([{"role": "user", "content": "I live in Lisbon and I'm allergic to peanuts."}])
    got = facts(mem)
    assert any("Lisbon" in f for f in got) and any("peanut" in f.lower() for f in got)
    recs = mem.list(S2, limit=50)
    assert all(r.provenance.source_event_ids for r in recs)
    assert all(r.namespace in ("/facts/ana/", "/preferences/ana/") for r in recs)


def test_rolled_back_turn_extracts_nothing(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(cfg())
    with pytest.raises(RuntimeError), mem.turn(S1) as t:
        t.append([{"role": "user", "content": "I live in Lisbon."}])
        raise RuntimeError("tool crashed")
    assert facts(mem) == []
    assert mem.events(S1) == []


def test_changed_fact_supersedes_and_restatement_is_skipped(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(cfg())
    mem.append(S1, [{"role": "user", "content": "I live in Lisbon."}])
    mem.append(S1, [{"role": "user", "content": "As I said, I live in Lisbon."}])
    assert [f for f in facts(mem) if "Lisbon" in f] and len([f for f in facts(mem) if "Lisbon" in f]) == 1
    mem.append(S2, [{"role": "user", "content": "I moved to Porto last month."}])
    current = facts(mem)
    assert any("Porto" in f for f in current) and not any("Lisbon" in f for f in current)
    old = mem.list(S2, status="superseded", limit=10)
    assert any("Lisbon" in r.summary for r in old)


def test_every_n_messages(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(cfg("every_n", every_n=3))
    mem.append(S1, [{"role": "user", "content": "I work as a nurse."}])
    mem.append(S1, [{"role": "assistant", "content": "That sounds demanding."}])
    assert facts(mem) == []
    mem.append(S1, [{"role": "user", "content": "Yes, night shifts mostly."}])
    assert any("nurse" in f for f in facts(mem))


def test_async_jobs_run_in_a_worker_and_are_idempotent(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(cfg("async"))
    mem.append(S1, [{"role": "user", "content": "I'm vegetarian."}])
    assert facts(mem) == []
    [job] = mem.jobs(S1)
    assert job.status == "pending"
    assert mem.run_jobs() == 1
    assert mem.jobs(S1)[0].status == "done"
    first = facts(mem)
    assert any("vegetarian" in f.lower() for f in first)
    # a crash after the records committed but before the job was marked done: the retried job must not
    # duplicate anything (idempotent by source event ids)
    with mem.store.write() as tx:
        tx.set_meta(cursor_key(S1), "")
    mem.extract(S1)
    assert facts(mem) == first


def test_failed_jobs_are_kept_and_can_be_retried(make_memory: Callable[..., Memory]) -> None:
    down = FailingModel()
    mem = make_memory(cfg("async"), model=down)
    mem.append(S1, [{"role": "user", "content": "I live in Lisbon."}])
    for _ in range(3):
        mem.run_jobs()
    [job] = mem.jobs(S1)
    assert job.status == "failed" and "503" in (job.error or "") and job.attempts == 3
    assert facts(mem) == [] and mem.events(S1)  # the events are kept; nothing silently lost
    mem.model = None  # provider fixed (here: fall back to the offline extractor)
    assert mem.retry_job(S1, job.id).status == "pending"
    assert mem.run_jobs() == 1
    assert mem.jobs(S1)[0].status == "done"
    assert any("Lisbon" in f for f in facts(mem))


def test_turn_end_model_failure_keeps_the_turn_and_records_a_failed_job(make_memory: Callable[..., Memory]
                                                                        ) -> None:
    mem = make_memory(cfg(), model=FailingModel())
    with mem.turn(S1) as t:
        t.append([{"role": "user", "content": "I live in Lisbon."}])
    assert [e.content for e in mem.events(S1)] == ["I live in Lisbon."]
    [job] = mem.jobs(S1, status="failed")
    assert "ModelError" in (job.error or "")


def test_extract_runs_now_and_ingest_keeps_no_events(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(cfg("off"))
    mem.append(S1, [{"role": "user", "content": "My daughter Ana starts school in May."}])
    assert facts(mem) == []
    written = mem.extract(S1)
    assert written and facts(mem)
    assert mem.extract(S1) == []  # nothing new since
    got = mem.ingest(S2, [{"role": "user", "content": "I'm allergic to shellfish."}])
    assert got and mem.events(S2) == []


def test_a_malformed_answer_to_extract_is_a_recorded_retryable_failure_that_changes_nothing(
        make_memory: Callable[..., Memory]) -> None:
    """Over the wire (a local server speaking the OpenAI protocol): prose instead of JSON (to the request and to
    the repair turn that says why it was refused), then, when the job is retried, a fix."""
    from engram.errors import ModelOutputError
    from engram.models.openai import OpenAIModel
    from tests.support.wire import openai_chat, serve

    good = {"memories": [{"summary": "Lives in Porto", "key": "user/residence", "value": "Porto",
                          "category": "fact", "action": "assert", "multi_valued": False, "sources": [1],
                          "evidence": "I live in Porto"}]}
    prose = openai_chat("Sure! The user lives in Porto.")
    with serve(prose, prose, openai_chat(json.dumps(good))) as srv:
        model = OpenAIModel("m", base_url=f"{srv.url}/v1", read_env=False, max_retries=0)
        mem = make_memory({"harness": {"memory": {"enabled": True,
            "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
            "strategies": [{"type": "SEMANTIC"}], "extraction": {"trigger": "off"}}}}, model=model)
        mem.append(S1, [{"role": "user", "content": "I live in Porto."}])
        with pytest.raises(ModelOutputError):
            mem.extract(S1)
        assert mem.list(S1, limit=50) == []
        [job] = mem.jobs(S1, status="failed")
        assert "ModelOutputError" in (job.error or "")
        mem.retry_job(S1, job.id)
        assert mem.run_jobs() == 1
    assert [r.summary for r in mem.list(S1, limit=50)] == ["Lives in Porto"]
    assert mem.jobs(S1, status="failed") == []


def test_jobs_filtered_by_actor_before_the_limit(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(cfg("async"))
    for i in range(3):
        for actor in ("ana", "bob"):
            mem.append(Scope(agent="bot", actor=actor, session=f"s{i}"),
                       [{"role": "user", "content": f"I like tea {i}"}])
    agent = Scope(agent="bot")
    assert len(mem.jobs(agent, limit=50)) == 6
    page = mem.jobs(agent, limit=2, actor="ana")
    assert [j.actor for j in page] == ["ana", "ana"]  # two of ana's, not ana's share of the newest two
    assert len(mem.jobs(agent, actor="bob", status="pending")) == 3
    assert mem.jobs(agent, actor="nobody") == []


def test_running_one_agents_jobs_leaves_every_other_agents_pending(make_memory: Callable[..., Memory], db_url: str,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Tenants never meet: ``run_jobs(agent=A)``, and ``engram jobs run --agent A``, run A's pending jobs alone."""
    doc = cfg("async")
    doc["harness"]["memory"]["embedder"] = "hashing"  # what the CLI opens with: the stored configuration's
    mem = make_memory(doc)
    a, b, c = (Scope(agent=name, actor="ana", session="s1") for name in ("a", "b", "c"))
    for scope in (a, b, c):
        mem.append(scope, [{"role": "user", "content": "I'm vegetarian."}])
    status = lambda scope: [j.status for j in mem.jobs(scope)]  # noqa: E731
    assert status(a) == status(b) == status(c) == ["pending"]
    assert mem.run_jobs(agent="a") == 1
    assert status(a) == ["done"] and status(b) == status(c) == ["pending"]
    assert facts(mem, Scope(agent="b", actor="ana", session="s2")) == []  # nothing of b's was extracted
    with pytest.raises(ScopeError) as err:
        mem.run_jobs(agent="a/../b")
    assert err.value.field == "agent" and status(b) == status(c) == ["pending"]

    assert main(["jobs", "run", "--db", db_url, "--agent", "b"]) == 0
    assert json.loads(capsys.readouterr().out) == {"ran": 1}
    assert status(b) == ["done"] and status(c) == ["pending"]
    assert mem.run_jobs() == 1 and status(c) == ["done"]  # no agent named: every agent's (a store-wide worker)
