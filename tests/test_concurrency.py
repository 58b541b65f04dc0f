"""Several threads and processes on one database: no lost writes, no "locked" errors reaching callers."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable

from engram import Memory, Scope
from tests.support.configs import WIDE

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _env() -> dict[str, str]:
    """The child imports this checkout's tests and the engram the parent imports (a worktree's src first)."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (ROOT, os.environ.get("PYTHONPATH")) if p)}


def test_threads_share_one_memory(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(WIDE)
    errors: list[BaseException] = []

    def work(i: int) -> None:
        s = Scope(agent="bot", actor=f"u{i % 3}", session=f"s{i}")
        try:
            for j in range(15):
                with mem.turn(s) as t:
                    t.append([{"role": "user", "content": f"thread {i} message {j}"}])
                    t.remember(f"thread {i} record {j}", scope="actor")
                mem.recall(s, f"thread {i} record")
        except BaseException as exc:  # noqa: BLE001 - collected and re-raised by the test thread
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    for i in range(6):
        s = Scope(agent="bot", actor=f"u{i % 3}", session=f"s{i}")
        assert len(mem.events(s, limit=100)) == 15
    total = sum(len(mem.list(Scope(agent="bot", actor=f"u{a}", session="x"), limit=1000)) for a in range(3))
    assert total == 6 * 15


def test_processes_write_one_database(db_url: str, make_memory: Callable[..., Memory]) -> None:
    make_memory(WIDE)  # create the schema first, as a deployment would
    script = textwrap.dedent("""
        import sys
        from engram import Memory, Scope
        from engram.embedders import HashingEmbedder
        mem = Memory.open(sys.argv[1], embedder=HashingEmbedder())
        w = sys.argv[2]
        s = Scope(agent="bot", actor="shared", session="s-" + w)
        for j in range(40):
            with mem.turn(s) as t:
                t.append([{"role": "user", "content": f"writer {w} message {j}"}])
                t.remember(f"writer {w} record {j}", scope="actor")
        print("done")
    """)
    procs = [subprocess.Popen([sys.executable, "-c", script, db_url, str(w)], cwd=ROOT, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              env=_env()) for w in range(4)]
    outs = [p.communicate(timeout=240) for p in procs]
    assert all(p.returncode == 0 for p in procs), [o[1][-2000:] for o in outs]
    mem = make_memory()
    for w in range(4):
        assert len(mem.events(Scope(agent="bot", actor="shared", session=f"s-{w}"), limit=100)) == 40
    assert len(mem.list(Scope(agent="bot", actor="shared", session="s-0"), limit=1000)) == 160
