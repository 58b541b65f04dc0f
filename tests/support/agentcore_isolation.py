"""Helpers for the AgentCore data-plane isolation tests: a harness turn's answer text, and the error a boto3
call answered."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from botocore.exceptions import ClientError


def answer(client: Any, harness_arn: str, session: str, text: str, actor: str | None = None) -> str:
    """The text an InvokeHarness turn streams back (``actorId`` only when ``actor`` is given)."""
    who = {"actorId": actor} if actor is not None else {}
    resp = client.invoke_harness(harnessArn=harness_arn, runtimeSessionId=session, **who,
                                 messages=[{"role": "user", "content": [{"text": text}]}])
    return "".join(e["contentBlockDelta"]["delta"].get("text", "") for e in resp["stream"]
                   if "contentBlockDelta" in e)


def last_prompt(llm: Any) -> str:
    """What the model saw last (every message of the last chat request a fake model server recorded): the
    harness's memory block rides in the system message."""
    return json.dumps(llm.requests[-1].json["messages"])


def refused(call: Callable[[], Any]) -> tuple[str, str, list[str]]:
    """``call`` fails: (error code, message, the names in ``fieldList``)."""
    with pytest.raises(ClientError) as exc:
        call()
    err = exc.value.response
    return (str(err["Error"]["Code"]), str(err["Error"]["Message"]),
            [str(f["name"]) for f in err.get("fieldList", [])])


def texts(page: dict[str, Any]) -> list[str]:
    """The record texts of a ListMemoryRecords or RetrieveMemoryRecords answer."""
    return [str(r["content"]["text"]) for r in page["memoryRecordSummaries"]]
