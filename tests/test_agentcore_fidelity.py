"""What a boto3 / AgentCore SDK user hits first against ``engram serve`` (issue 26), and the AgentCore face's
token and timestamp defects of issue 25 (items 2 and 4): every check goes through the real clients, on
SQLite and PostgreSQL."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials
from botocore.exceptions import ClientError

from tests.support.agentcore import REGION, Served, served
from tests.support.backends import BACKENDS
from tests.support.wire import FakeServer, Recorded, Reply, openai_chat

ROLE = "arn:aws:iam::123456789012:role/MyHarnessRole"
KEY_ARN = "arn:aws:bedrock-agentcore:us-west-2:123456789012:token-vault/default/apikeycredentialprovider/openai"


@pytest.fixture(scope="module", params=BACKENDS)
def ac(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with served(str(request.param), tmp_path_factory.mktemp("acf"), request) as s:
        yield s


def code(exc: pytest.ExceptionInfo[ClientError]) -> str:
    return str(exc.value.response["Error"]["Code"])


def text(t: str, role: str = "USER") -> dict[str, Any]:
    return {"conversational": {"content": {"text": t}, "role": role}}


def until(check: Callable[[], Any], what: str, seconds: float = 60) -> Any:
    """Poll ``check`` until it returns something truthy (work the server does in the background)."""
    deadline = time.monotonic() + seconds
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


# -- 26.1 names ---------------------------------------------------------------------------------------------------
def test_create_memory_refuses_a_name_that_exists_and_the_sdk_gets_the_first(ac: Served,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    ctl = ac.client("bedrock-agentcore-control")
    first = ctl.create_memory(name="Dup", eventExpiryDuration=30)["memory"]
    with pytest.raises(ClientError) as exc:
        ctl.create_memory(name="Dup", eventExpiryDuration=30)
    assert code(exc) == "ValidationException" and "already exists" in str(exc.value)
    # the SDK relies on that refusal: a rerun of a setup script finds yesterday's memory
    for k, v in ac.env().items():
        monkeypatch.setenv(k, v)
    from bedrock_agentcore.memory import MemoryClient

    again = MemoryClient(region_name=REGION).create_or_get_memory(name="Dup")
    assert again["id"] == first["id"]
    # names belong to their owner: another tenant has its own "Dup"
    other = ac.client("bedrock-agentcore-control", creds=ac.issue("tenant_b", "--admin"))
    theirs = other.create_memory(name="Dup", eventExpiryDuration=30)["memory"]
    assert theirs["id"] != first["id"]
    # a deleted memory's name is free again
    ctl.delete_memory(memoryId=first["id"])
    assert ctl.create_memory(name="Dup", eventExpiryDuration=30)["memory"]["id"] != first["id"]


# -- 26.2 retrieval without a threshold ---------------------------------------------------------------------------
def test_retrieve_answers_the_top_k_with_scores_and_no_threshold(ac: Served) -> None:
    c = ac.client()
    mid = ac.memory.id
    c.batch_create_memory_records(memoryId=mid, records=[{
        "requestIdentifier": "cat", "namespaces": ["/facts/c1/"], "content": {"text": "Has a cat named Miso"},
        "timestamp": datetime.now(UTC)}])
    hits = c.retrieve_memory_records(memoryId=mid, namespace="/facts/c1/", searchCriteria={
        "searchQuery": "what pet does the customer have", "topK": 10})["memoryRecordSummaries"]
    assert [h["content"]["text"] for h in hits] == ["Has a cat named Miso"]
    assert 0.0 <= hits[0]["score"] <= 1.0


# -- 26.3 indexed keys as metadata --------------------------------------------------------------------------------
def test_indexed_keys_declared_on_the_memory_are_metadata_and_filters(ac: Served) -> None:
    ctl = ac.client("bedrock-agentcore-control")
    mem = ctl.create_memory(name="Indexed", eventExpiryDuration=30,
                            indexedKeys=[{"key": "topic", "type": "STRING"}])["memory"]
    c = ac.client()
    at = datetime.now(UTC)
    out = c.batch_create_memory_records(memoryId=mem["id"], records=[
        {"requestIdentifier": "a", "namespaces": ["/notes/"], "content": {"text": "Invoices go out on the 1st"},
         "timestamp": at, "metadata": {"topic": {"stringValue": "billing"}}},
        {"requestIdentifier": "b", "namespaces": ["/notes/"], "content": {"text": "Invoices are printed in blue"},
         "timestamp": at, "metadata": {"topic": {"stringValue": "design"}}}])
    assert out["failedRecords"] == [] and len(out["successfulRecords"]) == 2
    flt = [{"left": {"metadataKey": "topic"}, "operator": "EQUALS_TO",
            "right": {"metadataValue": {"stringValue": "billing"}}}]
    hits = c.retrieve_memory_records(memoryId=mem["id"], namespace="/notes/", searchCriteria={
        "searchQuery": "invoices", "metadataFilters": flt})["memoryRecordSummaries"]
    assert [h["content"]["text"] for h in hits] == ["Invoices go out on the 1st"]
    assert hits[0]["metadata"] == {"topic": {"stringValue": "billing"}}
    listed = c.list_memory_records(memoryId=mem["id"], namespace="/notes/",
                                   metadataFilters=flt)["memoryRecordSummaries"]
    assert [r["content"]["text"] for r in listed] == ["Invoices go out on the 1st"]
    # a key added later works too; a key never declared is refused, naming it
    ctl.update_memory(memoryId=mem["id"], addIndexedKeys=[{"key": "team", "type": "STRING"}])
    ok = c.batch_create_memory_records(memoryId=mem["id"], records=[
        {"requestIdentifier": "c", "namespaces": ["/notes/"], "content": {"text": "Ops owns invoicing"},
         "timestamp": at, "metadata": {"team": {"stringValue": "ops"}}},
        {"requestIdentifier": "d", "namespaces": ["/notes/"], "content": {"text": "Undeclared"},
         "timestamp": at, "metadata": {"color": {"stringValue": "red"}}}])
    assert len(ok["successfulRecords"]) == 1 and "color" in ok["failedRecords"][0]["errorMessage"]
    assert ctl.get_memory(memoryId=mem["id"])["memory"]["indexedKeys"] == [
        {"key": "topic", "type": "STRING"}, {"key": "team", "type": "STRING"}]


# -- 26.4 one rule for eventExpiryDuration -------------------------------------------------------------------------
def test_event_expiry_follows_the_service_model_everywhere(ac: Served) -> None:
    from engram.config import load_config
    from engram.errors import ConfigError

    ctl = ac.client("bedrock-agentcore-control")
    long = ctl.create_memory(name="LongLived", eventExpiryDuration=3650)["memory"]
    assert long["eventExpiryDuration"] == 3650
    assert ctl.update_memory(memoryId=long["id"], eventExpiryDuration=1000)["memory"]["eventExpiryDuration"] == 1000
    with pytest.raises(ClientError) as exc:  # botocore itself checks the least (3)
        ctl.create_memory(name="Bad", eventExpiryDuration=3651)
    assert code(exc) == "ValidationException" and "eventExpiryDuration" in str(exc.value)
    # a harness's managed memory: 3 to 365 days (HarnessManagedMemoryConfigurationEventExpiryDurationInteger)
    h = ctl.create_harness(harnessName="LongHarness", executionRoleArn=ROLE, memory={
        "managedMemoryConfiguration": {"eventExpiryDuration": 365}})["harness"]
    managed = h["memory"]["managedMemoryConfiguration"]
    assert managed["eventExpiryDuration"] == 365
    assert ctl.get_memory(memoryId=managed["arn"])["memory"]["eventExpiryDuration"] == 365
    with pytest.raises(ClientError) as exc:
        ctl.create_harness(harnessName="TooLong", executionRoleArn=ROLE, memory={
            "managedMemoryConfiguration": {"eventExpiryDuration": 1000}})
    assert code(exc) == "ValidationException" and "3 to 365" in str(exc.value)
    assert load_config({"harness": {"history": {"eventExpiryDuration": 3650}}}).harness.history \
        .event_expiry_days == 3650
    for bad in (2, 3651):
        with pytest.raises(ConfigError):
            load_config({"harness": {"history": {"eventExpiryDuration": bad}}})


# -- 26.5 branches ----------------------------------------------------------------------------------------------
def test_a_branch_of_a_branch_lists_its_own_line(ac: Served) -> None:
    c = ac.client()
    mid = ac.memory.id
    t0 = datetime.now(UTC) - timedelta(hours=1)

    def ev(t: str, at: int, branch: dict[str, str] | None = None, session: str = "br-1") -> str:
        kw: dict[str, Any] = {"branch": branch} if branch else {}
        return str(c.create_event(memoryId=mid, actorId="br", sessionId=session, payload=[text(t)],
                                  eventTimestamp=t0 + timedelta(seconds=at), extractionMode="SKIP",
                                  **kw)["event"]["eventId"])

    m1 = ev("main one", 1)
    ev("main two", 2)
    b1 = ev("b one", 3, {"name": "b", "rootEventId": m1})
    ev("main three", 4)
    ev("b two", 5, {"name": "b"})
    c1 = ev("c one", 6, {"name": "c", "rootEventId": b1})

    def line(name: str) -> list[str]:
        got = c.list_events(memoryId=mid, actorId="br", sessionId="br-1", filter={
            "branch": {"name": name, "includeParentBranches": True}})["events"]
        return [e["payload"][0]["conversational"]["content"]["text"] for e in got]

    assert line("c") == ["c one", "b one", "main one"]
    assert line("b") == ["b two", "b one", "main one"]
    assert c1
    # a new branch needs a root, and the root must be an event of this session
    with pytest.raises(ClientError) as exc:
        ev("d one", 7, {"name": "d"})
    assert code(exc) == "ValidationException" and "rootEventId" in str(exc.value)
    elsewhere = ev("other session", 8, session="br-2")
    with pytest.raises(ClientError) as exc:
        ev("d one", 9, {"name": "d", "rootEventId": elsewhere})
    assert code(exc) in ("ValidationException", "ResourceNotFoundException") and "rootEventId" in str(exc.value)


# -- 26.6 actor ids with '/' --------------------------------------------------------------------------------------
def test_actor_ids_with_a_slash_reach_their_records(ac: Served) -> None:
    c = ac.client()
    mid = ac.memory.id
    actor = "tenant/user-2"
    c.ingest_data(memoryId=mid, actorId=actor, contentTimestamp=datetime.now(UTC), source={"inline": {"payload": [
        text("I am allergic to peanuts, please remember that."), text("Noted.", "ASSISTANT")]}})
    hits = c.retrieve_memory_records(memoryId=mid, namespace="/facts/tenant/user-2/", searchCriteria={
        "searchQuery": "food allergy"})["memoryRecordSummaries"]
    assert hits and "peanut" in hits[0]["content"]["text"].lower()
    assert hits[0]["namespaces"] == ["/facts/tenant/user-2/"]
    c.batch_create_memory_records(memoryId=mid, records=[{
        "requestIdentifier": "s1", "namespaces": ["/facts/tenant/user-2/"], "content": {"text": "Likes jazz"},
        "timestamp": datetime.now(UTC)}])
    listed = c.list_memory_records(memoryId=mid, namespace="/facts/tenant/user-2/")["memoryRecordSummaries"]
    assert {"Likes jazz"} <= {r["content"]["text"] for r in listed}
    assert all(r["namespaces"] == ["/facts/tenant/user-2/"] for r in listed)


# -- 26.7 extraction is asynchronous -------------------------------------------------------------------------------
MODEL_CONFIG = {"harness": {"memory": {"enabled": True,
    "scope": {"read": ["session", "actor", "agent"], "write": ["session", "actor", "agent"]},
    "strategies": [{"type": "SEMANTIC", "id": "facts", "model": "openai:m"}]}}}
GOOD = {"memories": [{"summary": "Owns a parrot named Kiwi", "key": "user/pet", "value": "Kiwi",
                      "category": "fact", "action": "assert", "multi_valued": False, "sources": [1],
                      "evidence": "my parrot Kiwi"}]}


def test_create_event_returns_before_the_model_and_extracts_later(
        tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest,
        monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()

    def slow(req: Recorded) -> Reply | dict[str, Any]:
        release.wait(60)  # the model answers only when the test says so
        return openai_chat(json.dumps(GOOD))

    with FakeServer(slow) as llm:
        monkeypatch.setenv("OPENAI_BASE_URL", llm.url + "/v1")
        monkeypatch.setenv("OPENAI_API_KEY", "local")
        with served("sqlite", tmp_path_factory.mktemp("aca"), request, config=MODEL_CONFIG) as s:
            c = s.client()
            ev = c.create_event(memoryId=s.memory.id, actorId="kiwi", sessionId="k1", eventTimestamp=datetime.now(UTC),
                                payload=[text("My parrot Kiwi talks all day.")])["event"]
            # stored and answered while the model has not answered yet
            assert not release.is_set()
            got = c.get_event(memoryId=s.memory.id, actorId="kiwi", sessionId="k1", eventId=ev["eventId"])
            assert got["event"]["eventId"] == ev["eventId"]
            release.set()

            def extracted() -> list[str]:
                recs = c.list_memory_records(memoryId=s.memory.id, namespace="/facts/kiwi/")["memoryRecordSummaries"]
                return [r["content"]["text"] for r in recs]

            assert until(extracted, "the extracted record") == ["Owns a parrot named Kiwi"]


def test_a_model_without_credentials_fails_as_a_job_never_as_a_write(
        tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    with served("sqlite", tmp_path_factory.mktemp("acn"), request, config=MODEL_CONFIG) as s:
        c = s.client()
        for i in range(2):
            c.create_event(memoryId=s.memory.id, actorId="nokey", sessionId="n1",
                           eventTimestamp=datetime.now(UTC) + timedelta(seconds=i), payload=[text(f"hello {i}")])
        assert len(c.list_events(memoryId=s.memory.id, actorId="nokey", sessionId="n1")["events"]) == 2
        jobs = until(lambda: c.list_memory_extraction_jobs(memoryId=s.memory.id)["jobs"], "a failed job")
        assert jobs[0]["status"] == "FAILED" and jobs[0]["actorId"] == "nokey"
        assert "OPENAI_API_KEY" in jobs[0]["failureReason"] or "key" in jobs[0]["failureReason"].lower()
        admin = s.client(creds=s.issue("bot", "--admin"))
        assert admin.start_memory_extraction_job(memoryId=s.memory.id,
                                             extractionJob={"jobId": jobs[0]["jobID"]})["jobId"] == jobs[0]["jobID"]


# -- 26.8 smaller mismatches --------------------------------------------------------------------------------------
def test_harness_output_has_the_required_members_and_tags_are_their_own_operations(ac: Served) -> None:
    ctl = ac.client("bedrock-agentcore-control")
    h = ctl.create_harness(harnessName="Shaped", executionRoleArn=ROLE, tags={"team": "ops"})["harness"]
    assert "model" in h and "environment" in h and "tags" not in h
    assert "tags" not in ctl.get_harness(harnessId=h["harnessId"])["harness"]
    assert ctl.list_tags_for_resource(resourceArn=h["arn"])["tags"] == {"team": "ops"}
    ctl.tag_resource(resourceArn=h["arn"], tags={"env": "dev"})
    ctl.untag_resource(resourceArn=h["arn"], tagKeys=["team"])
    assert ctl.list_tags_for_resource(resourceArn=h["arn"])["tags"] == {"env": "dev"}
    mem = ctl.create_memory(name="Tagged", eventExpiryDuration=30, tags={"a": "1"})["memory"]
    assert ctl.list_tags_for_resource(resourceArn=mem["arn"])["tags"] == {"a": "1"}
    ctl.tag_resource(resourceArn=mem["arn"], tags={"b": "2"})
    assert ctl.list_tags_for_resource(resourceArn=mem["arn"])["tags"] == {"a": "1", "b": "2"}
    # another tenant cannot read or change them
    other = ac.client("bedrock-agentcore-control", creds=ac.issue("tenant_t"))
    with pytest.raises(ClientError) as exc:
        other.list_tags_for_resource(resourceArn=mem["arn"])
    assert code(exc) == "ResourceNotFoundException"


def test_batch_update_changes_the_record_in_place(ac: Served) -> None:
    c = ac.client()
    mid = ac.memory.id
    rid = c.batch_create_memory_records(memoryId=mid, records=[{
        "requestIdentifier": "u", "namespaces": ["/facts/upd/"], "content": {"text": "Lives in Rome"},
        "timestamp": datetime.now(UTC)}])["successfulRecords"][0]["memoryRecordId"]
    out = c.batch_update_memory_records(memoryId=mid, records=[{
        "memoryRecordId": rid, "content": {"text": "Lives in Milan"}, "timestamp": datetime.now(UTC)}])
    assert [r["memoryRecordId"] for r in out["successfulRecords"]] == [rid]
    assert c.get_memory_record(memoryId=mid, memoryRecordId=rid)["memoryRecord"]["content"]["text"] == "Lives in Milan"
    listed = c.list_memory_records(memoryId=mid, namespace="/facts/upd/")["memoryRecordSummaries"]
    assert [(r["memoryRecordId"], r["content"]["text"]) for r in listed] == [(rid, "Lives in Milan")]
    hits = c.retrieve_memory_records(memoryId=mid, namespace="/facts/upd/",
                                     searchCriteria={"searchQuery": "where does the user live"})
    assert [h["memoryRecordId"] for h in hits["memoryRecordSummaries"]] == [rid]


def test_a_retrieve_token_belongs_to_its_query(ac: Served) -> None:
    c = ac.client()
    mid = ac.memory.id
    c.batch_create_memory_records(memoryId=mid, records=[{
        "requestIdentifier": f"p{i}", "namespaces": ["/facts/pager/"], "content": {"text": f"Fact number {i} about"
                                                                                           " tea"},
        "timestamp": datetime.now(UTC)} for i in range(4)])
    first = c.retrieve_memory_records(memoryId=mid, namespace="/facts/pager/", maxResults=2,
                                      searchCriteria={"searchQuery": "tea", "topK": 4})
    assert first["nextToken"]
    with pytest.raises(ClientError) as exc:
        c.retrieve_memory_records(memoryId=mid, namespace="/facts/pager/", maxResults=2, nextToken=first["nextToken"],
                                  searchCriteria={"searchQuery": "coffee", "topK": 4})
    assert code(exc) == "ValidationException" and "nextToken" in str(exc.value)
    second = c.retrieve_memory_records(memoryId=mid, namespace="/facts/pager/", maxResults=2,
                                       nextToken=first["nextToken"], searchCriteria={"searchQuery": "tea", "topK": 4})
    assert len(second["memoryRecordSummaries"]) == 2


def test_operations_engram_does_not_serve_answer_as_the_service_does(ac: Served) -> None:
    with pytest.raises(ClientError) as exc:
        ac.client("bedrock-agentcore-control").list_gateways()
    assert code(exc) == "UnknownOperationException"
    with pytest.raises(ClientError) as exc:
        ac.client().list_browser_sessions(browserIdentifier="aws.browser.v1")
    assert code(exc) == "UnknownOperationException"
    # engram's own API keeps its own errors
    r = httpx.get(ac.base + "/v1/no-such-route")
    assert r.status_code in (401, 404) and "error" in r.json() and "x-amzn-ErrorType" not in r.headers


def _harness_model(ac: Served, llm: FakeServer, **kw: Any) -> dict[str, Any]:
    ctl = ac.client("bedrock-agentcore-control")
    return dict(ctl.create_harness(executionRoleArn=ROLE, model={"openAiModelConfig": {
        "modelId": "gpt-test", "apiBase": llm.url + "/v1", "apiKeyArn": KEY_ARN}}, **kw)["harness"])


def _invoke(ac: Served, harness: dict[str, Any], message: str, actor: str) -> None:
    resp = ac.client().invoke_harness(harnessArn=harness["arn"], runtimeSessionId="s" * 40, actorId=actor,
                                      messages=[{"role": "user", "content": [{"text": message}]}])
    for _ in resp["stream"]:
        pass


def test_no_allowed_tools_and_no_prompt_means_a_bare_model_call(ac: Served) -> None:
    with FakeServer().reply(openai_chat("Hello.")) as llm:
        h = _harness_model(ac, llm, harnessName="Bare", allowedTools=[])
        _invoke(ac, h, "hi there", "bare")
        body = llm.requests[-1].json
    from engram.harness.agent import DEFAULT_INSTRUCTIONS

    assert not body.get("tools")
    assert DEFAULT_INSTRUCTIONS.split("\n")[0] not in json.dumps(body)
    assert [m["content"] for m in body["messages"] if m["role"] == "user"] == ["hi there"]


def test_the_harness_cites_the_record_ids_the_api_shows(ac: Served) -> None:
    c = ac.client()
    with FakeServer().reply(openai_chat("Noted.")) as llm:
        h = _harness_model(ac, llm, harnessName="Cites", memory={"agentCoreMemoryConfiguration": {
            "arn": ac.memory.arn}})
        rid = c.batch_create_memory_records(memoryId=ac.memory.id, records=[{
            "requestIdentifier": "cite", "namespaces": ["/facts/citer/"], "content": {"text": "Drinks oolong tea"},
            "timestamp": datetime.now(UTC)}])["successfulRecords"][0]["memoryRecordId"]
        _invoke(ac, h, "what tea do I drink, oolong?", "citer")
        sent = json.dumps(llm.requests[-1].json)
    engram_id = rid[len("mem-"):].rsplit("-", 1)[0]
    assert "Drinks oolong tea" in sent and rid in sent and engram_id + '"' not in sent
    # and the id the model cites back works in the memory tools
    call = openai_chat(None, tool_calls=[("call_1", "read_memory", json.dumps({"id": rid}))])
    with FakeServer().reply(call, openai_chat("You drink oolong.")) as llm:
        h2 = ac.client("bedrock-agentcore-control").update_harness(harnessId=h["harnessId"], model={
            "openAiModelConfig": {"modelId": "gpt-test", "apiBase": llm.url + "/v1", "apiKeyArn": KEY_ARN}})
        _invoke(ac, h2["harness"], "read that record", "citer")
        result = [m for m in llm.requests[-1].json["messages"] if m["role"] == "tool"][-1]["content"]
    assert "Drinks oolong tea" in result and rid in result


# -- issue 25.2: tokens belong to their caller --------------------------------------------------------------------
def test_client_tokens_belong_to_the_caller(ac: Served) -> None:
    a = ac.client("bedrock-agentcore-control")
    b_creds = ac.issue("tenant_tok", "--admin")
    b = ac.client("bedrock-agentcore-control", creds=b_creds)
    token = "tok-" + "1" * 36
    mine = a.create_memory(name="TokA", eventExpiryDuration=30, description="A's secret", clientToken=token)
    theirs = b.create_memory(name="TokB", eventExpiryDuration=30, clientToken=token)["memory"]
    assert theirs["id"] != mine["memory"]["id"] and theirs.get("description") != "A's secret"
    ha = a.create_harness(harnessName="TokH", executionRoleArn=ROLE, clientToken=token,
                          systemPrompt=[{"text": "A's prompt"}])["harness"]
    hb = b.create_harness(harnessName="TokH", executionRoleArn=ROLE, clientToken=token)["harness"]
    assert hb["harnessId"] != ha["harnessId"] and "A's prompt" not in json.dumps(hb, default=str)
    # IngestData: the grant is checked before any token is looked at
    args = {"memoryId": ac.memory.id, "actorId": "tok", "contentTimestamp": datetime.now(UTC),
            "source": {"inline": {"payload": [text("I like figs")]}}, "clientToken": "ingest-tok-1"}
    first = ac.client().ingest_data(**args)["sessionId"]
    bd = ac.client(creds=b_creds)
    for call in (args, {**args, "source": {"inline": {"payload": [text("other")]}}}):
        with pytest.raises(ClientError) as exc:
            bd.ingest_data(**call)
        assert code(exc) == "ResourceNotFoundException" and first not in str(exc.value)  # not there for B


# -- issue 25.4: timestamps at the calendar's edges ------------------------------------------------------------
EDGES = ("0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00", -62135596800, 253402300799)


def _signed_post(ac: Served, path: str, body: dict[str, Any]) -> httpx.Response:
    """A request botocore signs, with a body boto3 itself cannot serialise (its timestamps overflow first)."""
    raw = json.dumps(body).encode()
    req = AWSRequest(method="POST", url=ac.base + path, data=raw, headers={"Content-Type": "application/json"})
    SigV4Auth(Credentials(ac.creds["aws_access_key_id"], ac.creds["aws_secret_access_key"]), "bedrock-agentcore",
              REGION).add_auth(req)
    return httpx.post(ac.base + path, content=raw, headers=dict(req.headers))


@pytest.mark.parametrize("edge", EDGES)
def test_timestamps_at_the_calendars_edges_are_validation_errors(ac: Served, edge: Any) -> None:
    mid = ac.memory.id
    now = datetime.now(UTC).isoformat()
    record = {"requestIdentifier": "e", "namespaces": ["/facts/edge/"], "content": {"text": "edge"}}
    calls = [
        (f"/memories/{mid}/events", {"actorId": "edge", "sessionId": "e1", "eventTimestamp": edge,
                                     "payload": [text("x")]}, "eventTimestamp"),
        (f"/memories/{mid}/memoryRecords/batchCreate", {"records": [{**record, "timestamp": edge}]}, "timestamp"),
        (f"/memories/{mid}/ingest", {"actorId": "edge", "contentTimestamp": edge,
                                     "source": {"inline": {"payload": [text("x")]}}}, "contentTimestamp"),
    ]
    rid = ac.client().batch_create_memory_records(memoryId=mid, records=[{**record, "timestamp": now}])
    upd = {"records": [{"memoryRecordId": rid["successfulRecords"][0]["memoryRecordId"], "timestamp": edge,
                        "content": {"text": "edge 2"}}]}
    calls.append((f"/memories/{mid}/memoryRecords/batchUpdate", upd, "timestamp"))
    for path, body, field in calls:
        r = _signed_post(ac, path, body)
        doc = r.json()
        if r.status_code == 400:
            assert r.headers["x-amzn-ErrorType"] == "ValidationException" and field in doc["message"]
        else:  # batch operations report each record's failure in the body
            assert r.status_code in (200, 201), (path, r.status_code, doc)
            [failed] = doc["failedRecords"]
            assert failed["errorCode"] == 400 and field in failed["errorMessage"]


# -- issue 29.3: one clientToken rule ----------------------------------------------------------------------------
def test_batch_create_follows_the_one_token_rule(ac: Served) -> None:
    c = ac.client()
    at = datetime.now(UTC)
    args = {"memoryId": ac.memory.id, "clientToken": "batch-rule-1", "records": [{
        "requestIdentifier": "r1", "namespaces": ["/facts/rule/"], "content": {"text": "Plays the oboe"},
        "timestamp": at}]}
    first = c.batch_create_memory_records(**args)
    assert c.batch_create_memory_records(**args)["successfulRecords"] == first["successfulRecords"]
    other = {**args, "records": [{**args["records"][0], "content": {"text": "Plays the tuba"}}]}
    with pytest.raises(ClientError) as exc:
        c.batch_create_memory_records(**other)
    assert code(exc) == "ValidationException"
    assert exc.value.response["reason"] == "IdempotentParameterMismatchException"
    texts = [r["content"]["text"] for r in
             c.list_memory_records(memoryId=ac.memory.id, namespace="/facts/rule/")["memoryRecordSummaries"]]
    assert texts == ["Plays the oboe"]
