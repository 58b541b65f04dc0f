"""Every error an AgentCore operation engram serves answers is one its service model lists (the operation's
``errors`` in botocore's service-2.json), so boto3 code can catch it by the documented name.

The table (``engram.agentcore.errors.LISTED``) is checked against botocore's models for every served route, and
every error the face can raise is walked through every operation. Through boto3 against a real ``engram
serve``: a call whose clientToken another call still holds is ThrottledException on the data-plane operations
that list no conflict (boto3 retries it by itself), RetryableConflictException on CreateEvent; a job already
in progress is a ValidationException with reason ResourceConflict; CreateHarness on a memory that does not exist
is a ValidationException (its model lists no ResourceNotFoundException). SQLite and PostgreSQL."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any

import boto3
import botocore.session
import pytest
from botocore.config import Config
from botocore.exceptions import ClientError

from engram import errors as engram_errors
from engram.agentcore import errors as aws
from engram.agentcore import idempotency, state
from engram.agentcore.mount import routers
from engram.agentcore.server import AwsRoute
from engram.engine import open_store
from tests.support.agentcore import AGENT, REGION, Served, failed_job, job_status, served
from tests.support.backends import BACKENDS

CONTROL = "bedrock-agentcore-control"
ROLE = "arn:aws:iam::123456789012:role/harness"


# -- the table and the rule, for every served operation ---------------------------------------------------------
def _model() -> dict[str, tuple[str, frozenset[str]]]:
    """Every operation of the two services by route ("METHOD path"): its name and the errors it lists."""
    session = botocore.session.get_session()
    out = {}
    for service in ("bedrock-agentcore", CONTROL):
        model = session.get_service_model(service)
        for name in model.operation_names:
            op = model.operation_model(name)
            route = f"{op.http['method']} {op.http['requestUri'].split('?')[0]}"
            out[route] = (name, frozenset(e.name for e in op.error_shapes))
    return out


def _served_routes() -> set[str]:
    """Every route of the AgentCore routers (the catch-all that answers UnknownOperation aside)."""
    found: set[str] = set()

    def walk(routes: list[Any]) -> None:
        for r in routes:
            if isinstance(r, AwsRoute):
                found.update(f"{m} {r.path}" for m in r.methods)
            else:  # a router FastAPI included (it keeps the original), or a router
                walk(list(getattr(getattr(r, "original_router", r), "routes", [])))

    for router in routers()[:-1]:
        walk(list(router.routes))
    return found


def _subclasses(cls: type) -> list[type]:
    out = []
    for sub in cls.__subclasses__():
        out += [sub, *_subclasses(sub)]
    return out


def test_the_table_is_the_service_models_for_every_served_route() -> None:
    model, served_routes = _model(), _served_routes()
    assert served_routes and set(aws.LISTED) == served_routes
    for route in served_routes:
        name, errors = model[route]
        assert aws.LISTED[route] == errors, name


def test_every_error_any_operation_can_answer_is_one_its_model_lists() -> None:
    """Each AWS error the face raises, each engram error as it maps onto one, and a call still in progress,
    through every served operation: out comes an error that operation lists, with the message and field."""
    raised = [cls("why", field="where") for cls in _subclasses(aws.AwsError) if cls.code not in aws.COMMON]
    for cls in [engram_errors.EngramError, *_subclasses(engram_errors.EngramError)]:
        try:
            raised.append(aws.from_engram(cls("why", field="where")))
        except TypeError:  # a provider's error with arguments of its own: mapped as its base class, walked too
            continue
    assert {"ConflictException", "ServiceUnavailableException", "ResourceNotFoundException", "ServiceException",
            "RuntimeClientError", "ThrottledException"} <= {e.code for e in raised}
    assert any(e.transient for e in raised)  # InProgress: a call with the same clientToken still running
    for route, listed in aws.LISTED.items():
        for exc in raised:
            out = aws.as_listed(exc, listed)
            assert out.code in listed, (route, exc.code)
            assert (out.message, out.field) == (exc.message, exc.field)
            assert out is exc or exc.code not in listed
            if exc.transient and "ThrottledException" in listed:  # boto3 retries either by itself
                assert out.code in ("RetryableConflictException", "ThrottledException", "ConflictException")
            if exc.status >= 500:
                assert out.status >= 500


# -- through boto3 --------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module", params=BACKENDS)
def ac(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with served(str(request.param), tmp_path_factory.mktemp("ace"), request) as s:
        yield s


def _token(tag: str) -> str:
    return f"{tag}-{time.time_ns()}-0123456789abcdef0123456789"






def _hold(ac: Served, op: str, owner: str, token: str, digest: str) -> None:
    """Claim ``token`` as a call with these parameters that is still running would."""
    store = open_store(ac.db)
    try:
        pending = f"{idempotency.PENDING}held@{datetime.now(UTC).timestamp():.0f}"
        state.claim_token(store, op, owner, token, json.dumps({"id": pending, "params": digest}))
    finally:
        store.close()


def _digest_of(ac: Served, op: str, owner: str, token: str) -> str:
    store = open_store(ac.db)
    try:
        row = state.token_row(store, op, owner, token)
    finally:
        store.close()
    assert row is not None
    return str(json.loads(row)["params"])


def _busy(call: Callable[[], Any]) -> ClientError:
    with pytest.raises(ClientError) as exc:
        call()
    err = exc.value
    assert err.response["Error"]["Code"] == "ThrottledException", err.response
    assert err.response["ResponseMetadata"]["HTTPStatusCode"] == 429
    assert "still in progress" in err.response["Error"]["Message"]
    return err


def test_start_memory_extraction_job_while_its_call_is_in_progress(ac: Served) -> None:
    """StartMemoryExtractionJob lists no conflict: a retry of a call still running is ThrottledException (a name
    its model lists, and one boto3 retries by itself), and changes nothing."""
    admin = ac.issue(AGENT, "--admin")
    c = ac.client(creds=admin)
    failed_job(ac, "j_err_busy", "err-job")
    token = _token("start")
    _hold(ac, "start-job", AGENT, token, idempotency.params({"extractionJob": {"jobId": "j_err_busy"}}))
    with pytest.raises(c.exceptions.ThrottledException):  # catchable by the documented name
        c.start_memory_extraction_job(memoryId=ac.memory.id, extractionJob={"jobId": "j_err_busy"}, clientToken=token)
    _busy(lambda: c.start_memory_extraction_job(memoryId=ac.memory.id, extractionJob={"jobId": "j_err_busy"},
                                                clientToken=token))
    assert job_status(ac, "j_err_busy") == "failed"
    # boto3's own retries wait it out: the held call gives its token back a moment later, a retry then runs

    def give_back() -> None:
        store = open_store(ac.db)
        try:
            idempotency.release(store, "start-job", AGENT, token)
        finally:
            store.close()

    timer = threading.Timer(1.0, give_back)
    timer.start()
    try:
        patient = boto3.client("bedrock-agentcore", endpoint_url=ac.base, region_name=REGION,
                               aws_access_key_id=admin["aws_access_key_id"],
                               aws_secret_access_key=admin["aws_secret_access_key"],
                               config=Config(retries={"max_attempts": 12, "mode": "standard"}))
        got = patient.start_memory_extraction_job(memoryId=ac.memory.id, extractionJob={"jobId": "j_err_busy"},
                                                  clientToken=token)
    finally:
        timer.join()
    assert got["jobId"] == "j_err_busy" and got["ResponseMetadata"]["RetryAttempts"] >= 1


def test_a_job_already_in_progress_is_a_resource_conflict(ac: Served) -> None:
    c = ac.client(creds=ac.issue(AGENT, "--admin"))
    failed_job(ac, "j_err_twice", "err-job")
    assert c.start_memory_extraction_job(memoryId=ac.memory.id, extractionJob={"jobId": "j_err_twice"})
    with pytest.raises(c.exceptions.ValidationException) as exc:  # pending again: already in progress
        c.start_memory_extraction_job(memoryId=ac.memory.id, extractionJob={"jobId": "j_err_twice"})
    err = exc.value.response
    assert err["reason"] == "ResourceConflict"
    assert [f["name"] for f in err["fieldList"]] == ["extractionJob.jobId"]
    assert "j_err_twice" in err["Error"]["Message"] and "only failed jobs" in err["Error"]["Message"]


def test_ingest_and_batch_create_while_their_call_is_in_progress(ac: Served) -> None:
    c = ac.client()
    at = datetime.now(UTC)
    ingest = {"memoryId": ac.memory.id, "actorId": "err-ing", "sessionId": "s1", "contentTimestamp": at,
              "source": {"inline": {"payload": [{"conversational": {"content": {"text": "I row"}, "role": "USER"}}]}}}
    done, busy = _token("ing"), _token("ing")
    c.ingest_data(**ingest, clientToken=done)
    owner = f"{AGENT}\x1ferr-ing"
    _hold(ac, "ingest", owner, busy, _digest_of(ac, "ingest", owner, done))
    _busy(lambda: c.ingest_data(**ingest, clientToken=busy))

    batch = {"memoryId": ac.memory.id, "records": [{"requestIdentifier": "r1", "namespaces": ["/facts/err-b/"],
                                                    "content": {"text": "Rows a boat"}, "timestamp": at}]}
    done, busy = _token("batch"), _token("batch")
    c.batch_create_memory_records(**batch, clientToken=done)
    _hold(ac, "batch-create", AGENT, busy, _digest_of(ac, "batch-create", AGENT, done))
    _busy(lambda: c.batch_create_memory_records(**batch, clientToken=busy))
    listed = c.list_memory_records(memoryId=ac.memory.id, namespace="/facts/err-b/")["memoryRecordSummaries"]
    assert len(listed) == 1  # the refused call wrote nothing


def test_create_harness_on_a_memory_that_does_not_exist(ac: Served) -> None:
    """CreateHarness lists no ResourceNotFoundException: a BYO memory that does not exist is bad input there
    (UpdateHarness lists it, and answers it)."""
    ctl = ac.client(CONTROL)
    arn = "arn:aws:bedrock-agentcore:us-west-2:123456789012:memory/Nowhere-abcdefghij"
    byo = {"agentCoreMemoryConfiguration": {"arn": arn}}
    with pytest.raises(ctl.exceptions.ValidationException) as exc:
        ctl.create_harness(harnessName="ErrByo", executionRoleArn=ROLE, memory=byo)
    assert [f["name"] for f in exc.value.response["fieldList"]] == ["memory.arn"]
    assert "Nowhere-abcdefghij" in exc.value.response["Error"]["Message"]
    assert all(h["harnessName"] != "ErrByo" for h in ctl.list_harnesses()["harnesses"])
    hid = ctl.create_harness(harnessName="ErrByo", executionRoleArn=ROLE, memory={"disabled": {}})["harness"]
    with pytest.raises(ctl.exceptions.ResourceNotFoundException):
        ctl.update_harness(harnessId=hid["harnessId"], memory={"optionalValue": byo})
    assert ctl.get_harness(harnessId=hid["harnessId"])["harness"]["harnessVersion"] == "1"
