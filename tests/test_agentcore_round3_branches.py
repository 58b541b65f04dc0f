"""A CreateEvent branch has one root, and the main line none, through boto3 against a real ``engram serve`` on
SQLite and PostgreSQL: forking one branch name twice from different events, or naming ``main`` with a
``rootEventId``, is a ValidationException naming ``branch.rootEventId`` and stores nothing."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from botocore.exceptions import ClientError

from tests.support.agentcore import Served, served
from tests.support.backends import BACKENDS


@pytest.fixture(scope="module", params=BACKENDS)
def ac(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with served(str(request.param), tmp_path_factory.mktemp("acr3b"), request) as s:
        yield s


def test_a_branch_has_one_root_and_main_none(ac: Served) -> None:
    c, mid = ac.client(), ac.memory.id
    base = datetime.now(UTC) - timedelta(minutes=5)

    def event(i: int, **kw: Any) -> str:
        return str(c.create_event(memoryId=mid, actorId="br3", sessionId="s1", eventTimestamp=base + timedelta(
            seconds=i), payload=[{"conversational": {"content": {"text": f"turn {i}"}, "role": "USER"}}],
            **kw)["event"]["eventId"])

    m0, m1 = event(0), event(1)
    event(2, branch={"name": "alt", "rootEventId": m0})
    event(3, branch={"name": "alt", "rootEventId": m0})  # the branch's own root again: its next event
    event(4, branch={"name": "alt"})
    for branch in ({"name": "alt", "rootEventId": m1}, {"name": "main", "rootEventId": m0}):
        with pytest.raises(ClientError) as exc:
            event(5, branch=branch)
        err = exc.value.response
        assert err["Error"]["Code"] == "ValidationException"
        assert [f["name"] for f in err["fieldList"]] == ["branch.rootEventId"]
    assert len(c.list_events(memoryId=mid, actorId="br3", sessionId="s1")["events"]) == 5
