"""Constraints the service model alone does not show, probed with the real boto3 client (its own checks off) against
the local AgentCore on loopback; each test pins a defect found that way. Every refusal is AWS's error code with the
field named, and changes nothing (the store's rows are compared before and after).

- A NUL character or a lone surrogate (JSON carries both) in any string of a body is a ValidationException naming
  the member as the model does (``payload[0].conversational.content.text``), not engram's internal field
  (``messages[0].content``), and a batch carrying one is refused whole.
- The namespace given with a memory record id (GetMemoryRecord, DeleteMemoryRecord, BatchDeleteMemoryRecords'
  ``namespace``, BatchUpdateMemoryRecords' ``sourceNamespaces``: "used for IAM condition key authorization") must
  hold the record: naming another namespace reads, changes and deletes nothing (ResourceNotFoundException).
- Tag keys and values with the prefix ``aws:`` (in any case) are reserved for AWS (AgentCore's tagging rules): refused
  on TagResource, CreateMemory and CreateHarness, and UntagResource cannot delete them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("boto3")
from botocore.exceptions import ClientError

from tests.support.agentcore_world import CONTROL, DATA, ROLE, WHEN, World, fingerprint
from tests.support.agentcore_world import world as world  # the shared fixture

NUL, LONE = "a\x00b", "a\ud800b"


def refused(w: World, call: Callable[[], Any], code: str, field: str | None = None) -> dict[str, Any]:
    """``call`` fails with ``code`` (naming ``field`` in the message and ``fieldList``) and changes no row."""
    before = fingerprint(w.db)
    with pytest.raises(ClientError) as err:
        call()
    resp: dict[str, Any] = err.value.response
    assert resp["Error"]["Code"] == code, resp
    if field is not None:
        assert field in resp["Error"]["Message"], resp
        assert [f["name"] for f in resp.get("fieldList", [])] == [field], resp
    assert fingerprint(w.db) == before, f"the refused call changed the store: {resp}"
    return resp


def conv(text: str) -> list[dict[str, Any]]:
    return [{"conversational": {"content": {"text": text}, "role": "USER"}}]


# -- NUL characters and lone surrogates --------------------------------------------------------------------------
def _unstorable_cases(w: World, bad: str) -> list[tuple[str, str, dict[str, Any], str]]:
    mid = w.memory_id
    event = {"memoryId": mid, "actorId": "u1", "sessionId": "s1", "eventTimestamp": WHEN, "extractionMode": "SKIP"}
    record = {"requestIdentifier": "r9", "namespaces": ["/facts/u1/"], "timestamp": WHEN}
    return [
        (DATA, "create_event", {**event, "payload": conv(bad)}, "payload[0].conversational.content.text"),
        (DATA, "create_event", {**event, "payload": [{"blob": {"note": bad}}]}, "payload[0].blob.note"),
        (DATA, "create_event", {**event, "payload": [{"json": {"content": {"k": [bad]}}}]},
         "payload[0].json.content.k[0]"),
        (DATA, "batch_create_memory_records", {"memoryId": mid, "records": [
            {**record, "content": {"text": "fine"}}, {**record, "requestIdentifier": "r8", "content": {"text": bad}}]},
         "records[1].content.text"),
        (DATA, "retrieve_memory_records", {"memoryId": mid, "namespace": "/facts/u1/",
                                           "searchCriteria": {"searchQuery": bad}}, "searchCriteria.searchQuery"),
        (CONTROL, "create_memory", {"name": "Unstorable", "eventExpiryDuration": 30, "description": bad},
         "description"),
    ]


@pytest.mark.parametrize("bad", [NUL, LONE], ids=["NUL", "lone surrogate"])
def test_unstorable_characters_are_refused_naming_the_aws_field(world: World, bad: str) -> None:
    clients = {DATA: world.client(DATA, parameter_validation=False),
               CONTROL: world.client(CONTROL, parameter_validation=False)}
    for service, op, params, field in _unstorable_cases(world, bad):
        call = getattr(clients[service], op)
        resp = refused(world, lambda: call(**params), "ValidationException", field)  # noqa: B023 - called at once
        assert resp["reason"] == "FieldValidationFailed"
        assert "messages[" not in resp["Error"]["Message"] and "$agentcore" not in resp["Error"]["Message"]


def test_control_characters_other_than_nul_are_kept(world: World) -> None:
    """The refusal is NUL and lone surrogates only: other control characters and astral characters are text."""
    dp = world.client(DATA, parameter_validation=False)
    text = "tab\there \x01\x7f\u2028 😀"
    ev = dp.create_event(memoryId=world.memory_id, actorId="u1", sessionId="ctl", eventTimestamp=WHEN,
                         payload=conv(text), extractionMode="SKIP")["event"]
    got = dp.get_event(memoryId=world.memory_id, actorId="u1", sessionId="ctl", eventId=ev["eventId"])["event"]
    assert got["payload"][0]["conversational"]["content"]["text"] == text


# -- a record id with a namespace ---------------------------------------------------------------------------------
def test_a_namespace_given_with_a_record_id_must_hold_the_record(world: World) -> None:
    dp = world.client(DATA, parameter_validation=False)
    mid = world.memory_id
    rid = dp.batch_create_memory_records(memoryId=mid, records=[{
        "requestIdentifier": "ns1", "namespaces": ["/facts/u1/"], "content": {"text": "Plays the cello"},
        "timestamp": WHEN}])["successfulRecords"][0]["memoryRecordId"]
    other = "/facts/u2/"

    def text() -> str:
        return str(dp.get_memory_record(memoryId=mid, memoryRecordId=rid)["memoryRecord"]["content"]["text"])

    refused(world, lambda: dp.get_memory_record(memoryId=mid, memoryRecordId=rid, namespace=other),
            "ResourceNotFoundException")
    refused(world, lambda: dp.delete_memory_record(memoryId=mid, memoryRecordId=rid, namespace=other),
            "ResourceNotFoundException")
    before = fingerprint(world.db)
    out = dp.batch_delete_memory_records(memoryId=mid, records=[{"memoryRecordId": rid, "namespace": other}])
    assert out["successfulRecords"] == [] and out["failedRecords"][0]["errorCode"] == 404
    out = dp.batch_update_memory_records(memoryId=mid, records=[{
        "memoryRecordId": rid, "timestamp": WHEN, "content": {"text": "Plays the drums"}, "sourceNamespaces": [other]}])
    assert out["successfulRecords"] == [] and out["failedRecords"][0]["errorCode"] == 404
    assert fingerprint(world.db) == before
    assert text() == "Plays the cello"
    # the record's own namespace, or one above it, reaches it
    for ns in ("/facts/u1/", "/facts/u1", "/facts/"):
        assert dp.get_memory_record(memoryId=mid, memoryRecordId=rid, namespace=ns)["memoryRecord"]["memoryRecordId"] \
            == rid
    dp.delete_memory_record(memoryId=mid, memoryRecordId=rid, namespace="/facts/u1/")
    refused(world, lambda: dp.get_memory_record(memoryId=mid, memoryRecordId=rid), "ResourceNotFoundException")


# -- reserved tags ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("tags", [{"aws:team": "a"}, {"AWS:Team": "a"}, {"team": "aws:a"}, {"team": "Aws:a"}])
def test_the_aws_tag_prefix_is_reserved(world: World, tags: dict[str, str]) -> None:
    ctl = world.client(CONTROL, parameter_validation=False)
    field = f"tags.{next(iter(tags))}"
    refused(world, lambda: ctl.tag_resource(resourceArn=world.control_arn, tags=tags), "ValidationException", field)
    refused(world, lambda: ctl.create_memory(name="Reserved", eventExpiryDuration=30, tags=tags),
            "ValidationException", field)
    refused(world, lambda: ctl.create_harness(harnessName="Reserved", executionRoleArn=ROLE, tags=tags),
            "ValidationException", field)
    assert ctl.list_tags_for_resource(resourceArn=world.control_arn)["tags"] == {"team": "a"}


def test_untag_cannot_delete_a_reserved_tag_key(world: World) -> None:
    ctl = world.client(CONTROL, parameter_validation=False)
    refused(world, lambda: ctl.untag_resource(resourceArn=world.control_arn, tagKeys=["team", "aws:team"]),
            "ValidationException", "tagKeys[1]")
    assert ctl.list_tags_for_resource(resourceArn=world.control_arn)["tags"] == {"team": "a"}


# -- bodies over the server's limit --------------------------------------------------------------------------------
def test_a_body_over_the_servers_limit_is_an_aws_validation_exception(world: World) -> None:
    """The body limit answered before the AgentCore code with engram's own 413 body, which botocore cannot read
    (error code "413", no message); an AgentCore path now gets AWS's ValidationException naming the body."""
    client = world.client(DATA, parameter_validation=False)
    params = {"memoryId": world.memory_id, "actorId": "u1", "sessionId": "s1", "eventTimestamp": WHEN,
              "payload": conv("x" * 100_000) * 11}
    resp = refused(world, lambda: client.create_event(**params), "ValidationException", "body")
    assert "larger than" in resp["Error"]["Message"]
