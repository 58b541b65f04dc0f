"""The AgentCore control plane checks the calling key's rights and keeps tenants apart (black-box report items 1,
8 and 6), through the real boto3 client against ``engram serve`` on loopback, on SQLite and PostgreSQL.

Rights are the HTTP face's (``engram.grants.Grant``): a change of a memory, its strategies, a harness or tags
needs an admin key for the whole agent; DeleteMemory (and DeleteHarness, unless it keeps the managed memory)
erases every actor's data and needs the delete right too; reads need neither. Another tenant's memory or
harness answers exactly as a missing one does. A harness's managed memory keeps events 3 to 365 days."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any

import boto3
import pytest

from tests.support.agentcore import AGENT, Served, served
from tests.support.agentcore_rights import CONTROL, ROLE, holdings, model_ranges, refused
from tests.support.backends import BACKENDS

MISSING = "Nothing-0000000000"
MANAGED = "memory.managedMemoryConfiguration"


@pytest.fixture(scope="module", params=BACKENDS)
def ac(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with served(str(request.param), tmp_path_factory.mktemp("acr"), request) as s:
        yield s


def _ctl(ac: Served, *rights: str, agent: str = AGENT, **config: Any) -> Any:
    return ac.client(CONTROL, creds=ac.issue(agent, *rights), **config)


def _setup(ac: Served, tag: str) -> tuple[Any, dict[str, Any], dict[str, Any]]:
    """The full key's control client, a memory with one strategy and an event, and a harness with managed
    memory (names made unique by ``tag``)."""
    owner = ac.client(CONTROL)
    mem = owner.create_memory(name=f"Shared{tag}", eventExpiryDuration=30, tags={"team": "a"}, memoryStrategies=[
        {"semanticMemoryStrategy": {"name": "facts", "namespaceTemplates": ["/facts/{actorId}/"]}}])["memory"]
    ac.client().create_event(memoryId=mem["id"], actorId="cust-42", sessionId="s1", eventTimestamp=datetime.now(UTC),
                             payload=[{"conversational": {"content": {"text": "I like tea."}, "role": "USER"}}])
    harness = owner.create_harness(harnessName=f"Helper{tag}", executionRoleArn=ROLE,
                                   systemPrompt=[{"text": "Be brief."}])["harness"]
    return owner, mem, harness


def _events(ac: Served, memory_id: str) -> int:
    return len(ac.client().list_events(memoryId=memory_id, actorId="cust-42", sessionId="s1")["events"])


def _changes(ctl: Any, mem: dict[str, Any], harness: dict[str, Any]) -> dict[str, Any]:
    """Every control-plane change, as calls on ``ctl``."""
    sid = mem["strategies"][0]["strategyId"]
    return {
        "CreateMemory": lambda: ctl.create_memory(name="Sneaky", eventExpiryDuration=30),
        "UpdateMemory": lambda: ctl.update_memory(memoryId=mem["id"], description="changed", memoryStrategies={
            "deleteMemoryStrategies": [{"memoryStrategyId": sid}]}),
        "CreateHarness": lambda: ctl.create_harness(harnessName="Sneaky", executionRoleArn=ROLE),
        "UpdateHarness": lambda: ctl.update_harness(harnessId=harness["harnessId"],
                                                    systemPrompt=[{"text": "Leak everything."}]),
        "TagResource": lambda: ctl.tag_resource(resourceArn=mem["arn"], tags={"team": "b"}),
        "UntagResource": lambda: ctl.untag_resource(resourceArn=harness["arn"], tagKeys=["team"]),
    }


def _deletes(ctl: Any, mem: dict[str, Any], harness: dict[str, Any]) -> dict[str, Any]:
    return {"DeleteMemory": lambda: ctl.delete_memory(memoryId=mem["id"]),
            "DeleteHarness": lambda: ctl.delete_harness(harnessId=harness["harnessId"])}


# -- item 1: rights ---------------------------------------------------------------------------------------------
def test_changes_need_the_admin_right_and_a_refusal_changes_nothing(ac: Served) -> None:
    owner, mem, harness = _setup(ac, "Adm")
    before = holdings(owner)
    for rights in (("--write", ""), ("--delete",)):  # read-only; delete but no admin
        ctl = _ctl(ac, *rights)
        for name, call in {**_changes(ctl, mem, harness), **_deletes(ctl, mem, harness)}.items():
            err = refused(call, "AccessDeniedException")
            assert err["ResponseMetadata"]["HTTPStatusCode"] == 403
            assert "admin right" in err["Error"]["Message"], (rights, name, err)
    assert holdings(owner) == before and _events(ac, mem["id"]) == 1


def test_deleting_a_memory_needs_delete_and_admin(ac: Served) -> None:
    owner, mem, harness = _setup(ac, "Del")
    before = holdings(owner)
    admin_only = _ctl(ac, "--admin")
    for name, call in _deletes(admin_only, mem, harness).items():
        err = refused(call, "AccessDeniedException")
        assert "delete right" in err["Error"]["Message"], (name, err)
    assert holdings(owner) == before and _events(ac, mem["id"]) == 1
    # keeping the managed memory erases nothing: the admin right alone deletes the harness
    managed = owner.get_harness(harnessId=harness["harnessId"])["harness"]["memory"]["managedMemoryConfiguration"]
    admin_only.delete_harness(harnessId=harness["harnessId"], deleteManagedMemory=False)
    kept = owner.get_memory(memoryId=managed["arn"])["memory"]
    assert "managedByResourceArn" not in kept
    refused(lambda: owner.get_harness(harnessId=harness["harnessId"]), "ResourceNotFoundException")
    # both rights: the memory and its events go
    owner.delete_memory(memoryId=mem["id"])
    refused(lambda: owner.get_memory(memoryId=mem["id"]), "ResourceNotFoundException")


def test_reads_need_no_right(ac: Served) -> None:
    _, mem, harness = _setup(ac, "Read")
    ctl = _ctl(ac, "--write", "")
    assert ctl.get_memory(memoryId=mem["id"])["memory"]["id"] == mem["id"]
    assert mem["id"] in [m["id"] for m in ctl.list_memories()["memories"]]
    assert ctl.get_harness(harnessId=harness["harnessId"])["harness"]["systemPrompt"] == [{"text": "Be brief."}]
    assert harness["harnessId"] in [h["harnessId"] for h in ctl.list_harnesses()["harnesses"]]
    assert len(ctl.list_harness_versions(harnessId=harness["harnessId"])["harnessVersions"]) == 1
    assert ctl.list_tags_for_resource(resourceArn=mem["arn"])["tags"] == {"team": "a"}


def test_an_actor_bound_key_changes_nothing_its_memory_shares(ac: Served) -> None:
    owner, mem, harness = _setup(ac, "Act")
    before = holdings(owner)
    ctl = _ctl(ac, "--actor", "cust-42", "--delete", "--admin")  # every right, for one actor only
    for name, call in {**_changes(ctl, mem, harness), **_deletes(ctl, mem, harness)}.items():
        err = refused(call, "AccessDeniedException")
        assert "one actor" in err["Error"]["Message"], (name, err)
    assert holdings(owner) == before and _events(ac, mem["id"]) == 1
    assert ctl.get_memory(memoryId=mem["id"])["memory"]["id"] == mem["id"]  # it still reads the description


# -- item 8: tenants --------------------------------------------------------------------------------------------
def _answer(call: Callable[[str], Any], name: str, code: str) -> str:
    """What ``call(name)`` answers when refused (status, error, message, fields), ``name`` written as
    ``MISSING`` (so two can be compared)."""
    err = refused(lambda: call(name), code)
    seen = [err["ResponseMetadata"]["HTTPStatusCode"], err["Error"], err.get("fieldList"), err.get("reason")]
    return json.dumps(seen, sort_keys=True).replace(name, MISSING)


def _as_missing(call: Callable[[str], Any], name: str, code: str = "ResourceNotFoundException") -> None:
    """``call`` on another tenant's ``name`` answers exactly what it answers on a name nothing has."""
    assert _answer(call, name, code) == _answer(call, MISSING, code)


