"""The engine's parts take a runtime and a policy, never the Memory; the facade keeps only public verbs
(issue 29.1). A view is a pinned policy over its base's runtime."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engram import Memory, Scope
from engram.errors import ValidationError
from engram.models.responder import OfflineResponder

S = Scope(agent="a", actor="u", session="s")
PLUMBING = ("read_filter", "check_event_rights", "check_pin_budget", "expiry_cutoff", "embedder_id")


def test_the_facade_has_no_plumbing_methods_and_its_parts_share_one_runtime_and_policy(
        make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    assert [name for name in PLUMBING if hasattr(mem, name)] == []
    parts = (mem.reads, mem.retrieval, mem.extraction)
    assert all(p.runtime is mem.runtime and p.policy is mem.policy for p in parts)
    assert not any(isinstance(v, Memory) for p in parts for v in vars(p).values())
    with mem.turn(S) as t:
        assert (t.runtime, t.policy, t.retrieval, t.reads, t.at_end) == (
            mem.runtime, mem.policy, mem.retrieval, mem.reads, mem.extraction)
        t.append([{"role": "user", "content": "I live in Lima."}])
    assert [e.content for e in mem.events(S)] == ["I live in Lima."]


def test_a_view_is_a_pinned_policy_over_the_base_runtime(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    version = mem.configure("a", {"harness": {"memory": {"kinds": ["fact", "ticket"]}}})
    pinned = mem.config_for("a")
    view = mem.with_config(pinned, version=version)
    assert view.runtime is mem.runtime and view.policy is not mem.policy and view.policy.is_pinned
    assert view.config_in_force("any-other-agent") == (version, pinned)  # one configuration for every agent
    assert mem.config_for("any-other-agent").memory.kinds != pinned.memory.kinds
    rec = view.remember(S, "Ticket 7 is open", kind="ticket")
    assert mem.get(S, rec.id).provenance.config_version == version  # the base reads what the view wrote


def test_a_model_set_after_opening_is_the_one_extraction_uses(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    model = OfflineResponder()
    mem.model = model
    assert mem.runtime.model is model and mem.extraction.model_for("a") is model


def test_the_policy_refuses_what_is_not_a_scope_naming_the_field(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    for check in (lambda: mem.policy.read_filter("a"), lambda: mem.policy.check_event_rights("a", write=False)):
        with pytest.raises(ValidationError) as exc:
            check()
        assert exc.value.field == "scope"
