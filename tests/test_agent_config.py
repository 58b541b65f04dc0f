"""Configuration per agent, versioned (issue 14) and labels numbered forever (issue 13 item 6), on both backends."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engram import Memory, Scope
from engram.config import load_config
from engram.errors import ConfigError, ValidationError

LABELS_5 = {"harness": {"memory": {"labels": {"customer_id": {"number": 5, "description": "The customer."}}}}}


def test_each_agent_has_its_own_configuration(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    default_version = mem.config_version(None)
    v = mem.configure("reviewer", {"harness": {"memory": {"kinds": ["finding"], "scope": {
        "read": ["session", "agent"], "write": ["agent"]}}}})
    assert isinstance(v, int) and (default_version is None or v > default_version)
    assert mem.config_for("reviewer").memory.kinds == ("finding",)
    assert mem.config_for("other").memory.kinds == mem.config.memory.kinds  # no own config: the default
    assert mem.config_version("reviewer") == v
    assert mem.config_version("other") == default_version
    # each agent writes under its own rules
    rec = mem.remember(Scope(agent="reviewer", actor="u"), "Always cite the ledger entry.", kind="finding",
                       scope="agent")
    assert rec.provenance.config_version == v
    with pytest.raises(Exception, match="kind"):
        mem.remember(Scope(agent="other", actor="u", session="s"), "x", kind="finding")


def test_versions_and_history_per_agent_and_reopen(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    v1 = mem.configure("a", {"harness": {"memory": {"pinned": {"max_tokens": 100}}}})
    v2 = mem.configure("a", {"harness": {"memory": {"pinned": {"max_tokens": 200}}}})
    vb = mem.configure("b", {"harness": {"memory": {"pinned": {"max_tokens": 300}}}})
    assert (v1, v2, vb) == (1, 2, 1)  # numbered per agent: "a"'s versions never move "b"'s
    assert mem.configure("a", {"harness": {"memory": {"pinned": {"max_tokens": 200}}}}) == v2  # unchanged
    hist = mem.config_history("a")
    assert [h[0] for h in hist] == [v1, v2]
    assert hist[0][2]["harness"]["memory"]["pinned"]["max_tokens"] == 100
    assert [h[0] for h in mem.config_history("b")] == [vb]
    again = make_memory()  # another Memory on the same database sees the stored versions
    assert again.config_for("a").memory.pinned.max_tokens == 200
    assert again.config_for("b").memory.pinned.max_tokens == 300
    assert again.config_version("a") == v2


def test_update_changes_only_what_it_names(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    mem.configure("a", {"harness": {"memory": {"pinned": {"max_tokens": 100}, "kinds": ["fact", "rule"]},
                                    "history": {"index": "messages"}}})
    mem.configure("a", {"harness": {"memory": {"pinned": {"max_tokens": 900}}}}, update=True)
    cfg = mem.config_for("a")
    assert cfg.memory.pinned.max_tokens == 900
    assert cfg.memory.kinds == ("fact", "rule")
    assert cfg.harness.history.index == "messages"
    # a whole configuration (no update) starts from its shape's defaults
    mem.configure("a", {"harness": {"memory": {"pinned": {"max_tokens": 50}}}})
    assert mem.config_for("a").memory.kinds == ("guidance", "fact", "event", "reference")
    # ...the Twisp document's: "`none` (default) | Nothing." (issue 27.2 kept messages; the document decides)
    assert mem.config_for("a").harness.history.index == "none"


def test_bad_configuration_changes_nothing(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    v = mem.configure("a", {"harness": {"memory": {"pinned": {"max_tokens": 100}}}})
    with pytest.raises(ConfigError) as err:
        mem.configure("a", {"harness": {"memory": {"pinned": {"max_tokens": -1}}}}, update=True)
    assert err.value.field == "harness.memory.pinned.max_tokens"
    with pytest.raises(ConfigError) as err:
        mem.configure("a", {"harness": {"memory": {"colour": "red"}}})
    assert err.value.field == "harness.memory.colour" and "unknown field" in str(err.value)
    assert mem.config_version("a") == v and [h[0] for h in mem.config_history("a")] == [v]
    with pytest.raises(Exception, match="agent"):
        mem.configure("bad agent/../", {})


def test_default_applies_until_an_agent_has_its_own(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    mem.set_config({"harness": {"memory": {"pinned": {"max_tokens": 77}}}})
    assert mem.config_for("anyone").memory.pinned.max_tokens == 77
    mem.configure(None, {"harness": {"memory": {"pinned": {"max_tokens": 78}}}})
    assert mem.config.memory.pinned.max_tokens == 78
    assert mem.config_for("anyone").memory.pinned.max_tokens == 78
    mem.configure("anyone", {"harness": {"memory": {"pinned": {"max_tokens": 1}}}})
    mem.configure(None, {"harness": {"memory": {"pinned": {"max_tokens": 79}}}})
    assert mem.config_for("anyone").memory.pinned.max_tokens == 1


# -- issue 13 item 6: a label keeps its number forever, across ALL versions ------------------------------------


def _labels(**numbers: int) -> dict[str, Any]:
    return {"harness": {"memory": {"labels": {n: {"number": k, "description": f"the {n}"}
                                              for n, k in numbers.items()}}}}


@pytest.mark.parametrize("agent", [None, "reviewer"])
def test_dropped_label_cannot_come_back_renumbered(make_memory: Callable[..., Memory], agent: str | None) -> None:
    mem = make_memory()
    mem.configure(agent, _labels(customer_id=5))
    mem.configure(agent, _labels(ticket=6))  # customer_id dropped: allowed
    with pytest.raises(ConfigError) as err:
        mem.configure(agent, _labels(ticket=6, customer_id=7))
    assert err.value.field == "harness.memory.labels.customer_id.number"
    assert "keeps its number forever" in str(err.value) and "5" in str(err.value)
    with pytest.raises(ConfigError) as err:
        mem.configure(agent, _labels(ticket=6, account=5))
    assert err.value.field == "harness.memory.labels.account.number"
    assert "customer_id" in str(err.value) and "never given to another label" in str(err.value)
    mem.configure(agent, _labels(ticket=6, customer_id=5))  # re-adding with its own number is fine
    assert mem.config_for(agent).memory.labels["customer_id"].number == 5


def test_label_rule_spans_the_default_an_agent_used(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(_labels(customer_id=5))
    with pytest.raises(ConfigError, match="customer_id"):
        mem.configure("a", _labels(account=5))  # "a" used the default, where 5 is customer_id
    mem.configure("b", _labels(region=9))
    mem.configure(None, _labels(customer_id=5, region=10))  # the default's history is its own
    assert mem.configure("b", _labels(region=9, customer_id=5)) > 0


def test_label_history_cached_per_process_sees_versions_written_elsewhere(
        make_memory: Callable[..., Memory]) -> None:
    """Each process folds the label history incrementally; versions another process stored since still count,
    and a default stored after an agent's first own version never applies to that agent."""
    one, two = make_memory(), make_memory()
    one.configure("a", _labels(customer_id=5))  # warms one's fold of "a"
    two.configure("a", _labels(customer_id=5, ticket=6))
    two.configure("a", _labels(customer_id=5))  # ticket dropped, elsewhere
    with pytest.raises(ConfigError, match="ticket"):
        one.configure("a", _labels(customer_id=5, ticket=7))
    with pytest.raises(ConfigError, match="ticket"):
        one.configure("a", _labels(customer_id=5, account=6))
    one.configure(None, _labels(region=9))  # a default after "a" had its own: not "a"'s history
    assert one.configure("a", _labels(customer_id=5, region=10)) > 0
    with pytest.raises(ConfigError, match="region"):
        two.configure("b", _labels(region=11))  # "b" used that default


