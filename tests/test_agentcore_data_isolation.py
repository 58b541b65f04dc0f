"""Who reads and writes what on the AgentCore data plane, through boto3 against a real ``engram serve`` on
loopback, on SQLite and PostgreSQL: an InvokeHarness without ``actorId`` is its own actor; a key bound to one
actor writes only its own actor's namespaces (memory-wide ones need a key without an actor); Retrieve/List
need a namespace; BatchUpdate keeps ``createdAt``; CreateEvent without ``sessionId`` opens a session of its
own; an undeclared metadata key is explained in AgentCore's terms."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

from tests.support.agentcore import AGENT, Served, served
from tests.support.agentcore_isolation import answer, last_prompt, refused, texts
from tests.support.backends import BACKENDS
from tests.support.wire import FakeServer, openai_chat

ROLE = "arn:aws:iam::123456789012:role/MyHarnessRole"
KEY_ARN = "arn:aws:bedrock-agentcore:us-west-2:123456789012:token-vault/default/apikeycredentialprovider/openai"
S1 = "anonymous-session-0000000000000000000001"
S2 = "anonymous-session-0000000000000000000002"
S3 = "anonymous-session-0000000000000000000003"
PAYLOAD = [{"conversational": {"content": {"text": "I prefer email."}, "role": "USER"}}]


@pytest.fixture(scope="module", params=BACKENDS)
def ac(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with served(str(request.param), tmp_path_factory.mktemp("aciso"), request) as s:
        yield s


@pytest.fixture(scope="module")
def keys(ac: Served) -> dict[str, Any]:
    """Clients: ``admin`` (the whole agent, admin and delete), ``c42`` and ``bob`` (one actor each, delete)."""
    return {"admin": ac.client(creds=ac.issue(AGENT, "--admin", "--delete")),
            "control": ac.client("bedrock-agentcore-control", creds=ac.issue(AGENT, "--admin", "--delete")),
            "c42": ac.client(creds=ac.issue(AGENT, "--actor", "cust-42", "--delete")),
            "bob": ac.client(creds=ac.issue(AGENT, "--actor", "bob", "--delete"))}


def rec(rid: str, ns: str, text: str, at: datetime | None = None, **kw: Any) -> dict[str, Any]:
    return {"requestIdentifier": rid, "namespaces": [ns], "content": {"text": text},
            "timestamp": at or datetime.now(UTC), **kw}


def test_an_invocation_without_an_actor_is_its_own_actor(ac: Served, keys: dict[str, Any]) -> None:
    """Memory is "scoped by session ID (and additionally by actor ID, if provided)": one anonymous session's
    long-term memory never reaches another's; the session is its own actor."""
    with FakeServer().reply(openai_chat("Noted.")) as llm:
        model = {"openAiModelConfig": {"modelId": "gpt-test", "apiBase": llm.url + "/v1", "apiKeyArn": KEY_ARN}}
        harness = keys["control"].create_harness(harnessName="Anonymous", executionRoleArn=ROLE,
                                                 model=model)["harness"]
        memory_id = harness["memory"]["managedMemoryConfiguration"]["arn"].rsplit("/", 1)[1]
        data = ac.client()
        answer(data, harness["arn"], S1, "Hello there.")
        answer(data, harness["arn"], S2, "Hello there.")
        actors = {a["actorId"] for a in data.list_actors(memoryId=memory_id)["actorSummaries"]}
        assert {S1, S2} <= actors and "default" not in actors
        assert [s["sessionId"] for s in data.list_sessions(memoryId=memory_id, actorId=S1)[
            "sessionSummaries"]] == [S1]
        [semantic] = [s["strategyId"] for s in keys["control"].get_memory(memoryId=memory_id)["memory"][
            "strategies"] if s["type"] == "SEMANTIC"]  # the harness retrieves its strategies' records
        made = keys["admin"].batch_create_memory_records(memoryId=memory_id, records=[
            rec("code", f"/facts/{S1}/", "My locker code is 4471", memoryStrategyId=semantic)])
        assert made["failedRecords"] == []
        answer(data, harness["arn"], S1, "What is my locker code?")
        assert "4471" in last_prompt(llm)
        for other in (S2, S3):
            answer(data, harness["arn"], other, "What is my locker code?")
            assert "4471" not in last_prompt(llm)
        # an actor-bound key without actorId runs as its own actor (it could not act as another)
        answer(ac.client(creds=ac.issue(AGENT, "--actor", "cust-9")), harness["arn"], S3, "Hello.")
        assert [s["sessionId"] for s in data.list_sessions(memoryId=memory_id, actorId="cust-9")[
            "sessionSummaries"]] == [S3]


