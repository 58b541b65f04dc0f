"""A view (``Memory.with_config``, one per HTTP/AgentCore request) is a pinned policy over its base's runtime:
closing it must never close the base's store or stop its indexer."""

from __future__ import annotations

import threading
from collections.abc import Callable

from engram import Memory, Scope

S = Scope(agent="a", actor="u", session="s")


def test_closing_a_view_leaves_the_base_working(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    view = mem.with_config(mem.config)
    view.append(S, [{"role": "user", "content": "written before the view closed"}])
    view.close()
    assert any(t.name == "engram-indexer" and t.is_alive() for t in threading.enumerate())  # SQLite's was stopped
    with mem.with_config(mem.config) as other:  # a view used as a context manager closes on exit too
        other.events(S, limit=5)
    [ev] = mem.append(S, [{"role": "user", "content": "the base still writes"}])
    mem.wait_indexed()
    assert ev.id in [h.event.id for h in mem.search_history(S, "base still writes", mode="vector") if h.event]
    assert [e.content for e in mem.events(S, limit=5)] == ["written before the view closed", "the base still writes"]
