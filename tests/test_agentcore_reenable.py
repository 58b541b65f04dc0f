"""Managed memory after a harness lets it go, through boto3 against a real ``engram serve`` on loopback (SQLite
and PostgreSQL).

The document: switching a harness to BYO or ``disabled`` turns its managed memory "into a regular AgentCore
memory resource" (the user's now). Re-enabling managed memory with UpdateHarness therefore makes a new managed
memory under a name the caller's account does not use yet (never a "name already exists" error about a ``name``
field UpdateHarness does not have), and leaves the detached memory as the user left it. The same holds around
it: disable, re-enable, disable again; re-enabling after the detached memory was deleted; CreateHarness when the
managed memory's usual name is taken; tenants that never meet (a name taken in one does not move another's).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from tests.support.agentcore import Served, served
from tests.support.agentcore_isolation import refused
from tests.support.backends import BACKENDS

ROLE = "arn:aws:iam::123456789012:role/MyHarnessRole"
SEED_MEMORY = {"managedMemoryConfiguration": {"strategies": ["SEMANTIC", "SUMMARIZATION", "USER_PREFERENCE"],
                                              "eventExpiryDuration": 60}}
DISABLE = {"optionalValue": {"disabled": {}}}
REENABLE = {"optionalValue": {"managedMemoryConfiguration": {"strategies": ["SEMANTIC", "SUMMARIZATION"]}}}
SESSION = "reenable-session-000000000000000000000001"


@pytest.fixture(scope="module", params=BACKENDS)
def ac(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with served(str(request.param), tmp_path_factory.mktemp("acreenable"), request) as s:
        yield s


@dataclass
class Tenant:
    """One tenant's clients: the control plane and the data plane, signed with one key of every right."""

    control: Any
    data: Any


def tenant_of(ac: Served, agent: str) -> Tenant:
    creds = ac.issue(agent, "--admin", "--delete")
    return Tenant(ac.client("bedrock-agentcore-control", creds=creds), ac.client("bedrock-agentcore", creds=creds))


@pytest.fixture
def tenant(ac: Served, request: pytest.FixtureRequest) -> Any:
    """The control-plane client of a tenant of its own (an agent no other test uses), with every right."""
    return tenant_of(ac, "t" + hashlib.sha256(request.node.nodeid.encode()).hexdigest()[:12]).control


def managed_arn(harness: dict[str, Any]) -> str:
    return str(harness["memory"]["managedMemoryConfiguration"]["arn"])


def test_reenabling_after_disable_makes_a_new_managed_memory(ac: Served) -> None:
    """The reported steps: create (the document's managed memory), disable, re-enable: a new managed memory; the
    detached one stays a regular memory, its strategies as they were, the user's to delete."""
    clients = tenant_of(ac, "reporter")
    tenant = clients.control
    h = tenant.create_harness(harnessName="MyHarness", executionRoleArn=ROLE, memory=SEED_MEMORY)["harness"]
    first = managed_arn(h)
    off = tenant.update_harness(harnessId=h["harnessId"], memory=DISABLE)["harness"]
    assert off["memory"] == {"disabled": {}}
    on = tenant.update_harness(harnessId=h["harnessId"], memory=REENABLE)["harness"]
    assert on["harnessVersion"] == "3"
    managed = on["memory"]["managedMemoryConfiguration"]
    assert managed["strategies"] == ["SEMANTIC", "SUMMARIZATION"] and managed["eventExpiryDuration"] == 30
    assert managed["arn"] != first
    assert tenant.get_harness(harnessId=h["harnessId"])["harness"]["memory"] == on["memory"]

    fresh = tenant.get_memory(memoryId=managed["arn"])["memory"]
    assert fresh["managedByResourceArn"] == h["arn"]
    assert [s["type"] for s in fresh["strategies"]] == ["SEMANTIC", "SUMMARIZATION"]
    old = tenant.get_memory(memoryId=first)["memory"]
    assert "managedByResourceArn" not in old and old["name"] != fresh["name"]
    assert [s["type"] for s in old["strategies"]] == ["SEMANTIC", "SUMMARIZATION", "USER_PREFERENCE"]
    assert old["eventExpiryDuration"] == 60
    listed = {m["arn"]: m for m in tenant.list_memories()["memories"]}
    assert set(listed) == {first, fresh["arn"]}
    assert listed[fresh["arn"]]["managedByResourceArn"] == h["arn"]
    assert "managedByResourceArn" not in listed[first]

    # the new one is managed (the Memory APIs cannot delete it); the detached one is the user's
    assert refused(lambda: tenant.delete_memory(memoryId=fresh["id"]))[0] == "ValidationException"
    tenant.delete_memory(memoryId=old["id"])
    # the harness's turns land in the new memory
    reply = clients.data.invoke_harness(harnessArn=h["arn"], runtimeSessionId=SESSION, actorId="user-123",
                                        messages=[{"role": "user", "content": [{"text": "I prefer email."}]}])
    assert list(reply["stream"])
    assert clients.data.list_events(memoryId=fresh["id"], actorId="user-123", sessionId=SESSION)["events"]
    tenant.delete_harness(harnessId=h["harnessId"])  # the cascade takes the new managed memory
    assert refused(lambda: tenant.get_memory(memoryId=fresh["id"]))[0] == "ResourceNotFoundException"


