"""The AgentCore control plane and harness through the real clients against ``engram serve`` on loopback:
boto3 for every operation, the AWS CLI for the document's own commands, the document's ``invoke_harness``
example verbatim; on SQLite and PostgreSQL. Models: the offline default and a local server speaking the
OpenAI wire protocol (tests/support/wire.py)."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engram import Memory
from engram.embedders import HashingEmbedder
from tests.support.servers import CLI, serving
from tests.support.wire import openai_chat, serve

boto3 = pytest.importorskip("boto3")
from botocore.config import Config as BotoConfig  # noqa: E402
from botocore.exceptions import ClientError  # noqa: E402

REGION = "us-west-2"
DOC = Path(__file__).resolve().parents[1].parent / "shared" / "seeds" / "agentcore-harness-memory.md"
SESSION_ID = "session-2026-12-01-user-123-0000001"  # runtimeSessionId: 33 to 100 characters
ROLE = "arn:aws:iam::123456789012:role/MyHarnessRole"

# The document's commands, verbatim (checked against the document itself when it is beside the repo).
CREATE_HARNESS = '''aws bedrock-agentcore-control create-harness \\
--harness-name "MyHarness" \\
--execution-role-arn "arn:aws:iam::123456789012:role/MyHarnessRole" \\
--memory '{"managedMemoryConfiguration": {"strategies": ["SEMANTIC", "SUMMARIZATION", "USER_PREFERENCE"], "eventExpiryDuration": 60}}\''''  # noqa: E501
UPDATE_MANAGED = '''aws bedrock-agentcore-control update-harness \\
--harness-id "MyHarness-UuFdkQoXSL" \\
--memory '{"optionalValue": {"managedMemoryConfiguration": {"strategies": ["SEMANTIC", "SUMMARIZATION", "USER_PREFERENCE", "EPISODIC"]}}}\''''  # noqa: E501
CREATE_MEMORY = '''aws bedrock-agentcore-control create-memory \\
--name "MyMemory" \\
--event-expiry-duration 30 \\
--description "Memory for my harness"'''
ATTACH_BYO = '''aws bedrock-agentcore-control update-harness \\
--harness-id "MyHarness-UuFdkQoXSL" \\
--memory '{"optionalValue": {"agentCoreMemoryConfiguration": {"arn": "arn:aws:bedrock-agentcore:us-west-2:123456789012:memory/MyMemory-abc123"}}}\''''  # noqa: E501
DISABLE = '''aws bedrock-agentcore-control update-harness \\
--harness-id "MyHarness-UuFdkQoXSL" \\
--memory '{"optionalValue": {"disabled": {}}}\''''
RETRIEVAL = '''aws bedrock-agentcore-control update-harness \\
--harness-id "MyHarness-UuFdkQoXSL" \\
--memory '{"optionalValue": {"agentCoreMemoryConfiguration": {"arn": "arn:aws:bedrock-agentcore:us-west-2:123456789012:memory/MyMemory-abc123", "retrievalConfig": {"/facts/{actorId}/": {"topK": 5, "relevanceScore": 0.5, "strategyId": "FactExtractor-abc123"}}}}}\''''  # noqa: E501
TRUNCATION = '''aws bedrock-agentcore-control update-harness \\
--harness-id "MyHarness-UuFdkQoXSL" \\
--truncation '{"strategy": "sliding_window", "slidingWindowConfig": {"numMessages": 30}}\''''
DOC_HARNESS_ID = "MyHarness-UuFdkQoXSL"
DOC_MEMORY_ARN = "arn:aws:bedrock-agentcore:us-west-2:123456789012:memory/MyMemory-abc123"


@pytest.fixture
def engram(db_url: str, tmp_path: Path) -> Iterator[dict[str, Any]]:
    """``engram serve`` on loopback, and AWS credentials from ``engram keys create --aws --delete --admin`` (the
    control plane's changes need ``--admin``, its deletes ``--delete`` too)."""
    made = subprocess.run([*CLI, "keys", "create", "--db", db_url, "--agent", "support-bot", "--aws", "--delete",
                           "--admin"], capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stderr
    creds = json.loads(made.stdout)
    with serving(db_url, tmp_path) as (_, base):
        yield {"url": base, "db": db_url, "key": creds["aws_access_key_id"],
               "secret": creds["aws_secret_access_key"], "tmp": tmp_path}


def boto(engram: dict[str, Any], service: str) -> Any:
    return boto3.client(service, endpoint_url=engram["url"], region_name=REGION,
                        aws_access_key_id=engram["key"], aws_secret_access_key=engram["secret"],
                        config=BotoConfig(retries={"max_attempts": 1}))


def aws(engram: dict[str, Any], command: str, **subst: str) -> subprocess.CompletedProcess[str]:
    """Run one of the document's commands with the real AWS CLI, ``--endpoint-url`` added. ``subst`` replaces
    the document's placeholders (its harness id and memory ARN) by the ones this server made."""
    text = command
    for old, new in subst.items():
        text = text.replace(old, new)
    argv = shlex.split(text.replace("\\\n", " "))
    assert argv[0] == "aws"
    exe = str(Path(sys.executable).with_name("aws"))
    home = engram["tmp"]
    env = {**os.environ, "AWS_ACCESS_KEY_ID": engram["key"], "AWS_SECRET_ACCESS_KEY": engram["secret"],
           "AWS_DEFAULT_REGION": REGION, "AWS_CONFIG_FILE": str(home / "aws-config"),
           "AWS_SHARED_CREDENTIALS_FILE": str(home / "aws-creds"), "AWS_EC2_METADATA_DISABLED": "true",
           "AWS_PAGER": ""}
    return subprocess.run([exe, *argv[1:], "--endpoint-url", engram["url"], "--output", "json"],
                          capture_output=True, text=True, env=env, timeout=120)


def code_of(exc: pytest.ExceptionInfo[ClientError]) -> str:
    return str(exc.value.response["Error"]["Code"])


def test_the_commands_here_are_the_documents() -> None:
    if not DOC.exists():
        pytest.skip("the reference document is not beside the repository")
    text = DOC.read_text(encoding="utf-8")
    for command in (CREATE_HARNESS, UPDATE_MANAGED, CREATE_MEMORY, ATTACH_BYO, DISABLE, RETRIEVAL, TRUNCATION):
        assert command in text
    assert 'actorId="user-123",' in text and "client.invoke_harness(" in text


# -- memories ------------------------------------------------------------------------------------------------


STRATEGIES = [
    {"semanticMemoryStrategy": {"name": "Facts", "namespaceTemplates": ["/facts/{actorId}/"]}},
    {"summaryMemoryStrategy": {"name": "Summaries", "namespaces": ["/summary/{actorId}/{sessionId}/"]}},
    {"userPreferenceMemoryStrategy": {"name": "Prefs"}},
    {"episodicMemoryStrategy": {"name": "Episodes", "reflectionConfiguration": {
        "namespaceTemplates": ["/reflections/{actorId}/"]}}},
    {"customMemoryStrategy": {"name": "Billing", "configuration": {"semanticOverride": {
        "extraction": {"appendToPrompt": "Only billing facts.", "modelId": "anthropic.claude-3-haiku"}}}}},
]


def test_memory_lifecycle_through_boto3(engram: dict[str, Any]) -> None:
    ctl = boto(engram, "bedrock-agentcore-control")
    made = ctl.create_memory(name="Support", description="support bot", eventExpiryDuration=45,
                             memoryStrategies=STRATEGIES)["memory"]
    assert made["status"] == "ACTIVE" and made["id"].startswith("Support-") and len(made["id"]) == 18
    assert made["arn"] == f"arn:aws:bedrock-agentcore:{REGION}:000000000000:memory/{made['id']}"
    types = [s["type"] for s in made["strategies"]]
    assert types == ["SEMANTIC", "SUMMARIZATION", "USER_PREFERENCE", "EPISODIC", "CUSTOM"]
    assert all(s["status"] == "ACTIVE" and s["strategyId"].startswith(s["name"] + "-") for s in made["strategies"])
    got = ctl.get_memory(memoryId=made["id"])["memory"]
    assert got["strategies"] == made["strategies"] and got["eventExpiryDuration"] == 45
    assert got["description"] == "support bot"
    assert ctl.get_memory(memoryId=made["arn"])["memory"]["id"] == made["id"]  # an ARN names it too

    # the engram side: the memory's own agent (named by its id) runs these strategies, under these namespaces
    mem = Memory.open(engram["db"], embedder=HashingEmbedder())
    try:
        cfg = mem.config_for(made["id"])
        assert [s.strategy_id for s in cfg.memory.strategies] == [s["strategyId"] for s in made["strategies"]]
        assert cfg.memory.strategies[0].namespace == "/facts/{actorId}/"
        assert cfg.memory.strategies[4].type == "SEMANTIC" and cfg.memory.strategies[4].prompt == "Only billing facts."
        assert cfg.harness.history.event_expiry_days == 45
    finally:
        mem.close()

    listed = ctl.list_memories(maxResults=1)
    assert [m["id"] for m in listed["memories"]] == [made["id"]] and "nextToken" not in listed
    facts, summaries = made["strategies"][0]["strategyId"], made["strategies"][1]["strategyId"]
    updated = ctl.update_memory(memoryId=made["id"], eventExpiryDuration=90, memoryStrategies={
        "addMemoryStrategies": [{"semanticMemoryStrategy": {"name": "Extra"}}],
        "modifyMemoryStrategies": [{"memoryStrategyId": facts, "namespaceTemplates": ["/kb/{actorId}/"]}],
        "deleteMemoryStrategies": [{"memoryStrategyId": summaries}]})["memory"]
    by_id = {s["strategyId"]: s for s in updated["strategies"]}
    assert summaries not in by_id and by_id[facts]["namespaceTemplates"] == ["/kb/{actorId}/"]
    assert [s["name"] for s in updated["strategies"]][-1] == "Extra" and updated["eventExpiryDuration"] == 90
    assert updated["description"] == "support bot"  # not named, not changed

    second = ctl.create_memory(name="Second", eventExpiryDuration=30)["memory"]  # a memory per engram agent
    assert {m["id"] for m in ctl.list_memories()["memories"]} == {made["id"], second["id"]}
    ctl.delete_memory(memoryId=second["id"])
    with pytest.raises(ClientError) as err:
        ctl.update_memory(memoryId=made["id"], memoryStrategies={
            "deleteMemoryStrategies": [{"memoryStrategyId": "Nope-abcdefghij"}]})
    assert code_of(err) == "ResourceNotFoundException"
    with pytest.raises(ClientError) as err:
        ctl.update_memory(memoryId=made["id"], eventExpiryDuration=4000)
    assert code_of(err) == "ValidationException"
    assert err.value.response["fieldList"][0]["name"] == "eventExpiryDuration"
    assert ctl.get_memory(memoryId=made["id"])["memory"]["eventExpiryDuration"] == 90  # refused: nothing changed

    gone = ctl.delete_memory(memoryId=made["id"])
    assert gone == {**gone, "memoryId": made["id"], "status": "DELETING"}
    with pytest.raises(ClientError) as err:
        ctl.get_memory(memoryId=made["id"])
    assert code_of(err) == "ResourceNotFoundException"
    assert ctl.list_memories()["memories"] == []


@pytest.mark.parametrize(("kwargs", "field"), [
    ({"name": "9bad", "eventExpiryDuration": 30}, "name"),
    ({"name": "ok", "eventExpiryDuration": 3651}, "eventExpiryDuration"),  # botocore checks minimums only
    ({"name": "ok", "eventExpiryDuration": 30, "description": "x" * 4097}, "description"),
    ({"name": "ok", "eventExpiryDuration": 30, "memoryStrategies": [{"semanticMemoryStrategy": {
        "name": "a", "namespaceTemplates": ["/x/{tenantId}/"]}}]},
     "memoryStrategies[0].semanticMemoryStrategy.namespaceTemplates[0]"),
])
def test_create_memory_refuses_what_the_model_forbids(engram: dict[str, Any], kwargs: dict[str, Any],
                                                      field: str) -> None:
    ctl = boto(engram, "bedrock-agentcore-control")
    with pytest.raises(ClientError) as err:
        ctl.create_memory(**kwargs)
    assert code_of(err) == "ValidationException"
    assert err.value.response["fieldList"][0]["name"] == field
    assert ctl.list_memories()["memories"] == []


# -- harnesses -----------------------------------------------------------------------------------------------


def test_harness_lifecycle_through_boto3(engram: dict[str, Any]) -> None:
    ctl = boto(engram, "bedrock-agentcore-control")
    h = ctl.create_harness(harnessName="Helper", executionRoleArn=ROLE,
                           systemPrompt=[{"text": "Be brief."}], maxIterations=4)["harness"]
    assert h["status"] == "READY" and h["harnessVersion"] == "1" and h["harnessId"].startswith("Helper-")
    managed = h["memory"]["managedMemoryConfiguration"]
    assert managed["strategies"] == ["SEMANTIC", "SUMMARIZATION"] and managed["eventExpiryDuration"] == 30
    memory = ctl.get_memory(memoryId=managed["arn"])["memory"]
    assert memory["managedByResourceArn"] == h["arn"]
    assert [s["type"] for s in memory["strategies"]] == ["SEMANTIC", "SUMMARIZATION"]
    kept = {s["type"]: s["strategyId"] for s in memory["strategies"]}

    with pytest.raises(ClientError) as err:  # managed memory: strategies change through UpdateHarness only
        ctl.update_memory(memoryId=memory["id"], memoryStrategies={"deleteMemoryStrategies": [
            {"memoryStrategyId": kept["SEMANTIC"]}]})
    assert code_of(err) == "ValidationException"
    with pytest.raises(ClientError) as err:
        ctl.delete_memory(memoryId=memory["id"])
    assert code_of(err) == "ValidationException"

    up = ctl.update_harness(harnessId=h["harnessId"], memory={"optionalValue": {"managedMemoryConfiguration": {
        "strategies": ["SEMANTIC", "EPISODIC"]}}})["harness"]
    assert up["harnessVersion"] == "2" and up["systemPrompt"] == [{"text": "Be brief."}]  # unnamed: unchanged
    after = ctl.get_memory(memoryId=managed["arn"])["memory"]
    now = {s["type"]: s["strategyId"] for s in after["strategies"]}
    assert set(now) == {"SEMANTIC", "EPISODIC"} and now["SEMANTIC"] == kept["SEMANTIC"]
    assert up["memory"]["managedMemoryConfiguration"]["strategies"] == ["SEMANTIC", "EPISODIC"]
    up = ctl.update_harness(harnessId=h["harnessId"], truncation={
        "strategy": "summarization", "config": {"summarization": {"preserveRecentMessages": 4}}})["harness"]
    assert up["truncation"]["strategy"] == "summarization" and up["memory"]["managedMemoryConfiguration"]
    assert ctl.get_harness(harnessId=h["harnessId"], harnessVersion="1")["harness"]["memory"] == h["memory"]
    assert ctl.get_harness(harnessId=h["harnessId"])["harness"]["harnessVersion"] == "3"
    listed = ctl.list_harnesses()["harnesses"]
    assert [x["harnessId"] for x in listed] == [h["harnessId"]] and listed[0]["harnessVersion"] == "3"
    page = ctl.list_harness_versions(harnessId=h["harnessId"], maxResults=2)
    assert [v["harnessVersion"] for v in page["harnessVersions"]] == ["3", "2"]
    rest = ctl.list_harness_versions(harnessId=h["harnessId"], nextToken=page["nextToken"])
    assert [v["harnessVersion"] for v in rest["harnessVersions"]] == ["1"] and "nextToken" not in rest

    gone = ctl.delete_harness(harnessId=h["harnessId"])["harness"]  # default: the managed memory goes too
    assert gone["status"] == "DELETING"
    with pytest.raises(ClientError) as err:
        ctl.get_harness(harnessId=h["harnessId"])
    assert code_of(err) == "ResourceNotFoundException"
    with pytest.raises(ClientError) as err:
        ctl.get_memory(memoryId=managed["arn"])
    assert code_of(err) == "ResourceNotFoundException"

    h2 = ctl.create_harness(harnessName="Keeper", executionRoleArn=ROLE)["harness"]
    arn2 = h2["memory"]["managedMemoryConfiguration"]["arn"]
    ctl.delete_harness(harnessId=h2["harnessId"], deleteManagedMemory=False)
    kept_memory = ctl.get_memory(memoryId=arn2)["memory"]
    assert "managedByResourceArn" not in kept_memory  # disassociated: a regular memory now
    ctl.delete_memory(memoryId=kept_memory["id"])


@pytest.mark.parametrize(("kwargs", "field"), [
    ({"harnessName": "bad-name"}, "harnessName"),
    ({"harnessName": "H", "executionRoleArn": "arn:aws:iam::1:user/x"}, "executionRoleArn"),
    ({"harnessName": "H", "memory": {"managedMemoryConfiguration": {"eventExpiryDuration": 3651}}},
     "memory.managedMemoryConfiguration.eventExpiryDuration"),
    ({"harnessName": "H", "truncation": {"strategy": "none", "config": {"slidingWindow": {"messagesCount": 2}}}},
     "truncation.config"),
    ({"harnessName": "H", "tools": [{"type": "remote_mcp", "config": {"remoteMcp": {"url": "https://x"}}}]},
     "tools"),
    ({"harnessName": "H", "model": {"geminiModelConfig": {"modelId": "g", "apiKeyArn": "arn:aws:x"}}},
     "model.geminiModelConfig"),
])
def test_create_harness_refuses_what_engram_cannot_honour(engram: dict[str, Any], kwargs: dict[str, Any],
                                                          field: str) -> None:
    ctl = boto(engram, "bedrock-agentcore-control")
    kwargs.setdefault("executionRoleArn", ROLE)
    with pytest.raises(ClientError) as err:
        ctl.create_harness(**kwargs)
    assert code_of(err) == "ValidationException"
    assert err.value.response["fieldList"][0]["name"] == field
    assert ctl.list_harnesses()["harnesses"] == [] and ctl.list_memories()["memories"] == []


# -- the document's commands through the AWS CLI -------------------------------------------------------------


def test_the_documents_cli_commands(engram: dict[str, Any]) -> None:
    """Every ``aws bedrock-agentcore-control`` command of the document, through the AWS CLI. The document's
    placeholders (its harness id ``MyHarness-UuFdkQoXSL`` and memory ARN ``…memory/MyMemory-abc123``) become
    the ids this server returned, as they would on AWS."""
    made = aws(engram, CREATE_HARNESS)
    assert made.returncode == 0, made.stderr
    harness = json.loads(made.stdout)["harness"]
    assert harness["memory"]["managedMemoryConfiguration"]["strategies"] == ["SEMANTIC", "SUMMARIZATION",
                                                                             "USER_PREFERENCE"]
    assert harness["memory"]["managedMemoryConfiguration"]["eventExpiryDuration"] == 60
    hid = harness["harnessId"]
    ctl = boto(engram, "bedrock-agentcore-control")
    managed = ctl.get_memory(memoryId=harness["memory"]["managedMemoryConfiguration"]["arn"])["memory"]
    assert managed["eventExpiryDuration"] == 60 and len(managed["strategies"]) == 3

    up = aws(engram, UPDATE_MANAGED, **{DOC_HARNESS_ID: hid})
    assert up.returncode == 0, up.stderr
    assert json.loads(up.stdout)["harness"]["memory"]["managedMemoryConfiguration"]["strategies"][-1] == "EPISODIC"
    managed = ctl.get_memory(memoryId=managed["id"])["memory"]
    assert [s["type"] for s in managed["strategies"]] == ["SEMANTIC", "SUMMARIZATION", "USER_PREFERENCE", "EPISODIC"]

    mem = aws(engram, CREATE_MEMORY)
    assert mem.returncode == 0, mem.stderr
    memory = json.loads(mem.stdout)["memory"]
    assert memory["name"] == "MyMemory" and memory["eventExpiryDuration"] == 30
    assert memory["description"] == "Memory for my harness" and memory["status"] == "ACTIVE"

    attach = aws(engram, ATTACH_BYO, **{DOC_HARNESS_ID: hid, DOC_MEMORY_ARN: memory["arn"]})
    assert attach.returncode == 0, attach.stderr
    assert json.loads(attach.stdout)["harness"]["memory"] == {"agentCoreMemoryConfiguration": {"arn": memory["arn"]}}
    # switching to BYO turns the managed memory into a regular memory resource
    assert "managedByResourceArn" not in ctl.get_memory(memoryId=managed["id"])["memory"]

    tuned = aws(engram, RETRIEVAL, **{DOC_HARNESS_ID: hid, DOC_MEMORY_ARN: memory["arn"]})
    assert tuned.returncode == 0, tuned.stderr
    byo = json.loads(tuned.stdout)["harness"]["memory"]["agentCoreMemoryConfiguration"]
    assert byo["retrievalConfig"] == {"/facts/{actorId}/": {"topK": 5, "relevanceScore": 0.5,
                                                            "strategyId": "FactExtractor-abc123"}}

    off = aws(engram, DISABLE, **{DOC_HARNESS_ID: hid})
    assert off.returncode == 0, off.stderr
    assert json.loads(off.stdout)["harness"]["memory"] == {"disabled": {}}
    assert ctl.get_memory(memoryId=memory["id"])["memory"]["id"] == memory["id"]  # the BYO memory stays

    # The document's --truncation value is not the service model's shape: the AWS CLI refuses it before
    # sending anything. The model's own form of the same setting works.
    doc_form = aws(engram, TRUNCATION, **{DOC_HARNESS_ID: hid})
    assert doc_form.returncode != 0 and 'Unknown parameter in truncation: "slidingWindowConfig"' in doc_form.stderr
    model_form = aws(engram, TRUNCATION.replace('"slidingWindowConfig": {"numMessages": 30}',
                                                '"config": {"slidingWindow": {"messagesCount": 30}}'),
                     **{DOC_HARNESS_ID: hid})
    assert model_form.returncode == 0, model_form.stderr
    assert json.loads(model_form.stdout)["harness"]["truncation"] == {
        "strategy": "sliding_window", "config": {"slidingWindow": {"messagesCount": 30}}}


# -- InvokeHarness -------------------------------------------------------------------------------------------


def events_of(response: dict[str, Any]) -> list[dict[str, Any]]:
    return list(response["stream"])


def text_of(events: list[dict[str, Any]]) -> str:
    return "".join(e["contentBlockDelta"]["delta"].get("text", "") for e in events if "contentBlockDelta" in e)


def conversation(dp: Any, memory_id: str, actor: str, session: str) -> list[str]:
    listed = dp.list_events(memoryId=memory_id, actorId=actor, sessionId=session, includePayloads=True)
    return [p["conversational"]["content"]["text"] for e in listed["events"] for p in e["payload"]
            if "conversational" in p]


def test_the_documents_invoke_harness_example_runs_verbatim(engram: dict[str, Any]) -> None:
    """Per-user memory scoping with actor ID: the document's example, verbatim, on the offline model; the
    turn is saved to the managed memory, scoped by session id and actor id."""
    ctl = boto(engram, "bedrock-agentcore-control")
    harness = ctl.create_harness(harnessName="MyHarness", executionRoleArn=ROLE)["harness"]
    HARNESS_ARN = harness["arn"]  # the document's names
    client = boto(engram, "bedrock-agentcore")
    memory_id = harness["memory"]["managedMemoryConfiguration"]["arn"].rsplit("/", 1)[1]

    response = client.invoke_harness(
        harnessArn=HARNESS_ARN,
        runtimeSessionId=SESSION_ID,
        actorId="user-123",
        messages=[{"role": "user", "content": [{"text": "What do you remember about my preferences?"}]}],
    )
    events = events_of(response)
    assert next(iter(events[0])) == "messageStart" and events[0]["messageStart"] == {"role": "assistant"}
    assert events[-2]["messageStop"]["stopReason"] == "end_turn" and text_of(events)
    usage = events[-1]["metadata"]["usage"]
    assert usage["totalTokens"] == usage["inputTokens"] + usage["outputTokens"] > 0
    assert events[-1]["metadata"]["metrics"]["latencyMs"] >= 0
    saved = conversation(client, memory_id, "user-123", SESSION_ID)
    assert "What do you remember about my preferences?" in saved and text_of(events).split("\n")[-1] in saved[0]
    assert conversation(client, memory_id, "user-456", SESSION_ID) == []  # another actor: nothing

    with pytest.raises(ClientError) as err:  # a key bound to one actor invokes as that actor only
        own = subprocess.run([*CLI, "keys", "create", "--db", engram["db"], "--agent", "support-bot",
                              "--actor", "user-456", "--aws"], capture_output=True, text=True, timeout=120)
        creds = json.loads(own.stdout)
        boto({**engram, "key": creds["aws_access_key_id"], "secret": creds["aws_secret_access_key"]},
             "bedrock-agentcore").invoke_harness(
            harnessArn=HARNESS_ARN, runtimeSessionId=SESSION_ID, actorId="user-123",
            messages=[{"role": "user", "content": [{"text": "hello"}]}])
    assert code_of(err) == "AccessDeniedException"
    with pytest.raises(ClientError) as err:
        client.invoke_harness(harnessArn=HARNESS_ARN.replace(harness["harnessId"], "MyHarness-0000000000"),
                              runtimeSessionId=SESSION_ID, messages=[{"role": "user", "content": [{"text": "x"}]}])
    assert code_of(err) == "ResourceNotFoundException"


def test_invoke_reaches_an_openai_compatible_server_with_history_and_limits(engram: dict[str, Any]) -> None:
    """The harness's model is ``openAiModelConfig`` with ``apiBase`` on a loopback server speaking the OpenAI
    wire protocol. "On subsequent invocations with the same session ID, the agent's history is loaded from
    Memory before it reasons"; another session starts fresh."""
    with serve(openai_chat("Noted.", prompt_tokens=30, completion_tokens=4)) as llm:
        ctl = boto(engram, "bedrock-agentcore-control")
        harness = ctl.create_harness(
            harnessName="Remote", executionRoleArn=ROLE, systemPrompt=[{"text": "You are the support bot."}],
            model={"openAiModelConfig": {"modelId": "gpt-test", "apiBase": llm.url + "/v1", "temperature": 0.5,
                                         "maxTokens": 64,
                                         "apiKeyArn": "arn:aws:bedrock-agentcore:us-west-2:123456789012:"
                                                      "token-vault/default/apikeycredentialprovider/openai"}})[
            "harness"]
        dp = boto(engram, "bedrock-agentcore")
        got = events_of(dp.invoke_harness(
            harnessArn=harness["arn"], runtimeSessionId=SESSION_ID, actorId="user-123",
            messages=[{"role": "user", "content": [{"text": "My account number is 4417 and I live in Lyon."}]}]))
        assert text_of(got) == "Noted."
        assert got[-1]["metadata"]["usage"] == {"inputTokens": 30, "outputTokens": 4, "totalTokens": 34}
        sent = llm.requests[-1].json
        assert llm.requests[-1].path == "/v1/chat/completions"
        assert sent["model"] == "gpt-test" and sent["max_tokens"] == 64 and sent["temperature"] == 0.5
        assert sent["messages"][0]["role"] == "system" and "You are the support bot." in sent["messages"][0]["content"]

        events_of(dp.invoke_harness(harnessArn=harness["arn"], runtimeSessionId=SESSION_ID, actorId="user-123",
                                    messages=[{"role": "user", "content": [{"text": "Where do I live?"}]}]))
        turns = [m for m in llm.requests[-1].json["messages"] if m["role"] != "system"]
        assert [m["content"] for m in turns] == ["My account number is 4417 and I live in Lyon.", "Noted.",
                                                 "Where do I live?"]
        later = "session-2026-12-02-user-123-0000002"
        events_of(dp.invoke_harness(harnessArn=harness["arn"], runtimeSessionId=later, actorId="user-123",
                                    maxIterations=1, systemPrompt=[{"text": "Per-invocation prompt."}],
                                    messages=[{"role": "user", "content": [{"text": "Hello again."}]}]))
        last = llm.requests[-1].json
        assert [m["content"] for m in last["messages"] if m["role"] != "system"] == ["Hello again."]
        assert "Per-invocation prompt." in last["messages"][0]["content"]


def test_turn_limits_end_the_loop_and_say_which(engram: dict[str, Any]) -> None:
    """maxIterations / maxTokens / timeoutSeconds on the harness and per invocation, as engram's turn limits
    (harness/limits.py: maxTokens counts input and output tokens); the last messageStop names the limit."""
    searching = openai_chat(None, tool_calls=[("call_1", "search_memory", '{"query": "plans"}')],
                            prompt_tokens=11, completion_tokens=7, finish_reason="tool_calls")
    with serve(searching) as llm:
        ctl = boto(engram, "bedrock-agentcore-control")
        model = {"openAiModelConfig": {"modelId": "gpt-test", "apiBase": llm.url + "/v1",
                                       "apiKeyArn": OPENAI_KEY_ARN}}
        harness = ctl.create_harness(harnessName="Budget", executionRoleArn=ROLE, model=model, maxTokens=10)[
            "harness"]
        dp = boto(engram, "bedrock-agentcore")
        got = events_of(dp.invoke_harness(harnessArn=harness["arn"], runtimeSessionId=SESSION_ID,
                                          messages=[{"role": "user", "content": [{"text": "Any plans?"}]}]))
        assert len(llm.requests) == 1  # 18 tokens spent: no room for a second call
        assert got[-2]["messageStop"]["stopReason"] == "max_output_tokens_exceeded"
        assert got[-1]["metadata"]["usage"] == {"inputTokens": 11, "outputTokens": 7, "totalTokens": 18}
        starts = [e["contentBlockStart"]["start"] for e in got if "contentBlockStart" in e]
        assert {"toolUse": {"toolUseId": "call_1", "name": "search_memory", "type": "server_tool_use"}} in starts

        before = len(llm.requests)
        got = events_of(dp.invoke_harness(harnessArn=harness["arn"], runtimeSessionId=SESSION_ID, maxTokens=1000,
                                          maxIterations=2,
                                          messages=[{"role": "user", "content": [{"text": "Any plans?"}]}]))
        assert len(llm.requests) - before == 2  # per invocation: 2 model calls, then the loop stops
        assert got[-2]["messageStop"]["stopReason"] == "max_iterations_exceeded"


def test_truncation_of_the_harness_shapes_what_the_model_sees(engram: dict[str, Any]) -> None:
    """"sliding_window (default) - keeps the most recent N messages"; configured with update-harness."""
    with serve(openai_chat("ok")) as llm:
        ctl = boto(engram, "bedrock-agentcore-control")
        model = {"openAiModelConfig": {"modelId": "gpt-test", "apiBase": llm.url + "/v1",
                                       "apiKeyArn": "arn:aws:bedrock-agentcore:us-west-2:123456789012:"
                                                    "token-vault/default/apikeycredentialprovider/openai"}}
        harness = ctl.create_harness(harnessName="Window", executionRoleArn=ROLE, model=model)["harness"]
        ctl.update_harness(harnessId=harness["harnessId"], truncation={
            "strategy": "sliding_window", "config": {"slidingWindow": {"messagesCount": 3}}})
        dp = boto(engram, "bedrock-agentcore")
        for text in ("first words", "second words", "third words"):
            events_of(dp.invoke_harness(harnessArn=harness["arn"], runtimeSessionId=SESSION_ID,
                                        messages=[{"role": "user", "content": [{"text": text}]}]))
        seen = [m["content"] for m in llm.requests[-1].json["messages"] if m["role"] != "system"]
        assert seen == ["ok", "third words"] or seen == ["second words", "ok", "third words"]
        assert "first words" not in json.dumps(llm.requests[-1].json)
        assert "second words" in json.dumps(llm.requests[-2].json)  # before: still inside the window

        ctl.update_harness(harnessId=harness["harnessId"], truncation={"strategy": "none"})
        events_of(dp.invoke_harness(harnessArn=harness["arn"], runtimeSessionId=SESSION_ID,
                                    messages=[{"role": "user", "content": [{"text": "fourth words"}]}]))
        assert "first words" in json.dumps(llm.requests[-1].json)  # none: the whole loaded history


OPENAI_KEY_ARN = "arn:aws:bedrock-agentcore:us-west-2:123456789012:token-vault/default/apikeycredentialprovider/openai"


def memory_block(request: Any) -> str:
    system = request.json["messages"][0]
    assert system["role"] == "system"
    return str(system["content"])


def test_retrieval_per_active_strategy_and_the_retrieval_config_override(engram: dict[str, Any]) -> None:
    """"Retrieval is configured automatically with default parameters (topK=10, relevanceScore=0.2) for
    each active strategy's namespace." "If you explicitly provide a retrievalConfig in the BYO memory
    configuration, your values take priority and no automatic derivation occurs.\""""
    from datetime import UTC, datetime

    ctl = boto(engram, "bedrock-agentcore-control")
    memory = ctl.create_memory(name="Kb", eventExpiryDuration=30, memoryStrategies=[
        {"semanticMemoryStrategy": {"name": "Facts", "namespaceTemplates": ["/facts/{actorId}/"]}},
        {"userPreferenceMemoryStrategy": {"name": "Prefs", "namespaceTemplates": ["/prefs/{actorId}/"]}}])["memory"]
    dp = boto(engram, "bedrock-agentcore")
    now = datetime.now(UTC)
    made = dp.batch_create_memory_records(memoryId=memory["id"], records=[
        {"requestIdentifier": "a", "namespaces": ["/facts/user-123/"], "timestamp": now,
         "content": {"text": "The customer lives in Lyon, near the river."}},
        {"requestIdentifier": "b", "namespaces": ["/facts/user-123/"], "timestamp": now,
         "content": {"text": "The customer moved to Lyon from Paris in 2024."}},
        {"requestIdentifier": "c", "namespaces": ["/prefs/user-123/"], "timestamp": now,
         "content": {"text": "The customer prefers email about Lyon deliveries."}},
        {"requestIdentifier": "d", "namespaces": ["/facts/user-456/"], "timestamp": now,
         "content": {"text": "Another customer lives in Lyon too."}}])
    assert len(made["successfulRecords"]) == 4, made
    with serve(openai_chat("ok")) as llm:
        model = {"openAiModelConfig": {"modelId": "gpt-test", "apiBase": llm.url + "/v1",
                                       "apiKeyArn": OPENAI_KEY_ARN}}
        harness = ctl.create_harness(harnessName="Kb", executionRoleArn=ROLE, model=model, memory={
            "agentCoreMemoryConfiguration": {"arn": memory["arn"]}})["harness"]

        def ask() -> str:
            events_of(dp.invoke_harness(harnessArn=harness["arn"], runtimeSessionId=SESSION_ID, actorId="user-123",
                                        messages=[{"role": "user", "content": [{"text": "Where in Lyon?"}]}]))
            return memory_block(llm.requests[-1])

        block = ask()  # derived: both strategies' namespaces, user-123's records only
        assert "near the river" in block and "from Paris" in block and "email about Lyon" in block
        assert "Another customer" not in block

        ctl.update_harness(harnessId=harness["harnessId"], memory={"optionalValue": {"agentCoreMemoryConfiguration": {
            "arn": memory["arn"], "retrievalConfig": {"/facts/{actorId}/": {"topK": 1, "relevanceScore": 0.0}}}}})
        block = ask()  # the given config only: one fact, no preferences
        assert ("near the river" in block) != ("from Paris" in block) and "email about Lyon" not in block

        ctl.update_harness(harnessId=harness["harnessId"], memory={"optionalValue": {"agentCoreMemoryConfiguration": {
            "arn": memory["arn"], "actorId": "user-456"}}})
        events_of(dp.invoke_harness(harnessArn=harness["arn"], runtimeSessionId=SESSION_ID,  # no actorId given
                                    messages=[{"role": "user", "content": [{"text": "Where in Lyon?"}]}]))
        assert "Another customer" in memory_block(llm.requests[-1])  # the BYO actorId is the default actor


def test_a_failing_model_is_a_runtime_client_error_and_stores_nothing(engram: dict[str, Any]) -> None:
    from tests.support.wire import Reply, openai_error

    with serve(Reply(400, openai_error("model 'gpt-test' does not exist"))) as llm:
        ctl = boto(engram, "bedrock-agentcore-control")
        harness = ctl.create_harness(harnessName="Broken", executionRoleArn=ROLE, model={"openAiModelConfig": {
            "modelId": "gpt-test", "apiBase": llm.url + "/v1", "apiKeyArn": OPENAI_KEY_ARN}})["harness"]
        dp = boto(engram, "bedrock-agentcore")
        with pytest.raises(ClientError) as err:
            dp.invoke_harness(harnessArn=harness["arn"], runtimeSessionId=SESSION_ID, actorId="user-123",
                              messages=[{"role": "user", "content": [{"text": "hello"}]}])
        assert code_of(err) == "RuntimeClientError" and err.value.response["ResponseMetadata"]["HTTPStatusCode"] == 424
        memory_id = harness["memory"]["managedMemoryConfiguration"]["arn"].rsplit("/", 1)[1]
        assert conversation(dp, memory_id, "user-123", SESSION_ID) == []  # the turn rolled back whole


def test_a_harness_without_memory_remembers_nothing(engram: dict[str, Any]) -> None:
    """"To disable memory entirely": no history is loaded and nothing is saved."""
    with serve(openai_chat("fine")) as llm:
        ctl = boto(engram, "bedrock-agentcore-control")
        harness = ctl.create_harness(harnessName="Amnesiac", executionRoleArn=ROLE, memory={"disabled": {}},
                                     model={"openAiModelConfig": {"modelId": "gpt-test", "apiBase": llm.url + "/v1",
                                                                  "apiKeyArn": OPENAI_KEY_ARN}})["harness"]
        assert harness["memory"] == {"disabled": {}} and ctl.list_memories()["memories"] == []
        dp = boto(engram, "bedrock-agentcore")
        for text in ("remember the code 7781", "what was the code?"):
            got = events_of(dp.invoke_harness(harnessArn=harness["arn"], runtimeSessionId=SESSION_ID,
                                              messages=[{"role": "user", "content": [{"text": text}]}]))
            assert text_of(got) == "fine"
        sent = llm.requests[-1].json
        assert [m["content"] for m in sent["messages"] if m["role"] != "system"] == ["what was the code?"]
        assert "7781" not in json.dumps(sent) and "tools" not in sent  # no memory tools either


def test_the_readme_harness_example_runs(engram: dict[str, Any]) -> None:
    """The AgentCore page's harness example, verbatim, reached only through the environment variables it names."""
    import re

    page = (Path(__file__).resolve().parents[1] / "docs" / "agentcore.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```python\n(.*?)```", page, re.S) if "invoke_harness(" in b)
    script = engram["tmp"] / "harness_example.py"
    script.write_text(block)
    env = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
    env.update(AWS_ENDPOINT_URL_BEDROCK_AGENTCORE=engram["url"],
               AWS_ENDPOINT_URL_BEDROCK_AGENTCORE_CONTROL=engram["url"], AWS_ACCESS_KEY_ID=engram["key"],
               AWS_SECRET_ACCESS_KEY=engram["secret"], AWS_DEFAULT_REGION=REGION,  # botocore ignores AWS_REGION
               AWS_CONFIG_FILE="/dev/null", AWS_SHARED_CREDENTIALS_FILE="/dev/null")
    out = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = [ln for ln in out.stdout.splitlines() if ln.strip()]
    assert len(lines) >= 2, out.stdout
