"""An audit of the two reference documents (../shared/seeds/) against engram, claim by claim, black-box.

Each test states one claim the documents make that no other test covered (or that did not hold), quoting the
document's line in its docstring. The AgentCore side runs through boto3 against a real ``engram serve`` on
loopback (models: a local server speaking the OpenAI wire protocol); the Twisp side through ``Memory`` and the
``Agent`` harness with a scripted model. On SQLite and PostgreSQL. Every claim found broken was fixed in the
same stop, so none is marked as an expected failure.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

from engram import Memory, Scope
from engram.errors import ConfigError, ScopeError
from engram.harness.agent import Agent
from tests.support.backends import BACKENDS
from tests.support.harness import model, say, use, user

boto3 = pytest.importorskip("boto3")
from botocore.exceptions import ClientError  # noqa: E402

from tests.support.agentcore import Served, served  # noqa: E402
from tests.support.wire import FakeServer, openai_chat  # noqa: E402

MemoryFactory = Callable[..., Memory]
ROLE = "arn:aws:iam::123456789012:role/MyHarnessRole"
KEY_ARN = "arn:aws:bedrock-agentcore:us-west-2:123456789012:token-vault/default/apikeycredentialprovider/openai"
SESSION = "session-2026-12-01-user-123-0000001"  # runtimeSessionId: 33 to 100 characters
LATER = "session-2026-12-08-user-123-0000002"


# -- the AgentCore face ---------------------------------------------------------------------------------------
@pytest.fixture(scope="module", params=BACKENDS)
def ac(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with served(str(request.param), tmp_path_factory.mktemp("audit"), request) as s:
        yield s


def _until(check: Callable[[], Any], what: str, seconds: float = 60) -> Any:
    """Poll ``check`` until it is truthy: extraction of a CreateEvent runs as a background job."""
    import time

    deadline = time.monotonic() + seconds
    while True:
        got = check()
        if got or time.monotonic() > deadline:
            assert got, f"timed out waiting for {what}"
            return got
        time.sleep(0.1)


def _model(llm: FakeServer) -> dict[str, Any]:
    return {"openAiModelConfig": {"modelId": "gpt-test", "apiBase": llm.url + "/v1", "apiKeyArn": KEY_ARN}}


def _ask(ac: Served, harness: dict[str, Any], text: str, actor: str | None = "user-123",
         session: str = SESSION) -> None:
    who = {"actorId": actor} if actor else {}
    resp = ac.client().invoke_harness(harnessArn=harness["arn"], runtimeSessionId=session, **who,
                                      messages=[{"role": "user", "content": [{"text": text}]}])
    for _ in resp["stream"]:
        pass


def _memory_block(llm: FakeServer) -> str:
    system = llm.requests[-1].json["messages"][0]
    assert system["role"] == "system"
    text = str(system["content"])
    return text[text.index("<memory>"):text.index("</memory>")]


def _memory_id(harness: dict[str, Any]) -> str:
    return str(harness["memory"]["managedMemoryConfiguration"]["arn"].rsplit("/", 1)[1])


def test_a_turns_tool_calls_are_events_the_memory_api_returns(ac: Served) -> None:
    """"**Short-term memory** captures raw events (messages, tool calls) within a session." and, of managed
    memory, "You can still read/write events and query records directly through the Memory APIs." A harness
    turn in which the model calls a tool: ListEvents and GetEvent return the call (its id, name and input),
    not an empty event, and the tool result names the call it answers."""
    ctl = ac.client("bedrock-agentcore-control")
    call = openai_chat(None, tool_calls=[("call_1", "search_memory", '{"query": "plans"}')],
                       finish_reason="tool_calls")
    with FakeServer().reply(call, openai_chat("No plans yet.")) as llm:
        h = ctl.create_harness(harnessName="AuditTools", executionRoleArn=ROLE, model=_model(llm))["harness"]
        _ask(ac, h, "Any plans?")
    dp = ac.client()
    listed = dp.list_events(memoryId=_memory_id(h), actorId="user-123", sessionId=SESSION,
                            includePayloads=True)["events"]
    assert len(listed) == 4 and all(e["payload"] for e in listed)  # question, call, result, answer
    blocks = [p["json"]["content"] for e in listed for p in e["payload"] if "json" in p]
    assert {"toolUse": {"toolUseId": "call_1", "name": "search_memory", "input": {"query": "plans"}}} in blocks
    assert {"toolResult": {"toolUseId": "call_1", "name": "search_memory"}} in blocks
    texts = {p["conversational"]["role"]: p["conversational"]["content"]["text"]
             for e in listed for p in e["payload"] if "conversational" in p}
    assert texts["USER"] == "Any plans?" and texts["ASSISTANT"] == "No plans yet." and "results" in texts["TOOL"]
    [the_call] = [e for e in listed if any("json" in p and "toolUse" in p["json"]["content"] for p in e["payload"])]
    got = dp.get_event(memoryId=_memory_id(h), actorId="user-123", sessionId=SESSION,
                       eventId=the_call["eventId"])["event"]
    assert got["payload"] == the_call["payload"]


def test_switching_managed_memory_off_turns_it_into_a_regular_memory(ac: Served) -> None:
    """"Managed memory cannot be deleted directly through the Memory APIs. To turn managed memory into a regular
    AgentCore memory resource, you can disassociate it from the harness in two ways: Use `UpdateHarness` to
    switch to BYO (`agentCoreMemoryConfiguration`) or disabled." (the disabled way, straight from managed)"""
    ctl = ac.client("bedrock-agentcore-control")
    h = ctl.create_harness(harnessName="AuditOff", executionRoleArn=ROLE)["harness"]
    managed = _memory_id(h)
    with pytest.raises(ClientError) as err:
        ctl.delete_memory(memoryId=managed)
    assert err.value.response["Error"]["Code"] == "ValidationException"
    off = ctl.update_harness(harnessId=h["harnessId"], memory={"optionalValue": {"disabled": {}}})["harness"]
    assert off["memory"] == {"disabled": {}}
    kept = ctl.get_memory(memoryId=managed)["memory"]
    assert "managedByResourceArn" not in kept and [s["type"] for s in kept["strategies"]] == ["SEMANTIC",
                                                                                               "SUMMARIZATION"]
    ctl.delete_memory(memoryId=managed)  # a regular memory now: the Memory APIs may delete it
    with pytest.raises(ClientError) as err:
        ctl.get_memory(memoryId=managed)
    assert err.value.response["Error"]["Code"] == "ResourceNotFoundException"


