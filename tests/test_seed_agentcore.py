"""The AgentCore harness memory document (seeds/agentcore-harness-memory.md), top to bottom, configuration side.

Each test quotes the sentence or snippet it runs in its docstring, and runs on SQLite and PostgreSQL: every
configuration goes through ``Memory.configure`` (stored per agent, versioned) and is read back with
``Memory.config_for``. The HTTP and AWS-client side of the document is covered by the agentcore tests.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from engram import Memory, Scope
from engram.config import Config
from engram.errors import ConfigError
from engram.harness.context import resolve_truncation

H = "MyHarness"  # the document's harness, as an engram agent

# the document's snippets, verbatim
CREATE_MEMORY = ('{"managedMemoryConfiguration": {"strategies": ["SEMANTIC", "SUMMARIZATION", "USER_PREFERENCE"], '
                 '"eventExpiryDuration": 60}}')
UPDATE_STRATEGIES = ('{"optionalValue": {"managedMemoryConfiguration": {"strategies": ["SEMANTIC", "SUMMARIZATION", '
                     '"USER_PREFERENCE", "EPISODIC"]}}}')
ATTACH_BYO = ('{"optionalValue": {"agentCoreMemoryConfiguration": {"arn": '
              '"arn:aws:bedrock-agentcore:us-west-2:123456789012:memory/MyMemory-abc123"}}}')
DISABLE = '{"optionalValue": {"disabled": {}}}'
RETRIEVAL_OVERRIDE = ('{"optionalValue": {"agentCoreMemoryConfiguration": {"arn": '
                      '"arn:aws:bedrock-agentcore:us-west-2:123456789012:memory/MyMemory-abc123", "retrievalConfig": '
                      '{"/facts/{actorId}/": {"topK": 5, "relevanceScore": 0.5, '
                      '"strategyId": "FactExtractor-abc123"}}}}}')
TRUNCATION = '{"strategy": "sliding_window", "slidingWindowConfig": {"numMessages": 30}}'
ARN = "arn:aws:bedrock-agentcore:us-west-2:123456789012:memory/MyMemory-abc123"


@pytest.fixture
def m(make_memory: Callable[..., Memory]) -> Memory:
    return make_memory()


def _types(cfg: Config) -> list[str]:
    return [s.type for s in cfg.memory.strategies]


# -- Managed memory (default) ----------------------------------------------------------------------------------
def test_managed_memory_defaults(m: Memory) -> None:
    """"By default, the harness provisions an AgentCore Memory instance automatically with sensible defaults
    (semantic + summarization strategies, 30-day event expiry). You don't need to create or configure
    anything - memory just works." An AgentCore-shaped configuration that names no memory gets them."""
    for doc in ({"managedMemoryConfiguration": {}}, json.loads(TRUNCATION), {"truncation": json.loads(TRUNCATION)}):
        m.configure(H, doc)
        cfg = m.config_for(H)
        assert cfg.memory.enabled and _types(cfg) == ["SEMANTIC", "SUMMARIZATION"]
        assert cfg.harness.history.event_expiry_days == 30
        assert cfg.memory.arn is None  # managed


def test_customize_managed_memory_at_create_time(m: Memory) -> None:
    """"To customize the managed memory at create time: aws bedrock-agentcore-control create-harness ...
    --memory '{"managedMemoryConfiguration": {"strategies": ["SEMANTIC", "SUMMARIZATION", "USER_PREFERENCE"],
    "eventExpiryDuration": 60}}'\""""
    v = m.configure(H, json.loads(CREATE_MEMORY))
    cfg = m.config_for(H)
    assert _types(cfg) == ["SEMANTIC", "SUMMARIZATION", "USER_PREFERENCE"]
    assert cfg.harness.history.event_expiry_days == 60
    assert m.config_version(H) == v


def test_update_strategies_on_an_existing_harness(m: Memory) -> None:
    """"To update strategies on an existing harness: aws bedrock-agentcore-control update-harness ...
    --memory '{"optionalValue": {"managedMemoryConfiguration": {"strategies": ["SEMANTIC", "SUMMARIZATION",
    "USER_PREFERENCE", "EPISODIC"]}}}'" An update changes only what it names: the 60-day expiry stays."""
    v1 = m.configure(H, json.loads(CREATE_MEMORY))
    v2 = m.configure(H, json.loads(UPDATE_STRATEGIES))  # the optionalValue wrapper is an update by itself
    cfg = m.config_for(H)
    assert v2 > v1 and _types(cfg) == ["SEMANTIC", "SUMMARIZATION", "USER_PREFERENCE", "EPISODIC"]
    assert cfg.harness.history.event_expiry_days == 60
    assert [h[0] for h in m.config_history(H)] == [v1, v2]


