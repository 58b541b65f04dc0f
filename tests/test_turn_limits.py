"""Turn limits and purposes, on both backends, with the models behind a loopback OpenAI-wire server.

"Each review is a model call with purpose `memory` that counts against the turn's limits." A turn has
limits (``maxIterations``, ``maxTokens``, ``timeoutSeconds``) on the agent and per invocation; every model
call carries a purpose; ``Reply.usage`` breaks usage down by purpose; a memory review that would exceed
the turn's limits is deferred to a job, never silently dropped.
"""

from __future__ import annotations

from typing import Any

import pytest

from engram import Scope
from engram.errors import ValidationError
from engram.harness.agent import Agent
from engram.harness.limits import Limits, TurnUsage
from engram.models.base import Usage
from tests.support.review_server import model_at, play
from tests.support.wire import serve

ACCT = Scope(agent="reviewer", session="acct-991")
TWISP = {"harness": {"memory": {"enabled": True, "scope": {"read": ["session"], "write": ["session"]},
                                "tools": ["add_memory"]}}}


@pytest.fixture
def server() -> Any:
    with serve(handler=play) as srv:
        yield srv


def test_limits_take_aws_and_python_names() -> None:
    assert Limits.parse({"maxIterations": 3, "maxTokens": 500, "timeoutSeconds": 2}) == Limits(3, 500, 2.0)
    assert Limits.parse({"max_iterations": 3}) == Limits(max_iterations=3)
    assert Limits(max_tokens=9).over(Limits(1, 2, 3.0)) == Limits(1, 9, 3.0)
    for bad, field in [({"maxIterations": 0}, "limits.maxIterations"), ({"maxTokens": "10"}, "limits.maxTokens"),
                       ({"timeoutSeconds": -1}, "limits.timeoutSeconds"), ({"steps": 2}, "limits.steps"),
                       ([1], "limits")]:
        with pytest.raises(ValidationError) as err:
            Limits.parse(bad)
        assert err.value.field == field


def test_usage_by_purpose_and_the_review_counts(make_memory: Any, server: Any) -> None:
    mem = make_memory(TWISP, model=model_at(server, "cheap-review"))
    reply = Agent(mem, model_at(server, "main")).invoke(ACCT, [{"role": "user", "content": "Account 991 is frozen."}])
    assert isinstance(reply.usage, TurnUsage)
    assert reply.usage.purpose("reply") == Usage(10, 3)
    assert reply.usage.purpose("memory") == Usage(100, 30)
    assert reply.usage.calls == {"reply": 1, "memory": 1}
    assert reply.usage == Usage(110, 33)  # the totals include the review
    assert [r.summary for r in mem.list(ACCT)] == ["Account 991 is frozen"]
    models = [r.json["model"] for r in server.requests]
    assert models == ["main", "cheap-review"]


def test_max_iterations_ends_the_loop_and_defers_the_review(make_memory: Any, server: Any) -> None:
    mem = make_memory(TWISP, model=model_at(server, "cheap-review"))
    agent = Agent(mem, model_at(server, "main"), limits={"maxIterations": 1})
    reply = agent.invoke(ACCT, [{"role": "user", "content": "please save: account 991 is frozen"}])
    assert reply.stop_reason == "maxIterations" and reply.model_calls == 1
    assert reply.usage.calls == {"reply": 1}
    assert [r.summary for r in mem.list(ACCT)] == ["Saved by the tool"]  # the tool's write committed
    [job] = mem.jobs(ACCT, status="pending")  # the review is deferred, never dropped
    assert job.kind == "extract" and job.session == "acct-991"
    assert mem.run_jobs() == 1
    assert "Account 991 is frozen" in [r.summary for r in mem.list(ACCT)]
    assert mem.jobs(ACCT, status="done")


def test_per_invocation_limits_override_the_agents(make_memory: Any, server: Any) -> None:
    mem = make_memory(TWISP, model=model_at(server, "cheap-review"))
    agent = Agent(mem, model_at(server, "main"), limits={"maxIterations": 1})
    reply = agent.invoke(ACCT, [{"role": "user", "content": "please save: account 991 is frozen"}],
                         limits={"maxIterations": 10})
    assert reply.stop_reason is None and reply.text == "Done."
    # the review: one extraction call, one consolidation against the record the tool saved
    assert reply.usage.calls == {"reply": 2, "memory": 2}
    assert mem.jobs(ACCT, status="pending") == []


def test_max_tokens_counts_every_purpose(make_memory: Any, server: Any) -> None:
    mem = make_memory(TWISP, model=model_at(server, "cheap-review"))
    agent = Agent(mem, model_at(server, "main"), limits={"maxTokens": 20})
    reply = agent.invoke(ACCT, [{"role": "user", "content": "please save: account 991 is frozen"}])
    assert reply.stop_reason == "maxTokens" and reply.usage.calls == {"reply": 1}
    assert len(mem.jobs(ACCT, status="pending")) == 1


def test_timeout_seconds(make_memory: Any, server: Any) -> None:
    mem = make_memory(TWISP, model=model_at(server, "cheap-review"))
    agent = Agent(mem, model_at(server, "main"))
    reply = agent.invoke(ACCT, [{"role": "user", "content": "a slow question"}], limits={"timeoutSeconds": 0.1})
    assert reply.text == "Done."  # the call in flight finishes; nothing after it starts
    assert reply.usage.calls == {"reply": 1}
    assert len(mem.jobs(ACCT, status="pending")) == 1


def test_a_review_that_runs_out_of_room_half_way_becomes_a_job(make_memory: Any, server: Any) -> None:
    mem = make_memory(TWISP, model=model_at(server, "cheap-review"))
    agent = Agent(mem, model_at(server, "main"), limits={"maxIterations": 3})
    reply = agent.invoke(ACCT, [{"role": "user", "content": "please save: account 991 is frozen"}])
    assert reply.stop_reason is None and reply.usage.calls == {"reply": 2, "memory": 1}
    assert [r.summary for r in mem.list(ACCT)] == ["Saved by the tool"]  # nothing half-reviewed was kept
    [job] = mem.jobs(ACCT, status="pending")
    assert job.error is None and job.attempts == 0
