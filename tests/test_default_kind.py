"""A record written without a kind gets the same one on every face: ``fact`` when configured, else the first kind.

With ``"kinds": ["ruling", "note"]`` the memory tools stored the first kind while ``remember`` refused the call,
blaming a ``kind`` the caller never gave. Real SQLite file and the real PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engram import Memory, Scope, ValidationError

S = Scope("bot", session="s1")
CUSTOM = {"harness": {"memory": {"enabled": True, "kinds": ["ruling", "note"]}}}


def test_remember_without_a_kind_takes_the_default(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(CUSTOM)
    assert mem.remember(S, "No waivers this quarter").kind == "ruling"
    with mem.turn(S) as t:
        t.remember("Reviewed to March")
    assert t.written[-1].kind == "ruling"


def test_a_kind_named_must_still_be_configured(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(CUSTOM)
    with pytest.raises(ValidationError) as info:
        mem.remember(S, "x", kind="fact")
    assert info.value.field == "kind" and "ruling, note" in info.value.message
    assert mem.list(S) == []
