"""The Twisp shape (``{"harness": ...}``) starts from the Twisp document's defaults, on every face.

"`none` (default) | Nothing.": history search is off unless an index is named, while events are still stored and
reloaded; "With an index, the agent has `search_history`" and "an agent without sessions has none": no face offers
it where there is no session. "With `harness.memory.enabled`, an agent keeps durable facts": without it no memory
tool is offered anywhere. engram's own default and the AgentCore shape keep ``messages``. Also: a correction
(``replaces``) keeps the labels of the record it corrects, and ``engram recall`` filters by label and kind as
``Memory.recall`` does. Real SQLite files and PostgreSQL, a real uvicorn server, the MCP SDK client, the CLI as a
subprocess.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engram import Memory, Scope
from engram.config import DEFAULT_KINDS
from engram.errors import ConfigError, EngramError, HistoryDisabled
from engram.harness.agent import Agent
from engram.harness.tools import HISTORY_HINT
from engram.http.app import create_app
from engram.keys import create_key
from tests.support.harness import model, say, use, user
from tests.support.servers import uvicorn_thread
from tests.support.tool_faces import engram, error_json, http_tools, mcp_session_call, ok_json

MEMORY_TOOLS = {"add_memory", "read_memory", "delete_memory", "search_memory"}
S1 = Scope("tw", session="s1")
LABELS = {"customer_id": {"number": 5, "description": "The customer the memory is about."}}


def test_the_twisp_shape_starts_from_the_documents_defaults(make_memory: Callable[..., Memory]) -> None:
    """``{"harness": {"memory": {"enabled": true}}}``: history index ``none``, session scopes, the four kinds, the
    review every turn, older messages summarized, ``search_memory`` and ``retrieve_result`` only. Without
    ``enabled`` memory is off; engram's default and the AgentCore shape keep ``messages``."""
    mem = make_memory()
    mem.configure("tw", {"harness": {"memory": {"enabled": True}}})
    cfg = mem.config_for("tw")
    assert cfg.harness.history.index == "none"
    m = cfg.memory
    assert m.enabled and m.scope.read == m.scope.write == ("session",) and m.kinds == DEFAULT_KINDS
    assert m.strategies == () and m.extraction.review and m.extraction.trigger == "turn_end"
    assert m.tools == ("search_memory", "retrieve_result")
    assert cfg.harness.context.truncation.strategy == "summarization"
    mem.configure("hist", {"harness": {"history": {"index": "messages_and_tools"}}})  # the document's snippet
    hist = mem.config_for("hist")
    assert hist.harness.history.index == "messages_and_tools" and not hist.memory.enabled
    assert hist.memory.tools == ("search_history", "retrieve_result")
    mem.configure("bare", {"harness": {}})
    assert not mem.config_for("bare").memory.enabled and mem.config_for("bare").harness.history.index == "none"
    assert mem.config_for("nobody").harness.history.index == "messages"  # engram's own default
    assert mem.config_for("nobody").harness.context.truncation.strategy == "sliding_window"
    mem.configure("ac", {"memory": {"managedMemoryConfiguration": {"strategies": ["SEMANTIC"]}}})
    assert mem.config_for("ac").harness.history.index == "messages"


@pytest.mark.parametrize("name", ["strategies", "tools", "model", "extraction"])
def test_settings_of_enabled_memory_without_enabled_are_refused(make_memory: Callable[..., Memory],
                                                                 name: str) -> None:
    """A harness document that sets up what only enabled memory does, without ``"enabled": true``, would do
    nothing: refused naming the field (and storing nothing); with ``"enabled": true`` it is taken."""
    value: Any = {"strategies": [{"type": "SEMANTIC"}], "tools": ["add_memory"], "model": "openai:gpt-4o-mini",
                  "extraction": {"every": "turn"}}[name]
    mem = make_memory()
    with pytest.raises(ConfigError) as err:
        mem.configure("tw", {"harness": {"memory": {name: value}}})
    assert err.value.field == f"harness.memory.{name}" and '"enabled": true' in err.value.message
    assert mem.config_history("tw") == []
    mem.configure("tw", {"harness": {"memory": {"enabled": True, name: value}}})
    assert mem.config_for("tw").memory.enabled


