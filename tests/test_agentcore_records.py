"""The AgentCore long-term data plane through boto3 against a real ``engram serve``: BatchCreate/Update/
Delete with per-record results, RetrieveMemoryRecords (scores, topK, namespace exact and prefix, strategy and
metadata filters), ListMemoryRecords (paging), GetMemoryRecord, DeleteMemoryRecord; on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from botocore.exceptions import ClientError

from tests.support.agentcore import AGENT, REGION, Served, served
from tests.support.backends import BACKENDS


@pytest.fixture(scope="module", params=BACKENDS)
def ac(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with served(str(request.param), tmp_path_factory.mktemp("acr"), request) as s:
        yield s


def rec(rid: str, ns: str, text: str, **kw: Any) -> dict[str, Any]:
    return {"requestIdentifier": rid, "namespaces": [ns], "content": {"text": text},
            "timestamp": datetime.now(UTC), **kw}


def code(exc: ClientError) -> str:
    return str(exc.response["Error"]["Code"])


@pytest.fixture(scope="module")
def facts(ac: Served) -> dict[str, str]:
    c = ac.client()
    out = c.batch_create_memory_records(memoryId=ac.memory.id, records=[
        rec("r1", "/facts/u1/", "The customer prefers email over phone calls", memoryStrategyId="facts",
            metadata={"topic": {"stringValue": "contact"}}),
        rec("r2", "/facts/u1/", "The customer's dog is called Biscuit", memoryStrategyId="facts"),
        rec("r3", "/facts/u2/", "This other customer prefers phone calls", memoryStrategyId="facts"),
        rec("r4", "/summary/u1/s1/", "Session summary: asked about a refund for order 991"),
        rec("r5", "/shared/policies/", "Refunds are processed within five business days"),
        rec("bad", "/facts/u1/", "x", metadata={"undeclared": {"stringValue": "v"}}),
    ])
    assert [r["requestIdentifier"] for r in out["failedRecords"]] == ["bad"]
    assert out["failedRecords"][0]["errorCode"] == 400 and "undeclared" in out["failedRecords"][0]["errorMessage"]
    got = {r["requestIdentifier"]: r["memoryRecordId"] for r in out["successfulRecords"]}
    assert all(r["status"] == "SUCCEEDED" and 40 <= len(r["memoryRecordId"]) <= 50 for r in out["successfulRecords"])
    return got


def test_retrieve_scores_namespaces_and_filters(ac: Served, facts: dict[str, str]) -> None:
    c = ac.client()
    mid = ac.memory.id

    def retrieve(query: str, **kw: Any) -> list[dict[str, Any]]:
        crit = {"searchQuery": query, **kw.pop("crit", {})}
        return list(c.retrieve_memory_records(memoryId=mid, searchCriteria=crit, **kw)["memoryRecordSummaries"])

    hits = retrieve("how does the customer want to be contacted, email or phone", namespace="/facts/u1/")
    assert hits and hits[0]["memoryRecordId"] == facts["r1"]
    assert all(0.0 <= h["score"] <= 1.0 for h in hits)
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)
    assert all(h["namespaces"] == ["/facts/u1/"] for h in hits)  # u2's record is another actor's
    assert hits[0]["metadata"] == {"topic": {"stringValue": "contact"}} and hits[0]["memoryStrategyId"] == "facts"
    assert len(retrieve("customer", namespace="/facts/u1/", crit={"topK": 1})) == 1
    # a prefix without an actor reaches every actor (the key is memory-wide), and agent-level namespaces
    wide = {h["memoryRecordId"] for h in retrieve("customer prefers phone calls email", namespacePath="/facts/")}
    assert {facts["r1"], facts["r3"]} <= wide
    assert [h["memoryRecordId"] for h in retrieve("refund processing days", namespace="/shared/policies/")] \
        == [facts["r5"]]
    assert facts["r4"] in {h["memoryRecordId"] for h in retrieve("refund order", namespace="/summary/u1/s1/")}
    # strategy and metadata filters
    only = retrieve("customer", namespace="/facts/u1/", crit={"metadataFilters": [
        {"left": {"metadataKey": "topic"}, "operator": "EQUALS_TO",
         "right": {"metadataValue": {"stringValue": "contact"}}}]})
    assert [h["memoryRecordId"] for h in only] == [facts["r1"]]
    missing = retrieve("customer dog", namespace="/facts/u1/",
                       crit={"metadataFilters": [{"left": {"metadataKey": "topic"}, "operator": "NOT_EXISTS"}]})
    assert facts["r2"] in {h["memoryRecordId"] for h in missing} and facts["r1"] not in {
        h["memoryRecordId"] for h in missing}
    assert retrieve("customer", namespace="/facts/u1/", crit={"memoryStrategyId": "other"}) == []
    with pytest.raises(ClientError) as exc:
        retrieve("x", namespace="/facts/u1/", crit={"topK": 101})
    assert code(exc.value) == "ValidationException"
    with pytest.raises(ClientError) as exc:
        retrieve("x", namespace="/facts/*/")
    assert code(exc.value) == "ValidationException"


def test_list_get_and_paging(ac: Served, facts: dict[str, str]) -> None:
    c = ac.client()
    mid = ac.memory.id
    listed = c.list_memory_records(memoryId=mid, namespace="/facts/u1/")["memoryRecordSummaries"]
    assert [r["memoryRecordId"] for r in listed] == [facts["r2"], facts["r1"]]  # newest first
    seen, token = [], None
    while True:
        kw = {"nextToken": token} if token else {}
        page = c.list_memory_records(memoryId=mid, namespacePath="/", maxResults=2, **kw)
        assert len(page["memoryRecordSummaries"]) <= 2
        seen += [r["memoryRecordId"] for r in page["memoryRecordSummaries"]]
        token = page.get("nextToken")
        if not token:
            break
    assert set(facts.values()) <= set(seen) and len(seen) == len(set(seen))
    got = c.get_memory_record(memoryId=mid, memoryRecordId=facts["r3"])["memoryRecord"]
    assert got["content"]["text"] == "This other customer prefers phone calls"
    assert got["namespaces"] == ["/facts/u2/"] and isinstance(got["createdAt"], datetime)
    # the namespace query parameter (percent-encoded, and signed) takes the direct path to the owner
    assert c.get_memory_record(memoryId=mid, memoryRecordId=facts["r3"], namespace="/facts/u2/")[
        "memoryRecord"] == got
    with pytest.raises(c.exceptions.ResourceNotFoundException):
        c.get_memory_record(memoryId=mid, memoryRecordId="mem-" + "x" * 40)


def test_update_and_delete(ac: Served) -> None:
    c = ac.client()
    mid = ac.memory.id
    made = c.batch_create_memory_records(memoryId=mid, records=[
        rec("a", "/facts/u9/", "Lives in Lisbon"), rec("b", "/facts/u9/", "Works as a nurse")])
    a, b = (r["memoryRecordId"] for r in made["successfulRecords"])
    up = c.batch_update_memory_records(memoryId=mid, records=[
        {"memoryRecordId": a, "timestamp": datetime.now(UTC), "content": {"text": "Lives in Porto"}},
        {"memoryRecordId": "mem-" + "y" * 40, "timestamp": datetime.now(UTC), "content": {"text": "x"}}])
    assert len(up["successfulRecords"]) == 1 and up["failedRecords"][0]["errorCode"] == 404
    new_a = up["successfulRecords"][0]["memoryRecordId"]
    assert c.get_memory_record(memoryId=mid, memoryRecordId=new_a)["memoryRecord"]["content"]["text"] == \
        "Lives in Porto"
    # the old id resolves to the newest version; retrieval sees only the new text
    assert c.get_memory_record(memoryId=mid, memoryRecordId=a)["memoryRecord"]["memoryRecordId"] == new_a
    texts = [h["content"]["text"] for h in c.retrieve_memory_records(
        memoryId=mid, namespace="/facts/u9/", searchCriteria={"searchQuery": "where does she live"})[
        "memoryRecordSummaries"]]
    assert "Lives in Lisbon" not in texts
    assert c.delete_memory_record(memoryId=mid, memoryRecordId=b)["memoryRecordId"] == b
    with pytest.raises(c.exceptions.ResourceNotFoundException):
        c.get_memory_record(memoryId=mid, memoryRecordId=b)
    gone = c.batch_delete_memory_records(memoryId=mid, records=[{"memoryRecordId": new_a},
                                                                 {"memoryRecordId": b}])
    assert [r["memoryRecordId"] for r in gone["successfulRecords"]] == [new_a]
    assert gone["failedRecords"][0]["errorCode"] == 404
    assert c.list_memory_records(memoryId=mid, namespace="/facts/u9/")["memoryRecordSummaries"] == []


def test_actor_bound_keys_and_batch_tokens(ac: Served) -> None:
    mid = ac.memory.id
    one = ac.client(creds=ac.issue(AGENT, "--actor", "u1"))
    mine = one.retrieve_memory_records(memoryId=mid, namespacePath="/",
                                       searchCriteria={"searchQuery": "customer prefers"})["memoryRecordSummaries"]
    assert mine and all("/u2/" not in h["namespaces"][0] for h in mine)
    with pytest.raises(ClientError) as exc:
        one.retrieve_memory_records(memoryId=mid, namespace="/facts/u2/", searchCriteria={"searchQuery": "x"})
    assert code(exc.value) == "AccessDeniedException"
    with pytest.raises(ClientError) as exc:  # another actor's namespace: the batch is refused whole
        one.batch_create_memory_records(memoryId=mid, records=[rec("w", "/facts/u2/", "not mine")])
    assert code(exc.value) == "AccessDeniedException" and "/facts/u2/" in str(exc.value)
    c = ac.client()
    args = {"memoryId": mid, "records": [rec("t1", "/facts/u7/", "Token test record")], "clientToken": "batch-1"}
    first = c.batch_create_memory_records(**args)
    again = c.batch_create_memory_records(**args)
    assert first["successfulRecords"] == again["successfulRecords"]
    assert len(c.list_memory_records(memoryId=mid, namespace="/facts/u7/")["memoryRecordSummaries"]) == 1


def test_each_memory_reads_its_own_agents_configuration(ac: Served) -> None:
    from engram import Memory
    from engram.agentcore import registry
    from engram.embedders import HashingEmbedder

    mem = Memory.open(ac.db, embedder=HashingEmbedder())
    try:
        mem.configure("team-kb", {"harness": {"memory": {"enabled": True,
            "scope": {"read": ["session", "actor", "agent"], "write": ["session", "actor", "agent"]},
            "strategies": [{"type": "SEMANTIC", "id": "kb", "namespace": "/kb/{actorId}/"}],
            "labels": {"team": {"number": 2, "description": "Which team the note is for."}}}}})
        kb = registry.create(mem.store, "team-kb", "TeamKb", doc={"owner": AGENT}, region=REGION)  # made by bot's key
    finally:
        mem.close()
    c = ac.client()
    meta = {"team": {"stringValue": "billing"}}
    made = c.batch_create_memory_records(memoryId=kb.id, records=[rec("k1", "/kb/u5/", "Refund limit is 200 EUR",
                                                                      metadata=meta)])
    assert made["failedRecords"] == [] and made["successfulRecords"][0]["status"] == "SUCCEEDED"
    # the label is this memory's, not the other memory's
    other = c.batch_create_memory_records(memoryId=ac.memory.id, records=[rec("k2", "/facts/u5/", "x",
                                                                               metadata=meta)])
    assert other["failedRecords"][0]["errorCode"] == 400
    # /kb/{actorId}/ is this memory's template: /kb/u5/ is actor u5's, out of reach of a key bound to u6
    u6 = ac.client(creds=ac.issue(AGENT, "--actor", "u6"))
    with pytest.raises(ClientError) as exc:
        u6.retrieve_memory_records(memoryId=kb.id, namespace="/kb/u5/", searchCriteria={"searchQuery": "refund"})
    assert code(exc.value) == "AccessDeniedException"
    hits = c.retrieve_memory_records(memoryId=kb.id, namespace="/kb/u5/",
                                     searchCriteria={"searchQuery": "refund limit"})["memoryRecordSummaries"]
    assert [h["memoryRecordId"] for h in hits] == [made["successfulRecords"][0]["memoryRecordId"]]
    assert hits[0]["metadata"] == meta
