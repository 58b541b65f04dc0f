"""A fact already held is not extracted again beside it, whichever path wrote it first.

README: "restated facts don't pile up". A fact written with ``remember`` (the agent's own tool, BatchCreate)
lands in the actor's namespace; extraction writes to its strategy's namespace, and consolidated only against
that one, so the same fact said in the conversation came back as a second, identical record. The other side:
another actor's record, a forgotten one, or a different fact never stops extraction. Through ``engram.Memory``
on a real SQLite file and the real PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engram import Memory, Scope

ADA, BOB = Scope("dup-x", actor="ada", session="s1"), Scope("dup-x", actor="bob", session="s1")


def _facts(mem: Memory, scope: Scope) -> list[str]:
    return sorted(r.summary for r in mem.list(scope) if not r.namespace.startswith("/summary/"))


@pytest.mark.parametrize(("remembered", "said"), [
    ("Ada is allergic to peanuts", "Ada is allergic to peanuts"),
    ("Allergic to peanuts", "I'm allergic to peanuts."),
    ("Has a cat named Miso", "My cat is called Miso."),
    ("Likes tea", "I like tea."),
])
def test_a_remembered_fact_said_again_is_one_record(make_memory: Callable[..., Memory], remembered: str,
                                                    said: str) -> None:
    mem = make_memory()
    mem.remember(ADA, remembered, kind="fact", scope="actor")
    mem.append(ADA, [{"role": "user", "content": said}, {"role": "assistant", "content": "ok"}])
    assert _facts(mem, ADA) == [remembered]


def test_what_is_not_held_at_this_level_is_still_extracted(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    mem.remember(BOB, "Allergic to peanuts", kind="fact", scope="actor")  # another actor's
    gone = mem.remember(ADA, "Has a cat named Miso", kind="fact", scope="actor")
    mem.forget(ADA, gone.id)  # forgotten: no longer held
    mem.remember(ADA, "Likes green tea", kind="fact", scope="actor")  # another fact
    mem.append(ADA, [{"role": "user", "content": "I'm allergic to peanuts. My cat is called Miso. I like tea."}])
    assert _facts(mem, ADA) == ["Allergic to peanuts", "Has a cat named Miso", "Likes green tea", "Likes tea"]
    assert _facts(mem, BOB) == ["Allergic to peanuts"]