def test_managed_memory_informs_the_actors_later_sessions(ac: Served) -> None:
    """"**Long-term memory** extracts durable knowledge via configurable strategies ... and makes them
    retrievable via semantic search in later sessions." / "Long-term retrieval uses actorId as a template
    variable in namespace paths (e.g. `/summary/{actorId}/{sessionId}/`)" / "By default, the harness provisions
    an AgentCore Memory instance automatically with sensible defaults (semantic + summarization strategies ...)
    ... memory just works." """
    ctl = ac.client("bedrock-agentcore-control")
    with FakeServer().reply(openai_chat("Noted.")) as llm:
        h = ctl.create_harness(harnessName="AuditLater", executionRoleArn=ROLE, model=_model(llm))["harness"]
        _ask(ac, h, "I live in Porto and I am allergic to peanuts.")
        _ask(ac, h, "Where do I live?", session=LATER)
        assert "Porto" in _memory_block(llm)  # a later session of the same actor: recalled
        _ask(ac, h, "Where do I live?", actor="user-456", session=LATER)
        assert "Porto" not in _memory_block(llm)  # another actor: isolated
    dp, mid = ac.client(), _memory_id(h)
    facts = dp.list_memory_records(memoryId=mid, namespace="/facts/user-123/")["memoryRecordSummaries"]
    assert any("Porto" in r["content"]["text"] for r in facts)
    summary = dp.list_memory_records(memoryId=mid, namespace=f"/summary/user-123/{SESSION}/")
    assert [r["namespaces"] for r in summary["memoryRecordSummaries"]] == [[f"/summary/user-123/{SESSION}/"]]
    found = dp.retrieve_memory_records(memoryId=mid, namespace="/facts/user-123/",
                                       searchCriteria={"searchQuery": "where does the customer live"})
    assert any("Porto" in r["content"]["text"] for r in found["memoryRecordSummaries"])


def test_events_written_to_managed_memory_directly_are_extracted(ac: Served) -> None:
    """"Managed memory is fully managed by the harness: Strategy configuration is controlled through
    `UpdateHarness`. You can still read/write events and query records directly through the Memory APIs." """
    ctl = ac.client("bedrock-agentcore-control")
    h = ctl.create_harness(harnessName="AuditDirect", executionRoleArn=ROLE)["harness"]
    dp, mid = ac.client(), _memory_id(h)
    dp.create_event(memoryId=mid, actorId="user-9", sessionId="direct-1", eventTimestamp=datetime.now(UTC),
                    payload=[{"conversational": {"content": {"text": "I live in Rome and I cycle to work."},
                                                 "role": "USER"}}])
    assert [e["payload"][0]["conversational"]["content"]["text"] for e in dp.list_events(
        memoryId=mid, actorId="user-9", sessionId="direct-1", includePayloads=True)["events"]] == [
        "I live in Rome and I cycle to work."]

    def rome() -> list[Any]:
        got = dp.retrieve_memory_records(memoryId=mid, namespace="/facts/user-9/",
                                         searchCriteria={"searchQuery": "Rome"})["memoryRecordSummaries"]
        return [r for r in got if "Rome" in r["content"]["text"]]

    _until(rome, "the managed strategies to extract the event")


