"""The AgentCore memory data plane's short-term side through boto3 against a real ``engram serve``:
CreateEvent (clientToken, payload kinds, branches, metadata), GetEvent, ListEvents (newest first, filters,
paging), DeleteEvent, ListSessions, ListActors; SigV4 and grants; on SQLite and PostgreSQL."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from botocore.exceptions import ClientError

from engram import Memory, Scope
from engram.embedders import HashingEmbedder
from tests.support.agentcore import AGENT, Served, served
from tests.support.backends import BACKENDS

T0 = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


@pytest.fixture(scope="module", params=BACKENDS)
def ac(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with served(str(request.param), tmp_path_factory.mktemp("ac"), request) as s:
        yield s


def text(t: str, role: str = "USER") -> dict[str, Any]:
    return {"conversational": {"content": {"text": t}, "role": role}}


def code(exc: ClientError) -> str:
    return str(exc.response["Error"]["Code"])


def now() -> datetime:
    return datetime.now(UTC)


def test_event_round_trip_with_every_payload_kind(ac: Served) -> None:
    c = ac.client()
    mid = ac.memory.id
    blob = {"state": {"n": 1, "tags": ["a", "b"]}, "ok": True}
    ev = c.create_event(memoryId=mid, actorId="user/42", sessionId="rt-1", eventTimestamp=now(),
                        payload=[text("My order is #991", "USER"), {"blob": blob}],
                        metadata={"ticket": {"stringValue": "T-7"}})["event"]
    assert ev["memoryId"] == mid and ev["actorId"] == "user/42" and ev["sessionId"] == "rt-1"
    micros, _, rand = ev["eventId"].partition("#")
    assert micros.isdigit() and len(rand) == 10
    got = c.get_event(memoryId=ac.memory.arn, actorId="user/42", sessionId="rt-1", eventId=ev["eventId"])["event"]
    assert got["payload"] == [text("My order is #991", "USER"), {"blob": blob}]
    assert got["metadata"] == {"ticket": {"stringValue": "T-7"}}
    # engram's own API sees one user message with the text and the flat metadata
    mem = Memory.open(ac.db, embedder=HashingEmbedder())
    try:
        [native] = mem.events(Scope(AGENT, "user+42", "rt-1"))
        assert (native.role, native.content, native.metadata["ticket"]) == ("user", "My order is #991", "T-7")
        # and an event written through engram's API reads back as one conversational payload
        mem.append(Scope(AGENT, "user+42", "rt-1"), [{"role": "assistant", "content": "Refund sent."}])
    finally:
        mem.close()
    listed = c.list_events(memoryId=mid, actorId="user/42", sessionId="rt-1")["events"]
    assert [e["payload"] for e in listed] == [[text("Refund sent.", "ASSISTANT")],
                                              [text("My order is #991", "USER"), {"blob": blob}]]


def test_client_token_makes_create_event_idempotent(ac: Served) -> None:
    c = ac.client()
    args = {"memoryId": ac.memory.id, "actorId": "u-tok", "sessionId": "s1", "eventTimestamp": T0 + timedelta(days=1),
            "payload": [text("once")], "clientToken": "tok-123"}
    first = c.create_event(**args)["event"]
    again = c.create_event(**args)["event"]
    assert again["eventId"] == first["eventId"]
    assert len(c.list_events(memoryId=ac.memory.id, actorId="u-tok", sessionId="s1")["events"]) == 1
    with pytest.raises(ClientError) as exc:
        c.create_event(**{**args, "payload": [text("twice")]})
    assert code(exc.value) == "ValidationException"
    assert exc.value.response["reason"] == "IdempotentParameterMismatchException"


def test_list_events_newest_first_paged_and_filtered(ac: Served) -> None:
    c = ac.client()
    mid, actor, session = ac.memory.id, "u-list", "s-list"
    base = now() - timedelta(hours=1)
    ids = []
    for i in range(7):
        meta = {"kind": {"stringValue": "even" if i % 2 == 0 else "odd"}}
        if i == 3:
            meta["flag"] = {"stringValue": "x"}
        ids.append(c.create_event(memoryId=mid, actorId=actor, sessionId=session,
                                  eventTimestamp=base + timedelta(seconds=i), payload=[text(f"m{i}")],
                                  metadata=meta)["event"]["eventId"])
    seen, token = [], None
    while True:
        kw = {"nextToken": token} if token else {}
        page = c.list_events(memoryId=mid, actorId=actor, sessionId=session, maxResults=3, **kw)
        assert len(page["events"]) <= 3
        seen += [e["eventId"] for e in page["events"]]
        token = page.get("nextToken")
        if not token:
            break
    assert seen == ids[::-1]
    bare = c.list_events(memoryId=mid, actorId=actor, sessionId=session, includePayloads=False)["events"]
    assert all(e["payload"] == [] for e in bare) and len(bare) == 7

    def ids_where(*exprs: dict[str, Any]) -> list[str]:
        got = c.list_events(memoryId=mid, actorId=actor, sessionId=session,
                            filter={"eventMetadata": list(exprs)})["events"]
        return [e["eventId"] for e in got]

    even = {"left": {"metadataKey": "kind"}, "operator": "EQUALS_TO",
            "right": {"metadataValue": {"stringValue": "even"}}}
    assert ids_where(even) == [ids[6], ids[4], ids[2], ids[0]]
    assert ids_where({"left": {"metadataKey": "flag"}, "operator": "EXISTS"}) == [ids[3]]
    assert ids_where({"left": {"metadataKey": "flag"}, "operator": "NOT_EXISTS"}, even) == [ids[6], ids[4],
                                                                                             ids[2], ids[0]]
    # a token is bound to its listing: another session's listing refuses it
    page = c.list_events(memoryId=mid, actorId=actor, sessionId=session, maxResults=2)
    with pytest.raises(ClientError) as exc:
        c.list_events(memoryId=mid, actorId=actor, sessionId="other", nextToken=page["nextToken"])
    assert code(exc.value) == "ValidationException"


def test_branches(ac: Served) -> None:
    c = ac.client()
    mid, actor, session = ac.memory.id, "u-br", "s-br"
    base = now() - timedelta(minutes=30)
    main = [c.create_event(memoryId=mid, actorId=actor, sessionId=session, eventTimestamp=base + timedelta(seconds=i),
                           payload=[text(f"main {i}")])["event"]["eventId"] for i in range(3)]
    alt = c.create_event(memoryId=mid, actorId=actor, sessionId=session, eventTimestamp=base + timedelta(seconds=10),
                         payload=[text("alt 1")], branch={"name": "alt", "rootEventId": main[1]})["event"]
    assert alt["branch"] == {"name": "alt", "rootEventId": main[1]}
    only = c.list_events(memoryId=mid, actorId=actor, sessionId=session, filter={"branch": {"name": "alt"}})
    assert [e["eventId"] for e in only["events"]] == [alt["eventId"]]
    with_parents = c.list_events(memoryId=mid, actorId=actor, sessionId=session,
                                 filter={"branch": {"name": "alt", "includeParentBranches": True}})
    assert [e["eventId"] for e in with_parents["events"]] == [alt["eventId"], main[1], main[0]]
    on_main = c.list_events(memoryId=mid, actorId=actor, sessionId=session, filter={"branch": {"name": "main"}})
    assert [e["eventId"] for e in on_main["events"]] == main[::-1]


def test_delete_event_sessions_and_actors(ac: Served) -> None:
    c = ac.client()
    mid = ac.memory.id
    made = {}
    for actor, session in [("u-a", "s1"), ("u-a", "s2"), ("u-b", "s1")]:
        made[(actor, session)] = c.create_event(memoryId=mid, actorId=actor, sessionId=session,
                                                eventTimestamp=now(), payload=[text("hi")])["event"]["eventId"]
    sessions = c.list_sessions(memoryId=mid, actorId="u-a")["sessionSummaries"]
    assert sorted(s["sessionId"] for s in sessions) == ["s1", "s2"]
    assert all(s["actorId"] == "u-a" and isinstance(s["createdAt"], datetime) for s in sessions)
    page = c.list_sessions(memoryId=mid, actorId="u-a", maxResults=1)
    rest = c.list_sessions(memoryId=mid, actorId="u-a", maxResults=1, nextToken=page["nextToken"])
    assert {page["sessionSummaries"][0]["sessionId"], rest["sessionSummaries"][0]["sessionId"]} == {"s1", "s2"}
    actors = {a["actorId"] for a in c.list_actors(memoryId=mid)["actorSummaries"]}
    assert {"u-a", "u-b"} <= actors
    deleted = c.delete_event(memoryId=mid, actorId="u-b", sessionId="s1", eventId=made[("u-b", "s1")])
    assert deleted["eventId"] == made[("u-b", "s1")]
    with pytest.raises(c.exceptions.ResourceNotFoundException):
        c.get_event(memoryId=mid, actorId="u-b", sessionId="s1", eventId=made[("u-b", "s1")])
    with pytest.raises(c.exceptions.ResourceNotFoundException):
        c.delete_event(memoryId=mid, actorId="u-b", sessionId="s1", eventId=made[("u-b", "s1")])


def test_validation_the_service_model_asks_for(ac: Served) -> None:
    c = ac.client()
    mid = ac.memory.id

    def fails(**kw: Any) -> ClientError:
        args = {"memoryId": mid, "actorId": "u-v", "sessionId": "s1", "eventTimestamp": now(),
                "payload": [text("x")], **kw}
        with pytest.raises(ClientError) as exc:
            c.create_event(**args)
        assert code(exc.value) == "ValidationException", exc.value.response
        assert exc.value.response["ResponseMetadata"]["HTTPStatusCode"] == 400
        return exc.value

    err = fails(actorId="a" * 256)
    assert err.response["fieldList"][0]["name"] == "actorId"
    fails(sessionId="bad session")
    fails(payload=[text("x" * 100_001)])
    fails(payload=[text("x")] * 101)
    fails(metadata={f"k{i}": {"stringValue": "v"} for i in range(16)})
    fails(metadata={"k": {"stringValue": "no<angle>"}})
    fails(branch={"name": "bad name"})
    fails(branch={"name": "b", "rootEventId": "not-an-id"})
    with pytest.raises(ClientError) as exc:
        c.get_event(memoryId=mid, actorId="u-v", sessionId="s1", eventId="12#zz")
    assert code(exc.value) == "ValidationException"
    with pytest.raises(c.exceptions.ResourceNotFoundException):
        c.get_event(memoryId=mid, actorId="u-v", sessionId="s1", eventId="123#abcdef0123")
    with pytest.raises(c.exceptions.ResourceNotFoundException):
        c.list_actors(memoryId="Nope-abcdefghij")
    with pytest.raises(ClientError) as exc:
        c.list_events(memoryId=mid, actorId="u-v", sessionId="s1", maxResults=101)
    assert code(exc.value) == "ValidationException"


def test_sigv4_and_grants(ac: Served) -> None:
    mid = ac.memory.id
    wrong_secret = {**ac.creds, "aws_secret_access_key": "x" * 40}
    with pytest.raises(ClientError) as exc:
        ac.client(creds=wrong_secret).list_actors(memoryId=mid)
    assert code(exc.value) == "InvalidSignatureException"
    unknown = {"aws_access_key_id": "AKEG0000000000000000", "aws_secret_access_key": "y" * 40}
    with pytest.raises(ClientError) as exc:
        ac.client(creds=unknown).list_actors(memoryId=mid)
    assert code(exc.value) == "UnrecognizedClientException"
    # a key for another agent: this memory is not there for it (as a missing one is not)
    other = ac.issue("someone-else")
    with pytest.raises(ClientError) as exc:
        ac.client(creds=other).list_actors(memoryId=mid)
    assert code(exc.value) == "ResourceNotFoundException"
    # a key bound to one actor reaches that actor only, and nothing memory-wide
    one = ac.issue(AGENT, "--actor", "solo")
    c1 = ac.client(creds=one)
    c1.create_event(memoryId=mid, actorId="solo", sessionId="s1", eventTimestamp=now(), payload=[text("mine")])
    for call in (lambda: c1.list_events(memoryId=mid, actorId="u-a", sessionId="s1"),
                 lambda: c1.list_actors(memoryId=mid)):
        with pytest.raises(ClientError) as exc:
            call()
        assert code(exc.value) == "AccessDeniedException"
    # deleting needs the key's delete right; a revoked key stops at once
    with pytest.raises(ClientError) as exc:
        c1.delete_event(memoryId=mid, actorId="solo", sessionId="s1", eventId="123#abcdef0123")
    assert code(exc.value) == "AccessDeniedException"
    from tests.support.servers import cli

    assert cli("keys", "revoke", "--db", ac.db, one["id"]).returncode == 0
    with pytest.raises(ClientError) as exc:
        c1.list_events(memoryId=mid, actorId="solo", sessionId="s1")
    assert code(exc.value) == "UnrecognizedClientException"
    # the control-plane signing name is accepted as well
    ctl = ac.client("bedrock-agentcore-control")
    assert ctl.meta.service_model.signing_name in ("bedrock-agentcore", "bedrock-agentcore-control")


def test_unknown_operation_answers_in_aws_shape(ac: Served) -> None:
    import httpx

    r = httpx.get(ac.base + "/memories/x/nothing-here")
    assert r.status_code == 403 and r.headers["x-amzn-ErrorType"] == "MissingAuthenticationTokenException"
    assert r.json()["__type"] == "MissingAuthenticationTokenException"



def test_extraction_mode_skip(ac: Served) -> None:
    c = ac.client()
    mid = ac.memory.id

    def facts(actor: str) -> list[Any]:
        return list(c.list_memory_records(memoryId=mid, namespace=f"/facts/{actor}/")["memoryRecordSummaries"])

    said = [text("I am allergic to shellfish and I live in Oslo.")]
    c.create_event(memoryId=mid, actorId="u-skip", sessionId="s1", eventTimestamp=now(), payload=said,
                   extractionMode="SKIP")
    c.create_event(memoryId=mid, actorId="u-noskip", sessionId="s1", eventTimestamp=now(), payload=said)
    # extraction runs as a job after CreateEvent answered: wait for it (the worker polls every 0.5 s)
    deadline = time.monotonic() + 60
    while not facts("u-noskip") and time.monotonic() < deadline:
        time.sleep(0.1)
    assert facts("u-noskip") and all(r["memoryStrategyId"] == "facts" for r in facts("u-noskip"))
    assert facts("u-skip") == []  # that event is stored, and nothing was extracted from it


def test_insecure_local_grants_loopback_without_signatures(tmp_path_factory: pytest.TempPathFactory,
                                                          request: pytest.FixtureRequest) -> None:
    with served("sqlite", tmp_path_factory.mktemp("acl"), request, "--insecure-local") as s:
        anyone = {"aws_access_key_id": "AKIAANYTHINGATALL000", "aws_secret_access_key": "z" * 40}
        c = s.client(creds=anyone)
        c.create_event(memoryId=s.memory.id, actorId="dev", sessionId="s1", eventTimestamp=now(),
                       payload=[text("local")])
        assert len(c.list_events(memoryId=s.memory.id, actorId="dev", sessionId="s1")["events"]) == 1
