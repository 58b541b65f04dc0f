"""The store suite: the engine's contract on every backend (real SQLite files, real PostgreSQL)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from engram import (
    ConfigError,
    ConflictError,
    HistoryDisabled,
    Memory,
    NotFound,
    PermissionDenied,
    PinBudgetExceeded,
    Scope,
    ScopeError,
    ValidationError,
)
from tests.support.configs import WIDE

S1 = Scope(agent="bot", actor="cust-1", session="s1")
S2 = Scope(agent="bot", actor="cust-1", session="s2")
OTHER_ACTOR = Scope(agent="bot", actor="cust-2", session="s1")
OTHER_AGENT = Scope(agent="bot2", actor="cust-1", session="s1")


def summaries(hits: list) -> list[str]:
    return [h.record.summary for h in hits]


def snapshot(mem: Memory, *scopes: Scope) -> tuple:
    """Everything visible to these scopes, to prove a failed call changed nothing."""
    out = []
    for s in scopes:
        out.append(tuple(e.id for e in mem.events(s, limit=1000)))
        for status in ("active", "superseded", "deleted"):
            out.append(tuple((r.id, r.status, r.version) for r in mem.list(s, status=status, preview=True,
                                                                              limit=1000)))
    return tuple(out)


# -- events -----------------------------------------------------------------------------------------------


def test_events_oldest_first_with_metadata_and_timestamps(mem: Memory) -> None:
    t0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
    mem.append(S1, [{"role": "user", "content": "first", "metadata": {"ticket": "T-7", "n": [1, {"a": None}]},
                     "at": t0},
                    {"role": "assistant", "content": "second", "at": t0 + timedelta(minutes=1)}])
    mem.append(S1, [{"role": "user", "content": "third", "at": t0 + timedelta(minutes=2)}])
    evs = mem.events(S1, limit=50)
    assert [e.content for e in evs] == ["first", "second", "third"]
    assert evs[0].metadata == {"ticket": "T-7", "n": [1, {"a": None}]}
    assert evs[0].at == t0
    assert [e.content for e in mem.events(S1, limit=2)] == ["second", "third"]
    assert [e.content for e in mem.events(S1, limit=5, after=t0)] == ["second", "third"]
    assert [e.content for e in mem.events(S1, limit=5, before=t0 + timedelta(minutes=2))] == ["first", "second"]
    assert mem.events(S2, limit=50) == []
    assert mem.events(OTHER_ACTOR, limit=50) == []


def test_tool_calls_and_results_are_events(mem: Memory) -> None:
    mem.append(S1, [
        {"role": "user", "content": "what's my balance?"},
        {"role": "assistant", "content": "", "tool_calls": [{"id": "c1", "name": "balance", "arguments": {"acct": 9}}]},
        {"role": "tool", "content": "balance: 42.17 EUR", "tool_call_id": "c1", "name": "balance"},
    ])
    evs = mem.events(S1)
    assert evs[1].tool_calls[0].name == "balance" and evs[1].tool_calls[0].arguments == {"acct": 9}
    assert evs[2].role == "tool" and evs[2].tool_call_id == "c1"
    hits = mem.search_history(S1, "balance EUR", limit=3)
    assert hits and hits[0].event is not None and "42.17" in hits[0].event.content


def test_expired_events_are_never_returned(make_memory: Callable[..., Memory]) -> None:
    now = [datetime(2026, 11, 30, tzinfo=UTC)]
    cfg = {"harness": {"history": {"eventExpiryDuration": 3, "index": "messages"}}}
    mem = make_memory(cfg, clock=lambda: now[0])
    # expiry counts from when engram stored an event: an old ``at`` (an import) is kept like a new one
    mem.append(S1, [{"role": "user", "content": "old message about llamas", "at": now[0] - timedelta(days=500)}])
    now[0] += timedelta(days=2)
    mem.append(S1, [{"role": "user", "content": "fresh message about llamas", "at": now[0]}])
    assert [e.content for e in mem.events(S1)] == ["old message about llamas", "fresh message about llamas"]
    assert mem.expire() == 0
    now[0] += timedelta(days=2)  # the first was stored 4 days ago: expired, hidden at once
    assert [e.content for e in mem.events(S1)] == ["fresh message about llamas"]
    assert [h.event.content for h in mem.search_history(S1, "llamas", limit=5)] == ["fresh message about llamas"]
    assert mem.expire() == 1
    now[0] += timedelta(days=4)
    assert mem.events(S1) == []


@pytest.mark.parametrize("bad,field", [
    ([{"role": "wizard", "content": "x"}], "messages[0].role"),
    ([{"role": "user", "content": 5}], "messages[0].content"),
    ([{"role": "user", "content": "x", "metadata": "nope"}], "messages[0].metadata"),
    ([{"role": "user", "content": "x", "at": "yesterday"}], "messages[0].at"),
    ([{"role": "tool", "content": "x"}], "messages[0].tool_call_id"),
    ([{"role": "user", "content": "x", "bogus": 1}], "messages[0].bogus"),
    ("not a list", "messages"),
])
def test_bad_messages_are_refused_and_change_nothing(mem: Memory, bad: object, field: str) -> None:
    mem.append(S1, [{"role": "user", "content": "kept"}])
    before = snapshot(mem, S1)
    with pytest.raises(ValidationError) as err:
        mem.append(S1, [{"role": "user", "content": "ok"}, *bad] if isinstance(bad, list) else bad)  # type: ignore
    assert err.value.field is not None and err.value.field.endswith(field.split("[0]")[-1])
    assert snapshot(mem, S1) == before


def test_history_index_none_says_history_is_off(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory({"harness": {"history": {"index": "none"}}})
    mem.append(S1, [{"role": "user", "content": "hello"}])
    with pytest.raises(HistoryDisabled):
        mem.search_history(S1, "hello")


def test_messages_index_skips_tool_results(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory({"harness": {"history": {"index": "messages"}}})
    mem.append(S1, [{"role": "assistant", "content": "", "tool_calls": [{"id": "c", "name": "f", "arguments": {}}]},
                    {"role": "tool", "content": "zebra stripes", "tool_call_id": "c"}])
    assert mem.search_history(S1, "zebra stripes") == []


def test_long_tool_results_are_indexed_in_chunks(mem: Memory) -> None:
    filler = " ".join(f"line{i} nothing to see" for i in range(600))
    mem.append(S1, [{"role": "assistant", "content": "", "tool_calls": [{"id": "c", "name": "dump", "arguments": {}}]},
                    {"role": "tool", "content": filler + " the secret code is periwinkle " + filler,
                     "tool_call_id": "c", "name": "dump"}])
    hits = mem.search_history(S1, "periwinkle secret code")
    assert hits and hits[0].event.role == "tool"


# -- records, levels, isolation ------------------------------------------------------------------------------


def test_levels_and_isolation(mem: Memory) -> None:
    mem.remember(S1, "Session note about ticket 7781", scope="session")
    mem.remember(S1, "Customer prefers email", scope="actor", kind="guidance")
    mem.remember(S1, "Refunds above 500 need approval", scope="agent", kind="guidance")
    assert len(mem.recall(S1, "ticket email refunds", limit=10)) == 3
    assert set(summaries(mem.recall(S2, "ticket email refunds", limit=10))) == {
        "Customer prefers email", "Refunds above 500 need approval"}
    assert summaries(mem.recall(OTHER_ACTOR, "ticket email refunds", limit=10)) == [
        "Refunds above 500 need approval"]
    assert mem.recall(OTHER_AGENT, "ticket email refunds", limit=10) == []
    rec = mem.list(S1, limit=10)[0]
    with pytest.raises(NotFound):
        mem.get(OTHER_AGENT, rec.id)


def test_read_levels_follow_config(make_memory: Callable[..., Memory]) -> None:
    cfg = {"harness": {"memory": {"scope": {"read": ["session"], "write": ["session", "actor"]}}}}
    mem = make_memory(cfg)
    mem.remember(S1, "actor-level fact about pelicans", scope="actor")
    assert mem.recall(S1, "pelicans") == []  # written, but this config reads the session level only


def test_default_config_writes_session_and_actor_only(make_memory: Callable[..., Memory]) -> None:
    """No configuration is AgentCore's managed default (actor-scoped namespaces); a harness-shaped one starts
    from the Twisp document's session-only scopes. Either refusal names the setting that allows the level."""
    mem = make_memory()
    assert mem.remember(S1, "Prefers email", scope="actor").level == "actor"
    before = snapshot(mem, S1)
    with pytest.raises(PermissionDenied) as err:
        mem.remember(S1, "nope", scope="agent")
    assert err.value.field == "scope" and "harness.memory.scope.write" in str(err.value)
    assert snapshot(mem, S1) == before
    twisp = make_memory({"harness": {"memory": {"pinned": {"max_tokens": 100}}}})
    with pytest.raises(PermissionDenied, match=r"add it in harness\.memory\.scope\.write"):
        twisp.remember(S1, "nope", scope="actor")