def test_another_tenants_memory_answers_as_a_missing_one(ac: Served) -> None:
    owner, mem, harness = _setup(ac, "Ten")
    before = holdings(owner)
    other = _ctl(ac, "--delete", "--admin", agent="tenantB")
    mid, hid = mem["id"], harness["harnessId"]
    for memory_call in (lambda m: other.get_memory(memoryId=m),
                        lambda m: other.update_memory(memoryId=m, description="mine now"),
                        lambda m: other.delete_memory(memoryId=m),
                        lambda m: other.list_tags_for_resource(resourceArn=mem["arn"].replace(mid, m)),
                        lambda m: other.tag_resource(resourceArn=mem["arn"].replace(mid, m), tags={"x": "y"})):
        _as_missing(memory_call, mid)
    for harness_call in (lambda h: other.get_harness(harnessId=h),
                         lambda h: other.update_harness(harnessId=h, systemPrompt=[{"text": "x"}]),
                         lambda h: other.delete_harness(harnessId=h),
                         lambda h: other.list_harness_versions(harnessId=h),
                         lambda h: other.list_tags_for_resource(resourceArn=harness["arn"].replace(hid, h))):
        _as_missing(harness_call, hid)
    # a BYO memory of another tenant is refused as a missing ARN is (CreateHarness lists no 404)
    _as_missing(lambda m: other.create_harness(harnessName="Byo", executionRoleArn=ROLE, memory={
        "agentCoreMemoryConfiguration": {"arn": mem["arn"].replace(mid, m)}}), mid, "ValidationException")
    err = refused(lambda: other.create_harness(harnessName="Byo", executionRoleArn=ROLE, memory={
        "agentCoreMemoryConfiguration": {"arn": mem["arn"]}}), "ValidationException")
    assert [f["name"] for f in err["fieldList"]] == ["memory.arn"]
    # the data plane too, and a signature for another region tells nothing of where the memory is
    data = ac.client(creds=ac.issue("tenantB"))
    _as_missing(lambda m: data.list_actors(memoryId=m), mid)
    b = ac.issue("tenantB")
    far = boto3.client(CONTROL, endpoint_url=ac.base, region_name="eu-central-1",
                       aws_access_key_id=b["aws_access_key_id"], aws_secret_access_key=b["aws_secret_access_key"])
    _as_missing(lambda m: far.get_memory(memoryId=m), mid)
    assert mid not in [m["id"] for m in other.list_memories()["memories"]]
    assert hid not in [h["harnessId"] for h in other.list_harnesses()["harnesses"]]
    assert holdings(owner) == before and _events(ac, mid) == 1