def test_memory_is_enabled_by_default_and_can_be_skipped(m: Memory) -> None:
    """"Memory is enabled by default when you create a harness" / "To skip managed memory: agentcore create
    --name myagent --no-harness-memory" (in configuration: the disabled memory value)."""
    m.configure(H, {"memory": {"managedMemoryConfiguration": {}}})
    assert m.config_for(H).memory.enabled
    m.configure("myagent", {"memory": {"disabled": {}}})
    assert not m.config_for("myagent").memory.enabled
    assert m.config_for("myagent").memory.retrieval_in_force == {}


def test_wizard_tuning_each_value_can_be_skipped(m: Memory) -> None:
    """"Optionally set the messages count, retrieval top K, and relevance score (each can be skipped)."""
    m.configure(H, {"agentCoreMemoryConfiguration": {"arn": ARN, "messagesCount": 12}})
    assert m.config_for(H).harness.history.messages_count == 12
    m.configure(H, {"agentCoreMemoryConfiguration": {"arn": ARN, "retrievalConfig": {
        "/facts/{actorId}/": {"topK": 3}}}})
    got = m.config_for(H).memory.retrieval["/facts/{actorId}/"]
    assert got.top_k == 3 and got.relevance_score == 0.2  # skipped: the default
    m.configure(H, {"agentCoreMemoryConfiguration": {"arn": ARN, "retrievalConfig": {
        "/facts/{actorId}/": {"relevanceScore": 0.7}}}})
    got = m.config_for(H).memory.retrieval["/facts/{actorId}/"]
    assert got.top_k == 10 and got.relevance_score == 0.7


def test_strategy_configuration_through_update_harness(m: Memory) -> None:
    """"Strategy configuration is controlled through UpdateHarness." A strategy named again keeps its own
    settings; only the list changes."""
    m.configure(H, {"harness": {"memory": {"enabled": True, "strategies": [{"type": "SEMANTIC", "id": "facts1",
                                                            "namespace": "/kb/{actorId}/"}]}}})
    m.configure(H, {"optionalValue": {"managedMemoryConfiguration": {"strategies": ["SEMANTIC", "EPISODIC"]}}})
    cfg = m.config_for(H)
    assert [(s.type, s.id, s.namespace) for s in cfg.memory.strategies] == [
        ("SEMANTIC", "facts1", "/kb/{actorId}/"), ("EPISODIC", None, None)]


def test_switch_to_byo_or_disabled_and_back(m: Memory) -> None:
    """"Use UpdateHarness to switch to BYO (agentCoreMemoryConfiguration) or disabled.\""""
    m.configure(H, json.loads(CREATE_MEMORY))
    m.configure(H, json.loads(ATTACH_BYO))
    cfg = m.config_for(H)
    assert cfg.memory.enabled and cfg.memory.arn == ARN
    assert _types(cfg) == ["SEMANTIC", "SUMMARIZATION", "USER_PREFERENCE"]  # not named: kept
    m.configure(H, json.loads(DISABLE))
    assert not m.config_for(H).memory.enabled
    m.configure(H, {"optionalValue": {"managedMemoryConfiguration": {}}})  # managed again: the arn goes
    cfg = m.config_for(H)
    assert cfg.memory.enabled and cfg.memory.arn is None and cfg.harness.history.event_expiry_days == 60


def test_available_strategies(m: Memory) -> None:
    """"Available strategies: SEMANTIC, SUMMARIZATION, USER_PREFERENCE, EPISODIC" (each accepted); any other
    name is refused with a ConfigError naming the field and changes nothing."""
    names = ["SEMANTIC", "SUMMARIZATION", "USER_PREFERENCE", "EPISODIC"]
    for name in names:
        m.configure(H, {"managedMemoryConfiguration": {"strategies": [name]}})
        assert _types(m.config_for(H)) == [name]
    v = m.config_version(H)
    with pytest.raises(ConfigError) as err:
        m.configure(H, {"managedMemoryConfiguration": {"strategies": ["SEMANTIC", "TELEPATHY"]}})
    assert err.value.field == "managedMemoryConfiguration.strategies[1]"
    assert m.config_version(H) == v


