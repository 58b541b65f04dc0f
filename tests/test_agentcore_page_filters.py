"""Data-plane page tokens are bound to the filters that define their listing, through boto3 against a real
``engram serve``: a token from ListMemoryRecords, RetrieveMemoryRecords, ListMemoryExtractionJobs, ListEvents or
ListSessions shown with other filters (same memory, actor and session) is a ValidationException naming nextToken
and changes nothing, so a listing never resumes at a position of another; with the same filters and another
maxResults it pages to the end with no item repeated or skipped. SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tests.support.agentcore import Served, failed_job, refused_token, served
from tests.support.backends import BACKENDS

ACTOR, SESSION = "pf", "pf-s"
NS = "/facts/pf/"


@dataclass
class World:
    ac: Served
    c: Any  # the data-plane client


def _meta(key: str, value: str) -> dict[str, Any]:
    return {"left": {"metadataKey": key}, "operator": "EQUALS_TO",
            "right": {"metadataValue": {"stringValue": value}}}


@pytest.fixture(scope="module", params=BACKENDS)
def world(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    with served(str(request.param), tmp_path_factory.mktemp("acpf"), request) as ac:
        c = ac.client()
        mid = ac.memory.id
        now = datetime.now(UTC)
        out = c.batch_create_memory_records(memoryId=mid, records=[
            {"requestIdentifier": f"r{i}", "namespaces": [NS], "content": {"text": f"Tea fact number {i}"},
             "timestamp": now, "metadata": {"topic": {"stringValue": "even" if i % 2 == 0 else "odd"}},
             **({"memoryStrategyId": "facts"} if i < 4 else {})} for i in range(7)])
        assert not out["failedRecords"]
        base = now - timedelta(hours=1)
        for i in range(7):
            c.create_event(memoryId=mid, actorId=ACTOR, sessionId=SESSION, eventTimestamp=base + timedelta(seconds=i),
                           payload=[{"conversational": {"content": {"text": f"m{i}"}, "role": "USER"}}],
                           metadata={"kind": {"stringValue": "even" if i % 2 == 0 else "odd"}})
        for actor, s in ((ACTOR, "pf-s2"), (ACTOR, "pf-s3"), ("pf-x", "x1"), ("pf-y", "y1")):
            c.create_event(memoryId=mid, actorId=actor, sessionId=s, eventTimestamp=base,
                           payload=[{"conversational": {"content": {"text": s}, "role": "USER"}}])
        for actor in ("pf1", "pf2"):
            for i in range(3):
                failed_job(ac, f"j_{actor}_{i}", actor)
        yield World(ac, c)


def listing(call: Callable[..., dict[str, Any]], key: str, item: str, kw: dict[str, Any],
            others: list[dict[str, Any]], page: int = 50) -> None:
    """Page 1 of ``call(**kw)`` has a token; each of ``others`` (the same listing, other filters) refuses it and
    changes nothing; the same filters with other maxResults page from it to the end, as one page lists them."""
    whole = [x[item] for x in call(**kw, maxResults=page)[key]]
    assert len(whole) >= 3 and len(set(whole)) == len(whole)
    first = call(**kw, maxResults=1)
    token = first["nextToken"]
    for other in others:
        before = [x[item] for x in call(**other, maxResults=page)[key]]
        refused_token(lambda o=other: call(**o, maxResults=2, nextToken=token))
        assert [x[item] for x in call(**other, maxResults=page)[key]] == before
    seen = [x[item] for x in first[key]]
    for size in (2, 1, 3, 2, 1, 3, 2, 1, 3):
        out = call(**kw, maxResults=size, nextToken=token)
        assert len(out[key]) <= size
        seen += [x[item] for x in out[key]]
        if "nextToken" not in out:
            break
        token = out["nextToken"]
    assert seen == whole


def test_list_memory_records(world: World) -> None:
    mid = world.ac.memory.id
    strategy = {"memoryStrategyId": "facts"}
    even = {"metadataFilters": [_meta("topic", "even")]}
    odd = {"metadataFilters": [_meta("topic", "odd")]}
    for kw in ({"namespace": NS}, {"namespace": NS, **strategy}, {"namespace": NS, **even},
               {"namespacePath": NS}):
        others = [o for o in ({"namespace": NS}, {"namespacePath": NS}, {"namespace": NS, **strategy},
                              {"namespace": NS, **even}, {"namespace": NS, **odd},
                              {"namespace": NS, **strategy, **even}) if o != kw]
        listing(lambda **k: world.c.list_memory_records(memoryId=mid, **k), "memoryRecordSummaries",
                "memoryRecordId", kw, others)


def test_retrieve_memory_records(world: World) -> None:
    mid = world.ac.memory.id
    crit = {"searchQuery": "tea fact", "topK": 7}

    def retrieve(**k: Any) -> dict[str, Any]:
        return dict(world.c.retrieve_memory_records(memoryId=mid, **k))

    kw = {"namespace": NS, "searchCriteria": crit}
    others = [{"namespacePath": NS, "searchCriteria": crit},
              {"namespace": NS, "searchCriteria": {**crit, "searchQuery": "coffee"}},
              {"namespace": NS, "searchCriteria": {**crit, "topK": 6}},
              {"namespace": NS, "searchCriteria": {**crit, "memoryStrategyId": "facts"}},
              {"namespace": NS, "searchCriteria": {**crit, "metadataFilters": [_meta("topic", "even")]}}]
    listing(retrieve, "memoryRecordSummaries", "memoryRecordId", kw, others, page=7)


def test_list_memory_extraction_jobs(world: World) -> None:
    mid = world.ac.memory.id

    def jobs(**k: Any) -> dict[str, Any]:
        return dict(world.c.list_memory_extraction_jobs(memoryId=mid, **k))

    one, two = {"filter": {"actorId": "pf1"}}, {"filter": {"actorId": "pf2"}}
    session = {"filter": {"actorId": "pf1", "sessionId": "other"}}
    listing(jobs, "jobs", "jobID", one, [two, {}, session])
    listing(jobs, "jobs", "jobID", {}, [one, two])


def test_list_events(world: World) -> None:
    mid = world.ac.memory.id

    def events(**k: Any) -> dict[str, Any]:
        return dict(world.c.list_events(memoryId=mid, actorId=ACTOR, sessionId=SESSION, **k))

    even = {"filter": {"eventMetadata": [_meta("kind", "even")]}}
    odd = {"filter": {"eventMetadata": [_meta("kind", "odd")]}}
    main = {"filter": {"branch": {"name": "main", "includeParentBranches": True}}}
    listing(events, "events", "eventId", {}, [even, odd])
    listing(events, "events", "eventId", even, [{}, odd, main])
    # includePayloads changes what each event shows, not which events a page holds: a token keeps its place
    first = events(maxResults=3)
    rest = events(maxResults=100, includePayloads=False, nextToken=first["nextToken"])
    assert [e["eventId"] for e in first["events"] + rest["events"]] == [e["eventId"] for e in events()["events"]]
    assert all(e["payload"] == [] for e in rest["events"])


def test_list_sessions(world: World) -> None:
    mid = world.ac.memory.id

    def sessions(**k: Any) -> dict[str, Any]:
        return dict(world.c.list_sessions(memoryId=mid, actorId=ACTOR, **k))

    has = {"filter": {"eventFilter": "HAS_EVENTS"}}
    listing(sessions, "sessionSummaries", "sessionId", {}, [has])
    listing(sessions, "sessionSummaries", "sessionId", has, [{}])


def test_list_actors_pages_with_another_page_size(world: World) -> None:
    """ListActors has no filter: its token is bound to the memory alone and survives another maxResults."""
    mid = world.ac.memory.id
    listing(lambda **k: world.c.list_actors(memoryId=mid, **k), "actorSummaries", "actorId", {}, [])