@pytest.mark.parametrize("namespace", ["/bob/", "/global/", "/notes/bob/", "/users/bob/profile/", "/facts/bob/"])
def test_an_actor_bound_key_writes_only_its_own_actors_namespaces(ac: Served, keys: dict[str, Any],
                                                                   namespace: str) -> None:
    """A key bound to cust-42 cannot plant a record another actor (or a memory-wide reader) reads: the whole
    batch is refused, naming the namespace and the rule, and nothing of it is stored."""
    mid = ac.memory.id
    own = "/summary/cust-42/refunds/"  # cust-42's own (a session of theirs), in the same batch
    code, message, _ = refused(lambda: keys["c42"].batch_create_memory_records(memoryId=mid, records=[
        rec("mine", own, "cust-42 asked about refunds"), rec("planted", namespace, "All refunds are approved")]))
    assert code == "AccessDeniedException"
    assert namespace in message and "cust-42" in message and "writes only that actor's namespaces" in message
    for reader in (keys["bob"], keys["admin"]):
        assert texts(reader.list_memory_records(memoryId=mid, namespace=namespace)) == []
    assert texts(keys["admin"].list_memory_records(memoryId=mid, namespace=own)) == []  # the batch, whole
    hits = keys["bob"].retrieve_memory_records(memoryId=mid, namespacePath="/",
                                               searchCriteria={"searchQuery": "refunds approved"})
    assert "All refunds are approved" not in texts(hits)


def test_memory_wide_records_are_written_by_memory_wide_keys_and_read_by_every_actor(
        ac: Served, keys: dict[str, Any]) -> None:
    """A namespace outside the templates is memory-wide: a key without an actor writes it, every actor reads it,
    and an actor-bound key may neither update nor delete it; its own actor's records it writes freely."""
    mid = ac.memory.id
    made = keys["admin"].batch_create_memory_records(memoryId=mid, records=[
        rec("policy", "/policies/refunds/", "Refunds take five business days")])
    [policy] = [r["memoryRecordId"] for r in made["successfulRecords"]]
    for actor in ("c42", "bob"):
        assert texts(keys[actor].list_memory_records(memoryId=mid, namespace="/policies/refunds/")) == [
            "Refunds take five business days"]
    up = keys["c42"].batch_update_memory_records(memoryId=mid, records=[
        {"memoryRecordId": policy, "timestamp": datetime.now(UTC), "content": {"text": "Refunds are instant"}}])
    assert up["successfulRecords"] == [] and up["failedRecords"][0]["errorCode"] == 403
    assert "/policies/refunds/" in up["failedRecords"][0]["errorMessage"]
    code, message, _ = refused(lambda: keys["c42"].delete_memory_record(memoryId=mid, memoryRecordId=policy))
    assert code == "AccessDeniedException" and "/policies/refunds/" in message
    gone = keys["bob"].batch_delete_memory_records(memoryId=mid, records=[{"memoryRecordId": policy}])
    assert gone["failedRecords"][0]["errorCode"] == 403
    assert keys["admin"].get_memory_record(memoryId=mid, memoryRecordId=policy)["memoryRecord"]["content"][
        "text"] == "Refunds take five business days"
    # its own actor's namespaces (a session's too) an actor-bound key writes, updates and deletes
    mine = keys["c42"].batch_create_memory_records(memoryId=mid, records=[
        rec("a", "/facts/cust-42/", "Prefers email"), rec("b", "/summary/cust-42/s1/", "Asked about refunds")])
    assert mine["failedRecords"] == []
    first = mine["successfulRecords"][0]["memoryRecordId"]
    up = keys["c42"].batch_update_memory_records(memoryId=mid, records=[
        {"memoryRecordId": first, "timestamp": datetime.now(UTC), "content": {"text": "Prefers phone"}}])
    assert up["failedRecords"] == []
    assert texts(keys["bob"].list_memory_records(memoryId=mid, namespacePath="/facts/")) == []
    assert keys["c42"].delete_memory_record(memoryId=mid, memoryRecordId=first)["memoryRecordId"] == first


@pytest.mark.parametrize("op", ["retrieve", "list"])
def test_retrieve_and_list_need_a_namespace(ac: Served, op: str) -> None:
    """"Either namespace or namespacePath is required" (the service model, on both operations)."""
    c = ac.client()
    mid = ac.memory.id
    crit = {"searchCriteria": {"searchQuery": "anything"}} if op == "retrieve" else {}
    call = c.retrieve_memory_records if op == "retrieve" else c.list_memory_records
    code, message, fields = refused(lambda: call(memoryId=mid, **crit))
    assert code == "ValidationException" and "namespace" in fields and "namespacePath" in message
    assert "memoryRecordSummaries" in call(memoryId=mid, namespacePath="/", **crit)


