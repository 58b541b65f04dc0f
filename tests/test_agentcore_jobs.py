"""Extraction on the AgentCore face through boto3 against a real ``engram serve``: IngestData runs the
memory's strategies straight into long-term memory (no events kept), ListMemoryExtractionJobs shows failed
jobs with their events, StartMemoryExtractionJob retries one (admin keys only); SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from botocore.exceptions import ClientError

from engram.engine import open_store
from engram.types import Job
from tests.support.agentcore import AGENT, Served, served
from tests.support.backends import BACKENDS


@pytest.fixture(scope="module", params=BACKENDS)
def ac(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with served(str(request.param), tmp_path_factory.mktemp("acj"), request) as s:
        yield s


def test_ingest_data_extracts_without_keeping_events(ac: Served) -> None:
    c = ac.client()
    mid = ac.memory.id
    conv = [{"conversational": {"content": {"text": "I am allergic to peanuts, please remember that."},
                                "role": "USER"}},
            {"conversational": {"content": {"text": "Noted, no peanuts."}, "role": "ASSISTANT"}}]
    at = datetime.now(UTC)
    args = {"memoryId": mid, "actorId": "u-ing", "source": {"inline": {"payload": conv}}, "contentTimestamp": at,
            "clientToken": "ing-1"}
    out = c.ingest_data(**args)
    session = out["sessionId"]
    assert out["ResponseMetadata"]["HTTPStatusCode"] == 202 and session.startswith("ingest-")
    assert c.ingest_data(**args)["sessionId"] == session  # a retry ingests nothing twice
    hits = c.retrieve_memory_records(memoryId=mid, namespace="/facts/u-ing/",
                                     searchCriteria={"searchQuery": "food allergy peanuts"})["memoryRecordSummaries"]
    assert hits and "peanut" in hits[0]["content"]["text"].lower() and hits[0]["memoryStrategyId"] == "facts"
    assert len([h for h in hits if "peanut" in h["content"]["text"].lower()]) == 1
    assert c.list_events(memoryId=mid, actorId="u-ing", sessionId=session)["events"] == []
    with pytest.raises(ClientError) as exc:
        c.ingest_data(memoryId=mid, actorId="u-ing", contentTimestamp=datetime.now(UTC), source={"inline": {
            "payload": [{"conversational": {"content": {"text": "x" * 100_001}, "role": "USER"}}]}})
    assert exc.value.response["Error"]["Code"] == "ValidationException"


def test_failed_jobs_are_listed_and_retried(ac: Served) -> None:
    c = ac.client()
    mid = ac.memory.id
    ev = c.create_event(memoryId=mid, actorId="u-job", sessionId="s1", eventTimestamp=datetime.now(UTC),
                        payload=[{"conversational": {"content": {"text": "hello"}, "role": "USER"}}],
                        extractionMode="SKIP")["event"]
    store = open_store(ac.db)
    try:
        now = datetime.now(UTC)
        with store.read() as tx:
            turn_id = tx.list_events(AGENT, "u-job", "s1", limit=1)[0].turn_id
        job = Job(id="j_test0001", kind="extract", agent=AGENT, actor="u-job", session="s1", status="pending",
                  attempts=1, error=None, payload={"turn_id": turn_id}, created_at=now, updated_at=now)
        with store.write() as tx:
            tx.enqueue_job(job)
            tx.fail_job(job.id, "ModelError: the model server did not answer", now, retry=False)
    finally:
        store.close()
    jobs = c.list_memory_extraction_jobs(memoryId=mid)["jobs"]
    [mine] = [j for j in jobs if j["jobID"] == "j_test0001"]
    assert mine["status"] == "FAILED" and "did not answer" in mine["failureReason"]
    assert mine["actorId"] == "u-job" and mine["sessionId"] == "s1"
    assert mine["messages"]["messagesList"] == [{"eventId": ev["eventId"], "messageIndex": 0}]
    assert c.list_memory_extraction_jobs(memoryId=mid, filter={"actorId": "nobody"})["jobs"] == []
    with pytest.raises(ClientError) as exc:  # retries need --admin
        ac.client(creds=ac.issue(AGENT, "--delete")).start_memory_extraction_job(
            memoryId=mid, extractionJob={"jobId": "j_test0001"})
    assert exc.value.response["Error"]["Code"] == "AccessDeniedException"
    admin = ac.client(creds=ac.issue(AGENT, "--admin"))
    assert admin.start_memory_extraction_job(memoryId=mid, extractionJob={"jobId": "j_test0001"},
                                             clientToken="t1")["jobId"] == "j_test0001"
    assert admin.start_memory_extraction_job(memoryId=mid, extractionJob={"jobId": "j_test0001"},
                                             clientToken="t1")["jobId"] == "j_test0001"  # the retry is idempotent
    assert all(j["jobID"] != "j_test0001" for j in c.list_memory_extraction_jobs(memoryId=mid)["jobs"])
    with pytest.raises(admin.exceptions.ResourceNotFoundException):
        admin.start_memory_extraction_job(memoryId=mid, extractionJob={"jobId": "j_nope"})


def test_job_list_filters_session_in_the_store_and_pages_by_key(ac: Served) -> None:
    """The session filter applies before any cap: three old failed jobs of one session are found behind
    1,100 newer ones of another; pages of two come back in order, each job once, ending without a token."""
    c = ac.client()
    mid = ac.memory.id
    store = open_store(ac.db)
    base = datetime(2026, 1, 1, tzinfo=UTC)
    try:
        with store.write() as tx:
            for i in range(1103):
                session = "old" if i < 3 else "busy"
                at = base + timedelta(seconds=i)
                tx.enqueue_job(Job(id=f"j_page{i:05d}", kind="extract", agent=AGENT, actor="u-page",
                                   session=session, status="pending", attempts=1, error=None, payload={},
                                   created_at=at, updated_at=at))
                tx.fail_job(f"j_page{i:05d}", "ModelError: no answer", at, retry=False)
    finally:
        store.close()
    flt = {"actorId": "u-page", "sessionId": "old"}
    seen: list[str] = []
    kw: dict[str, str] = {}
    for _ in range(5):
        out = c.list_memory_extraction_jobs(memoryId=mid, filter=flt, maxResults=2, **kw)
        seen += [j["jobID"] for j in out["jobs"]]
        assert all(j["sessionId"] == "old" for j in out["jobs"])
        if "nextToken" not in out:
            break
        kw = {"nextToken": out["nextToken"]}
    assert seen == ["j_page00002", "j_page00001", "j_page00000"]
    busy = c.list_memory_extraction_jobs(memoryId=mid, filter={"actorId": "u-page"}, maxResults=50)
    assert len(busy["jobs"]) == 50 and busy["jobs"][0]["jobID"] == "j_page01102" and "nextToken" in busy