def test_record_provenance_and_history(mem: Memory) -> None:
    with mem.turn(S1, turn_id="turn-1", agent_version="v3") as t:
        old = t.remember("Lives in Lisbon", scope="actor")
    new = mem.remember(S2, "Lives in Porto", scope="actor", replaces=old.id)
    assert mem.get(S1, old.id).status == "superseded"
    assert mem.get(S1, old.id).superseded_by == new.id
    assert new.replaces == old.id
    hist = mem.history(S1, old.id)
    assert [v.op for v in hist] == ["create", "supersede"]
    assert hist[0].provenance.turn_id == "turn-1" and hist[0].provenance.agent_version == "v3"
    assert hist[0].provenance.session == "s1" and hist[1].provenance.session == "s2"
    assert summaries(mem.recall(S1, "where does the customer live", limit=10)) == ["Lives in Porto"]
    assert [r.summary for r in mem.chain(S1, new.id)] == ["Lives in Lisbon", "Lives in Porto"]


def test_replacing_twice_conflicts_and_changes_nothing(mem: Memory) -> None:
    old = mem.remember(S1, "Favourite food pasta", scope="actor")
    mem.remember(S1, "Favourite food salad", scope="actor", replaces=old.id)
    before = snapshot(mem, S1)
    with pytest.raises(ConflictError):
        mem.remember(S1, "Favourite food soup", scope="actor", replaces=old.id)
    with pytest.raises(NotFound):
        mem.remember(S1, "x", scope="actor", replaces="r_doesnotexist")
    assert snapshot(mem, S1) == before