def test_byo_strategies_changed_later_are_retrieved_after_update_harness(ac: Served) -> None:
    """"If you update your BYO Memory instance's strategies (add or remove) after attaching it to a harness,
    call `UpdateHarness` to refresh the retrieval configuration." (engram derives it on every invocation, so the
    refresh the document asks for is also a no-op that does no harm)."""
    ctl, dp = ac.client("bedrock-agentcore-control"), ac.client()
    memory = ctl.create_memory(name="AuditByo", eventExpiryDuration=30, memoryStrategies=[
        {"semanticMemoryStrategy": {"name": "Facts", "namespaceTemplates": ["/facts/{actorId}/"]}}])["memory"]
    now = datetime.now(UTC)
    made = dp.batch_create_memory_records(memoryId=memory["id"], records=[
        {"requestIdentifier": "a", "namespaces": ["/facts/user-123/"], "timestamp": now,
         "content": {"text": "The customer lives in Lyon."}},
        {"requestIdentifier": "b", "namespaces": ["/prefs/user-123/"], "timestamp": now,
         "content": {"text": "The customer prefers email about Lyon deliveries."}}])
    assert len(made["successfulRecords"]) == 2
    with FakeServer().reply(openai_chat("ok")) as llm:
        h = ctl.create_harness(harnessName="AuditByo", executionRoleArn=ROLE, model=_model(llm), memory={
            "agentCoreMemoryConfiguration": {"arn": memory["arn"]}})["harness"]
        _ask(ac, h, "Lyon deliveries by email?")
        block = _memory_block(llm)
        assert "lives in Lyon" in block and "prefers email" not in block  # no strategy writes /prefs/ yet
        ctl.update_memory(memoryId=memory["id"], memoryStrategies={"addMemoryStrategies": [
            {"userPreferenceMemoryStrategy": {"name": "Prefs", "namespaceTemplates": ["/prefs/{actorId}/"]}}]})
        ctl.update_harness(harnessId=h["harnessId"], memory={"optionalValue": {"agentCoreMemoryConfiguration": {
            "arn": memory["arn"]}}})
        _ask(ac, h, "Lyon deliveries by email?")
        block = _memory_block(llm)
        assert "lives in Lyon" in block and "prefers email" in block


def test_default_retrieval_is_top_k_10_and_relevance_score_0_2(ac: Served) -> None:
    """"Retrieval is configured automatically with default parameters (`topK=10`, `relevanceScore=0.2`) for each
    active strategy's namespace." What reaches the model: at most 10 records of the namespace, none scoring
    under 0.2; an explicit ``retrievalConfig`` lifts both."""
    ctl, dp = ac.client("bedrock-agentcore-control"), ac.client()
    memory = ctl.create_memory(name="AuditTopK", eventExpiryDuration=30, memoryStrategies=[
        {"semanticMemoryStrategy": {"name": "Facts", "namespaceTemplates": ["/facts/{actorId}/"]}}])["memory"]
    now = datetime.now(UTC)
    records = [{"requestIdentifier": f"r{i}", "namespaces": ["/facts/user-123/"], "timestamp": now,
                "content": {"text": f"Parcel number {i} for Lyon was delivered by courier."}} for i in range(12)]
    records.append({"requestIdentifier": "far", "namespaces": ["/facts/user-123/"], "timestamp": now,
                    "content": {"text": "Zebra quartz violin harmonica."}})
    assert len(dp.batch_create_memory_records(memoryId=memory["id"], records=records)["successfulRecords"]) == 13
    question = "Which parcel for Lyon was delivered by courier?"
    with FakeServer().reply(openai_chat("ok")) as llm:
        h = ctl.create_harness(harnessName="AuditTopK", executionRoleArn=ROLE, model=_model(llm), memory={
            "agentCoreMemoryConfiguration": {"arn": memory["arn"]}})["harness"]
        _ask(ac, h, question)
        lines = [json.loads(x) for x in _memory_block(llm).splitlines()[1:] if x.strip()]
        assert len(lines) == 10 and all(x["score"] >= 0.2 for x in lines)
        assert all("Parcel number" in x["summary"] for x in lines)  # the unrelated record scored under 0.2
        ctl.update_harness(harnessId=h["harnessId"], memory={"optionalValue": {"agentCoreMemoryConfiguration": {
            "arn": memory["arn"], "retrievalConfig": {"/facts/{actorId}/": {"topK": 20, "relevanceScore": 0.0}}}}})
        _ask(ac, h, question, session=LATER)
        block = _memory_block(llm)
        assert block.count("Parcel number") == 12 and "Zebra quartz" in block