# -- Add existing memory (BYO) -------------------------------------------------------------------------------
def test_attach_existing_memory(m: Memory) -> None:
    """"Attach it to the harness: aws bedrock-agentcore-control update-harness ... --memory '{"optionalValue":
    {"agentCoreMemoryConfiguration": {"arn": "arn:aws:bedrock-agentcore:us-west-2:123456789012:memory/
    MyMemory-abc123"}}}'\""""
    m.configure(H, json.loads(CREATE_MEMORY))  # an update applies to the harness's configuration in force
    m.configure(H, json.loads(ATTACH_BYO))
    cfg = m.config_for(H)
    assert cfg.memory.arn == ARN and cfg.memory.enabled
    assert set(cfg.memory.scope.read) >= {"session", "actor"}
    m.configure("fresh", {"agentCoreMemoryConfiguration": {"arn": ARN}})  # a whole BYO configuration
    assert m.config_for("fresh").memory.scope.read == ("session", "actor", "agent")
    with pytest.raises(ConfigError) as err:  # an ARN is what names the memory: required
        m.configure(H, {"optionalValue": {"agentCoreMemoryConfiguration": {}}})
    assert err.value.field == "optionalValue.agentCoreMemoryConfiguration.arn"


# -- Disable memory ------------------------------------------------------------------------------------------
def test_disable_memory(m: Memory) -> None:
    """"To disable memory entirely: ... --memory '{"optionalValue": {"disabled": {}}}'\""""
    m.configure(H, json.loads(DISABLE))
    assert not m.config_for(H).memory.enabled
    with pytest.raises(ConfigError) as err:
        m.configure(H, {"optionalValue": {"disabled": {"really": True}}})
    assert err.value.field == "optionalValue" and "empty object" in str(err.value)
    with pytest.raises(ConfigError, match="exactly one"):
        m.configure(H, {"optionalValue": {"disabled": {}, "managedMemoryConfiguration": {}}})


# -- Per-user memory scoping with actor ID ---------------------------------------------------------------------
def test_each_actor_gets_isolated_memory(m: Memory) -> None:
    """"Pass actorId at invoke time to scope memory to a specific user. Each actor gets isolated short-term and
    long-term memory" (under the managed configuration's levels, session and actor)."""
    m.configure(H, json.loads(CREATE_MEMORY))
    ana, bob = Scope(H, "user-123", "s1"), Scope(H, "user-456", "s1")
    m.append(ana, [{"role": "user", "content": "my preferences: oat milk"}])
    m.remember(ana, "Prefers oat milk", scope="actor")
    assert [e.content for e in m.events(ana)] == ["my preferences: oat milk"]
    assert m.events(bob) == []
    assert [r.summary for r in m.list(Scope(H, "user-123"))] == ["Prefers oat milk"]
    assert m.list(Scope(H, "user-456")) == []
    with pytest.raises(Exception, match="agent"):  # agent level is not among the managed levels
        m.remember(ana, "Everyone likes oat milk", scope="agent")


# -- Long-term memory retrieval ------------------------------------------------------------------------------
def test_retrieval_default_per_active_strategy(m: Memory) -> None:
    """"Retrieval is configured automatically with default parameters (topK=10, relevanceScore=0.2) for each
    active strategy's namespace." / "No manual configuration needed for either managed or BYO memory.\""""
    m.configure(H, json.loads(CREATE_MEMORY))
    got = m.config_for(H).memory.retrieval_in_force
    assert set(got) == {"/facts/{actorId}/", "/summary/{actorId}/{sessionId}/", "/preferences/{actorId}/"}
    assert all(r.top_k == 10 and r.relevance_score == 0.2 for r in got.values())
    m.configure(H, {"optionalValue": {"managedMemoryConfiguration": {"strategies": ["SEMANTIC"]}}})
    assert set(m.config_for(H).memory.retrieval_in_force) == {"/facts/{actorId}/"}


def test_retrieval_override_takes_priority(m: Memory) -> None:
    """"If you explicitly provide a retrievalConfig in the BYO memory configuration, your values take priority
    and no automatic derivation occurs." with the document's snippet verbatim."""
    m.configure(H, json.loads(CREATE_MEMORY))
    m.configure(H, json.loads(RETRIEVAL_OVERRIDE))
    got = m.config_for(H).memory.retrieval_in_force
    assert list(got) == ["/facts/{actorId}/"]
    r = got["/facts/{actorId}/"]
    assert (r.top_k, r.relevance_score, r.strategy_id) == (5, 0.5, "FactExtractor-abc123")
    # a later override replaces the whole map, it does not merge into it
    m.configure(H, {"optionalValue": {"agentCoreMemoryConfiguration": {"arn": ARN, "retrievalConfig": {
        "/preferences/{actorId}/": {"topK": 2}}}}})
    assert list(m.config_for(H).memory.retrieval_in_force) == ["/preferences/{actorId}/"]
    with pytest.raises(ConfigError) as err:
        m.configure(H, {"optionalValue": {"agentCoreMemoryConfiguration": {"arn": ARN, "retrievalConfig": {
            "/facts/{actorId}/": {"topK": 0}}}}})
    assert err.value.field == "optionalValue.agentCoreMemoryConfiguration.retrievalConfig./facts/{actorId}/.topK"