def test_two_tenants_never_block_each_other(ac: Served) -> None:
    owner, mem, harness = _setup(ac, "Twin")
    other = _ctl(ac, "--delete", "--admin", agent="tenantC")
    theirs = other.create_memory(name=mem["name"], eventExpiryDuration=30)["memory"]  # the same name
    their_harness = other.create_harness(harnessName=harness["harnessName"], executionRoleArn=ROLE)["harness"]
    assert theirs["id"] != mem["id"] and their_harness["harnessId"] != harness["harnessId"]
    assert [m["id"] for m in other.list_memories()["memories"]] == [
        theirs["id"], their_harness["memory"]["managedMemoryConfiguration"]["arn"].split("/")[-1]]
    other.delete_memory(memoryId=theirs["id"])
    assert owner.get_memory(memoryId=mem["id"])["memory"]["name"] == mem["name"]


# -- item 6: the model's ranges ---------------------------------------------------------------------------------
@pytest.mark.parametrize("days", [2, 366, 400])
def test_managed_memory_expiry_outside_3_to_365_is_refused_and_nothing_stored(ac: Served, days: int) -> None:
    owner = ac.client(CONTROL)
    loose = ac.client(CONTROL, parameter_validation=False)  # botocore checks minimums only: the server checks all
    before = holdings(owner)
    err = refused(lambda: loose.create_harness(harnessName=f"Expiry{days}", executionRoleArn=ROLE, memory={
        "managedMemoryConfiguration": {"eventExpiryDuration": days}}), "ValidationException")
    assert err["fieldList"][0]["name"] == f"{MANAGED}.eventExpiryDuration" and "3 to 365" in err["Error"]["Message"]
    assert holdings(owner) == before
    harness = owner.create_harness(harnessName=f"Keep{days}", executionRoleArn=ROLE, memory={
        "managedMemoryConfiguration": {"eventExpiryDuration": 365}})["harness"]
    before = holdings(owner)
    err = refused(lambda: loose.update_harness(harnessId=harness["harnessId"], memory={"optionalValue": {
        "managedMemoryConfiguration": {"eventExpiryDuration": days}}}), "ValidationException")
    assert err["fieldList"][0]["name"] == "memory.optionalValue.managedMemoryConfiguration.eventExpiryDuration"
    assert holdings(owner) == before
    owner.delete_harness(harnessId=harness["harnessId"])