# -- the Twisp document, through Memory and the Agent harness ---------------------------------------------------
ACCT = Scope(agent="reviewer", session="acct-991")
ACCT2 = Scope(agent="reviewer", session="acct-992")


def test_a_search_whose_records_reached_the_model_is_a_retrieved_use(make_memory: MemoryFactory) -> None:
    """"Every recall and search whose records reached the model is recorded as a `RETRIEVED` output use, so you
    can see which memories informed a decision." (a search: the turn's own recall found nothing)"""
    mem = make_memory({"harness": {"memory": {"enabled": True, "tools": ["search_memory"]}}})
    rec = mem.remember(ACCT, "Account 991 is frozen")
    m = model(use("search_memory", ids=[rec.id]), say("it is frozen"))
    reply = Agent(mem, m).invoke(ACCT, user("qqq weather"))
    assert rec.id not in m.calls[0].system  # not recalled for the first call
    assert [r["id"] for r in m.calls[1].tool_results()[0]["results"]] == [rec.id]
    assert [(u.turn_id, u.call_index) for u in mem.uses(ACCT, rec.id)] == [(reply.turn_id, 1)]


def test_pins_listed_are_the_ones_the_agent_reads(make_memory: MemoryFactory) -> None:
    """"With `harness.memory.pinned`, the agent may pin a record, and every turn's instructions list the summary
    and ID of each pinned record it reads." A session's pin is listed in that session only; an agent-scope pin
    in every session of an agent that reads agent scope."""
    mem = make_memory({"harness": {"memory": {"enabled": True, "pinned": {"max_tokens": 200}, "scope": {
        "read": ["session", "agent"], "write": ["session", "agent"]}}}})
    own = mem.remember(ACCT, "Account 991: never call before 9", pin=True)
    ruling = mem.remember(ACCT, "Operator ruling: waive the 5 EUR fee", scope="agent", pin=True)
    here, there = model(say("ok")), model(say("ok"))
    Agent(mem, here).invoke(ACCT, user("hello"))
    Agent(mem, there).invoke(ACCT2, user("hello"))
    assert own.id in here.calls[0].system and ruling.id in here.calls[0].system
    assert own.id not in there.calls[0].system and "never call before 9" not in there.calls[0].system
    assert ruling.id in there.calls[0].system and "waive the 5 EUR fee" in there.calls[0].system


def test_a_kind_declared_twice_is_refused(make_memory: MemoryFactory) -> None:
    """"Its `kind` is one of the kinds the agent declares in `harness.memory.kinds`" — a list that names a kind
    twice is bad input (the tools' ``kind`` enum would repeat it): a ConfigError naming the field."""
    with pytest.raises(ConfigError) as err:
        make_memory({"harness": {"memory": {"enabled": True, "kinds": ["fact", "event", "fact"]}}})
    assert err.value.field == "harness.memory.kinds" and "'fact'" in str(err.value)


# -- claims that do not hold yet; the fix is outside the files this audit changed ------------------------------
@pytest.mark.parametrize("truncation", [{"strategy": "sliding_window", "slidingWindowConfig": {"numMessages": 30}},
                                        {"strategy": "none"}])
def test_the_truncation_decides_how_much_of_the_session_the_model_sees(make_memory: MemoryFactory,
                                                                      truncation: dict[str, Any]) -> None:
    """"`sliding_window` (default) - keeps the most recent N messages." with the document's own
    ``{"strategy": "sliding_window", "slidingWindowConfig": {"numMessages": 30}}``, and "`none` - no
    truncation.": the model sees the 30 most recent messages (none: all 40), not 20."""
    mem = make_memory()
    mem.configure("MyHarness", truncation)
    s = Scope("MyHarness", "user-123", "s1")
    mem.append(s, [{"role": "user" if i % 2 == 0 else "assistant", "content": f"message {i}"} for i in range(40)])
    m = model(say("ok"))
    Agent(mem, m).invoke(s, user("the latest question"))
    seen = [x.content for x in m.calls[0].messages]
    assert seen[-1] == "the latest question" and "message 39" in seen
    assert len(seen) >= (29 if truncation["strategy"] == "sliding_window" else 41)