def test_recall_in_a_namespace_uses_its_retrieval(m: Memory) -> None:
    """"your values take priority": topK caps a recall in that namespace."""
    m.configure(H, json.loads(CREATE_MEMORY))
    m.configure(H, json.loads(RETRIEVAL_OVERRIDE.replace('"topK": 5', '"topK": 2').replace(
        '"relevanceScore": 0.5', '"relevanceScore": 0.0')))
    s = Scope(H, "user-123", "s1")
    for i in range(4):
        m.remember(s, f"Fact {i} about tea", scope="actor", namespace="/facts/{actorId}/")
    assert len(m.recall(s, "tea", namespace="/facts/{actorId}/")) == 2


def test_managed_strategy_changes_refresh_retrieval(m: Memory) -> None:
    """"For managed memory, strategy changes through UpdateHarness refresh the configuration automatically.\""""
    m.configure(H, json.loads(CREATE_MEMORY))
    m.configure(H, json.loads(UPDATE_STRATEGIES))
    assert "/episodes/{actorId}/{sessionId}/" in m.config_for(H).memory.retrieval_in_force


# -- Context truncation --------------------------------------------------------------------------------------
def test_truncation_default_is_sliding_window(m: Memory) -> None:
    """"sliding_window (default) - keeps the most recent N messages.\""""
    assert Config().harness.context.truncation.strategy == "sliding_window"
    m.configure(H, json.loads(CREATE_MEMORY))
    assert m.config_for(H).harness.context.truncation.strategy == "sliding_window"


def test_truncation_strategies(m: Memory) -> None:
    """"sliding_window (default) ... summarization - compresses older messages into a summary ... none - no
    truncation." Each is accepted; anything else is refused naming the field."""
    for name in ("sliding_window", "summarization", "none"):
        m.configure(H, {"strategy": name})
        assert m.config_for(H).harness.context.truncation.strategy == name
    with pytest.raises(ConfigError) as err:
        m.configure(H, {"strategy": "forget_everything"})
    assert err.value.field == "strategy"


def test_truncation_snippet(m: Memory) -> None:
    """"aws bedrock-agentcore-control update-harness ... --truncation '{"strategy": "sliding_window",
    "slidingWindowConfig": {"numMessages": 30}}'" as an update: memory settings stay."""
    m.configure(H, json.loads(CREATE_MEMORY))
    m.configure(H, json.loads(TRUNCATION), update=True)
    cfg = m.config_for(H)
    assert cfg.harness.context.truncation.strategy == "sliding_window"
    assert cfg.harness.context.truncation.messages_count == 30
    assert _types(cfg) == ["SEMANTIC", "SUMMARIZATION", "USER_PREFERENCE"]
    with pytest.raises(ConfigError) as err:
        m.configure(H, {"strategy": "sliding_window", "slidingWindowConfig": {"numMessages": 0}})
    assert err.value.field == "slidingWindowConfig.numMessages"


def test_truncation_in_the_aws_api_form(m: Memory) -> None:
    """The AWS API's own truncation form: {"strategy", "config": {"slidingWindow": {"messagesCount"},
    "summarization": {"summaryRatio", "preserveRecentMessages", "summarizationSystemPrompt"}}}."""
    m.configure(H, {"strategy": "sliding_window", "config": {"slidingWindow": {"messagesCount": 25}}})
    assert m.config_for(H).harness.context.truncation.messages_count == 25
    m.configure(H, {"truncation": {"strategy": "summarization", "config": {"summarization": {
        "summaryRatio": 0.3, "preserveRecentMessages": 8, "summarizationSystemPrompt": "Keep amounts."}}}})
    t = m.config_for(H).harness.context.truncation
    assert (t.strategy, t.summary_ratio, t.keep_last, t.summary_prompt) == ("summarization", 0.3, 8, "Keep amounts.")
    with pytest.raises(ConfigError) as err:
        m.configure(H, {"strategy": "summarization", "config": {"summarization": {"summaryRatio": 1.5}}})
    assert err.value.field == "config.summarization.summaryRatio"


