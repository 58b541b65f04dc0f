"""Issue 13, "Also": SQLite's durability is a setting (``?synchronous=normal|full|extra`` in the URL), applied to
every connection the store opens."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from engram import Memory, Scope, ValidationError
from engram.embedders import HashingEmbedder

S = Scope("bot", "u1", "s1")


def _synchronous(mem: Memory) -> int:
    store: Any = mem.store
    with store.read() as tx:
        return int(tx.c.execute("PRAGMA synchronous").fetchone()[0])


@pytest.mark.parametrize(("query", "level"), [("", 1), ("?synchronous=normal", 1), ("?synchronous=full", 2),
                                              ("?synchronous=FULL", 2), ("?synchronous=extra", 3)])
def test_synchronous_is_applied_on_every_connection(tmp_path: Path, query: str, level: int) -> None:
    mem = Memory.open(f"sqlite:///{tmp_path / 'd.db'}{query}", embedder=HashingEmbedder())
    try:
        mem.append(S, [{"role": "user", "content": "kept"}])
        assert _synchronous(mem) == level
        seen: list[int] = []
        worker = threading.Thread(target=lambda: seen.append(_synchronous(mem)))  # its own connection
        worker.start()
        worker.join()
        assert seen == [level]
        assert (tmp_path / "d.db").exists() and not list(tmp_path.glob("*synchronous*"))  # the path has no query
    finally:
        mem.close()


@pytest.mark.parametrize(("query", "field"), [("?synchronous=off", "url.synchronous"),
                                              ("?synchronous=", "url.synchronous"), ("?fsync=1", "url")])
def test_bad_parameters_are_refused(tmp_path: Path, query: str, field: str) -> None:
    with pytest.raises(ValidationError) as err:
        Memory.open(f"sqlite:///{tmp_path / 'd.db'}{query}", embedder=HashingEmbedder())
    assert err.value.field == field
    assert not (tmp_path / "d.db").exists()