def test_reopen_with_a_renumbering_config_is_refused(make_memory: Callable[..., Memory]) -> None:
    make_memory(_labels(customer_id=5))
    make_memory(_labels(ticket=6))
    with pytest.raises(ConfigError, match="customer_id"):
        make_memory(_labels(ticket=6, customer_id=7))


def test_other_process_change_applies_within_the_ttl(make_memory: Callable[..., Memory]) -> None:
    import time

    from engram import agent_configs

    a, b = make_memory(), make_memory()
    a.configure("x", LABELS_5)
    assert b.config_for("x").memory.labels["customer_id"].number == 5
    a.configure("x", {"harness": {"memory": {"pinned": {"max_tokens": 42}}}})
    time.sleep(agent_configs.TTL_SECONDS + 0.05)
    assert b.config_for("x").memory.pinned.max_tokens == 42


def test_a_new_default_from_another_process_applies_within_the_ttl(make_memory: Callable[..., Memory]) -> None:
    import time

    from engram import agent_configs

    a, b = make_memory(), make_memory()
    version = a.set_config({"harness": {"memory": {"pinned": {"max_tokens": 42}}}})
    assert a.config.memory.pinned.max_tokens == 42  # this process: at once
    time.sleep(agent_configs.TTL_SECONDS + 0.05)
    assert b.config.memory.pinned.max_tokens == 42  # the other: within the TTL
    assert b.config_for("x").memory.pinned.max_tokens == 42 and b.config_version("x") == version
    b.configure("x", {"harness": {"memory": {"pinned": {"max_tokens": 7}}}})  # an agent's own still wins
    assert b.config_for("x").memory.pinned.max_tokens == 7 and b.config.memory.pinned.max_tokens == 42


