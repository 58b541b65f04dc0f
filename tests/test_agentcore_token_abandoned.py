"""A clientToken whose call never finished (its process stopped between the claim and the settle) is taken over
once the claim is :data:`~engram.agentcore.idempotency.ABANDONED`, never before, by one call only, and only in
its owner's name. On real SQLite files and the real PostgreSQL server."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from engram.agentcore import idempotency, state
from engram.engine import open_store
from engram.errors import ConflictError
from engram.stores.base import Store

OP = "create-memory"
DIGEST = idempotency.params({"name": "m"})
T0 = 1_800_000_000.0


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    s = open_store(db_url)
    try:
        yield s
    finally:
        s.close()


def crashed(store: Store, owner: str, token: str, at: float) -> None:
    """A claim made at ``at`` whose call never settled nor released it."""
    assert idempotency.begin(store, OP, owner, token, DIGEST, clock=lambda: at) is None


def test_a_fresh_claim_still_blocks_a_retry(store: Store) -> None:
    crashed(store, "agent-a", "tok", T0)
    with pytest.raises(ConflictError, match="still in progress"):
        idempotency.begin(store, OP, "agent-a", "tok", DIGEST, clock=lambda: T0 + idempotency.ABANDONED - 1)


def test_an_abandoned_claim_is_taken_over_and_then_settles(store: Store) -> None:
    crashed(store, "agent-a", "tok", T0)
    later = T0 + idempotency.ABANDONED + 1
    assert idempotency.begin(store, OP, "agent-a", "tok", DIGEST, clock=lambda: later) is None  # this call runs
    idempotency.settle(store, OP, "agent-a", "tok", DIGEST, "mem-1", clock=lambda: later)
    assert idempotency.begin(store, OP, "agent-a", "tok", DIGEST, clock=lambda: later) == "mem-1"  # a repeat


def test_other_parameters_are_still_refused_on_an_abandoned_claim(store: Store) -> None:
    crashed(store, "agent-a", "tok", T0)
    with pytest.raises(idempotency.IdempotentParameterMismatch):
        idempotency.begin(store, OP, "agent-a", "tok", idempotency.params({"name": "other"}),
                          clock=lambda: T0 + 2 * idempotency.ABANDONED)
    assert state.token_row(store, OP, "agent-a", "tok") is not None  # the refused call changed nothing


def test_one_of_two_racing_takeovers_runs(store: Store) -> None:
    crashed(store, "agent-a", "tok", T0)
    later = T0 + idempotency.ABANDONED + 1
    won: list[str] = []
    lost: list[str] = []
    gate = threading.Barrier(2)

    def call(name: str) -> None:
        gate.wait()
        try:
            if idempotency.begin(store, OP, "agent-a", "tok", DIGEST, clock=lambda: later) is None:
                won.append(name)
        except ConflictError:
            lost.append(name)

    threads = [threading.Thread(target=call, args=(n,)) for n in ("x", "y")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(won) == 1 and len(lost) == 1


def test_another_owners_token_is_untouched(store: Store) -> None:
    """Two tenants with one token string: an abandoned claim of one is no claim of the other, and taking it
    over leaves the other's row as it was."""
    crashed(store, "agent-a", "tok", T0)
    crashed(store, "agent-b", "tok", T0 + idempotency.ABANDONED)  # still fresh at `later`
    before = state.token_row(store, OP, "agent-b", "tok")
    later = T0 + idempotency.ABANDONED + 1
    assert idempotency.begin(store, OP, "agent-a", "tok", DIGEST, clock=lambda: later) is None
    assert state.token_row(store, OP, "agent-b", "tok") == before
    with pytest.raises(ConflictError):
        idempotency.begin(store, OP, "agent-b", "tok", DIGEST, clock=lambda: later)


def test_a_claim_without_its_time_counts_as_abandoned(store: Store) -> None:
    """Claims written before claims carried their time cannot be aged: they are taken over."""
    assert idempotency.abandoned("pending:0123456789abcdef", T0)
    assert not idempotency.abandoned(f"pending:0123456789abcdef@{T0:.0f}", T0 + 1)
    state.claim_token(store, OP, "agent-a", "old", idempotency._row(DIGEST, "pending:0123456789abcdef"))
    assert idempotency.begin(store, OP, "agent-a", "old", DIGEST, clock=lambda: T0) is None


def _rows(store: Store) -> int:
    with store.read() as tx:
        return len(tx.meta_items(state.TOKEN))


def test_a_settled_token_answers_repeats_for_its_window_then_is_a_new_request(store: Store) -> None:
    assert idempotency.begin(store, OP, "agent-a", "tok", DIGEST, clock=lambda: T0) is None
    idempotency.settle(store, OP, "agent-a", "tok", DIGEST, "m-1", clock=lambda: T0)
    inside = T0 + idempotency.WINDOW - 1
    assert idempotency.begin(store, OP, "agent-a", "tok", DIGEST, clock=lambda: inside) == "m-1"
    with pytest.raises(idempotency.IdempotentParameterMismatch):
        idempotency.begin(store, OP, "agent-a", "tok", "other parameters", clock=lambda: inside)
    after = T0 + idempotency.WINDOW + 1
    assert idempotency.lookup(store, OP, "agent-a", "tok", DIGEST, clock=lambda: after) is None
    # past the window the token is a new request, whatever its parameters were
    assert idempotency.begin(store, OP, "agent-a", "tok", "other parameters", clock=lambda: after) is None


def test_expired_token_rows_are_purged_for_every_owner_and_live_ones_kept(store: Store,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    later = T0 + idempotency.WINDOW + 60
    monkeypatch.setitem(idempotency._purged, store, later)  # no purge while the rows are written
    for owner in ("agent-a", "agent-b"):  # two tenants' old tokens
        for i in range(3):
            assert idempotency.begin(store, OP, owner, f"old-{i}", DIGEST, clock=lambda: T0) is None
            idempotency.settle(store, OP, owner, f"old-{i}", DIGEST, f"m-{i}", clock=lambda: T0)
    crashed(store, "agent-b", "lost", T0)  # a claim never settled
    assert idempotency.begin(store, OP, "agent-b", "new", DIGEST, clock=lambda: later) is None
    idempotency.settle(store, OP, "agent-b", "new", DIGEST, "m-new", clock=lambda: later)
    assert _rows(store) == 8
    soon = later + idempotency.PURGE_EVERY
    assert idempotency.begin(store, OP, "agent-a", "fresh", DIGEST, clock=lambda: soon) is None  # purges
    assert _rows(store) == 2  # agent-b's live token and agent-a's fresh claim
    assert idempotency.lookup(store, OP, "agent-b", "new", DIGEST, clock=lambda: soon) == "m-new"
    # purging runs at most every PURGE_EVERY seconds
    idempotency.settle(store, OP, "agent-a", "fresh", DIGEST, "m-f", clock=lambda: T0)  # already past its window
    assert idempotency.begin(store, OP, "agent-a", "x", DIGEST, clock=lambda: soon + 1) is None
    assert _rows(store) == 3