def test_truncation_override_per_invocation() -> None:
    """"Configure this on the harness or override per invocation." A per-invocation truncation in either
    document form resolves against the harness's."""
    base = Config().harness.context.truncation
    got = resolve_truncation(json.loads(TRUNCATION), base)
    assert (got.strategy, got.messages_count) == ("sliding_window", 30)
    got = resolve_truncation({"strategy": "summarization", "config": {"summarization": {
        "preserveRecentMessages": 3}}}, base)
    assert (got.strategy, got.keep_last) == ("summarization", 3)
    with pytest.raises(ConfigError):
        resolve_truncation({"strategy": "sliding_window", "slidingWindowConfig": {"numMessages": -1}}, base)


def test_summary_ratio_summarizes_that_share() -> None:
    """summaryRatio: the share of the conversation compressed into the summary; preserveRecentMessages stay."""
    from engram.core.context import split_for_summary
    from engram.models.base import Message

    msgs = [Message("user", f"m{i}") for i in range(20)]
    older, kept = split_for_summary(msgs, 10, 4, 0.3)
    assert len(older) == 6 and len(kept) == 14
    older, kept = split_for_summary(msgs, 10, 4, 0.9)
    assert len(kept) == 4  # never one of the preserved recent messages


# -- combinations and shapes ---------------------------------------------------------------------------------
@pytest.mark.parametrize("memory", [CREATE_MEMORY, UPDATE_STRATEGIES, ATTACH_BYO, DISABLE, RETRIEVAL_OVERRIDE])
@pytest.mark.parametrize("truncation", [TRUNCATION, '{"strategy": "summarization", "config": {"summarization": '
                                        '{"summaryRatio": 0.4}}}'])
def test_any_memory_value_with_any_truncation_value(m: Memory, memory: str, truncation: str) -> None:
    """Any combination of a memory value and a truncation value (the create-harness/update-harness
    ``--memory`` and ``--truncation`` together) is one configuration."""
    m.configure(H, {"memory": json.loads(memory), "truncation": json.loads(truncation)})
    cfg = m.config_for(H)
    assert cfg.harness.context.truncation.strategy == json.loads(truncation)["strategy"]
    assert cfg.memory.enabled == (memory != DISABLE)


def test_unknown_fields_are_refused(m: Memory) -> None:
    """Bad values get a ConfigError naming the field and the rule, and change nothing."""
    cases: list[tuple[dict[str, Any], str]] = [
        ({"managedMemoryConfiguration": {"strategies": ["SEMANTIC"], "colour": 1}},
         "managedMemoryConfiguration.colour"),
        ({"memory": {"managedMemoryConfiguration": {"eventExpiryDuration": 0}}},
         "memory.managedMemoryConfiguration.eventExpiryDuration"),
        ({"memory": json.loads(CREATE_MEMORY), "truncation": {"strategy": "none"}, "model": "x"}, "model"),
        ({"harness": {}, "memory": {}}, "memory"),
        ({"surprise": 1}, "surprise"),
    ]
    for doc, field in cases:
        with pytest.raises(ConfigError) as err:
            m.configure(H, doc)
        assert err.value.field == field, doc
    assert m.config_history(H) == []


# -- event expiry ----------------------------------------------------------------------------------------------
def test_event_expiry_counts_from_storage(make_memory: Callable[..., Memory]) -> None:
    """"30-day event expiry" / "eventExpiryDuration": 60: an event is kept that many days after engram stored
    it, whatever its own time says (an import of old conversations is kept as long as a new one); only a sweep
    deletes, and opening the memory never does."""
    now = [datetime(2026, 11, 1, tzinfo=UTC)]
    mem = make_memory(clock=lambda: now[0])
    mem.configure(H, json.loads(CREATE_MEMORY))
    s = Scope(H, "user-123", "s1")
    mem.append(s, [{"role": "user", "content": "from 2023", "at": datetime(2023, 5, 1, tzinfo=UTC)}])
    mem.remember(s, "Liked the 2023 trip", scope="actor")
    now[0] += timedelta(days=59)
    assert [e.content for e in mem.events(s)] == ["from 2023"]
    assert mem.expire() == 0
    now[0] += timedelta(days=2)  # stored 61 days ago: past the 60-day expiry
    assert mem.events(s) == []
    reopened = make_memory(clock=lambda: now[0])  # opening deletes nothing
    with reopened.store.read() as tx:
        assert len(tx.list_events(H, "user-123", "s1", limit=10)) == 1
    assert reopened.expire(dry_run=True) == 1
    assert reopened.expire() == 1
    with reopened.store.read() as tx:
        assert tx.list_events(H, "user-123", "s1", limit=10) == []
    assert [r.summary for r in reopened.list(Scope(H, "user-123"))] == ["Liked the 2023 trip"]  # records stay