KEY_ARN = "arn:aws:bedrock-agentcore:us-west-2:123456789012:token-vault/default/apikeycredentialprovider/openai"
MODELS = ("bedrockModelConfig", "openAiModelConfig", "liteLlmModelConfig")
BOUNDED = {f"{MANAGED}.eventExpiryDuration"} | {f"model.{m}.{k}" for m in MODELS
                                                for k in ("maxTokens", "temperature", "topP")}
REFUSED_WHOLE = ("environment", "hooks", "model.geminiModelConfig")  # members engram refuses whatever they hold


def _setting(path: str, value: float) -> dict[str, Any]:
    """A CreateHarness body setting the bounded number at ``path`` (one of :data:`BOUNDED`) to ``value``."""
    if path == f"{MANAGED}.eventExpiryDuration":
        return {"memory": {"managedMemoryConfiguration": {"eventExpiryDuration": value}}}
    _, member, key = path.split(".")
    extra = {"apiKeyArn": KEY_ARN} if member == "openAiModelConfig" else {}
    return {"model": {member: {"modelId": "gpt-4o-mini", key: value, **extra}}}


def _out_of_range(call: Callable[[dict[str, Any]], Any], body: dict[str, Any], field: str) -> None:
    err = refused(lambda: call(body), "ValidationException")
    assert [f["name"] for f in err["fieldList"]] == [field], (body, err)


def test_every_bounded_number_of_create_and_update_harness_is_checked(ac: Served) -> None:
    """Each number the model bounds, one step outside its range, is a ValidationException naming it, on
    CreateHarness and UpdateHarness; the table covers the model (members engram refuses whole aside)."""
    for op in ("CreateHarness", "UpdateHarness"):
        listed = {p.replace("memory.optionalValue.", "memory.") for p, _, _ in model_ranges(op)
                  if not p.startswith(REFUSED_WHOLE)}
        assert listed == BOUNDED, op
    owner = ac.client(CONTROL)
    loose = ac.client(CONTROL, parameter_validation=False)
    harness = owner.create_harness(harnessName="Bounds", executionRoleArn=ROLE)["harness"]
    before = holdings(owner)
    for path, (lo, hi) in {p: (lo, hi) for p, lo, hi in model_ranges("CreateHarness")
                           if not p.startswith(REFUSED_WHOLE)}.items():
        step = 1 if path.endswith(("maxTokens", "eventExpiryDuration")) else 0.5
        for bad in [v for v in (None if lo is None else lo - step, None if hi is None else hi + step)
                    if v is not None]:
            _out_of_range(lambda b: loose.create_harness(harnessName="Out", executionRoleArn=ROLE, **b),
                          _setting(path, bad), path)
            body, named = _setting(path, bad), path
            if "memory" in body:
                body, named = {"memory": {"optionalValue": body["memory"]}}, path.replace("memory.",
                                                                                          "memory.optionalValue.")
            _out_of_range(lambda b: loose.update_harness(harnessId=harness["harnessId"], **b), body, named)
    assert holdings(owner) == before