def test_memory_tools_filter_by_the_agents_own_labels_and_kinds(make_memory: Callable[..., Memory]) -> None:
    """search_memory's label and kind filters are checked against the agent's configuration, not the
    database-wide default: an agent's own label filters, a label only the default lacks is not refused."""
    from engram.harness.tools import ToolOps
    mem = make_memory()
    mem.configure("support", {"harness": {"memory": {"kinds": ["fact", "ticket"], "labels": {
        "customer_id": {"number": 1, "description": "The customer a record is about."}}}}})
    scope = Scope(agent="support", actor="u", session="s")
    with mem.turn(scope) as t:
        ToolOps(t).call("add_memory", {"summary": "Customer 5521 prefers email", "kind": "ticket",
                                       "labels": {"customer_id": "5521"}})
        ToolOps(t).call("add_memory", {"summary": "Customer 7 prefers phone", "kind": "ticket",
                                       "labels": {"customer_id": "7"}})
    with mem.turn(scope, read_only=True, extract=False) as t:
        found = ToolOps(t).call("search_memory", {"labels": {"customer_id": "5521"}, "kind": "ticket"})
        assert [h.record.summary for h in found] == ["Customer 5521 prefers email"]
        with pytest.raises(ValidationError) as exc:
            ToolOps(t).call("search_memory", {"labels": {"region": "eu"}})
        assert "region" in str(exc.value)
    assert "customer_id" not in mem.config.memory.labels  # the default declares no such label


def test_a_configuration_read_never_opens_a_transaction_inside_another(
        make_memory: Callable[..., Memory], monkeypatch: pytest.MonkeyPatch) -> None:
    """The policy reads the stored configuration whenever its short cache has expired, and that read is a
    transaction of its own: taken inside another on the same connection, SQLite refuses it ("cannot start a
    transaction within a transaction", seen once a second under load). With the cache always expired, every
    path that consults the policy must do so before or after its own transaction, never inside it."""
    from engram import agent_configs

    monkeypatch.setattr(agent_configs, "TTL_SECONDS", 0.0)
    mem = make_memory({"harness": {"memory": {"enabled": True,
        "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
        "strategies": [{"type": "SEMANTIC"}]}, "history": {"index": "messages"}}})
    s = Scope("bot", "u1", "s1")
    mem.append(s, [{"role": "user", "content": "I work at Arup and I live in Leeds."}])  # extraction at turn end
    events = mem.events(s)
    assert [e.content for e in events] == ["I work at Arup and I live in Leeds."]
    assert mem.get_event(s, events[0].id).id == events[0].id
    assert mem.search_history(s, "Arup")
    assert any("Arup" in h.record.summary for h in mem.recall(s, "where does the user work?"))


RUMOURS = {"harness": {"memory": {"enabled": True, "kinds": ["fact", "rumour"], "pinned": {"max_tokens": 321},
                                  "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
                                  "strategies": [{"type": "SEMANTIC"}],
                                  "labels": LABELS_5["harness"]["memory"]["labels"]}}}