def test_cannot_replace_or_forget_what_you_cannot_see(mem: Memory) -> None:
    theirs = mem.remember(OTHER_ACTOR, "Other customer's secret", scope="actor")
    before = snapshot(mem, S1, OTHER_ACTOR)
    with pytest.raises(NotFound):
        mem.forget(S1, theirs.id)
    with pytest.raises(NotFound):
        mem.remember(S1, "hijack", scope="actor", replaces=theirs.id)
    assert snapshot(mem, S1, OTHER_ACTOR) == before


def test_forget_hides_but_keeps_versions(mem: Memory) -> None:
    r = mem.remember(S1, "Dog is called Biscuit", scope="actor")
    mem.forget(S1, r.id)
    assert mem.recall(S1, "dog Biscuit") == []
    assert mem.list(S1) == []
    assert [x.id for x in mem.list(S1, status="deleted")] == [r.id]
    assert [v.status for v in mem.history(S1, r.id)] == ["active", "deleted"]
    with pytest.raises(ConflictError):
        mem.forget(S1, r.id)


def test_list_filters_and_order(mem: Memory) -> None:
    a = mem.remember(S1, "one", kind="fact", labels={"customer_id": "42"}, scope="actor")
    b = mem.remember(S1, "two", kind="guidance", labels={"customer_id": "42", "ticket": "T-1"}, scope="actor")
    c = mem.remember(S1, "three", kind="fact", namespace="/crm/{actorId}/", scope="actor")
    assert [r.id for r in mem.list(S1)] == [c.id, b.id, a.id]
    assert [r.id for r in mem.list(S1, kind="fact")] == [c.id, a.id]
    assert [r.id for r in mem.list(S1, labels={"customer_id": "42"})] == [b.id, a.id]
    assert [r.id for r in mem.list(S1, labels={"ticket": "T-1"})] == [b.id]
    assert [r.id for r in mem.list(S1, namespace="/crm/{actorId}/")] == [c.id]
    assert c.namespace == "/crm/cust-1/"
    page = mem.list(S1, limit=2)
    rest = mem.list(S1, limit=2, before=(page[-1].created_at, page[-1].id))
    assert [r.id for r in page + rest] == [c.id, b.id, a.id]


