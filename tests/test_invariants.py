"""DESIGN §2 invariants, proven on every backend: isolation under random interleavings, crash safety."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engram import Memory, Scope
from engram.core.scope import read_filter
from tests.support.configs import WIDE

AGENTS = ["a1", "a2"]
ACTORS = ["u1", "u2", "u3"]
SESSIONS = ["s1", "s2"]
WORDS = ["refund", "invoice", "parcel", "email", "phone", "lisbon", "porto", "pasta", "salad"]

scopes = st.builds(Scope, agent=st.sampled_from(AGENTS), actor=st.sampled_from(ACTORS),
                   session=st.sampled_from(SESSIONS))
write_op = st.tuples(st.just("write"), scopes, st.sampled_from(["session", "actor", "agent"]),
                     st.lists(st.sampled_from(WORDS), min_size=1, max_size=4))
append_op = st.tuples(st.just("append"), scopes, st.just("session"),
                      st.lists(st.sampled_from(WORDS), min_size=1, max_size=4))
read_op = st.tuples(st.just("read"), scopes, st.just("session"),
                    st.lists(st.sampled_from(WORDS), min_size=1, max_size=3))
forget_op = st.tuples(st.just("forget"), scopes, st.just("session"), st.just([]))


def visible(reader: Scope, rec_agent: str, rec_actor: str | None, rec_session: str | None, level: str) -> bool:
    """The isolation rule, stated independently of the engine."""
    if rec_agent != reader.agent:
        return False
    if level == "agent":
        return True
    if level == "actor":
        return rec_actor == reader.actor
    return rec_actor == reader.actor and rec_session == reader.session


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=st.lists(st.one_of(write_op, append_op, read_op, forget_op), min_size=5, max_size=30))
def test_random_interleavings_never_cross_scopes(make_memory: Callable[..., Memory], ops: list) -> None:
    mem = make_memory(WIDE)
    run = os.urandom(4).hex()  # every example writes under fresh agent ids on the same database
    written: dict[str, tuple[str, str | None, str | None, str]] = {}
    for kind, scope, level, words in ops:
        scope = Scope(agent=f"{scope.agent}-{run}", actor=scope.actor, session=scope.session)
        text = " ".join(words)
        if kind == "write":
            r = mem.remember(scope, f"{text} {run}", scope=level)
            written[r.id] = (r.agent, r.actor, r.session, r.level)
        elif kind == "append":
            mem.append(scope, [{"role": "user", "content": text}])
        elif kind == "forget":
            mine = [i for i, w in written.items() if visible(scope, *w)]
            if mine:
                mem.forget(scope, mine[0])
                del written[mine[0]]
        else:
            for h in mem.recall(scope, text, limit=50):
                rec = h.record
                assert rec is not None and rec.status == "active"
                assert visible(scope, rec.agent, rec.actor, rec.session, rec.level), (scope, rec)
                assert read_filter(scope, ("session", "actor", "agent")).allows(rec)
            for r in mem.list(scope, limit=200, status=["active", "superseded", "deleted"]):
                assert visible(scope, r.agent, r.actor, r.session, r.level)
            for h in mem.search_history(scope, text, limit=20):
                ev = h.event
                assert ev is not None
                assert (ev.agent, ev.actor, ev.session) == (scope.agent, scope.actor, scope.session)


WRITER = textwrap.dedent("""
    import sys, time
    from engram import Memory, Scope
    from engram.embedders import HashingEmbedder
    from tests.support.configs import WIDE
    mem = Memory.open(sys.argv[1], config=WIDE, embedder=HashingEmbedder())
    s = Scope(agent="bot", actor="u", session="s")
    for i in range(3):
        with mem.turn(s) as t:
            t.append([{"role": "user", "content": f"committed message {i}"}])
            t.remember(f"committed record {i}", scope="actor")
    print("COMMITTED", flush=True)
    with mem.turn(s) as t:
        t.append([{"role": "user", "content": "doomed message"}])
        t.remember("doomed record", scope="actor")
        print("MID-TURN", flush=True)
        time.sleep(60)
""")


def test_sigkill_mid_turn_keeps_committed_and_nothing_else(db_url: str, make_memory: Callable[..., Memory]
                                                            ) -> None:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    proc = subprocess.Popen([sys.executable, "-c", WRITER, db_url], stdout=subprocess.PIPE, text=True, cwd=root,
                            env={**os.environ,  # this checkout's tests, the parent's engram
                                 "PYTHONPATH": os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)})
    assert proc.stdout is not None
    lines = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        lines.append(line.strip())
        if line.strip() == "MID-TURN" or not line:
            break
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert "MID-TURN" in lines, lines
    mem = make_memory()
    s = Scope(agent="bot", actor="u", session="s")
    assert [e.content for e in mem.events(s)] == [f"committed message {i}" for i in range(3)]
    assert sorted(r.summary for r in mem.list(s)) == [f"committed record {i}" for i in range(3)]
    assert all("doomed" not in (h.event.content if h.event else "") for h in mem.search_history(s, "doomed"))
    assert all("doomed" not in h.record.summary for h in mem.recall(s, "doomed record") if h.record)


def test_sigkill_during_commit_is_all_or_nothing(db_url: str, make_memory: Callable[..., Memory]) -> None:
    """Kill a writer at random moments while it commits big turns: each turn is there whole or not at all."""
    script = textwrap.dedent("""
        import sys
        from engram import Memory, Scope
        from engram.embedders import HashingEmbedder
        from tests.support.configs import WIDE
        mem = Memory.open(sys.argv[1], config=WIDE, embedder=HashingEmbedder())
        s = Scope(agent="bot", actor="u", session="s")
        print("READY", flush=True)
        i = 0
        while True:
            with mem.turn(s) as t:
                t.append([{"role": "user", "content": f"turn {i} part {j}"} for j in range(20)])
                for j in range(5):
                    t.remember(f"turn {i} record {j}", scope="actor")
            i += 1
    """)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    proc = subprocess.Popen([sys.executable, "-c", script, db_url], stdout=subprocess.PIPE, text=True, cwd=root,
                            env={**os.environ,  # this checkout's tests, the parent's engram
                                 "PYTHONPATH": os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)})
    assert proc.stdout is not None and proc.stdout.readline().strip() == "READY"
    time.sleep(1.5)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    mem = make_memory()
    s = Scope(agent="bot", actor="u", session="s")
    events = mem.events(s, limit=1000)
    records = mem.list(s, limit=1000)
    turns_e: dict[str, int] = {}
    for e in events:
        turns_e[e.content.split(" part ")[0]] = turns_e.get(e.content.split(" part ")[0], 0) + 1
    turns_r: dict[str, int] = {}
    for r in records:
        turns_r[r.summary.split(" record ")[0]] = turns_r.get(r.summary.split(" record ")[0], 0) + 1
    assert turns_e, "the writer committed nothing in 1.5 s"
    # the newest 1000 events / records cover the last turns: compare those both windows hold whole
    n = lambda k: int(k.split()[1])  # noqa: E731
    first = max(min(map(n, turns_e)) + 1, min(map(n, turns_r)) + 1)
    assert {k: v for k, v in turns_e.items() if n(k) >= first} == {
        k: 20 for k in turns_r if n(k) >= first}
    assert {k: v for k, v in turns_r.items() if n(k) >= first} == {
        k: 5 for k in turns_e if n(k) >= first}