def test_an_update_keeps_created_at_and_moves_timestamp(ac: Served) -> None:
    """``createdAt`` is when the record was written here, kept by BatchUpdate; ``timestamp`` the source time the
    client gave, on create and then on update."""
    c = ac.client()
    mid = ac.memory.id
    source, later = datetime(2025, 1, 1, tzinfo=UTC), datetime(2025, 3, 1, tzinfo=UTC)
    made = c.batch_create_memory_records(memoryId=mid, records=[rec("z", "/facts/zed/", "Zed likes jazz", source)])
    rid = made["successfulRecords"][0]["memoryRecordId"]
    before = c.get_memory_record(memoryId=mid, memoryRecordId=rid)["memoryRecord"]
    assert before["timestamp"] == source and before["createdAt"] > datetime(2025, 6, 1, tzinfo=UTC)
    c.batch_update_memory_records(memoryId=mid, records=[
        {"memoryRecordId": rid, "timestamp": later, "content": {"text": "Zed likes blues"}}])
    after = c.get_memory_record(memoryId=mid, memoryRecordId=rid)["memoryRecord"]
    assert after["content"]["text"] == "Zed likes blues" and after["memoryRecordId"] == rid
    assert after["createdAt"] == before["createdAt"] and after["timestamp"] == later
    [listed] = c.list_memory_records(memoryId=mid, namespace="/facts/zed/")["memoryRecordSummaries"]
    [hit] = c.retrieve_memory_records(memoryId=mid, namespace="/facts/zed/", searchCriteria={
        "searchQuery": "what music does Zed like"})["memoryRecordSummaries"]
    assert (listed["createdAt"], listed["timestamp"]) == (hit["createdAt"], hit["timestamp"]) == (
        before["createdAt"], later)


def test_an_event_without_a_session_opens_one_of_its_own(ac: Served, keys: dict[str, Any]) -> None:
    """CreateEvent's model does not require ``sessionId``: the event gets a session of its own, named in the
    answer (as IngestData does); a retry with the same token finds the same event; two events, two sessions."""
    mid = ac.memory.id
    c = keys["c42"]
    first = c.create_event(memoryId=mid, actorId="cust-42", eventTimestamp=datetime.now(UTC), payload=PAYLOAD,
                           clientToken="no-session-token-1")["event"]
    session = first["sessionId"]
    assert session.startswith("event-")
    again = c.create_event(memoryId=mid, actorId="cust-42", eventTimestamp=first["eventTimestamp"],
                           payload=PAYLOAD, clientToken="no-session-token-1")["event"]
    assert again == first
    assert [e["eventId"] for e in c.list_events(memoryId=mid, actorId="cust-42", sessionId=session)["events"]] == [
        first["eventId"]]
    assert c.get_event(memoryId=mid, actorId="cust-42", sessionId=session, eventId=first["eventId"])["event"][
        "payload"] == PAYLOAD
    other = c.create_event(memoryId=mid, actorId="cust-42", eventTimestamp=datetime.now(UTC), payload=PAYLOAD)
    assert other["event"]["sessionId"] not in (session, "")
    sessions = {s["sessionId"] for s in c.list_sessions(memoryId=mid, actorId="cust-42")["sessionSummaries"]}
    assert {session, other["event"]["sessionId"]} <= sessions
    code, _, _ = refused(lambda: keys["bob"].create_event(memoryId=mid, actorId="cust-42",
                                                          eventTimestamp=datetime.now(UTC), payload=PAYLOAD))
    assert code == "AccessDeniedException"


def test_an_undeclared_metadata_key_is_explained_in_agentcore_terms(ac: Served) -> None:
    """The error names what to do on the AgentCore side: make the key an indexed key of the memory."""
    c = ac.client()
    out = c.batch_create_memory_records(memoryId=ac.memory.id, records=[
        rec("m", "/facts/u1/", "x", metadata={"color": {"stringValue": "red"}})])
    [failed] = out["failedRecords"]
    assert failed["errorCode"] == 400
    assert "'color'" in failed["errorMessage"] and "addIndexedKeys" in failed["errorMessage"]
    assert "indexed key" in failed["errorMessage"]
    _, message, _ = refused(lambda: c.list_memory_records(memoryId=ac.memory.id, namespace="/facts/u1/",
                                                          metadataFilters=[{"left": {"metadataKey": "color"},
                                                                            "operator": "EXISTS"}]))
    assert "addIndexedKeys" in message