@pytest.mark.parametrize("namespace,level", [
    ("/facts/cust-2/", "actor"),           # another actor's id
    ("/facts/../cust-2/", "actor"),        # traversal
    ("/facts/*/", "actor"),                # wildcard
    ("/facts/{otherVar}/", "actor"),       # unknown variable
    ("/summary/{actorId}/", "session"),    # session level without the session id
    ("", "actor"),
])
def test_namespace_escapes_are_refused(mem: Memory, namespace: str, level: str) -> None:
    before = snapshot(mem, S1)
    with pytest.raises(ScopeError) as err:
        mem.remember(S1, "x", scope=level, namespace=namespace)
    assert err.value.field == "namespace"
    assert snapshot(mem, S1) == before


def test_templates_are_filled_from_scope(mem: Memory) -> None:
    r = mem.remember(S1, "x", scope="session", namespace="/summary/{actorId}/{sessionId}/")
    assert r.namespace == "/summary/cust-1/s1/"


@pytest.mark.parametrize("kw,field", [
    ({"kind": "nonsense"}, "kind"),
    ({"labels": {"nope": "1"}}, "labels.nope"),
    ({"labels": {"customer_id": ""}}, "labels.customer_id"),
    ({"scope": "galaxy"}, "scope"),
])
def test_bad_record_input(mem: Memory, kw: dict, field: str) -> None:
    before = snapshot(mem, S1)
    with pytest.raises(ValidationError) as err:
        mem.remember(S1, "x", **kw)
    assert err.value.field == field
    with pytest.raises(ValidationError):
        mem.remember(S1, "   ")
    assert snapshot(mem, S1) == before


@pytest.mark.parametrize("ids", [{"agent": ""}, {"agent": "a/b"}, {"agent": "a", "actor": ".."},
                                 {"agent": "a", "actor": "x*"}, {"agent": "a", "session": "s/1"}])
def test_bad_scope_ids(ids: dict) -> None:
    with pytest.raises(ScopeError):
        Scope(**ids)


def test_erase_removes_everything_about_an_actor(mem: Memory) -> None:
    mem.append(S1, [{"role": "user", "content": "my card ends 4242"}])
    mem.append(S2, [{"role": "user", "content": "call me tomorrow"}])
    old = mem.remember(S1, "Card ends 4242", scope="actor")
    new = mem.remember(S1, "Card ends 9999", scope="actor", replaces=old.id)
    with mem.turn(S1) as t:
        t.log_uses(mem.recall(S1, "card"))
    mem.append(OTHER_ACTOR, [{"role": "user", "content": "unrelated card talk"}])
    kept = mem.remember(OTHER_ACTOR, "Other card", scope="actor")
    report = mem.erase(S1)
    assert (report.events, report.records, report.versions) == (2, 2, 3)
    assert report.uses >= 1
    assert mem.events(S1) == [] and mem.events(S2) == []
    assert mem.search_history(S1, "card") == []
    assert mem.recall(S1, "card") == []
    with pytest.raises(NotFound):
        mem.history(S1, new.id)
    assert summaries(mem.recall(OTHER_ACTOR, "card")) == ["Other card"]
    assert mem.get(OTHER_ACTOR, kept.id).summary == "Other card"


# -- turns -----------------------------------------------------------------------------------------------