def test_index_none_stores_and_reloads_events_but_searches_nothing(make_memory: Callable[..., Memory]) -> None:
    """Under the Twisp default the second turn still sees the first (its events are stored and reloaded), but
    ``search_history`` is not offered, the instructions do not mention it, and searching is refused naming the
    setting; naming an index offers it."""
    mem = make_memory()
    mem.configure("tw", {"harness": {"memory": {"enabled": True}}})
    m = model(say("Noted."), say("4,312.77 EUR."))
    agent = Agent(mem, m, state_tool=False)
    agent.invoke(S1, user("The disputed amount is 4,312.77 EUR, ticket T-9912."))
    agent.invoke(S1, user("What was the disputed amount?"))
    second = m.calls[1]
    assert any("T-9912" in msg.content for msg in second.messages)  # short-term memory: reloaded
    assert "search_history" not in second.tools and HISTORY_HINT not in second.system
    assert [e.role for e in mem.events(S1)] == ["user", "assistant", "user", "assistant"]
    with pytest.raises(HistoryDisabled) as err:
        mem.search_history(S1, "disputed amount")
    assert err.value.field == "harness.history.index"
    mem.configure("tw", {"harness": {"memory": {"enabled": True}, "history": {"index": "messages"}}})
    m2 = model(say("ok"))
    Agent(mem, m2, state_tool=False).invoke(Scope("tw", session="s2"), user("hello"))
    assert "search_history" in m2.calls[0].tools and HISTORY_HINT in m2.calls[0].system


OFF = [
    ({"harness": {"memory": {"enabled": False}}}, set()),
    ({"harness": {"history": {"index": "messages"}}}, {"search_history"}),
    ({"harness": {"memory": {"enabled": False, "tools": ["search_history", "retrieve_result"]},
                  "history": {"index": "messages_and_tools"}}}, {"search_history"}),
]


@pytest.mark.anyio
@pytest.mark.parametrize(("config", "history"), OFF)
async def test_memory_that_is_not_enabled_offers_no_memory_tool_anywhere(
        make_memory: Callable[..., Memory], config: dict[str, Any], history: set[str]) -> None:
    """``enabled: false``, or no ``enabled`` at all: HTTP (at the session path), MCP and the harness offer no memory
    tool, only ``search_history`` with an index and ``retrieve_result`` (offloading, which MCP has not); the
    harness recalls nothing into the instructions."""
    pytest.importorskip("mcp")
    mem = make_memory()
    mem.configure("tw", config)
    assert "search_memory" not in mem.config_for("tw").memory.tools
    mem.remember(S1, "Locker code is 4471", kind="fact")  # the library still writes when asked
    key, _ = create_key(mem.store, "tw")
    with uvicorn_thread(create_app(mem)) as base:
        assert set(http_tools(base, key, S1)) == history | {"retrieve_result"}
        assert set(http_tools(base, key, Scope("tw"))) == {"retrieve_result"}
    names, _ = await mcp_session_call(mem, S1)
    assert names == history
    m = model(say("ok"))
    Agent(mem, m, state_tool=False).invoke(S1, user("What is my locker code?"))
    assert set(m.calls[0].tools) == history | {"retrieve_result"}
    assert "4471" not in m.calls[0].system


@pytest.mark.anyio
async def test_no_session_no_search_history_whatever_the_index(make_memory: Callable[..., Memory]) -> None:
    """"an agent without sessions has none": with an index, a session's listing offers ``search_history``; the
    agent's and an actor's paths, MCP bound to no session and a harness run without a session do not, and the
    library refuses the search naming ``scope.session``."""
    pytest.importorskip("mcp")
    mem = make_memory()
    mem.configure("tw", {"harness": {"memory": {"enabled": True}, "history": {"index": "messages"}}})
    mem.configure("lone", {"harness": {"memory": {"enabled": True, "scope": {"read": ["agent"], "write": ["agent"]},
                                                  "tools": ["add_memory"]}, "history": {"index": "messages"}}})
    key, _ = create_key(mem.store, "tw")
    with uvicorn_thread(create_app(mem)) as base:
        assert "search_history" in http_tools(base, key, S1)
        assert "search_history" in http_tools(base, key, Scope("tw", "u1", "s1"))
        for where in (Scope("tw"), Scope("tw", "u1")):
            listed = http_tools(base, key, where)
            assert "search_history" not in listed and "search_memory" in listed, where
    assert "search_history" in (await mcp_session_call(mem, S1))[0]
    lone = Scope("lone")
    names, _ = await mcp_session_call(mem, lone)
    assert names == {"add_memory", "search_memory"}
    m = model(say("ok"))
    Agent(mem, m, state_tool=False).invoke(lone, user("hello"))
    assert set(m.calls[0].tools) == {"add_memory", "search_memory", "retrieve_result"}
    assert HISTORY_HINT not in m.calls[0].system
    with pytest.raises(EngramError):  # no session to search (and this agent reads no session's events)
        mem.search_history(lone, "hello")