def test_an_open_that_fails_stores_no_configuration(make_memory: Callable[..., Memory]) -> None:
    """The embedder and model a configuration names are loaded before it is stored: a bad one changes nothing."""
    v = make_memory(LABELS_5).config_version(None)
    with pytest.raises(ConfigError) as err:
        make_memory(RUMOURS, embedder="nosuch:thing")
    assert err.value.field == "embedder"
    with pytest.raises(ConfigError) as err:
        make_memory(RUMOURS, model="nosuch:thing")
    assert err.value.field == "harness.memory.model"
    assert [h[0] for h in make_memory().config_history(None)] == [v]


def test_a_deferred_configuration_is_stored_by_the_first_write_that_commits(
        make_memory: Callable[..., Memory]) -> None:
    """``defer_config=True``: the changed configuration is in force at once; work refused under it stores nothing;
    the first turn that commits stores it in its own transaction, and what that turn wrote names the version."""
    v0 = make_memory(LABELS_5).config_version(None)
    mem = make_memory(RUMOURS, defer_config=True)
    s = Scope(agent="bot", actor="ana", session="s1")
    assert mem.config_for("bot").memory.kinds == ("fact", "rumour") and mem.config_version(None) is None
    with pytest.raises(ValidationError):
        mem.remember(s, "x" * 4001, kind="rumour")
    with pytest.raises(Exception, match="r_nope"):
        mem.remember(s, "Heard a rumour", kind="rumour", replaces="r_nope")
    assert mem.recall(s, "rumour") == [] and mem.list(s) == []  # reads store nothing
    assert [h[0] for h in mem.config_history(None)] == [v0]

    events = mem.append(s, [{"role": "user", "content": "I live in Lisbon and I'm allergic to peanuts."}])
    [(v1, _, doc)] = mem.config_history(None)[1:]
    assert doc["harness"]["memory"]["pinned"]["max_tokens"] == 321 and mem.config_version(None) == v1 > v0
    extracted = mem.list(Scope(agent="bot", actor="ana"), limit=50)
    assert events and extracted and {r.provenance.config_version for r in extracted} == {v1}
    rec = mem.remember(s, "Heard a rumour", kind="rumour")
    assert rec.provenance.config_version == mem.get(s, rec.id).provenance.config_version == v1
    assert mem.store_deferred_config() == v1 and [h[0] for h in mem.config_history(None)] == [v0, v1]
    assert make_memory().config_version(None) == v1  # another Memory on the database sees it


def test_a_deferred_configuration_is_stored_on_request_and_leaves_other_agents_alone(
        make_memory: Callable[..., Memory]) -> None:
    v0 = make_memory(LABELS_5).config_version(None)
    own = make_memory().configure("own", {"harness": {"memory": {"kinds": ["finding"]}}})
    mem = make_memory(RUMOURS, defer_config=True)
    rec = mem.remember(Scope(agent="own", actor="u", session="s"), "Cite the ledger", kind="finding")
    assert rec.provenance.config_version == own  # its own configuration: the deferred default is not its
    assert [h[0] for h in mem.config_history(None)] == [v0]
    v1 = mem.store_deferred_config()
    # numbered per agent: "own" continued after the default it used (v0); the default's next is v0 + 1 all the same
    assert own == v1 == v0 + 1 and [h[0] for h in mem.config_history(None)] == [v0, v1]
    same = make_memory(RUMOURS, defer_config=True)  # unchanged: nothing deferred, nothing stored
    assert same.store_deferred_config() == v1 and [h[0] for h in mem.config_history(None)] == [v0, v1]


def test_a_config_file_that_is_not_utf8_is_a_config_error(make_memory: Callable[..., Memory],
                                                          tmp_path: Path) -> None:
    """Read as a path (str or Path) by load_config, Memory.open and configure: refused naming ``config``, nothing
    stored."""
    path = tmp_path / "latin-1.json"
    path.write_bytes(b'{"harness": {"memory": {"kinds": ["caf\xe9"]}}}')
    mem = make_memory(LABELS_5)
    v = mem.config_version(None)
    calls: list[Callable[[], object]] = [lambda: load_config(path), lambda: load_config(str(path)),
                                         lambda: make_memory(str(path)), lambda: mem.configure("a", path)]
    for call in calls:
        with pytest.raises(ConfigError) as err:
            call()
        assert err.value.field == "config" and "not UTF-8" in str(err.value) and "0xe9" in str(err.value)
    assert [h[0] for h in mem.config_history(None)] == [v] and mem.config_history("a") == []