def test_disable_reenable_disable_again(tenant: Any) -> None:
    """Each disable detaches the memory managed then; each re-enable makes another; no two share a name; the
    harness's delete takes only the one it manages."""
    h = tenant.create_harness(harnessName="MyHarness", executionRoleArn=ROLE, memory=SEED_MEMORY)["harness"]
    arns = [managed_arn(h)]
    for _ in range(2):
        assert tenant.update_harness(harnessId=h["harnessId"], memory=DISABLE)["harness"]["memory"] == {
            "disabled": {}}
        arns.append(managed_arn(tenant.update_harness(harnessId=h["harnessId"], memory=REENABLE)["harness"]))
    assert len(set(arns)) == 3
    off = tenant.update_harness(harnessId=h["harnessId"], memory=DISABLE)["harness"]
    assert off["memory"] == {"disabled": {}} and off["harnessVersion"] == "6"
    memories = [tenant.get_memory(memoryId=arn)["memory"] for arn in arns]
    assert all("managedByResourceArn" not in m for m in memories)
    assert len({m["name"] for m in memories}) == 3
    again = tenant.update_harness(harnessId=h["harnessId"], memory=REENABLE)["harness"]
    last = managed_arn(again)
    assert last not in arns
    tenant.delete_harness(harnessId=h["harnessId"])
    assert refused(lambda: tenant.get_memory(memoryId=last))[0] == "ResourceNotFoundException"
    assert {m["arn"] for m in tenant.list_memories()["memories"]} == set(arns)  # the detached ones stay


def test_reenable_after_the_detached_memory_was_deleted(tenant: Any) -> None:
    """The user deleted the memory the harness let go: re-enabling makes a new one, its name free again."""
    h = tenant.create_harness(harnessName="MyHarness", executionRoleArn=ROLE, memory=SEED_MEMORY)["harness"]
    first = tenant.get_memory(memoryId=managed_arn(h))["memory"]
    tenant.update_harness(harnessId=h["harnessId"], memory=DISABLE)
    tenant.delete_memory(memoryId=first["id"])
    on = tenant.update_harness(harnessId=h["harnessId"], memory=REENABLE)["harness"]
    fresh = tenant.get_memory(memoryId=managed_arn(on))["memory"]
    assert fresh["id"] != first["id"] and fresh["name"] == first["name"]
    assert fresh["managedByResourceArn"] == h["arn"]


def test_a_byo_switch_then_reenable_leaves_the_byo_memory_alone(tenant: Any) -> None:
    """Managed, then BYO (the detached memory itself attached as BYO), then managed again: a new managed memory;
    the BYO memory stays the user's."""
    h = tenant.create_harness(harnessName="MyHarness", executionRoleArn=ROLE)["harness"]
    first = managed_arn(h)
    byo = tenant.update_harness(harnessId=h["harnessId"], memory={"optionalValue": {
        "agentCoreMemoryConfiguration": {"arn": first}}})["harness"]
    assert byo["memory"] == {"agentCoreMemoryConfiguration": {"arn": first}}
    on = tenant.update_harness(harnessId=h["harnessId"], memory=REENABLE)["harness"]
    assert managed_arn(on) != first
    assert "managedByResourceArn" not in tenant.get_memory(memoryId=first)["memory"]


def test_create_harness_when_the_managed_memorys_name_is_taken(tenant: Any) -> None:
    """A harness deleted with ``deleteManagedMemory=false`` leaves its memory (and its name) behind; a new harness
    of the same name, or a user's own memory of that name, does not stop CreateHarness."""
    h = tenant.create_harness(harnessName="MyHarness", executionRoleArn=ROLE)["harness"]
    kept = tenant.get_memory(memoryId=managed_arn(h))["memory"]
    tenant.delete_harness(harnessId=h["harnessId"], deleteManagedMemory=False)
    again = tenant.create_harness(harnessName="MyHarness", executionRoleArn=ROLE)["harness"]
    made = tenant.get_memory(memoryId=managed_arn(again))["memory"]
    assert made["name"] != kept["name"] and made["managedByResourceArn"] == again["arn"]

    own = tenant.create_memory(name="OtherMemory", eventExpiryDuration=30)["memory"]
    other = tenant.create_harness(harnessName="Other", executionRoleArn=ROLE)["harness"]
    theirs = tenant.get_memory(memoryId=managed_arn(other))["memory"]
    assert theirs["name"] != own["name"] and theirs["managedByResourceArn"] == other["arn"]
    assert "managedByResourceArn" not in tenant.get_memory(memoryId=own["id"])["memory"]