def test_turn_rollback_leaves_nothing(mem: Memory) -> None:
    keep = mem.remember(S1, "Keep me", scope="actor")
    before = snapshot(mem, S1, S2)
    with pytest.raises(RuntimeError), mem.turn(S1) as t:
        t.append([{"role": "user", "content": "zanzibar quokka"}])
        t.remember("zanzibar quokka passphrase", scope="actor")
        t.forget(keep.id)
        t.log_uses(mem.recall(S1, "keep"))
        raise RuntimeError("model failed")
    assert snapshot(mem, S1, S2) == before
    assert mem.search_history(S1, "zanzibar quokka") == []
    assert not any("quokka" in x for x in summaries(mem.recall(S1, "zanzibar quokka passphrase")))
    assert mem.uses(S1, keep.id) == []
    assert mem.get(S1, keep.id).status == "active"


def test_turn_sees_its_own_pending_writes(mem: Memory) -> None:
    with mem.turn(S1) as t:
        r = t.remember("The wifi password is hunter2", scope="actor")
        assert [h.record.id for h in t.recall("wifi password")] == [r.id]
        assert mem.recall(S1, "wifi password") == []  # not visible outside before commit
    assert summaries(mem.recall(S1, "wifi password")) == ["The wifi password is hunter2"]


def test_turn_commit_conflict_rolls_back_whole_turn(mem: Memory) -> None:
    old = mem.remember(S1, "Plan: basic", scope="actor")
    t = mem.turn(S1)
    t.append([{"role": "user", "content": "upgrade me"}])
    t.remember("Plan: premium", scope="actor", replaces=old.id)
    mem.remember(S2, "Plan: gold", scope="actor", replaces=old.id)  # a concurrent writer wins first
    before = snapshot(mem, S1)
    with pytest.raises(ConflictError):
        t.commit()
    assert snapshot(mem, S1) == before


def test_uses_are_logged(mem: Memory) -> None:
    r = mem.remember(S1, "Speaks Portuguese", scope="actor")
    with mem.turn(S1, turn_id="t-9") as t:
        hits = t.recall("language portuguese")
        t.log_uses(hits, call_index=2)
    uses = mem.uses(S1, r.id)
    assert len(uses) == 1 and uses[0].turn_id == "t-9" and uses[0].call_index == 2
    assert 0 < uses[0].score <= 1
    with pytest.raises(NotFound):
        mem.uses(OTHER_AGENT, r.id)
    with pytest.raises(NotFound):
        mem.log_uses(OTHER_AGENT, hits)


# -- preview -------------------------------------------------------------------------------------------------


def test_preview_never_leaks_into_live(mem: Memory) -> None:
    live = mem.remember(S1, "Customer tier is silver", scope="actor")
    p = mem.remember(S1, "Customer tier is gold", scope="actor", preview=True, replaces=live.id)
    d = mem.forget(S1, live.id, preview=True)
    assert p.preview and d.preview and d.deletes == live.id
    assert summaries(mem.recall(S1, "customer tier")) == ["Customer tier is silver"]
    assert mem.get(S1, live.id).status == "active"
    assert all(not r.preview for r in mem.list(S1, limit=100))
    with pytest.raises(NotFound):
        mem.get(S1, p.id)
    prev = summaries(mem.recall(S1, "customer tier", preview=True))
    assert prev == ["Customer tier is gold"]  # the preview view hides what preview replaced/deleted


# -- pins -------------------------------------------------------------------------------------------------


def test_pins_respect_the_token_budget(make_memory: Callable[..., Memory]) -> None:
    cfg = {"harness": {"memory": {"pinned": {"max_tokens": 20},
                                  "scope": {"read": ["session", "actor"], "write": ["session", "actor"]}}}}
    mem = make_memory(cfg)
    a = mem.remember(S1, "Always greet in Portuguese", scope="actor")
    b = mem.remember(S1, "Never discuss competitor pricing or discounts with this customer", scope="actor")
    mem.pin(S1, a.id)
    assert [r.id for r in mem.pinned(S2)] == [a.id]
    with pytest.raises(PinBudgetExceeded) as err:
        mem.pin(S1, b.id)
    assert "consolidate" in err.value.message
    assert [r.id for r in mem.pinned(S1)] == [a.id]
    mem.unpin(S1, a.id)
    mem.pin(S1, b.id)
    assert [r.id for r in mem.pinned(S1)] == [b.id]


