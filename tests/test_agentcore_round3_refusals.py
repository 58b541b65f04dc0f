"""Requests the AgentCore face must refuse rather than half-honour, through boto3 against a real ``engram serve``
on SQLite and PostgreSQL: a BatchCreate record naming a strategy the memory lacks, one ``requestIdentifier`` twice
in a batch, a memory ARN of another region or account, and a CreateEvent ``clientToken`` repeated on another
actor or session (a mismatch, never a second event)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from functools import partial
from typing import Any

import pytest
from botocore.exceptions import ClientError

from tests.support.agentcore import Served, served
from tests.support.backends import BACKENDS


@pytest.fixture(scope="module", params=BACKENDS)
def ac(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with served(str(request.param), tmp_path_factory.mktemp("acr3"), request) as s:
        yield s


def rec(rid: str, text: str, **kw: Any) -> dict[str, Any]:
    return {"requestIdentifier": rid, "namespaces": ["/facts/r3/"], "content": {"text": text},
            "timestamp": datetime.now(UTC), **kw}


def refused(call: Callable[[], Any]) -> dict[str, Any]:
    """The error response of a call that must fail."""
    with pytest.raises(ClientError) as exc:
        call()
    return dict(exc.value.response)


def listed(c: Any, mid: str) -> list[str]:
    return [r["content"]["text"] for r in c.list_memory_records(
        memoryId=mid, namespace="/facts/r3/", maxResults=100)["memoryRecordSummaries"]]


def test_a_record_naming_a_strategy_the_memory_lacks_fails_alone(ac: Served) -> None:
    c = ac.client()
    out = c.batch_create_memory_records(memoryId=ac.memory.id, records=[
        rec("known", "Ravi keeps bees", memoryStrategyId="facts"),
        rec("unknown", "Ravi keeps goats", memoryStrategyId="nope-123"),
        rec("none", "Ravi keeps hens", memoryStrategyId="manual")])
    assert sorted(r["requestIdentifier"] for r in out["successfulRecords"]) == ["known", "none"]
    [bad] = out["failedRecords"]
    assert (bad["requestIdentifier"], bad["errorCode"]) == ("unknown", 400)
    assert "records[1].memoryStrategyId" in bad["errorMessage"] and "nope-123" in bad["errorMessage"]
    assert "Ravi keeps goats" not in listed(c, ac.memory.id)


def test_one_request_identifier_twice_refuses_the_batch(ac: Served) -> None:
    c = ac.client()
    err = refused(lambda: c.batch_create_memory_records(memoryId=ac.memory.id, records=[
        rec("same", "Mina sails on Sundays"), rec("same", "Mina rows on Mondays")]))
    assert err["Error"]["Code"] == "ValidationException"
    assert [f["name"] for f in err["fieldList"]] == ["records[1].requestIdentifier"]
    assert not {"Mina sails on Sundays", "Mina rows on Mondays"} & set(listed(c, ac.memory.id))


def test_an_arn_of_another_region_or_account_names_no_memory(ac: Served) -> None:
    mid, own = ac.memory.id, ac.memory.arn
    ctl, data = ac.client("bedrock-agentcore-control"), ac.client()
    assert ctl.get_memory(memoryId=own)["memory"]["id"] == mid
    for other in (own.replace(":us-west-2:", ":eu-west-1:"), own.replace(":123456789012:", ":999999999999:"),
                  own.replace("arn:aws:", "arn:aws-cn:")):
        assert other != own
        assert refused(partial(ctl.get_memory, memoryId=other))["Error"]["Code"] == "ResourceNotFoundException"
        assert refused(partial(data.list_sessions, memoryId=other, actorId="u1"))["Error"][
            "Code"] == "ResourceNotFoundException"


def test_a_create_event_token_on_another_actor_or_session_is_a_mismatch(ac: Served) -> None:
    c, mid = ac.client(), ac.memory.id
    args = {"memoryId": mid, "actorId": "tok-a", "sessionId": "s1", "eventTimestamp": datetime.now(UTC),
            "payload": [{"conversational": {"content": {"text": "hello"}, "role": "USER"}}],
            "clientToken": "round3-create-event-token-0001"}
    first = c.create_event(**args)["event"]
    assert c.create_event(**args)["event"] == first
    for change in ({"sessionId": "s2"}, {"actorId": "tok-b"}, {"actorId": "tok-b", "sessionId": "s2"}):
        err = refused(partial(c.create_event, **{**args, **change}))
        assert (err["Error"]["Code"], err["reason"]) == ("ValidationException", "IdempotentParameterMismatchException")
        actor, session = change.get("actorId", "tok-a"), change.get("sessionId", "s1")
        if (actor, session) != ("tok-a", "s1"):
            assert c.list_events(memoryId=mid, actorId=actor, sessionId=session)["events"] == []
    # a key bound to one actor keeps tokens of its own: the whole-agent key's token does not reach it
    bound = ac.client(creds=ac.issue("bot", "--actor", "tok-b"))
    mine = bound.create_event(**{**args, "actorId": "tok-b"})["event"]
    assert mine["eventId"] != first["eventId"] and mine["actorId"] == "tok-b"