# -- a correction keeps what the record was about ----------------------------------------------------------------
LABELLED = {"harness": {"memory": {"enabled": True, "labels": LABELS, "extraction": {"review": False},
                                   "tools": ["add_memory", "read_memory", "delete_memory"]}}}


def test_a_correction_keeps_the_labels_unless_it_names_its_own(make_memory: Callable[..., Memory]) -> None:
    """``remember(replaces=)`` without ``labels``: the new record keeps the old one's, so a label-filtered recall
    finds the corrected fact; ``labels`` given replace them (``{}``: none)."""
    mem = make_memory()
    mem.configure("tw", LABELLED)
    old = mem.remember(S1, "Customer 991 disputes invoice INV-5", labels={"customer_id": "991"})
    new = mem.remember(S1, "Customer 991 disputes invoice INV-6, not INV-5", replaces=old.id)
    assert new.labels == {"customer_id": "991"} and mem.get(S1, old.id).status == "superseded"
    found = mem.recall(S1, "disputed invoice", labels={"customer_id": "991"})
    assert [h.record.id for h in found if h.record is not None] == [new.id]
    moved = mem.remember(S1, "Customer 992 disputes invoice INV-6", replaces=new.id, labels={"customer_id": "992"})
    assert moved.labels == {"customer_id": "992"}
    bare = mem.remember(S1, "Someone disputes invoice INV-6", replaces=moved.id, labels={})
    assert bare.labels == {}


@pytest.mark.anyio
async def test_add_memory_replaces_keeps_the_labels_on_every_face(make_memory: Callable[..., Memory]) -> None:
    """The harness's ``add_memory`` and MCP's: a correction naming only ``replaces`` is still found by
    ``search_memory`` filtered on the old record's label."""
    pytest.importorskip("mcp")
    mem = make_memory()
    mem.configure("tw", LABELLED)
    first = mem.remember(S1, "Customer 991 prefers PDF invoices", kind="guidance", labels={"customer_id": "991"})
    m = model(use("add_memory", summary="Customer 991 prefers paper invoices", kind="guidance", replaces=first.id),
              use("search_memory", labels={"customer_id": "991"}), say("ok"))
    Agent(mem, m, state_tool=False).invoke(S1, user("They switched to paper invoices."))
    added = m.calls[1].tool_results()[0]
    assert [r["id"] for r in m.calls[2].tool_results()[0]["results"]] == [added["id"]]
    assert mem.get(S1, added["id"]).labels == {"customer_id": "991"}
    _, done = await mcp_session_call(mem, S1, "add_memory", {"summary": "Customer 991 prefers e-mailed invoices",
                                                              "kind": "guidance", "replaces": added["id"]})
    assert mem.get(S1, done["id"]).labels == {"customer_id": "991"}
    hits = mem.recall(S1, "invoices", labels={"customer_id": "991"})
    assert [h.record.id for h in hits if h.record is not None] == [done["id"]]


# -- the command line ------------------------------------------------------------------------------------------
CLI_CONFIG = {"harness": {"memory": {"embedder": "hashing", "labels": LABELS,
                                     "scope": {"read": ["session", "actor"], "write": ["session", "actor"]}},
                          "history": {"index": "messages_and_tools"}}}