# -- configuration -------------------------------------------------------------------------------------------


def test_config_is_stored_and_versioned(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(WIDE)
    again = make_memory()  # no config: the stored one applies
    assert again.config.memory.labels["customer_id"].number == 5
    assert again.config.memory.scope.write == ("session", "actor", "agent")
    changed = {"harness": {**WIDE["harness"], "memory": {**WIDE["harness"]["memory"], "kinds": ["fact", "note"]}}}
    v = mem.set_config(changed)
    assert v == 2 and [x[0] for x in mem.config_history()] == [1, 2]


def test_label_numbers_are_fixed(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(WIDE)
    renumbered = {"harness": {"memory": {"labels": {"customer_id": {"number": 9, "description": "x"}}}}}
    with pytest.raises(ConfigError) as err:
        mem.set_config(renumbered)
    assert err.value.field == "harness.memory.labels.customer_id.number"
    with pytest.raises(ConfigError):
        make_memory(renumbered)
    assert mem.config.memory.labels["customer_id"].number == 5


@pytest.mark.parametrize("cfg,field", [
    ({"harness": {"memory": {"scopez": {}}}}, "harness.memory.scopez"),
    ({"harness": {"memory": {"scope": {"read": ["galaxy"]}}}}, "harness.memory.scope.read.0"),
    ({"harness": {"history": {"eventExpiryDuration": 0}}}, "harness.history.eventExpiryDuration"),
    ({"memory": {"managedMemoryConfiguration": {"strategies": ["TELEPATHY"]}}},
     "memory.managedMemoryConfiguration.strategies[0]"),
    ({"memory": {"disabled": {}, "managedMemoryConfiguration": {}}}, "memory"),
    ({"truncation": {"strategy": "guillotine"}}, "truncation.strategy"),
])
def test_bad_config_names_the_field(make_memory: Callable[..., Memory], cfg: dict, field: str) -> None:
    with pytest.raises(ConfigError) as err:
        make_memory(cfg)
    assert err.value.field == field


def test_managed_shape_defaults(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory({"memory": {"managedMemoryConfiguration": {}},
                       "truncation": {"strategy": "sliding_window", "config": {"slidingWindow": {"messagesCount": 8}}}})
    strategies = mem.config.memory.strategies
    assert [s.type for s in strategies] == ["SEMANTIC", "SUMMARIZATION"]
    assert [s.namespace_template for s in strategies] == ["/facts/{actorId}/", "/summary/{actorId}/{sessionId}/"]
    assert [s.level for s in strategies] == ["actor", "session"]
    assert mem.config.harness.history.event_expiry_days == 30
    assert mem.config.harness.context.truncation.messages_count == 8


def test_reopen_keeps_everything(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(WIDE)
    mem.append(S1, [{"role": "user", "content": "persist me"}])
    r = mem.remember(S1, "Persisted record", scope="actor")
    mem.close()
    again = make_memory()
    assert [e.content for e in again.events(S1)] == ["persist me"]
    assert again.get(S2, r.id).summary == "Persisted record"


def test_embedder_change_is_detected_and_reembed_rewrites_vectors(make_memory: Callable[..., Memory]) -> None:
    from engram import EmbedderMismatch
    from engram.embedders import HashingEmbedder

    mem = make_memory(WIDE, embedder=HashingEmbedder(64))
    mem.append(S1, [{"role": "user", "content": "the blue heron nests by the river"}])
    mem.remember(S1, "Customer collects antique clocks", scope="actor")
    mem.close()
    with pytest.raises(EmbedderMismatch):
        make_memory(embedder=HashingEmbedder(128))
    again = make_memory(embedder=HashingEmbedder(128), reembed=True)
    hits = again.recall(S1, "antique clocks", mode="vector")
    assert hits and hits[0].record.summary == "Customer collects antique clocks"
    assert hits[0].parts.vector is not None
    assert again.search_history(S1, "heron river", mode="vector")[0].event.content.startswith("the blue heron")
    make_memory(embedder=HashingEmbedder(128))  # recorded: no mismatch any more
