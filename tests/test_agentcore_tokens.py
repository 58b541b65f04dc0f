"""One clientToken rule on every AgentCore operation that takes one (issue 29.3), through boto3 against a real
``engram serve``: a repeat with the same parameters answers what the first call answered, a repeat with other
parameters is refused (ValidationException, reason IdempotentParameterMismatchException), and calls racing
with one token have one effect (each answers it, or says the first is still in progress with the error its model
lists for that: ConflictException on the control plane, RetryableConflictException on CreateEvent,
ThrottledException on the other data-plane operations, which list no conflict; boto3 retries the last two).

The operations are those the service model marks ``idempotencyToken`` that engram serves; boto3 fills in a
fresh token when the caller gives none, so every call of these takes the path tested here.
"""

from __future__ import annotations

import gzip
import json
import threading
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import botocore
import pytest
from botocore.exceptions import ClientError

from engram.engine import open_store
from tests.support.agentcore import AGENT, Served, failed_job, job_status, served
from tests.support.backends import BACKENDS

ROLE = "arn:aws:iam::123456789012:role/harness"
N = 6
MISMATCH = "IdempotentParameterMismatchException"
SERVED = {"CreateEvent", "BatchCreateMemoryRecords", "IngestData", "StartMemoryExtractionJob", "CreateMemory",
          "UpdateMemory", "DeleteMemory", "CreateHarness", "UpdateHarness", "DeleteHarness"}