def test_an_agent_without_a_session_runs_on_agent_scope(make_memory: MemoryFactory) -> None:
    """"An agent without a session has no session scope, so it sets both to `["agent"]`." and "An agent runs
    without a session: Set both scopes to `["agent"]`. Every run then shares one memory" """
    mem = make_memory({"harness": {"memory": {"enabled": True, "tools": ["add_memory"],
                                              "scope": {"read": ["agent"], "write": ["agent"]}}}})
    alone = Scope(agent="reviewer")
    Agent(mem, model(use("add_memory", summary="Escalate overdrafts above 400 EUR"), say("ok"))).invoke(
        alone, user("remember the escalation rule"))
    m = model(say("ok"))
    reply = Agent(mem, m).invoke(alone, user("what is the escalation rule for overdrafts?"))
    assert "Escalate overdrafts above 400 EUR" in m.calls[0].system
    assert reply.events == () and [x.content for x in m.calls[0].messages] == [
        "what is the escalation rule for overdrafts?"]  # no session: nothing earlier, nothing kept
    assert "search_history" not in m.calls[0].tools and "search_history" not in m.calls[0].system
    # an agent reading or writing session scope needs a session, and is told how to run without one
    sessioned = make_memory({"harness": {"memory": {"enabled": True}}})
    with pytest.raises(ScopeError) as err:
        Agent(sessioned, model(say("ok"))).invoke(alone, user("hello"))
    assert err.value.field == "scope.session" and 'harness.memory.scope.read and .write to ["agent"]' in str(err.value)


def test_the_agent_is_told_to_search_history_before_guessing(make_memory: MemoryFactory) -> None:
    """"With an index, the agent has `search_history`. ... and the agent is told to search before guessing at
    something an earlier turn established." """
    mem = make_memory({"harness": {"history": {"index": "messages"}, "memory": {"enabled": True}}})
    m = model(say("ok"))
    Agent(mem, m).invoke(ACCT, user("hello"))
    assert "search_history" in m.calls[0].tools
    from engram.harness.tools import memory_specs

    told = m.calls[0].system + " ".join(s.description for s in memory_specs(mem.config) if s.name == "search_history")
    assert "guess" in told.lower()


def test_the_agent_may_pin_a_record(make_memory: MemoryFactory) -> None:
    """"With `harness.memory.pinned`, the agent may pin a record, and every turn's instructions list the summary
    and ID of each pinned record it reads. ... a pin that would exceed it is refused, and the agent is told to
    consolidate several pins into one." """
    mem = make_memory({"harness": {"memory": {"enabled": True, "pinned": {"max_tokens": 12},
                                              "tools": ["add_memory", "read_memory", "delete_memory"]}}})
    ruling = "Never waive fees above 50 EUR"
    pinning = model(use("add_memory", summary=ruling, pin=True),
                    use("add_memory", summary="Always escalate disputed card payments to the fraud desk", pin=True),
                    say("ok"))
    Agent(mem, pinning).invoke(ACCT, user("pin the fee ruling and the escalation rule"))
    first, second = (json.loads(c.messages[-1].content) for c in pinning.calls[1:3])
    assert first["pinned"] is True and "consolidate" in second["error"]["message"]  # over the 12-token budget
    m = model(say("ok"))
    Agent(mem, m).invoke(ACCT, user("hello"))
    assert ruling in m.calls[0].system and first["id"] in m.calls[0].system
    assert [r.summary for r in mem.list(ACCT) if r.pinned] == [ruling]


def test_a_preview_review_consolidates_with_earlier_preview_records(make_memory: MemoryFactory) -> None:
    """"Later preview turns read it" and "It compares each candidate with the most similar records it already
    has, and adds it, replaces a record it corrects ... so restated facts do not pile up." — in preview too: a
    correction in a later preview turn replaces the earlier preview record, as it does live."""
    mem = make_memory({"harness": {"memory": {"enabled": True}}})
    with mem.turn(ACCT, preview=True) as first:
        first.append(user("I moved to Porto last month."))
    [porto] = first.written
    with mem.turn(ACCT, preview=True) as second:
        second.append(user("Correction: I moved to Lisbon, not Porto."))
    [lisbon] = second.written
    assert lisbon.replaces == porto.id
    assert [r.summary for r in mem.list(ACCT, preview=True)] == [lisbon.summary]
