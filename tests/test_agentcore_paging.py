"""Control-plane page tokens through boto3 against a real ``engram serve``: ListMemories, ListHarnesses and
ListHarnessVersions page with tokens bound, as the data plane's are, to the operation, the parameters that define
the listing (which harness) and the caller (the key's agent and actor); a token shown to another listing or by
another caller, or one the server never issued, is a ValidationException naming nextToken, and the refusal says
nothing about the listing the token came from. SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest
from botocore.exceptions import ClientError

from engram.agentcore import registry
from engram.engine import open_store
from tests.support.agentcore import Served, refused_token, served
from tests.support.backends import BACKENDS

CONTROL = "bedrock-agentcore-control"
ROLE = "arn:aws:iam::123456789012:role/harness"


@dataclass
class Tenant:
    ctl: Any
    memories: list[str]  # ListMemories' order: oldest first
    harnesses: list[str]


@dataclass
class Paging:
    ac: Served
    a: Tenant  # the served key's agent: the data-plane memory, three memories it made, two harnesses
    b: Tenant  # another agent: two memories, two harnesses


def _tenant(ac: Served, creds: dict[str, str], name: str, memories: int) -> Tenant:
    ctl = ac.client(CONTROL, creds=creds)
    for i in range(memories):
        ctl.create_memory(name=f"{name}Mem{i}", eventExpiryDuration=30)
    harnesses = []
    for i in range(2):
        hid = ctl.create_harness(harnessName=f"{name}H{i}", executionRoleArn=ROLE,
                                 memory={"disabled": {}})["harness"]["harnessId"]
        for n in range(2):  # versions 2 and 3
            ctl.update_harness(harnessId=hid, maxIterations=5 + n)
        harnesses.append(hid)
    return Tenant(ctl, [m["id"] for m in ctl.list_memories()["memories"]], harnesses)


@pytest.fixture(scope="module", params=BACKENDS)
def paging(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Paging]:
    with served(str(request.param), tmp_path_factory.mktemp("acp"), request) as ac:
        a = _tenant(ac, ac.creds, "A", 3)
        b = _tenant(ac, ac.issue("other-agent", "--admin"), "B", 2)
        assert len(a.memories) == 4 and len(b.memories) == 2
        yield Paging(ac, a, b)


def _all(page: Callable[..., dict[str, Any]], key: str, item: str, **kw: Any) -> list[str]:
    seen: list[str] = []
    more: dict[str, str] = {}
    for _ in range(10):
        out = page(maxResults=1, **kw, **more)
        seen += [x[item] for x in out[key]]
        if "nextToken" not in out:
            return seen
        more = {"nextToken": out["nextToken"]}
    raise AssertionError("the listing did not end")


def test_each_listing_pages_through_with_its_own_tokens(paging: Paging) -> None:
    a = paging.a
    assert _all(a.ctl.list_memories, "memories", "id") == a.memories
    assert _all(a.ctl.list_harnesses, "harnesses", "harnessId") == a.harnesses
    for hid in a.harnesses:
        assert _all(a.ctl.list_harness_versions, "harnessVersions", "harnessVersion", harnessId=hid) == ["3", "2", "1"]
    # a token stays good for another page size of its listing
    first = a.ctl.list_memories(maxResults=1)
    rest = a.ctl.list_memories(maxResults=100, nextToken=first["nextToken"])
    assert [m["id"] for m in rest["memories"]] == a.memories[1:] and "nextToken" not in rest


def test_a_token_is_refused_by_another_listing(paging: Paging) -> None:
    a, ac = paging.a, paging.ac
    memories = a.ctl.list_memories(maxResults=1)["nextToken"]
    harnesses = a.ctl.list_harnesses(maxResults=1)["nextToken"]
    h0, h1 = a.harnesses
    versions = a.ctl.list_harness_versions(harnessId=h0, maxResults=1)["nextToken"]
    # the same operation, another harness: the versions token names a version both harnesses have
    refused_token(lambda: a.ctl.list_harness_versions(harnessId=h1, nextToken=versions))
    # another operation
    for token in (harnesses, versions):
        refused_token(lambda t=token: a.ctl.list_memories(nextToken=t))
    for token in (memories, versions):
        refused_token(lambda t=token: a.ctl.list_harnesses(nextToken=t))
    for token in (memories, harnesses):
        refused_token(lambda t=token: a.ctl.list_harness_versions(harnessId=h0, nextToken=t))
    # the data plane's tokens and the control plane's never open each other's listings
    data = ac.client()
    for s in ("s1", "s2"):
        data.create_event(memoryId=ac.memory.id, actorId="pager", sessionId=s, eventTimestamp=datetime.now(UTC),
                          payload=[{"conversational": {"content": {"text": s}, "role": "USER"}}])
    sessions = data.list_sessions(memoryId=ac.memory.id, actorId="pager", maxResults=1)["nextToken"]
    refused_token(lambda: a.ctl.list_memories(nextToken=sessions))
    refused_token(lambda: a.ctl.list_harnesses(nextToken=sessions))
    refused_token(lambda: data.list_sessions(memoryId=ac.memory.id, actorId="pager", nextToken=memories))
    refused_token(lambda: data.list_actors(memoryId=ac.memory.id, nextToken=memories))


def test_a_token_is_refused_by_another_caller(paging: Paging) -> None:
    a, b, ac = paging.a, paging.b, paging.ac
    # a key of the memory's own agent reaches that memory too: the owner's token naming it is still not its token
    page = a.ctl.list_memories(maxResults=2)
    second_page_first = a.memories[2]
    store = open_store(ac.db)
    try:
        own_agent = registry.get(store, second_page_first).agent
    finally:
        store.close()
    own = ac.client(CONTROL, creds=ac.issue(own_agent))
    assert [m["id"] for m in own.list_memories()["memories"]] == [second_page_first]
    refused_token(lambda: own.list_memories(nextToken=page["nextToken"]))
    # another tenant: refused alike, whatever the token's listing holds; the refusal names nothing of it
    late = a.ctl.create_memory(name="ALate", eventExpiryDuration=30)["memory"]["id"]
    token = a.ctl.list_memories(maxResults=len(a.memories))["nextToken"]  # its next page starts at ``late``
    harness_token = a.ctl.list_harnesses(maxResults=1)["nextToken"]
    versions = a.ctl.list_harness_versions(harnessId=a.harnesses[0], maxResults=1)["nextToken"]
    said = {refused_token(lambda: b.ctl.list_memories(nextToken=token)),
            refused_token(lambda: b.ctl.list_harnesses(nextToken=harness_token)),
            refused_token(lambda: b.ctl.list_harness_versions(harnessId=b.harnesses[0], nextToken=versions))}
    a.ctl.delete_memory(memoryId=late)  # the memory A's token names is gone: B hears the same
    said.add(refused_token(lambda: b.ctl.list_memories(nextToken=token)))
    [message] = said
    assert not any(x in message for x in [*a.memories, late, *a.harnesses, "bot", "gone"])
    with pytest.raises(ClientError):  # while A itself is told its page's memory is gone
        a.ctl.list_memories(nextToken=token)
    # an actor-bound key of A's own agent is another caller too
    actor = ac.client(CONTROL, creds=ac.issue("bot", "--actor", "u1"))
    refused_token(lambda: actor.list_memories(nextToken=page["nextToken"]))


def test_a_token_the_server_never_issued_is_refused(paging: Paging) -> None:
    """What the old tokens were (the next page's memory or harness id, a version number) is no token: a caller
    cannot make one up, not even from what its own listing shows."""
    b = paging.b
    refused_token(lambda: b.ctl.list_memories(nextToken=b.memories[1]))
    refused_token(lambda: b.ctl.list_harnesses(nextToken=b.harnesses[1]))
    refused_token(lambda: b.ctl.list_harness_versions(harnessId=b.harnesses[0], nextToken="2"))
    real = b.ctl.list_memories(maxResults=1)["nextToken"]
    head, _, sig = real.partition(".")
    refused_token(lambda: b.ctl.list_memories(nextToken=f"{head}.{sig[::-1]}"))  # changed by the client
    refused_token(lambda: b.ctl.list_memories(nextToken="x" * 5000))
