"""The Twisp memory document (../shared/seeds/twisp-memory.md), top to bottom, on SQLite and PostgreSQL.

Every snippet runs as given, and every sentence that states behaviour has a test quoting it. The model,
where one is needed, is a scripted stand-in for the agent's reply model (tests.support.harness); the memory
review runs offline unless a test says otherwise.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from engram import Memory, Scope
from engram.errors import ConfigError, HistoryDisabled, PermissionDenied, PinBudgetExceeded, ScopeError
from engram.harness.agent import Agent
from engram.harness.tools import memory_specs
from tests.support.harness import model, say, use, user

MemoryFactory = Callable[..., Memory]
ACCT = Scope(agent="reviewer", session="acct-991")
ACCT2 = Scope(agent="reviewer", session="acct-992")
NO_SESSION = Scope(agent="reviewer")

# -- the snippets, verbatim -----------------------------------------------------------------------------------
HISTORY_SNIPPET = json.loads('{ "harness": { "history": { "index": "messages_and_tools" } } }')
MEMORY_SNIPPET = json.loads("""{
  "harness": {
    "memory": {
      "enabled": true,
      "scope": { "read": ["session"], "write": ["session"] },
      "tools": ["add_memory", "read_memory", "delete_memory"],
      "pinned": { "max_tokens": 2000 }
    }
  }
}""")
LABELS_SNIPPET = json.loads('{' + '"labels": { "customer_id": { "number": 5, "description": '
                            '"The customer the memory is about." } }' + '}')


def with_memory(**memory: Any) -> dict[str, Any]:
    """The memory snippet with some fields changed (the document's own variations)."""
    return {"harness": {"memory": {**MEMORY_SNIPPET["harness"]["memory"], **memory}}}


BOTH = with_memory(scope={"read": ["session", "agent"], "write": ["session", "agent"]})


# -- intro -----------------------------------------------------------------------------------------------------
def test_one_subject_never_reaches_the_sessions_about_another(make_memory: MemoryFactory) -> None:
    """"And what an agent learns about one subject, such as one account, must not reach the sessions about
    another unless you mean it to." """
    mem = make_memory(MEMORY_SNIPPET)
    mem.remember(ACCT, "Account 991 disputes two card charges")
    with mem.turn(ACCT) as t:
        t.append(user("I moved to Porto last month."))
    assert mem.list(ACCT) and mem.list(ACCT2) == []
    assert mem.recall(ACCT2, "card charges Porto", min_score=0.0) == []


# -- what stays in context -------------------------------------------------------------------------------------
def test_a_large_tool_result_is_set_aside_with_a_preview_and_a_reference(make_memory: MemoryFactory) -> None:
    """"Within a turn, a tool result larger than the offload threshold is set aside, leaving a preview and a
    reference the agent retrieves it with." """
    from engram.harness.tools import Tool
    from engram.models.base import ToolSpec

    cfg = with_memory(tools=["add_memory"])
    cfg["harness"]["context"] = {"offload_threshold_tokens": 100, "preview_tokens": 15}
    mem = make_memory(cfg)
    big = " ".join(f"line{i} ok" for i in range(400)) + " the damaged item is SKU-0003"
    lookup = Tool(ToolSpec("lookup", "look an order up", {"type": "object", "properties": {}}), lambda a: big)
    m = model(use("lookup"), lambda call: use("retrieve_result", ref=json.loads(call.messages[-1].content)["ref"]),
              say("SKU-0003 is damaged"))
    Agent(mem, m, tools=[lookup]).invoke(ACCT, user("what is damaged?"))
    stub = json.loads(m.calls[1].messages[-1].content)
    assert stub["ref"] and "preview" in stub and len(m.calls[1].messages[-1].content) < len(big)
    assert "retrieve_result" in m.calls[1].tools
    page = json.loads(m.calls[2].messages[-1].content)
    assert page["total_chars"] == len(big) and page["text"] == big[:len(page["text"])]
    assert page["next_offset"] is not None  # the agent reads on from there


def test_older_messages_are_summarized_keeping_the_latest_word_for_word(make_memory: MemoryFactory) -> None:
    """"As the conversation fills, older messages are summarized, keeping the latest few word for word." """
    cfg = with_memory()
    cfg["harness"]["context"] = {"truncation": {"strategy": "summarization", "messagesCount": 4, "keepLast": 2}}
    mem = make_memory(cfg)
    mem.append(ACCT, [{"role": "user" if i % 2 == 0 else "assistant", "content": f"message number {i}"}
                      for i in range(12)])
    m = model(say("ok"))
    Agent(mem, m).invoke(ACCT, user("the latest question"))
    seen = [x.content for x in m.calls[0].messages]
    assert seen[-1] == "the latest question" and "message number 11" in seen
    assert "message number 0" not in seen and "<summary>" in m.calls[0].system


def test_each_new_turn_continues_and_the_state_carries_forward_whole(make_memory: MemoryFactory) -> None:
    """"In a session, each new turn continues the conversation, and earlier turns' large tool results are
    replaced by a note naming the reference that returns them. The session's `state`, which every turn
    reports, carries forward whole." """
    mem = make_memory(with_memory())
    first = Agent(mem, model(use("update_state", patch={"reviewed_to": "2026-11-01", "open": ["F-1"]}),
                             say("reviewed"))).invoke(ACCT, user("review November"))
    m = model(say("continuing"))
    second = Agent(mem, m).invoke(ACCT, user("continue"))
    assert first.state == second.state == {"reviewed_to": "2026-11-01", "open": ["F-1"]}
    assert ("user", "review November") in [(x.role, x.content) for x in m.calls[0].messages]
    assert '"reviewed_to": "2026-11-01"' in m.calls[0].system


# -- session history ---------------------------------------------------------------------------------------------
def test_history_snippet_keeps_tool_results_searchable(make_memory: MemoryFactory) -> None:
    """```{ "harness": { "history": { "index": "messages_and_tools" } } }``` — "`messages_and_tools`: Also the
    results of the agent's tools, and their errors." """
    mem = make_memory(HISTORY_SNIPPET)
    assert mem.config.harness.history.index == "messages_and_tools"
    mem.append(ACCT, [{"role": "user", "content": "look up entry 4471"},
                      {"role": "assistant", "content": "", "tool_calls": [{"id": "c1", "name": "ledger",
                                                                           "arguments": {"entry": 4471}}]},
                      {"role": "tool", "tool_call_id": "c1", "name": "ledger",
                       "content": "entry 4471: 312.40 EUR to Acme, booked 2026-11-03"},
                      {"role": "tool", "tool_call_id": "c2", "name": "ledger", "content": "error: entry 9 not found"}])
    found = [h.event.content for h in mem.search_history(ACCT, "Acme 312.40") if h.event]
    assert found[0] == "entry 4471: 312.40 EUR to Acme, booked 2026-11-03"
    errors = [h.event.content for h in mem.search_history(ACCT, "entry 9 not found error") if h.event]
    assert errors[0] == "error: entry 9 not found"


def test_messages_index_keeps_messages_and_replies_only(make_memory: MemoryFactory) -> None:
    """"`messages`: Each turn's message, as the agent received it, and the agent's replies." """
    mem = make_memory({"harness": {"history": {"index": "messages"}}})
    mem.append(ACCT, [{"role": "user", "content": "the invoice INV-77 is late"},
                      {"role": "assistant", "content": "I will chase INV-77"},
                      {"role": "tool", "tool_call_id": "c1", "name": "crm", "content": "INV-77 owner: Rui Costa"}])
    got = {h.event.content for h in mem.search_history(ACCT, "INV-77", 10) if h.event}
    assert got == {"the invoice INV-77 is late", "I will chase INV-77"}


def test_index_none_keeps_nothing_searchable(make_memory: MemoryFactory) -> None:
    """"`none` (default): Nothing." """
    mem = make_memory({"harness": {"history": {"index": "none"}}})
    mem.append(ACCT, user("a detail"))
    with pytest.raises(HistoryDisabled):
        mem.search_history(ACCT, "detail")
    assert "search_history" not in {s.name for s in memory_specs(mem.config)}


def test_with_an_index_the_agent_has_search_history(make_memory: MemoryFactory) -> None:
    """"With an index, the agent has `search_history`. It ranks the kept events of the session's earlier
    turns by meaning, keywords, and recency, and the agent is told to search before guessing" """
    cfg = {"harness": {**MEMORY_SNIPPET["harness"], **HISTORY_SNIPPET["harness"]}}
    mem = make_memory(cfg)
    mem.append(ACCT, user("the wire to Acme was 312.40 EUR"))
    m = model(use("search_history", query="wire to Acme"), say("312.40 EUR"))
    Agent(mem, m).invoke(ACCT, user("how much was the Acme wire?"))
    assert "search_history" in m.calls[0].tools
    result = m.calls[1].tool_results()[0]["results"]
    assert result[0]["text"] == "the wire to Acme was 312.40 EUR"
    hit = mem.search_history(ACCT, "wire to Acme")[0]
    assert hit.parts.lexical is not None and hit.parts.vector is not None and hit.parts.recency is not None


def test_only_what_a_turn_commits_is_searchable(make_memory: MemoryFactory) -> None:
    """"Only what a turn commits is kept: a failed attempt stays in its transcript but is never searchable." """
    mem = make_memory(HISTORY_SNIPPET)
    with pytest.raises(RuntimeError), mem.turn(ACCT) as t:
        t.append(user("a failed attempt mentions zebra-42"))
        raise RuntimeError("the turn failed")
    assert mem.search_history(ACCT, "zebra-42") == [] and mem.events(ACCT) == []


def test_history_never_crosses_sessions(make_memory: MemoryFactory) -> None:
    """"History never crosses sessions: an agent searches only its own session's turns, and an agent
    without sessions has none." """
    mem = make_memory(HISTORY_SNIPPET)
    mem.append(ACCT, user("acct 991 owes 40 EUR"))
    assert mem.search_history(ACCT2, "owes 40 EUR") == []
    with pytest.raises(Exception) as err:
        mem.search_history(NO_SESSION, "owes")
    assert getattr(err.value, "field", "") == "scope.session"


# -- agent memory ------------------------------------------------------------------------------------------------
def test_memory_snippet_runs_and_keeps_durable_facts(make_memory: MemoryFactory) -> None:
    """The agent-memory snippet, verbatim: "With `harness.memory.enabled`, an agent keeps durable facts it
    learns as **memory records**." """
    mem = make_memory(MEMORY_SNIPPET)
    cfg = mem.config.memory
    assert cfg.enabled and cfg.scope.read == ("session",) and cfg.pinned.max_tokens == 2000
    reply = Agent(mem, model(say("noted"))).invoke(ACCT, user("I moved to Porto last month."))
    assert reply.events
    assert any("Porto" in r.summary for r in mem.list(ACCT))


def test_an_agent_never_sees_another_agents_memory(make_memory: MemoryFactory) -> None:
    """"A record belongs to one agent, and an agent never sees another agent's memory." """
    mem = make_memory(BOTH)
    mem.remember(Scope("reviewer"), "Escalate overdrafts above 400 EUR", scope="agent")
    other = Scope(agent="auditor", session="acct-991")
    assert mem.recall(other, "escalate overdrafts", min_score=0.0) == [] and mem.list(other) == []


def test_session_scope_only_the_session_that_wrote_it(make_memory: MemoryFactory) -> None:
    """"**`SESSION`**: only the session that wrote it. What the agent learns about one account stays with
    that account's session." """
    mem = make_memory(BOTH)
    rec = mem.remember(ACCT, "Account 991 is overdrawn", scope="session")
    assert [r.id for r in mem.list(ACCT)] == [rec.id] and mem.list(ACCT2) == []


def test_agent_scope_informs_every_session_that_reads_it(make_memory: MemoryFactory) -> None:
    """"**`AGENT`**: every session of the agent that reads agent scope, so what it learns in one session
    informs the next." """
    mem = make_memory(BOTH)
    rec = mem.remember(ACCT, "Operator: escalate overdrafts above 400 EUR", scope="agent")
    assert rec.id in {h.record.id for h in mem.recall(ACCT2, "escalate overdrafts", min_score=0.0) if h.record}
    narrow = make_memory(MEMORY_SNIPPET)  # reads session scope only
    assert narrow.recall(ACCT2, "escalate overdrafts", min_score=0.0) == []


def test_scopes_default_to_session(make_memory: MemoryFactory) -> None:
    """"`harness.memory.scope` sets which scopes the agent reads and writes. Both default to
    `["session"]`, which keeps every session's data to itself." """
    mem = make_memory({"harness": {"memory": {"enabled": True}}})
    assert mem.config.memory.scope.read == ("session",) and mem.config.memory.scope.write == ("session",)
    with pytest.raises(PermissionDenied):
        mem.remember(ACCT, "x", scope="agent")


def test_when_write_includes_both_the_agent_chooses(make_memory: MemoryFactory) -> None:
    """"When `write` includes both, the agent chooses the scope of each record." """
    mem = make_memory(BOTH)
    spec = next(s for s in memory_specs(mem.config) if s.name == "add_memory")
    assert spec.parameters["properties"]["scope"]["enum"] == ["session", "agent"]
    m = model(use("add_memory", summary="Account 991 is frozen", scope="session"),
              use("add_memory", summary="Never waive fees above 50 EUR", scope="agent"), say("saved"))
    Agent(mem, m).invoke(ACCT, user("note these"))
    levels = {r.summary: r.level for r in mem.list(ACCT)}
    assert levels["Account 991 is frozen"] == "session" and levels["Never waive fees above 50 EUR"] == "agent"


def test_an_agent_without_a_session_uses_agent_scope(make_memory: MemoryFactory) -> None:
    """"An agent without a session has no session scope, so it sets both to `["agent"]`." — and, from
    Choosing settings: "Every run then shares one memory, so declare labels for the subjects records are
    about, and let searches filter on them." """
    mem = make_memory(with_memory(scope={"read": ["agent"], "write": ["agent"]},
                                  **LABELS_SNIPPET))
    a = mem.remember(NO_SESSION, "Customer 5521 prefers email", scope="agent", labels={"customer_id": "5521"})
    mem.remember(NO_SESSION, "Customer 7 prefers phone", scope="agent", labels={"customer_id": "7"})
    with pytest.raises((ScopeError, PermissionDenied)):
        mem.remember(NO_SESSION, "x", scope="session")
    hits = mem.recall(NO_SESSION, "prefers", labels={"customer_id": "5521"}, min_score=0.0)
    assert [h.record.id for h in hits if h.record] == [a.id]


# -- how memory is written --------------------------------------------------------------------------------------
def test_extraction_reviews_the_turn_and_adds_replaces_or_skips(make_memory: MemoryFactory) -> None:
    """"When a turn ends, the agent reviews the conversation for what is worth remembering. It compares each
    candidate with the most similar records it already has, and adds it, replaces a record it corrects,
    deletes a record it shows wrong, or skips it, so restated facts do not pile up." """
    mem = make_memory(MEMORY_SNIPPET)
    with mem.turn(ACCT) as t1:
        t1.append(user("I moved to Porto last month."))
    [porto] = t1.written
    with mem.turn(ACCT) as t2:
        t2.append(user("Correction: I moved to Lisbon, not Porto."))
    [lisbon] = t2.written
    assert lisbon.replaces == porto.id and mem.get(ACCT, porto.id).status == "superseded"
    with mem.turn(ACCT) as t3:
        t3.append(user("I moved to Lisbon."))
    assert t3.written == []  # skipped: restated
    with mem.turn(ACCT) as t4:
        t4.append(user("I no longer live in Lisbon."))
    assert mem.get(ACCT, lisbon.id).status in ("deleted", "superseded")
    assert all("Lisbon" not in r.summary or r.summary.startswith(("No longer", "Retracted")) for r in mem.list(ACCT))


def test_extraction_every_messages(make_memory: MemoryFactory) -> None:
    """"`every` sets how often the review runs: every turn, or once enough messages were added." and
    "Extraction costs too much: Set `extraction.every` to `{"messages": N}`" """
    mem = make_memory(with_memory(extraction={"every": {"messages": 3}}))
    with mem.turn(ACCT) as t:
        t.append(user("I moved to Porto last month."))
    assert t.written == []
    with mem.turn(ACCT) as t:
        t.append([{"role": "assistant", "content": "Noted."}, {"role": "user", "content": "Thanks."}])
    assert any("Porto" in r.summary for r in t.written)


def test_extraction_prompt_replaces_the_default_instructions() -> None:
    """"`harness.memory.extraction.prompt` replaces the default instructions for what to keep" """
    from engram.config import load_config
    from engram.review import strategies
    from engram.strategies.facts import system_prompt

    prompt = "Keep only amounts and dates about the account."
    cfg = load_config(with_memory(extraction={"prompt": prompt}))
    [review] = strategies(cfg.memory, ACCT, with_model=True)
    text = system_prompt(review)
    assert text.startswith(prompt) and "Extract durable memories" not in text


def test_each_review_is_a_memory_call_counting_against_the_turns_limits(make_memory: MemoryFactory) -> None:
    """"Each review is a model call with purpose `memory` that counts against the turn's limits;
    `harness.memory.model` can name a cheaper model for it." """
    from tests.support.review_server import model_at, play
    from tests.support.wire import serve

    with serve(handler=play) as srv:
        mem = make_memory(MEMORY_SNIPPET, model=model_at(srv, "cheaper"))
        reply = Agent(mem, model_at(srv, "main")).invoke(ACCT, user("Account 991 is frozen."))
        assert reply.usage.calls == {"reply": 1, "memory": 1}
        assert [r.json["model"] for r in srv.requests] == ["main", "cheaper"]
        capped = Agent(mem, model_at(srv, "main"), limits={"maxIterations": 1})
        capped.invoke(ACCT, user("Account 991 is frozen again."))
        assert mem.jobs(ACCT, status="pending")  # no room left: deferred to a job, not dropped


def test_memory_tools_add_read_delete_and_replaces(make_memory: MemoryFactory) -> None:
    """"With `harness.memory.tools`, the agent can also save a fact as it learns it with `add_memory`, read
    one record with `read_memory`, and delete one with `delete_memory`. `add_memory` can name a record it
    `replaces`, which becomes `SUPERSEDED`." """
    mem = make_memory(MEMORY_SNIPPET)
    old = mem.remember(ACCT, "Credit limit is 300 EUR")
    doomed = mem.remember(ACCT, "Card ending 4242 is active")
    m = model(use("add_memory", summary="Credit limit is 800 EUR", replaces=old.id),
              use("read_memory", id=old.id), use("delete_memory", id=doomed.id), say("done"))
    Agent(mem, m).invoke(ACCT, user("update the limit; the card is gone"))
    assert set(m.calls[0].tools) >= {"add_memory", "read_memory", "delete_memory"}
    assert m.calls[2].tool_results()[0]["summary"] == "Credit limit is 300 EUR"
    assert mem.get(ACCT, old.id).status == "superseded" and mem.get(ACCT, doomed.id).status == "deleted"
    assert any(r.summary == "Credit limit is 800 EUR" and r.replaces == old.id for r in mem.list(ACCT))


def test_no_tool_the_config_does_not_name_is_offered(make_memory: MemoryFactory) -> None:
    """"The agent should record facts as it learns them, not only after a turn: Add `add_memory` to
    `harness.memory.tools`." (without it, the agent has no `add_memory`) """
    without = make_memory(with_memory(tools=[]))
    m = model(say("ok"))
    Agent(without, m).invoke(ACCT, user("hi"))
    assert "add_memory" not in m.calls[0].tools and "delete_memory" not in m.calls[0].tools


def test_memory_is_written_in_the_turns_transaction(make_memory: MemoryFactory) -> None:
    """"Memory is written in the turn's transaction, so a turn that rolls back leaves no record." """
    mem = make_memory(MEMORY_SNIPPET)

    def boom(call: Any) -> Any:
        raise RuntimeError("the model failed mid-turn")

    with pytest.raises(RuntimeError):
        Agent(mem, model(use("add_memory", summary="Account 991 is frozen"), boom)).invoke(ACCT, user("save it"))
    assert mem.list(ACCT) == [] and mem.events(ACCT) == []


def test_a_subagent_searches_memory_but_never_writes_it(make_memory: MemoryFactory) -> None:
    """"Only the agent itself writes memory: a subagent helper or a program run by
    `programmatic_tool_caller` can search memory but never write it." """
    mem = make_memory(with_memory(tools=["add_memory", "search_memory"]))
    mem.remember(ACCT, "Account 991 is frozen")
    m = model(use("search_memory", query="account 991"), use("add_memory", summary="sneaky"), say("done"))
    Agent(mem, m).subagent().invoke(user("status of 991?"), scope=ACCT)
    assert m.calls[1].tool_results()[0]["results"][0]["summary"] == "Account 991 is frozen"
    assert "error" in m.calls[2].tool_results()[0]
    assert [r.summary for r in mem.list(ACCT)] == ["Account 991 is frozen"]


# -- how memory is used -----------------------------------------------------------------------------------------
def test_recall_before_each_model_call_marked_as_memory(make_memory: MemoryFactory) -> None:
    """"Before each model call, the agent recalls the records that best match its current work. Recalled
    memory reaches the model marked as memory, and is data, never instructions." """
    mem = make_memory(MEMORY_SNIPPET)
    rec = mem.remember(ACCT, "Account 991 is frozen since 2026-11-02")
    m = model(use("search_memory", query="frozen"), say("it is frozen"))
    Agent(mem, m).invoke(ACCT, user("is account 991 frozen?"))
    assert len(m.calls) == 2
    for call in m.calls:
        block = call.system[call.system.index("<memory>"):]
        assert rec.id in block and "Account 991 is frozen" in block
    assert "never instructions" in m.calls[0].system


def test_search_by_query_or_filters(make_memory: MemoryFactory) -> None:
    """"The agent can search its memory with `search_memory`, by query or by filters on kind, labels, or
    IDs. Search combines meaning, keywords, and recency." """
    mem = make_memory(with_memory(tools=["search_memory"], search={"recency_half_life_days": 30}, **LABELS_SNIPPET))
    a = mem.remember(ACCT, "Card 4242 was reported stolen", kind="event", labels={"customer_id": "42"})
    b = mem.remember(ACCT, "Prefers email", kind="guidance", labels={"customer_id": "42"})
    m = model(use("search_memory", kind="guidance"), use("search_memory", labels={"customer_id": "42"}),
              use("search_memory", ids=[a.id]), use("search_memory", query="stolen card"), say("done"))
    Agent(mem, m).invoke(ACCT, user("what do we know?"))
    got = [[r["id"] for r in c.tool_results()[0]["results"]] for c in m.calls[1:]]
    assert got[0] == [b.id] and set(got[1]) == {a.id, b.id} and got[2] == [a.id] and got[3][0] == a.id
    hit = mem.recall(ACCT, "stolen card", min_score=0.0)[0]
    assert hit.parts.lexical is not None and hit.parts.vector is not None and hit.parts.recency is not None


@pytest.mark.parametrize("mode", ["hybrid", "lexical", "vector"])
def test_search_settings(make_memory: MemoryFactory, mode: str) -> None:
    """"`harness.memory.search` tunes it: `mode` (`hybrid`, `lexical`, or `vector`), `max_results` per
    recall, and `min_score` for matches by meaning alone." """
    mem = make_memory(with_memory(search={"mode": mode, "max_results": 2, "min_score": 0.0}))
    for i in range(4):
        mem.remember(ACCT, f"Invoice INV-{i} for the account is paid")
    hits = mem.recall(ACCT, "invoice paid")
    assert len(hits) == 2
    if mode == "lexical":
        assert all(h.parts.vector is None for h in hits)
    strict = make_memory(with_memory(search={"mode": "vector", "min_score": 1.0}))
    assert strict.recall(ACCT, "something unrelated about weather") == []


def test_pins_are_listed_every_turn_within_their_budget(make_memory: MemoryFactory) -> None:
    """"With `harness.memory.pinned`, the agent may pin a record, and every turn's instructions list the
    summary and ID of each pinned record it reads. ... `max_tokens` is their budget: a pin that would exceed
    it is refused, and the agent is told to consolidate several pins into one." """
    mem = make_memory(with_memory(pinned={"max_tokens": 12}))
    ruling = mem.remember(ACCT, "Operator ruling: waive the 5 EUR fee", pin=True)
    m = model(say("ok"))
    Agent(mem, m).invoke(ACCT, user("anything pinned?"))
    assert ruling.id in m.calls[0].system and "waive the 5 EUR fee" in m.calls[0].system
    with pytest.raises(PinBudgetExceeded) as err:
        mem.remember(ACCT, "A second long ruling that cannot fit in the small budget at all", pin=True)
    assert "consolidate" in str(err.value)


def test_every_recall_that_reached_the_model_is_a_retrieved_use(make_memory: MemoryFactory) -> None:
    """"Every recall and search whose records reached the model is recorded as a `RETRIEVED` output use, so
    you can see which memories informed a decision." """
    mem = make_memory(MEMORY_SNIPPET)
    rec = mem.remember(ACCT, "Account 991 is frozen")
    reply = Agent(mem, model(say("frozen"))).invoke(ACCT, user("is account 991 frozen?"))
    [u] = mem.uses(ACCT, rec.id)
    assert u.turn_id == reply.turn_id and u.call_index == 0 and 0 < u.score <= 1


# -- kinds and labels -------------------------------------------------------------------------------------------
def test_kinds_default_and_labels_snippet(make_memory: MemoryFactory) -> None:
    """"Its `kind` is one of the kinds the agent declares in `harness.memory.kinds`, by default `guidance`,
    `fact`, `event`, and `reference`. **Labels** are exact values that searches filter on" (the labels
    snippet, verbatim) """
    mem = make_memory(with_memory(**LABELS_SNIPPET))
    assert mem.config.memory.kinds == ("guidance", "fact", "event", "reference")
    assert mem.config.memory.labels["customer_id"].number == 5
    rec = mem.remember(ACCT, "Disputes two charges", content="Charges of 12 and 40 EUR on 2026-11-03",
                       kind="event", labels={"customer_id": "42"})
    assert (rec.summary, rec.content, rec.kind) == ("Disputes two charges", "Charges of 12 and 40 EUR on 2026-11-03",
                                                    "event")
    with pytest.raises(Exception) as err:
        mem.remember(ACCT, "x", kind="gossip")
    assert getattr(err.value, "field", "") == "kind"
    assert mem.list(ACCT, labels={"customer_id": "7"}) == []


def test_a_label_keeps_its_number(make_memory: MemoryFactory) -> None:
    """"Once a version declares a label, later versions keep it with the same number." """
    mem = make_memory(with_memory(**LABELS_SNIPPET))
    renumbered = with_memory(labels={"customer_id": {"number": 6, "description": "The customer."}})
    with pytest.raises(ConfigError) as err:
        mem.set_config(renumbered)
    assert "customer_id" in (err.value.field or "")


# -- preview ------------------------------------------------------------------------------------------------------
def test_preview_memory_is_read_by_preview_turns_only(make_memory: MemoryFactory) -> None:
    """"An agent in preview mode writes memory marked `preview`. Later preview turns read it, but a live turn
    never does" """
    mem = make_memory(MEMORY_SNIPPET)
    Agent(mem, model(use("add_memory", summary="Refund of 30 EUR was promised"), say("ok"))).invoke(
        ACCT, user("promise a refund"), preview=True)
    [rec] = mem.list(ACCT, preview=True)
    assert rec.preview and mem.list(ACCT) == []
    m_live, m_prev = model(say("live")), model(say("preview"))
    Agent(mem, m_live).invoke(ACCT, user("was a refund promised?"))
    Agent(mem, m_prev).invoke(ACCT, user("was a refund promised?"), preview=True)
    assert "Refund of 30 EUR" not in m_live.calls[0].system and "Refund of 30 EUR" in m_prev.calls[0].system


def test_a_preview_turn_never_changes_a_live_record(make_memory: MemoryFactory) -> None:
    """"A preview turn never changes a record a live turn wrote: it writes a preview record that names the
    record it would replace or delete, so `Action.memories` shows exactly what the preview would have
    changed." """
    mem = make_memory(MEMORY_SNIPPET)
    live = mem.remember(ACCT, "Credit limit is 300 EUR")
    gone = mem.remember(ACCT, "Card 4242 is active")
    Agent(mem, model(use("add_memory", summary="Credit limit is 800 EUR", replaces=live.id),
                     use("delete_memory", id=gone.id), say("ok"))).invoke(ACCT, user("change it"), preview=True)
    assert mem.get(ACCT, live.id).status == "active" and mem.get(ACCT, gone.id).status == "active"
    shadow = [r for r in mem.list(ACCT, preview=True) if r.preview]
    assert {(r.replaces, r.deletes) for r in shadow} == {(live.id, None), (None, gone.id)}
    ids = {h.record.id for h in mem.recall(ACCT, "credit limit card", min_score=0.0, preview=True) if h.record}
    assert live.id not in ids and gone.id not in ids


def test_preview_history_is_searched_only_by_preview_turns(make_memory: MemoryFactory) -> None:
    """"Preview history is likewise searched only by preview turns." """
    cfg = {"harness": {**MEMORY_SNIPPET["harness"], **HISTORY_SNIPPET["harness"]}}
    mem = make_memory(cfg)
    Agent(mem, model(say("ok"))).invoke(ACCT, user("preview: the payout code is PX-555"), preview=True)
    assert mem.search_history(ACCT, "payout code PX-555") == []
    assert mem.search_history(ACCT, "payout code PX-555", preview=True)[0].event.content == \
        "preview: the payout code is PX-555"  # type: ignore[union-attr]
    m = model(use("search_history", query="payout code"), say("PX-555"))
    Agent(mem, m).invoke(ACCT, user("what was the payout code?"), preview=True)
    assert "PX-555" in json.dumps(m.calls[1].tool_results())
    m2 = model(use("search_history", query="payout code"), say("none"))
    Agent(mem, m2).invoke(ACCT, user("what was the payout code?"))
    assert "PX-555" not in json.dumps(m2.calls[1].tool_results())


# -- reviewing and deleting ----------------------------------------------------------------------------------------
def test_records_listed_newest_first_with_their_history_and_writer(make_memory: MemoryFactory) -> None:
    """"`Action.memories` lists an agent's records, newest first, and `agentMemory` reads one with its
    history. Each record names the execution, agent version, and session that wrote it." """
    mem = make_memory(with_memory(agent_version="v7"))
    first = mem.remember(ACCT, "First fact")
    second = mem.remember(ACCT, "Second fact", replaces=None)
    assert [r.id for r in mem.list(ACCT)] == [second.id, first.id]
    with mem.turn(ACCT) as t:
        rec = t.remember("Third fact")
    got = mem.get(ACCT, rec.id)
    assert got.provenance.turn_id == t.id and got.provenance.agent_version == "v7"
    assert got.provenance.session == "acct-991"
    assert [v.op for v in mem.history(ACCT, rec.id)] == ["create"]


def test_delete_removes_from_recall_and_versions_stay_readable(make_memory: MemoryFactory) -> None:
    """"`deleteAgentMemory` removes a record from recall; the record and its versions stay readable." """
    mem = make_memory(MEMORY_SNIPPET)
    rec = mem.remember(ACCT, "Card 4242 is active")
    mem.forget(ACCT, rec.id)
    assert mem.recall(ACCT, "card 4242", min_score=0.0) == []
    assert mem.get(ACCT, rec.id).status == "deleted"
    assert [v.op for v in mem.history(ACCT, rec.id)] == ["create", "delete"]


# -- choosing settings ---------------------------------------------------------------------------------------------
def test_what_one_session_learns_informs_all_with_agent_scope(make_memory: MemoryFactory) -> None:
    """"What one session learns should inform all of them: Add `agent` to `scope.read` and `scope.write`,
    and tell the agent in `extraction.prompt` which facts belong in agent scope." """
    mem = make_memory(with_memory(scope={"read": ["session", "agent"], "write": ["session", "agent"]},
                                  extraction={"prompt": "Operator rules for every account belong in agent scope."}))
    assert mem.config.memory.extraction.prompt and mem.config.memory.extraction.review
    mem.remember(ACCT, "Operator rule: never waive fees above 50 EUR", scope="agent")
    assert mem.recall(ACCT2, "waive fees", min_score=0.0)


def test_the_next_turn_needs_a_fact_put_it_in_state(make_memory: MemoryFactory) -> None:
    """"The next turn needs a fact to do its work: Put it in the session's `state`" """
    mem = make_memory(MEMORY_SNIPPET)
    Agent(mem, model(say("ok"))).invoke(ACCT, user("start"), state={"reviewed_to": "2026-10-31"})
    m = model(say("ok"))
    reply = Agent(mem, m).invoke(ACCT, user("next"))
    assert reply.state == {"reviewed_to": "2026-10-31"} and "2026-10-31" in m.calls[0].system


def test_a_long_session_loses_details_enable_history(make_memory: MemoryFactory) -> None:
    """"A long session loses details to summaries: Enable `harness.history`; use `messages_and_tools` if the
    details are in tool results." """
    cfg = {"harness": {**HISTORY_SNIPPET["harness"],
                       "context": {"truncation": {"strategy": "summarization", "messagesCount": 4, "keepLast": 2}}}}
    mem = make_memory(cfg)
    mem.append(ACCT, [{"role": "tool", "tool_call_id": "c1", "name": "ledger",
                       "content": "entry 4471: 312.40 EUR to Acme"}]
               + [{"role": "user", "content": f"filler {i}"} for i in range(10)])
    assert mem.search_history(ACCT, "Acme 312.40")[0].event.content == "entry 4471: 312.40 EUR to Acme"  # type: ignore[union-attr]
