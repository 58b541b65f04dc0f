"""The AgentCore memory registry (memory resource <-> engram agent) and the id maps, on every backend."""

from __future__ import annotations

import pytest

from engram.agentcore import ids, registry
from engram.agentcore.errors import ResourceNotFoundException, ValidationException
from engram.engine import open_store
from engram.errors import ConflictError, NotFound, ValidationError


def test_registry_lifecycle(db_url: str) -> None:
    store = open_store(db_url)
    try:
        a = registry.create(store, "bot", "MyMemory", region="eu-west-1", account="123456789012",
                            event_expiry_days=60, doc={"strategies": []})
        assert ids.MEMORY_ID.fullmatch(a.id) and a.id.startswith("MyMemory-")
        assert a.arn == f"arn:aws:bedrock-agentcore:eu-west-1:123456789012:memory/{a.id}"
        assert registry.get(store, a.arn) == a == registry.get(store, a.id)
        assert registry.of_agent(store, "bot") == a
        with pytest.raises(ConflictError):
            registry.create(store, "bot", "Second")  # one memory per agent
        b = registry.create(store, "other", "Other")
        assert [m.id for m in registry.list_all(store)] == [a.id, b.id]
        changed = registry.update(store, a.id, description="d", doc={"strategies": [{"x": 1}]})
        assert registry.get(store, a.id).description == "d" == changed.description
        with pytest.raises(ValidationError):
            registry.update(store, a.id, agent="elsewhere")
        with pytest.raises(ValidationError):
            registry.create(store, "third", "Bad", event_expiry_days=3651)  # CreateMemory allows 3 to 3650 days
        registry.delete(store, a.id)
        with pytest.raises(NotFound):
            registry.get(store, a.id)
        assert registry.of_agent(store, "bot") is None
        assert [m.id for m in registry.list_all(store)] == [b.id]
        registry.create(store, "bot", "Again")  # the agent is free again
    finally:
        store.close()


def test_id_maps_round_trip_and_refuse_made_up_ids() -> None:
    eid = "e_0661f0a1b2c3d4e5f60718293"[:25]
    assert ids.event_id_in(ids.event_id_out(eid)) == eid
    rid = "r_0661f0a1b2c3d4e5f6071829"[:25]
    out = ids.record_id_out(rid)
    assert 40 <= len(out) <= 50 and ids.RECORD_ID.fullmatch(out) and ids.record_id_in(out) == rid
    with pytest.raises(ResourceNotFoundException):
        ids.record_id_in("mem-" + "a" * 40)
    with pytest.raises(ValidationException):
        ids.record_id_in("mem-short")
    assert ids.actor_out(ids.actor_in("org/team:user-1")) == "org/team:user-1"
    with pytest.raises(ValidationException):
        ids.actor_in("a" * 129)
    with pytest.raises(ValidationException):
        ids.memory_id("no")


def test_aws_credentials_derive_from_the_master(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from engram.agentcore import credentials
    from engram.keys import revoke_key

    store = open_store(db_url)
    try:
        stored = credentials.issue(store, "bot", "u1", can_delete=True)  # master kept in the store's meta
        found = credentials.lookup(store, stored.access_key_id)
        assert found is not None and found.secret == stored.secret_access_key and found.key.actor == "u1"
        assert stored.access_key_id == "AKEG" + stored.key_id.upper() and len(stored.secret_access_key) == 40
        monkeypatch.setenv(credentials.MASTER_ENV, "a master kept outside the database")
        with pytest.raises(credentials.WrongMaster):  # issued under the stored master: refused, with a reason
            credentials.lookup(store, stored.access_key_id)
        outside = credentials.issue(store, "bot")
        again = credentials.lookup(store, outside.access_key_id)
        assert again is not None and again.secret == outside.secret_access_key
        with store.read() as tx:  # the secret itself is stored nowhere
            row = tx.get_meta("agentcore.aws_key." + outside.access_key_id) or ""
        assert row and outside.secret_access_key not in row
        revoke_key(store, outside.key_id)
        assert credentials.lookup(store, outside.access_key_id) is None
        assert credentials.lookup(store, "AKEG0000000000000000") is None
    finally:
        store.close()
