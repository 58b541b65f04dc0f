"""Erase purges an actor's extraction cursors, whose key format has one home, ``core/cursors.py`` (issue 29.4):
the backends' erase knows tables, not meta key formats; ``engram.erasure`` purges the cursors through the store
contract (``meta_items``, ``delete_meta``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import engram
from engram import Memory, Scope
from engram.core import cursors

A1 = Scope(agent="bot", actor="a_1", session="s1")  # "_" would be a wildcard to LIKE: a prefix is a prefix
A2 = Scope(agent="bot", actor="a_12", session="s1")  # an actor whose id starts with the other's


def _cursor_keys(mem: Memory, actor: str) -> list[str]:
    with mem.store.read() as tx:
        return [k for k, _ in tx.meta_items(cursors.actor_prefix("bot", actor))]


def test_erase_purges_the_actors_cursors_and_no_one_elses(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    for scope in (A1, A2, Scope(agent="bot", actor="a_1", session="s2")):
        mem.append(scope, [{"role": "user", "content": "I live in Porto and I love green tea."}])
    mem.append(A1, [{"role": "user", "content": "My sister is called Ana."}])
    mine, theirs = _cursor_keys(mem, "a_1"), _cursor_keys(mem, "a_12")
    assert cursors.cursor_key(A1) in mine and len({k.rsplit("\x1f", 1)[1] for k in mine}) >= 2  # two sessions
    assert theirs and not set(mine) & set(theirs)
    report = mem.erase(Scope(agent="bot", actor="a_1"))
    assert report.cursors >= len(mine)
    assert _cursor_keys(mem, "a_1") == []
    assert _cursor_keys(mem, "a_12") == theirs


def test_only_the_cursor_module_knows_the_key_format() -> None:
    src = Path(engram.__file__).parent
    knowing = sorted(p.relative_to(src).as_posix() for p in src.rglob("*.py")
                     if cursors.PREFIX in p.read_text(encoding="utf-8"))
    assert knowing == ["core/cursors.py"]
