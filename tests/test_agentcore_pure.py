"""Pure parts of the AgentCore control plane and harness: the event-stream encoder read back by botocore's
own EventStream parser, the strategy mapping, and the harness field checks."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engram.agentcore import eventstream as es
from engram.agentcore import harness_spec as spec
from engram.agentcore import invoke
from engram.agentcore import strategies as st
from engram.config import load_config
from engram.errors import ValidationError

botocore = pytest.importorskip("botocore")


class _Raw:
    """The network edge: what urllib3 hands botocore, here the bytes engram wrote."""

    def __init__(self, data: bytes, chunk: int) -> None:
        self.data, self.chunk = data, chunk

    def stream(self) -> Any:
        for i in range(0, len(self.data), self.chunk):
            yield self.data[i:i + self.chunk]

    def close(self) -> None:
        pass


def _decode(data: bytes, chunk: int = 7) -> list[dict[str, Any]]:
    from botocore.eventstream import EventStream
    from botocore.parsers import EventStreamJSONParser
    from botocore.session import get_session

    op = get_session().get_service_model("bedrock-agentcore").operation_model("InvokeHarness")
    shape = op.output_shape.members["stream"]
    return list(EventStream(_Raw(data, chunk), shape, EventStreamJSONParser(), "InvokeHarness"))


def test_botocore_reads_every_event_the_harness_writes() -> None:
    turn = [
        {"role": "assistant", "content": "Let me check.", "tool_calls": [
            {"id": "call 1", "name": "search_memory", "arguments": {"query": "preferences"}}]},
        {"role": "tool", "content": '{"hits": []}', "tool_call_id": "call 1", "name": "search_memory"},
        {"role": "assistant", "content": "Nothing yet — tell me."},
    ]
    data = b"".join(invoke.events(turn, input_tokens=12, output_tokens=5, latency_ms=3))
    got = _decode(data)
    kinds = [next(iter(e)) for e in got]
    assert kinds == ["messageStart", "contentBlockDelta", "contentBlockStop", "contentBlockStart",
                     "contentBlockDelta", "contentBlockStop", "messageStop",
                     "messageStart", "contentBlockStart", "contentBlockDelta", "contentBlockStop", "messageStop",
                     "messageStart", "contentBlockDelta", "contentBlockStop", "messageStop", "metadata"]
    assert got[0]["messageStart"] == {"role": "assistant"}
    assert got[3]["contentBlockStart"]["start"]["toolUse"] == {"toolUseId": "call_1", "name": "search_memory",
                                                               "type": "server_tool_use"}
    assert json.loads(got[4]["contentBlockDelta"]["delta"]["toolUse"]["input"]) == {"query": "preferences"}
    assert got[6]["messageStop"] == {"stopReason": "tool_use"}
    assert got[7]["messageStart"] == {"role": "user"}
    assert got[9]["contentBlockDelta"]["delta"]["toolResult"] == [{"text": '{"hits": []}'}]
    assert got[11]["messageStop"] == {"stopReason": "tool_result"}
    assert got[13]["contentBlockDelta"]["delta"]["text"] == "Nothing yet — tell me."
    assert got[15]["messageStop"] == {"stopReason": "end_turn"}
    assert got[16]["metadata"] == {"usage": {"inputTokens": 12, "outputTokens": 5, "totalTokens": 17},
                                   "metrics": {"latencyMs": 3}}


def test_a_modelled_exception_in_the_stream_raises_its_client_error() -> None:
    from botocore.exceptions import EventStreamError

    data = es.event("messageStart", {"role": "assistant"}) + es.exception(
        "validationException", {"message": "bad", "reason": "FieldValidationFailed"})
    with pytest.raises(EventStreamError, match="validationException"):
        _decode(data, chunk=3)


def test_frames_carry_both_crcs() -> None:
    from botocore.eventstream import ChecksumMismatch, EventStreamBuffer

    frame = bytearray(es.event("messageStop", {"stopReason": "end_turn"}))
    frame[-6] ^= 0xFF  # one payload byte flipped: the message CRC no longer matches
    buf = EventStreamBuffer()
    buf.add_data(bytes(frame))
    with pytest.raises(ChecksumMismatch):
        list(buf)


# -- strategies ---------------------------------------------------------------------------------------------


def test_every_strategy_kind_maps_onto_an_engram_strategy_that_validates() -> None:
    items = [
        {"semanticMemoryStrategy": {"name": "Facts", "namespaceTemplates": ["/facts/{actorId}/"]}},
        {"summaryMemoryStrategy": {"name": "Summaries", "namespaces": ["/summary/{actorId}/{sessionId}/"]}},
        {"userPreferenceMemoryStrategy": {"name": "Prefs"}},
        {"episodicMemoryStrategy": {"name": "Episodes", "reflectionConfiguration": {
            "namespaceTemplates": ["/reflections/{actorId}/"]}}},
        {"customMemoryStrategy": {"name": "Custom", "configuration": {"semanticOverride": {
            "extraction": {"appendToPrompt": "Only billing facts.", "modelId": "anthropic.claude-v2:1"},
            "consolidation": {"appendToPrompt": "Merge amounts.", "modelId": "openai:gpt-4o-mini"}}}}},
    ]
    got = st.parse_inputs(items, "memoryStrategies", 1.0)
    assert [s["type"] for s in got] == ["SEMANTIC", "SUMMARIZATION", "USER_PREFERENCE", "EPISODIC", "CUSTOM"]
    for s in got:
        assert s["strategyId"].startswith(s["name"] + "-") and len(s["strategyId"]) == len(s["name"]) + 11
        assert s["status"] == "ACTIVE" and s["namespaces"] == s["namespaceTemplates"]
    assert got[2]["namespaceTemplates"] == ["/strategies/{memoryStrategyId}/actors/{actorId}/"]
    assert got[4]["configuration"]["type"] == "SEMANTIC_OVERRIDE"
    assert got[4]["configuration"]["extraction"] == {"customExtractionConfiguration": {
        "semanticExtractionOverride": {"appendToPrompt": "Only billing facts.", "modelId": "anthropic.claude-v2:1"}}}
    engram = [st.to_engram(s) for s in got]
    assert engram[2]["namespace"] == f"/strategies/{got[2]['strategyId']}/actors/{{actorId}}/"
    assert engram[3]["reflection_namespace"] == "/reflections/{actorId}/"
    assert engram[4] == {"type": "SEMANTIC", "id": got[4]["strategyId"], "namespace": got[4]["namespaceTemplates"][0]
                         .replace("{memoryStrategyId}", got[4]["strategyId"]),
                         "prompt": "Only billing facts.\n\nMerge amounts.", "prompt_mode": "append",
                         "model": "openai:gpt-4o-mini"}
    cfg = load_config({"harness": {"memory": {"enabled": True, "strategies": engram}}})
    assert [s.strategy_id for s in cfg.memory.strategies] == [s["strategyId"] for s in got]


@pytest.mark.parametrize(("item", "field"), [
    ({"semanticMemoryStrategy": {"name": "9bad"}}, "memoryStrategies[0].semanticMemoryStrategy.name"),
    ({"semanticMemoryStrategy": {"name": "a", "namespaceTemplates": ["/x/{tenant}/"]}},
     "memoryStrategies[0].semanticMemoryStrategy.namespaceTemplates[0]"),
    ({"semanticMemoryStrategy": {"name": "a", "namespaceTemplates": ["/a/", "/b/"]}},
     "memoryStrategies[0].semanticMemoryStrategy.namespaceTemplates"),
    ({"semanticMemoryStrategy": {"name": "a"}, "summaryMemoryStrategy": {"name": "b"}}, "memoryStrategies[0]"),
    ({"customMemoryStrategy": {"name": "c", "configuration": {"selfManagedConfiguration": {
        "invocationConfiguration": {"topicArn": "arn:aws:sns:us-east-1:123456789012:t",
                                    "payloadDeliveryBucketName": "bucket"}}}}},
     "memoryStrategies[0].customMemoryStrategy.configuration.selfManagedConfiguration"),
    ({"customMemoryStrategy": {"name": "c", "configuration": {"summaryOverride": {
        "consolidation": {"appendToPrompt": "", "modelId": "m"}}}}},
     "memoryStrategies[0].customMemoryStrategy.configuration.summaryOverride.consolidation.appendToPrompt"),
    ({"semanticMemoryStrategy": {"name": "a", "description": "x" * 4097}},
     "memoryStrategies[0].semanticMemoryStrategy.description"),
])
def test_bad_strategies_name_the_field(item: dict[str, Any], field: str) -> None:
    with pytest.raises(ValidationError) as err:
        st.parse_inputs([item], "memoryStrategies", 1.0)
    assert err.value.field == field


def test_strategy_names_are_unique_and_modify_changes_only_what_it_names() -> None:
    first = st.parse_inputs([{"semanticMemoryStrategy": {"name": "Facts", "description": "d"}}], "m", 1.0)
    with pytest.raises(ValidationError, match="already exists"):
        st.parse_inputs([{"summaryMemoryStrategy": {"name": "Facts"}}], "m", 1.0, existing=first)
    changed = st.modify(first[0], {"memoryStrategyId": first[0]["strategyId"],
                                   "namespaceTemplates": ["/kb/{actorId}/"]}, "m", 2.0)
    assert changed["namespaceTemplates"] == ["/kb/{actorId}/"] and changed["description"] == "d"
    assert changed["updatedAt"] == 2.0 and changed["strategyId"] == first[0]["strategyId"]
    with pytest.raises(ValidationError, match="only a CUSTOM strategy"):
        st.modify(first[0], {"memoryStrategyId": "x", "configuration": {"extraction": {
            "customExtractionConfiguration": {"semanticExtractionOverride": {"appendToPrompt": "p",
                                                                              "modelId": "m"}}}}}, "m", 2.0)


# -- harness fields -----------------------------------------------------------------------------------------


def test_the_documents_memory_values_validate() -> None:
    assert spec.memory({"managedMemoryConfiguration": {"strategies": ["SEMANTIC", "SUMMARIZATION",
                                                                      "USER_PREFERENCE"],
                                                       "eventExpiryDuration": 60}})
    assert spec.memory_update({"optionalValue": {"disabled": {}}}) == {"disabled": {}}
    byo = spec.memory_update({"optionalValue": {"agentCoreMemoryConfiguration": {
        "arn": "arn:aws:bedrock-agentcore:us-west-2:123456789012:memory/MyMemory-abc1234567",
        "retrievalConfig": {"/facts/{actorId}/": {"topK": 5, "relevanceScore": 0.5,
                                                  "strategyId": "FactExtractor-abc123"}}}}})
    assert byo is not None and byo["agentCoreMemoryConfiguration"]["retrievalConfig"]["/facts/{actorId}/"]["topK"] == 5


SHORT_ARN = "arn:aws:bedrock-agentcore:us-west-2:123456789012:memory/MyMemory-abc123"  # the document's placeholder
GOOD_ARN = "arn:aws:bedrock-agentcore:us-west-2:123456789012:memory/M-abcdefghij"


@pytest.mark.parametrize(("value", "field"), [
    ({"managedMemoryConfiguration": {"eventExpiryDuration": 3651}},
     "memory.managedMemoryConfiguration.eventExpiryDuration"),
    ({"managedMemoryConfiguration": {"strategies": ["CUSTOM"]}}, "memory.managedMemoryConfiguration.strategies[0]"),
    ({"agentCoreMemoryConfiguration": {"arn": SHORT_ARN}},
     "memory.agentCoreMemoryConfiguration.arn"),
    ({"agentCoreMemoryConfiguration": {"arn": GOOD_ARN,
                                       "retrievalConfig": {"/f/": {"topK": 101}}}},
     "memory.agentCoreMemoryConfiguration.retrievalConfig./f/.topK"),
    ({"disabled": {"x": 1}}, "memory.disabled.x"),
    ({"disabled": {}, "managedMemoryConfiguration": {}}, "memory"),
])
def test_bad_memory_values_name_the_field(value: dict[str, Any], field: str) -> None:
    with pytest.raises(ValidationError) as err:
        spec.memory(value)
    assert err.value.field == field


def test_truncation_forms() -> None:
    assert spec.truncation({"strategy": "sliding_window", "slidingWindowConfig": {"numMessages": 30}}) == {
        "strategy": "sliding_window", "config": {"slidingWindow": {"messagesCount": 30}}}
    assert spec.truncation({"strategy": "summarization", "config": {"summarization": {
        "summaryRatio": 0.3, "preserveRecentMessages": 4}}})["config"]["summarization"]["preserveRecentMessages"] == 4
    with pytest.raises(ValidationError) as err:
        spec.truncation({"strategy": "none", "config": {"slidingWindow": {"messagesCount": 3}}})
    assert err.value.field == "truncation.config"
    with pytest.raises(ValidationError) as err:
        spec.truncation({"strategy": "window"})
    assert err.value.field == "truncation.strategy"


def test_invoke_requests_are_checked() -> None:
    sid = "s" * 33
    got = invoke.parse({"messages": [{"role": "user", "content": [{"text": "hi"}, {"text": "there"}]}],
                        "actorId": "user-123", "maxIterations": 3}, sid)
    assert got.messages == ({"role": "user", "content": "hi\nthere"},) and got.limits == {"maxIterations": 3}
    for body, header, field in [
        ({"messages": [{"role": "user", "content": [{"text": "x"}]}]}, "short", "runtimeSessionId"),
        ({"messages": []}, sid, "messages"),
        ({"messages": [{"role": "system", "content": [{"text": "x"}]}]}, sid, "messages[0].role"),
        ({"messages": [{"role": "user", "content": [{"toolResult": {"toolUseId": "t", "content": []}}]}]}, sid,
         "messages[0].content[0].toolResult"),
        ({"messages": [{"role": "user", "content": [{"text": "x"}]}], "tools": [{"type": "remote_mcp"}]}, sid,
         "tools"),
        ({"messages": [{"role": "user", "content": [{"text": "x"}]}], "maxIterations": 0}, sid, "maxIterations"),
    ]:
        with pytest.raises(ValidationError) as err:
            invoke.parse(body, header)
        assert err.value.field == field


def test_every_meta_key_of_the_face_has_its_prefix_in_the_state_table() -> None:
    """One home for the face's keys (issue 29.3): no module spells an ``agentcore.`` meta key of its own."""
    import re
    from pathlib import Path

    from engram.agentcore import state

    here = Path(state.__file__).parent
    spelled = {m for p in here.glob("*.py") if p.name != "state.py"
               for m in re.findall(r'"(agentcore\.[a-z_]+\.?)"', p.read_text())}
    assert spelled == set()
    assert len(set(state.PREFIXES)) == len(state.PREFIXES)
    assert not [(a, b) for a in state.PREFIXES for b in state.PREFIXES if a != b and b.startswith(a)]
