"""``read_url`` against a real streaming standby of the test server: reads served by the replica, writes by
the primary, and a process always reading its own writes (replica.py), even while the replica is stopped.

The standby comes from ``ENGRAM_TEST_PG_REPLICA_URL`` (a server URL such as
``postgresql://postgres@127.0.0.1:5433``), or is started for this module by ``.ci/replica.sh`` (a
``pg_basebackup`` of the primary; it takes a minute on a large cluster) and stopped afterwards. Skipped only
when no standby can be had.
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from engram import Memory, Scope
from engram.embedders import HashingEmbedder
from engram.errors import StoreError
from engram.stores.postgres.store import PostgresStore
from tests.support.backends import BACKENDS
from tests.support.configs import WIDE
from tests.support.pg import fresh_url, with_params

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif("postgres" not in BACKENDS, reason="PostgreSQL tests are off (ENGRAM_TEST_PG=0)")
ANA = Scope("bot", "ana", "s1")


@pytest.fixture(scope="module")
def replica_server() -> Iterator[str]:
    """The standby's server URL (no database)."""
    given = os.environ.get("ENGRAM_TEST_PG_REPLICA_URL")
    if given:
        yield given
        return
    started = subprocess.run([str(ROOT / ".ci" / "replica.sh"), "start", "", os.environ.get(
        "ENGRAM_TEST_PG_REPLICA_PORT", "5439")], capture_output=True, text=True, timeout=900, check=False)
    if started.returncode != 0:
        pytest.skip(f"no streaming standby could be started: {started.stderr.strip()[-500:]}")
    data_dir, url = started.stdout.split()[-2:]
    try:
        yield url
    finally:
        subprocess.run([str(ROOT / ".ci" / "replica.sh"), "stop", data_dir], capture_output=True, timeout=120,
                       check=False)


def _on_replica(primary_url: str, server: str) -> str:
    """The primary's database on the standby, without engram's own parameters."""
    p, r = urlsplit(primary_url), urlsplit(server)
    return urlunsplit((r.scheme, r.netloc, p.path, "", ""))


def _admin(url: str):  # type: ignore[no-untyped-def]
    import psycopg

    return psycopg.connect(url, autocommit=True)


def _in_recovery(store: PostgresStore) -> bool:
    with store.read() as tx:
        row = tx.c.execute("SELECT pg_is_in_recovery() AS r").fetchone()
    return bool(row and row["r"])


def _visible(store: PostgresStore, record_id: str) -> bool:
    """Whether a read transaction of ``store`` sees the record (False while the replica lacks even the table)."""
    try:
        with store.read() as tx:
            return tx.c.execute("SELECT 1 AS x FROM records WHERE id = %s", [record_id]).fetchone() is not None
    except StoreError:
        return False


def _ids(hits: list) -> list[str]:  # type: ignore[type-arg]
    return [h.record.id for h in hits if h.record]


def test_reads_go_to_the_replica_and_a_process_reads_its_own_writes(replica_server: str,
                                                                    request: pytest.FixtureRequest) -> None:
    primary = fresh_url(request)
    replica = _on_replica(primary, replica_server)
    url = with_params(primary, read_url=replica)
    mem = Memory.open(url, config=WIDE, embedder=HashingEmbedder())
    store = mem.store
    assert isinstance(store, PostgresStore)
    other = PostgresStore(url)  # another process's view: it never wrote, so it always reads the replica
    try:
        porto = mem.remember(ANA, "Ana lives in Porto near the river", scope="actor")
        assert porto.id in _ids(mem.recall(ANA, "where does Ana live"))  # right after the commit

        deadline = time.monotonic() + 60  # the replica catches up; then reads run there
        while not _visible(other, porto.id) and time.monotonic() < deadline:
            time.sleep(0.05)
        before = dict(store.ryw.routes)
        while store.ryw.routes["replica"] == before["replica"] and time.monotonic() < deadline:
            assert porto.id in _ids(mem.recall(ANA, "where does Ana live"))  # wherever it was served
        assert store.ryw.routes["replica"] > before["replica"]
        assert porto.id in _ids(mem.recall(ANA, "where does Ana live"))
        assert _in_recovery(store)  # a read transaction that ran on the standby
        with store.write() as tx:  # writes never do
            row = tx.c.execute("SELECT pg_is_in_recovery() AS r").fetchone()
            assert row is not None and not row["r"]

        with _admin(replica) as conn:
            conn.execute("SELECT pg_wal_replay_pause()")
        try:
            lisbon = mem.remember(ANA, "Ana moved to Lisbon by the sea", scope="actor", replaces=porto.id)
            before = dict(store.ryw.routes)
            got = _ids(mem.recall(ANA, "where does Ana live"))
            assert got[0] == lisbon.id and porto.id not in got  # its own write, from the primary
            assert store.ryw.routes["primary"] > before["primary"]
            assert not _visible(other, lisbon.id)  # the paused replica really is behind
            with mem.turn(ANA) as t:  # within a turn: its pending record, and the record written just before
                tea = t.remember("Ana drinks green tea every morning", scope="actor")
                assert tea.id in _ids(t.recall("what does Ana drink"))
                t.forget(lisbon.id)  # found although the replica has not seen it
            got = _ids(mem.recall(ANA, "Ana tea Lisbon"))
            assert tea.id in got and lisbon.id not in got
        finally:
            with _admin(replica) as conn:
                conn.execute("SELECT pg_wal_replay_resume()")
        deadline = time.monotonic() + 60
        while not _visible(other, tea.id) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _visible(other, tea.id)
    finally:
        other.close()
        mem.close()
