"""A configuration stored by the first write (``Memory.open(defer_config=True)``, as every CLI command opens its
memory): what that write returns names the version it stored, and writers racing to store it store it once.

On both backends (a real SQLite file, a fresh schema on the real PostgreSQL). ``engram extract`` runs as a real
subprocess: it printed ``config_version: null`` for the records of the write that stored the configuration,
because extraction returned the records as drafted before the commit stamped the version into them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engram import Memory, Scope
from engram.embedders import HashingEmbedder

pytest.importorskip("engram.strategies.pipeline")

ROOT = Path(__file__).resolve().parent.parent
S = Scope(agent="bot", actor="u1", session="s1")
# every level readable and writable, the offline rules of two strategies, extraction run by hand
BASE: dict[str, Any] = {"harness": {"memory": {"enabled": True,
    "embedder": "hashing",
    "scope": {"read": ["session", "actor", "agent"], "write": ["session", "actor", "agent"]},
    "extraction": {"trigger": "off"},
    "strategies": [{"type": "SEMANTIC"}, {"type": "USER_PREFERENCE"}],
}}}
SAID = "I moved to Porto last week. I prefer email over phone calls."


def changed(n: int) -> dict[str, Any]:
    """BASE with one more label: a configuration unlike the stored one (and unlike every other ``changed``)."""
    doc = json.loads(json.dumps(BASE))
    doc["harness"]["memory"]["labels"] = {f"tag{n}": {"number": n + 1, "description": f"Tag number {n}."}}
    return doc


def versions(mem: Memory) -> list[int]:
    return [v for v, _, _ in mem.config_history(None)]


def test_engram_extract_prints_the_version_its_write_stored(make_memory: Callable[..., Memory], db_url: str,
                                                            tmp_path: Path) -> None:
    mem = make_memory(BASE)
    mem.append(S, [{"role": "user", "content": SAID}])
    before = versions(mem)
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(changed(0)))
    proc = subprocess.run([sys.executable, "-m", "engram", "extract", "--db", db_url, "--config", str(path),
                           "--agent", S.agent, "--actor", str(S.actor), "--session", str(S.session)],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    assert proc.returncode == 0, proc.stderr
    printed = json.loads(proc.stdout)
    [stored] = versions(mem)[len(before):]  # the extract's write stored the changed configuration, once
    assert printed, "the offline rules extracted nothing from the message"
    assert [r["provenance"]["config_version"] for r in printed] == [stored] * len(printed)
    assert {mem.get(S, r["id"]).provenance.config_version for r in printed} == {stored}


def test_what_a_first_write_returns_names_the_version_it_stored(make_memory: Callable[..., Memory]) -> None:
    """``extract``, ``ingest``, ``remember_many`` and ``batch`` return their records as committed, like
    ``remember``: each of them the first write under its own deferred configuration."""
    mem = make_memory(BASE)
    mem.append(S, [{"role": "user", "content": SAID}])
    writes: list[tuple[str, Callable[[Memory], list[Any]]]] = [
        ("extract", lambda m: m.extract(S)),
        ("ingest", lambda m: m.ingest(S, [{"role": "user", "content": "My name is Ana and I work as a nurse."}])),
        ("remember_many", lambda m: m.remember_many(S, [{"summary": "Likes teal"}, {"summary": "Likes tea"}])),
        ("batch", lambda m: m.batch(S, create=[{"summary": "Owns a bike"}])["created"]),
    ]
    for n, (name, write) in enumerate(writes, start=1):
        deferred = make_memory(changed(n), defer_config=True)
        before = versions(deferred)
        records = write(deferred)
        [stored] = versions(deferred)[len(before):]
        assert records, name
        assert {r.provenance.config_version for r in records} == {stored}, name
        assert {deferred.get(S, r.id).provenance.config_version for r in records} == {stored}, name
        assert deferred.config_version(None) == stored, name


def test_racing_first_writes_store_a_deferred_configuration_once(make_memory: Callable[..., Memory],
                                                                  db_url: str) -> None:
    """Two Memory objects (two connections), each opened with the same changed configuration deferred, write at
    once from two threads: one stores the configuration, the other finds it stored (PostgreSQL: the version's
    check-then-insert runs under an advisory lock; SQLite: one writer at a time), and both records name it."""
    make_memory(BASE)
    for n in range(8):
        mems = [Memory.open(db_url, config=changed(n), embedder=HashingEmbedder(), defer_config=True)
                for _ in range(2)]
        try:
            before = versions(mems[0])
            start = threading.Barrier(len(mems))
            written: dict[int, Any] = {}
            errors: list[BaseException] = []

            def write(i: int, mem: Memory, n: int = n, start: threading.Barrier = start,
                      written: dict[int, Any] = written, errors: list[BaseException] = errors) -> None:
                try:
                    start.wait(timeout=60)
                    written[i] = mem.remember(S, f"writer {i} of round {n}", scope="actor")
                except BaseException as exc:  # noqa: BLE001 - collected and re-raised by the test thread
                    errors.append(exc)

            threads = [threading.Thread(target=write, args=(i, m)) for i, m in enumerate(mems)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(timeout=120)
            assert not errors, errors
            new = versions(mems[0])[len(before):]
            assert len(new) == 1, f"round {n}: the configuration was stored as {new}"
            assert {r.provenance.config_version for r in written.values()} == set(new)
            assert {m.get(S, r.id).provenance.config_version for m, r in zip(mems, written.values(), strict=True)} \
                == set(new)
        finally:
            for m in mems:
                m.close()