@pytest.fixture
def cli_db(tmp_path: Path) -> list[str]:
    """A SQLite file with three records of customers 43 and 44 and a session's events, for ``engram``."""
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    mem = Memory.open(url, config=CLI_CONFIG)
    s = Scope("bot", "c1", "s1")
    mem.remember(s, "Customer 43 order status: shipped", labels={"customer_id": "43"})
    mem.remember(s, "Customer 44 order status: delayed", labels={"customer_id": "44"})
    mem.remember(s, "Ask customer 43 before changing order status", kind="guidance", labels={"customer_id": "43"})
    mem.append(s, [{"role": "user", "content": "Look up the parcel"},
                   {"role": "assistant", "content": "", "tool_calls": [{"id": "c1", "name": "track",
                                                                        "arguments": {}}]},
                   {"role": "tool", "tool_call_id": "c1", "name": "track", "content": "Parcel ZX-88 is in Porto"}])
    mem.configure("tw", {"harness": {"memory": {"enabled": True, "embedder": "hashing"}}})  # index: none
    mem.append(Scope("tw", session="s1"), [{"role": "user", "content": "The parcel is in Porto"}])
    mem.close()
    return ["--db", url, "--agent", "bot", "--actor", "c1", "--session", "s1"]


def _summaries(hits: list[dict[str, Any]]) -> set[str]:
    return {h["record"]["summary"] for h in hits}


def test_engram_recall_filters_by_label_and_kind(cli_db: list[str]) -> None:
    """``--label key=value`` (repeatable) and ``--kind`` (repeatable) filter as ``Memory.recall(labels=, kind=)``;
    ``list`` takes the same ``--kind``."""
    everything = _summaries(ok_json(engram("recall", *cli_db, "order status")))
    assert len(everything) == 3
    assert _summaries(ok_json(engram("recall", *cli_db, "order status", "--label", "customer_id=43"))) == {
        "Customer 43 order status: shipped", "Ask customer 43 before changing order status"}
    assert _summaries(ok_json(engram("recall", *cli_db, "order status", "--label", "customer_id=43",
                                     "--kind", "fact"))) == {"Customer 43 order status: shipped"}
    assert _summaries(ok_json(engram("recall", *cli_db, "order status", "--kind", "fact", "--kind", "guidance"))) \
        == everything
    listed = ok_json(engram("list", *cli_db, "--kind", "guidance", "--label", "customer_id=43"))
    assert [r["summary"] for r in listed] == ["Ask customer 43 before changing order status"]


@pytest.mark.parametrize(("args", "field", "words"), [
    (["--label", "region=eu"], "labels.region", "not declared"),
    (["--label", "customer_id"], "label", "name=value"),
    (["--label", "customer_id=43", "--label", "customer_id=44"], "label", "twice"),
    (["--kind", "k" * 200], "kind", "characters"),
])
def test_engram_recall_refuses_a_bad_filter_in_the_json_error_shape(cli_db: list[str], args: list[str],
                                                                      field: str, words: str) -> None:
    err = error_json(engram("recall", *cli_db, "order status", *args))
    assert err["type"] == "ValidationError" and err["field"] == field and words in err["message"], err


def test_engram_search_history_takes_the_librarys_options(cli_db: list[str]) -> None:
    """``--include-tools`` / ``--no-include-tools``, ``--mode``, ``--min-score`` and ``--preview`` are
    ``Memory.search_history``'s; an index of ``none`` is refused naming it."""
    def contents(*extra: str) -> list[str]:
        return [h["event"]["content"] for h in ok_json(engram("search-history", *cli_db, "parcel Porto", *extra))]

    assert "Parcel ZX-88 is in Porto" in contents()  # messages_and_tools: tool results too
    assert "Parcel ZX-88 is in Porto" in contents("--include-tools", "--mode", "lexical")
    only = contents("--no-include-tools", "--mode", "lexical", "--preview")
    assert "Look up the parcel" in only and "Parcel ZX-88 is in Porto" not in only
    err = error_json(engram("search-history", *cli_db, "parcel", "--min-score", "2"))
    assert err["field"] == "min_score"
    err = error_json(engram("search-history", *cli_db[:2], "--agent", "tw", "--session", "s1", "parcel"))
    assert err["type"] == "HistoryDisabled" and err["field"] == "harness.history.index", err


def test_engram_remember_replaces_keeps_the_labels(cli_db: list[str]) -> None:
    old = ok_json(engram("recall", *cli_db, "shipped", "--label", "customer_id=43", "--kind", "fact"))[0]["record"]
    new = ok_json(engram("remember", *cli_db, "Customer 43 order status: delivered", "--replaces", old["id"]))
    assert new["labels"] == {"customer_id": "43"}
    hits = ok_json(engram("recall", *cli_db, "order status", "--label", "customer_id=43", "--kind", "fact"))
    assert [h["record"]["id"] for h in hits] == [new["id"]]