def test_a_long_harness_name_reenables_within_the_memory_name_limit(tenant: Any) -> None:
    """A 40-character harness name: every managed memory's name still fits the 48 characters a memory name
    has, however often memory is re-enabled."""
    name = "H" + "x" * 39
    h = tenant.create_harness(harnessName=name, executionRoleArn=ROLE)["harness"]
    arns = [managed_arn(h)]
    for _ in range(3):
        tenant.update_harness(harnessId=h["harnessId"], memory=DISABLE)
        arns.append(managed_arn(tenant.update_harness(harnessId=h["harnessId"], memory=REENABLE)["harness"]))
    names = [tenant.get_memory(memoryId=arn)["memory"]["name"] for arn in arns]
    assert len(set(names)) == 4 and all(len(n) <= 48 for n in names)


def test_tenants_never_meet_over_memory_names(ac: Served) -> None:
    """A memory name taken in one tenant moves nothing in another: each gets its harness's usual managed memory
    name, and re-enabling in one never names the other's memories."""
    a, b = tenant_of(ac, "tenant_a").control, tenant_of(ac, "tenant_b").control
    ha = a.create_harness(harnessName="Shared", executionRoleArn=ROLE)["harness"]
    a.update_harness(harnessId=ha["harnessId"], memory=DISABLE)
    a_first = a.get_memory(memoryId=managed_arn(ha))["memory"]
    hb = b.create_harness(harnessName="Shared", executionRoleArn=ROLE)["harness"]
    b_first = b.get_memory(memoryId=managed_arn(hb))["memory"]
    assert b_first["name"] == a_first["name"]  # A's detached memory holds the name in A only
    b.update_harness(harnessId=hb["harnessId"], memory=DISABLE)
    b_again = b.get_memory(memoryId=managed_arn(b.update_harness(harnessId=hb["harnessId"],
                                                                 memory=REENABLE)["harness"]))["memory"]
    a_again = a.get_memory(memoryId=managed_arn(a.update_harness(harnessId=ha["harnessId"],
                                                                 memory=REENABLE)["harness"]))["memory"]
    assert a_again["name"] == b_again["name"] != a_first["name"]
    assert {m["arn"] for m in a.list_memories()["memories"]} == {a_first["arn"], a_again["arn"]}
    assert {m["arn"] for m in b.list_memories()["memories"]} == {b_first["arn"], b_again["arn"]}
    # another tenant's memory is not there at all for this one
    assert refused(lambda: b.get_memory(memoryId=a_first["arn"]))[0] == "ResourceNotFoundException"


def test_names_lost_to_concurrent_creates_are_a_conflict_naming_the_harness_field(
        mem: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """In process (no server can be made to lose every race): when concurrent creates take each name found, the
    managed memory's create gives up with a ConflictError naming the harness request's field, never ``name``;
    nothing is left registered."""
    from engram.agentcore import memories, state
    from engram.errors import ConflictError
    from engram.grants import Grant

    monkeypatch.setattr(state, "claim_name", lambda *_args, **_kw: False)
    grant = Grant("k", "racer", None, ("session",), ("session",), True, True)
    body = {"name": "MyHarnessMemory", "eventExpiryDuration": 30}
    with pytest.raises(ConflictError) as err:
        memories.create(mem, grant, body, region="us-west-2", account="123456789012",
                        managed_by="arn:aws:bedrock-agentcore:us-west-2:123456789012:harness/MyHarness-UuFdkQoXSL",
                        managed_field="memory")
    assert err.value.field == "memory"
    assert memories.visible(mem, grant) == []


def test_managed_names_fit_and_never_repeat() -> None:
    from engram.agentcore import memories

    wanted = "H" * 40 + "Memory"
    names = [n for n, _ in zip(memories.managed_names(wanted), range(1200), strict=False)]
    assert names[:3] == [wanted, "H" * 40 + "Memory_2", "H" * 40 + "Memory_3"]
    assert len(set(names)) == len(names) and all(len(n) <= memories.MAX_NAME for n in names)