@pytest.fixture(scope="module", params=BACKENDS)
def ac(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with served(str(request.param), tmp_path_factory.mktemp("act"), request) as s:
        yield s


def _token() -> str:
    return "tok-" + uuid.uuid4().hex + uuid.uuid4().hex[:8]  # 44 characters: harness tokens need 33 or more


def _refused(call: Callable[[], Any]) -> None:
    """``call`` is refused as a token reused with other parameters."""
    with pytest.raises(ClientError) as exc:
        call()
    assert exc.value.response["Error"]["Code"] == "ValidationException"
    assert exc.value.response["reason"] == MISMATCH


def _race(ac: Served, service: str, call: Callable[[Any], Any], busy: str = "ConflictException") -> list[Any]:
    """Run ``call(client)`` on N threads at once, each with its own client; the replies of those that
    answered. Any other outcome than a reply or ``busy`` (the first still in progress) fails."""
    clients = [ac.client(service) for _ in range(N)]
    gate = threading.Barrier(N)
    replies: list[Any] = []
    failures: list[BaseException] = []

    def run(i: int) -> None:
        gate.wait()
        try:
            replies.append(call(clients[i]))
        except ClientError as exc:
            if exc.response["Error"]["Code"] != busy:
                failures.append(exc)
        except BaseException as exc:  # noqa: BLE001 - collected and asserted empty below
            failures.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(N)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == [] and replies
    return replies


def text(s: str) -> dict[str, Any]:
    return {"conversational": {"content": {"text": s}, "role": "USER"}}


def test_the_operations_tested_here_are_every_served_one_with_a_token() -> None:
    data = Path(botocore.__file__).parent / "data"
    marked = set()
    for service in ("bedrock-agentcore", "bedrock-agentcore-control"):
        [model] = sorted((data / service).glob("*/service-2.json.gz"))
        doc = json.loads(gzip.decompress(model.read_bytes()))
        for name, op in doc["operations"].items():
            shape = doc["shapes"].get(op.get("input", {}).get("shape", ""), {})
            if shape.get("members", {}).get("clientToken", {}).get("idempotencyToken"):
                marked.add(name)
    assert marked >= SERVED
    # the record batches that change or delete take no token: nothing to replay there
    assert not {"BatchUpdateMemoryRecords", "BatchDeleteMemoryRecords"} & marked


def test_create_event(ac: Served) -> None:
    c = ac.client()
    args = {"memoryId": ac.memory.id, "actorId": "tok-ev", "sessionId": "s1", "eventTimestamp": datetime.now(UTC),
            "payload": [text("once")], "clientToken": _token()}
    first = c.create_event(**args)["event"]
    assert c.create_event(**args)["event"] == first
    _refused(lambda: c.create_event(**{**args, "payload": [text("twice")]}))
    raced = {**args, "sessionId": "s2", "clientToken": _token()}
    ids = {r["event"]["eventId"]
           for r in _race(ac, "bedrock-agentcore", lambda k: k.create_event(**raced), "RetryableConflictException")}
    events = c.list_events(memoryId=ac.memory.id, actorId="tok-ev", sessionId="s2")["events"]
    assert len(ids) == 1 and [e["eventId"] for e in events] == list(ids)


def test_create_event_still_in_progress_is_a_retryable_conflict(ac: Served) -> None:
    """CreateEvent's model lists RetryableConflictException (409, retryable: boto3 retries it by itself) and no
    ConflictException: a call whose token another call still holds gets that."""
    from engram.agentcore import idempotency, state

    c = ac.client()
    args = {"memoryId": ac.memory.id, "actorId": "tok-busy", "sessionId": "s1", "eventTimestamp": datetime.now(UTC),
            "payload": [text("busy")]}
    done, busy = _token(), _token()
    c.create_event(**args, clientToken=done)
    owner = "\x1f".join([ac.memory.agent, "tok-busy", "s1"])
    store = open_store(ac.db)
    try:
        settled = state.token_row(store, "create-event", owner, done)
        assert settled is not None
        digest = json.loads(settled)["params"]  # the same parameters' digest (the token is not in it)
        state.claim_token(store, "create-event", owner, busy,
                          json.dumps({"id": f"{idempotency.PENDING}x@{datetime.now(UTC).timestamp():.0f}",
                                      "params": digest}))
    finally:
        store.close()
    with pytest.raises(ClientError) as exc:
        c.create_event(**args, clientToken=busy)
    assert exc.value.response["Error"]["Code"] == "RetryableConflictException"
    assert exc.value.response["ResponseMetadata"]["HTTPStatusCode"] == 409
    assert len(c.list_events(memoryId=ac.memory.id, actorId="tok-busy", sessionId="s1")["events"]) == 1


def test_batch_create_memory_records(ac: Served) -> None:
    c = ac.client()

    def args(ns: str, words: str) -> dict[str, Any]:
        return {"memoryId": ac.memory.id, "clientToken": _token(), "records": [{
            "requestIdentifier": "r1", "namespaces": [ns], "content": {"text": words},
            "timestamp": datetime.now(UTC)}]}

    first_args = args("/facts/tok-batch/", "Keeps bees")
    first = c.batch_create_memory_records(**first_args)
    again = c.batch_create_memory_records(**first_args)
    assert again["successfulRecords"] == first["successfulRecords"] and again["failedRecords"] == []
    _refused(lambda: c.batch_create_memory_records(**{**first_args, "records": [
        {**first_args["records"][0], "content": {"text": "Keeps wasps"}}]}))
    raced = args("/facts/tok-race/", "Keeps ants")
    made = {r["successfulRecords"][0]["memoryRecordId"]
            for r in _race(ac, "bedrock-agentcore", lambda k: k.batch_create_memory_records(**raced),
                           "ThrottledException")}
    listed = c.list_memory_records(memoryId=ac.memory.id, namespace="/facts/tok-race/")["memoryRecordSummaries"]
    assert len(made) == 1 and [r["memoryRecordId"] for r in listed] == list(made)


def test_ingest_data(ac: Served) -> None:
    c = ac.client()
    args = {"memoryId": ac.memory.id, "actorId": "tok-ing", "contentTimestamp": datetime.now(UTC),
            "source": {"inline": {"payload": [text("I keep a canoe")]}}, "clientToken": _token()}
    session = c.ingest_data(**args)["sessionId"]
    assert c.ingest_data(**args)["sessionId"] == session
    _refused(lambda: c.ingest_data(**{**args, "source": {"inline": {"payload": [text("I keep a kayak")]}}}))
    raced = {**args, "clientToken": _token()}
    # without a sessionId each ingest makes a session of its own: one session means it ran once
    sessions = {r["sessionId"]
                for r in _race(ac, "bedrock-agentcore", lambda k: k.ingest_data(**raced), "ThrottledException")}
    assert len(sessions) == 1 and sessions != {session}






def test_start_memory_extraction_job(ac: Served) -> None:
    admin = ac.issue(AGENT, "--admin")
    c = ac.client(creds=admin)
    failed_job(ac, "j_tok_one", "tok-job")
    failed_job(ac, "j_tok_two", "tok-job")
    args = {"memoryId": ac.memory.id, "extractionJob": {"jobId": "j_tok_one"}, "clientToken": _token()}
    assert c.start_memory_extraction_job(**args)["jobId"] == "j_tok_one"
    assert c.start_memory_extraction_job(**args)["jobId"] == "j_tok_one"  # the job is pending now: a replay
    _refused(lambda: c.start_memory_extraction_job(**{**args, "extractionJob": {"jobId": "j_tok_two"}}))
    assert job_status(ac, "j_tok_two") == "failed"
    raced = {**args, "extractionJob": {"jobId": "j_tok_two"}, "clientToken": _token()}
    clients = [ac.client(creds=admin) for _ in range(N)]
    gate = threading.Barrier(N)
    codes: list[str] = []

    def run(i: int) -> None:
        gate.wait()
        try:
            codes.append(clients[i].start_memory_extraction_job(**raced)["jobId"])
        except ClientError as e:
            codes.append(e.response["Error"]["Code"])

    threads = [threading.Thread(target=run, args=(i,)) for i in range(N)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # one retry ran; the others answered it or were told it was in progress (none found the job not failed)
    assert "j_tok_two" in codes and set(codes) <= {"j_tok_two", "ThrottledException"}


def test_create_memory(ac: Served) -> None:
    c = ac.client("bedrock-agentcore-control")
    args = {"name": "TokMem", "eventExpiryDuration": 30, "description": "first", "clientToken": _token()}
    first = c.create_memory(**args)["memory"]
    assert c.create_memory(**args)["memory"]["id"] == first["id"]
    _refused(lambda: c.create_memory(**{**args, "description": "second"}))
    raced = {**args, "name": "TokRace", "clientToken": _token()}
    ids = {r["memory"]["id"] for r in _race(ac, "bedrock-agentcore-control", lambda k: k.create_memory(**raced))}
    named = [m["id"] for m in c.list_memories()["memories"] if m["id"].startswith("TokRace-")]
    assert len(ids) == 1 and named == list(ids)


def _add(name: str) -> dict[str, Any]:
    return {"addMemoryStrategies": [{"semanticMemoryStrategy": {"name": name}}]}


def test_update_memory(ac: Served) -> None:
    c = ac.client("bedrock-agentcore-control")
    mid = c.create_memory(name="TokUpd", eventExpiryDuration=30)["memory"]["id"]
    args = {"memoryId": mid, "memoryStrategies": _add("colour"), "clientToken": _token()}
    first = c.update_memory(**args)["memory"]
    # without the rule the repeat would add the strategy again and be refused (its name exists)
    assert c.update_memory(**args)["memory"] == first
    _refused(lambda: c.update_memory(**{**args, "memoryStrategies": _add("shape")}))
    raced = {**args, "memoryStrategies": _add("size"), "clientToken": _token()}
    _race(ac, "bedrock-agentcore-control", lambda k: k.update_memory(**raced))
    names = [s["name"] for s in c.get_memory(memoryId=mid)["memory"]["strategies"]]
    assert names == ["colour", "size"]


def test_delete_memory(ac: Served) -> None:
    c = ac.client("bedrock-agentcore-control")
    one = c.create_memory(name="TokDelOne", eventExpiryDuration=30)["memory"]["id"]
    two = c.create_memory(name="TokDelTwo", eventExpiryDuration=30)["memory"]["id"]
    token = _token()
    first = c.delete_memory(memoryId=one, clientToken=token)
    assert first["status"] == "DELETING"
    again = c.delete_memory(memoryId=one, clientToken=token)  # the memory is gone; the repeat answers the same
    assert (again["memoryId"], again["status"]) == (one, "DELETING")
    _refused(lambda: c.delete_memory(memoryId=two, clientToken=token))
    raced = _token()
    replies = _race(ac, "bedrock-agentcore-control", lambda k: k.delete_memory(memoryId=two, clientToken=raced))
    assert {(r["memoryId"], r["status"]) for r in replies} == {(two, "DELETING")}
    assert not {one, two} & {m["id"] for m in c.list_memories()["memories"]}


def test_create_harness(ac: Served) -> None:
    c = ac.client("bedrock-agentcore-control")
    args = {"harnessName": "TokH", "executionRoleArn": ROLE, "memory": {"disabled": {}}, "clientToken": _token()}
    first = c.create_harness(**args)["harness"]
    assert c.create_harness(**args)["harness"]["harnessId"] == first["harnessId"]
    _refused(lambda: c.create_harness(**{**args, "systemPrompt": [{"text": "other"}]}))
    raced = {**args, "harnessName": "TokHRace", "clientToken": _token()}
    ids = {r["harness"]["harnessId"]
           for r in _race(ac, "bedrock-agentcore-control", lambda k: k.create_harness(**raced))}
    named = [h["harnessId"] for h in c.list_harnesses()["harnesses"] if h["harnessName"] == "TokHRace"]
    assert len(ids) == 1 and named == list(ids)


def test_update_harness(ac: Served) -> None:
    c = ac.client("bedrock-agentcore-control")
    hid = c.create_harness(harnessName="TokHUpd", executionRoleArn=ROLE, memory={"disabled": {}},
                           clientToken=_token())["harness"]["harnessId"]
    args = {"harnessId": hid, "systemPrompt": [{"text": "Be brief."}], "clientToken": _token()}
    first = c.update_harness(**args)["harness"]
    assert first["harnessVersion"] == "2"
    assert c.update_harness(**args)["harness"] == first  # no third version
    _refused(lambda: c.update_harness(**{**args, "systemPrompt": [{"text": "Be long."}]}))
    raced = {**args, "systemPrompt": [{"text": "Be kind."}], "clientToken": _token()}
    versions = {r["harness"]["harnessVersion"]
                for r in _race(ac, "bedrock-agentcore-control", lambda k: k.update_harness(**raced))}
    assert versions == {"3"} and c.get_harness(harnessId=hid)["harness"]["harnessVersion"] == "3"


def test_delete_harness(ac: Served) -> None:
    c = ac.client("bedrock-agentcore-control")
    one, two = (c.create_harness(harnessName=name, executionRoleArn=ROLE, memory={"disabled": {}},
                                 clientToken=_token())["harness"]["harnessId"] for name in ("TokHDelA", "TokHDelB"))
    token = _token()
    first = c.delete_harness(harnessId=one, clientToken=token)["harness"]
    assert first["status"] == "DELETING"
    assert c.delete_harness(harnessId=one, clientToken=token)["harness"] == first  # gone; the repeat answers
    _refused(lambda: c.delete_harness(harnessId=two, clientToken=token))
    raced = _token()
    replies = _race(ac, "bedrock-agentcore-control", lambda k: k.delete_harness(harnessId=two, clientToken=raced))
    assert {(r["harness"]["harnessId"], r["harness"]["status"]) for r in replies} == {(two, "DELETING")}
    assert not {one, two} & {h["harnessId"] for h in c.list_harnesses()["harnesses"]}
