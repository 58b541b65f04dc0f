"""Bedrock Converse against a real local HTTP server that checks the SigV4 signature it receives."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from engram import Memory, Scope
from engram.errors import ConfigError, ModelError, ModelOutputError
from engram.harness.agent import Agent
from engram.models._blocks import NO_ANSWER
from engram.models.base import Message, ToolSpec, Usage
from engram.models.bedrock import JSON_TOOL, BedrockModel, sigv4_headers
from engram.types import ToolCall
from tests.support.provider_rules import bedrock_refusal
from tests.support.wire import Recorded, Reply, bedrock_converse, bedrock_error, check_sigv4, serve

AKID = "AKIDEXAMPLE123"
SECRET = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"
TOKEN = "FwoGZXIvYXdzEXAMPLESESSIONTOKEN"
MODEL_ID = "anthropic.claude-3-5-haiku-20241022-v1:0"
NOW = datetime(2026, 11, 30, 9, 30, 0, tzinfo=UTC).timestamp()
SCHEMA: dict[str, Any] = {"type": "object", "properties": {"summary": {"type": "string"}},
                          "required": ["summary"]}
SEARCH = ToolSpec("search_memory", "Search long-term memory.",
                  {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]})


def no_sleep(seconds: float) -> None:
    """Tests never wait."""


def model(url: str, sleeps: list[float] | None = None, **kw: Any) -> BedrockModel:
    kw.setdefault("access_key_id", AKID)
    kw.setdefault("secret_access_key", SECRET)
    return BedrockModel(MODEL_ID, region="eu-west-3", endpoint_url=url, read_env=False,
                        sleep=sleeps.append if sleeps is not None else no_sleep, clock=lambda: NOW, **kw)


def verifying(*replies: Reply | dict[str, Any]) -> Any:
    """A handler that answers 403 (as AWS does) unless the signature verifies, else the scripted replies."""
    script = list(replies)

    def handle(req: Recorded) -> Reply | dict[str, Any]:
        problem = check_sigv4(req, SECRET)
        if problem:
            return bedrock_error(403, "InvalidSignatureException", problem)
        return script.pop(0) if len(script) > 1 else script[0]

    return handle


def test_signed_text_call_verifies_and_has_the_converse_shape() -> None:
    with serve(handler=verifying(bedrock_converse("Hi there", input_tokens=30, output_tokens=6))) as srv:
        m = model(srv.url, session_token=TOKEN)
        out = m.complete([Message("user", "Hello")], system="Be kind.", max_tokens=99, temperature=0.3)
    req = srv.requests[0]
    assert req.path == "/model/anthropic.claude-3-5-haiku-20241022-v1%3A0/converse"
    assert req.headers["x-amz-date"] == "20261130T093000Z"
    assert req.headers["x-amz-security-token"] == TOKEN
    auth = req.headers["authorization"]
    assert auth.startswith(f"AWS4-HMAC-SHA256 Credential={AKID}/20261130/eu-west-3/bedrock/aws4_request, ")
    assert "SignedHeaders=content-type;host;x-amz-date;x-amz-security-token, Signature=" in auth
    assert check_sigv4(req, SECRET) is None
    assert check_sigv4(req, SECRET + "x") == "signature does not verify"
    assert req.json == {
        "messages": [{"role": "user", "content": [{"text": "Hello"}]}],
        "inferenceConfig": {"maxTokens": 99, "temperature": 0.3},
        "system": [{"text": "Be kind."}],
    }
    assert out.text == "Hi there" and out.stop_reason == "end_turn" and out.usage == Usage(30, 6)
    assert m.usage == Usage(30, 6) and m.model_id == f"bedrock:{MODEL_ID}"


def test_tool_use_roundtrip_with_tool_config() -> None:
    answer = bedrock_converse(None, tool_uses=[("tu_1", "search_memory", {"query": "plan"})],
                              stop_reason="tool_use")
    with serve(handler=verifying(answer)) as srv:
        m = model(srv.url)
        out = m.complete([Message("user", "Which plan?")], tools=[SEARCH])
        m.complete([
            Message("user", "Which plan?"),
            Message("assistant", "", tool_calls=out.tool_calls),
            Message("tool", "premium", tool_call_id="tu_1"),
            Message("user", "Thanks"),
        ], tools=[SEARCH])
    assert out.tool_calls == (ToolCall("tu_1", "search_memory", {"query": "plan"}),)
    first, second = srv.requests
    assert first.json["toolConfig"] == {"tools": [{"toolSpec": {
        "name": "search_memory", "description": "Search long-term memory.",
        "inputSchema": {"json": SEARCH.parameters}}}]}
    assert second.json["messages"] == [
        {"role": "user", "content": [{"text": "Which plan?"}]},
        {"role": "assistant", "content": [{"toolUse": {"toolUseId": "tu_1", "name": "search_memory",
                                                       "input": {"query": "plan"}}}]},
        # Converse takes no user message holding tool results and text ("Conversation blocks and tool result
        # blocks cannot be provided in the same turn"): the missing answer between them is said as one
        {"role": "user", "content": [{"toolResult": {"toolUseId": "tu_1", "content": [{"text": "premium"}]}}]},
        {"role": "assistant", "content": [{"text": NO_ANSWER}]},
        {"role": "user", "content": [{"text": "Thanks"}]},
    ]


def test_json_through_forced_tool() -> None:
    answer = bedrock_converse(None, tool_uses=[("tu_2", JSON_TOOL, {"summary": "likes tea"})])
    with serve(handler=verifying(answer)) as srv:
        out = model(srv.url).complete([Message("user", "summarise")], json_schema=SCHEMA)
    config = srv.requests[0].json["toolConfig"]
    assert config["toolChoice"] == {"tool": {"name": JSON_TOOL}}
    assert config["tools"][0]["toolSpec"]["inputSchema"] == {"json": SCHEMA}
    assert json.loads(out.text) == {"summary": "likes tea"} and out.tool_calls == ()


def test_json_falls_back_to_instruction_when_tool_choice_is_refused() -> None:
    refused = bedrock_error(400, "ValidationException",
                            "This model doesn't support the toolConfig.toolChoice.tool field.")
    with serve(handler=verifying(refused, bedrock_converse('{"summary": "ok"}'))) as srv:
        m = model(srv.url)
        out = m.complete([Message("user", "summarise")], json_schema=SCHEMA)
        m.complete([Message("user", "again")], json_schema=SCHEMA)
    assert json.loads(out.text) == {"summary": "ok"}
    assert len(srv.requests) == 3
    assert "toolConfig" not in srv.requests[1].json and "toolConfig" not in srv.requests[2].json
    assert '"summary"' in srv.requests[1].json["system"][-1]["text"]


def test_throttling_is_retried_and_each_attempt_is_signed_afresh() -> None:
    sleeps: list[float] = []
    throttled = bedrock_error(429, "ThrottlingException",
                              "Too many requests, please wait before trying again.")
    with serve(handler=verifying(throttled, bedrock_converse("ok"))) as srv:
        out = model(srv.url, sleeps).complete([Message("user", "x")])
    assert out.text == "ok" and len(srv.requests) == 2 and len(sleeps) == 1
    assert all(check_sigv4(r, SECRET) is None for r in srv.requests)


def test_validation_error_is_not_retried_and_names_the_status() -> None:
    sleeps: list[float] = []
    bad = bedrock_error(400, "ValidationException", "The provided model identifier is invalid.")
    with serve(handler=verifying(bad)) as srv, pytest.raises(ModelError) as err:
        model(srv.url, sleeps).complete([Message("user", "x")])
    assert err.value.status == 400 and "model identifier is invalid" in str(err.value)
    assert "bedrock" in str(err.value) and len(srv.requests) == 1 and sleeps == []
    assert SECRET not in str(err.value)


def test_wrong_secret_is_refused_by_the_server() -> None:
    with serve(handler=verifying(bedrock_converse("never"))) as srv, pytest.raises(ModelError) as err:
        model(srv.url, secret_access_key="not-the-secret").complete([Message("user", "x")])
    assert err.value.status == 403


def test_malformed_tool_use_and_body() -> None:
    with serve(bedrock_converse(None, tool_uses=[("tu", "search_memory", [1])]), Reply(200, "nope")) as srv:
        m = model(srv.url)
        with pytest.raises(ModelOutputError):
            m.complete([Message("user", "x")], tools=[SEARCH])
        with pytest.raises(ModelError) as err:
            m.complete([Message("user", "x")])
    assert err.value.status == 200


def test_bearer_token_instead_of_signing() -> None:
    with serve(bedrock_converse("ok")) as srv:
        BedrockModel(MODEL_ID, region="us-east-1", endpoint_url=srv.url, bearer_token="bedrock-api-key-xyz",
                     read_env=False).complete([Message("user", "x")])
    assert srv.requests[0].headers["authorization"] == "Bearer bedrock-api-key-xyz"
    assert "x-amz-date" not in srv.requests[0].headers


def test_credentials_and_region_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", AKID)
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", SECRET)
    monkeypatch.setenv("AWS_REGION", "ap-south-1")
    monkeypatch.delenv("AWS_SESSION_TOKEN", raising=False)
    monkeypatch.delenv("AWS_BEARER_TOKEN_BEDROCK", raising=False)
    with serve(handler=verifying(bedrock_converse("ok"))) as srv:
        BedrockModel(MODEL_ID, endpoint_url=srv.url, sleep=no_sleep).complete([Message("user", "x")])
    assert "/ap-south-1/bedrock/aws4_request" in srv.requests[0].headers["authorization"]
    assert "x-amz-security-token" not in srv.requests[0].headers


def test_default_endpoint_is_regional() -> None:
    m = BedrockModel(MODEL_ID, region="us-west-2", access_key_id=AKID, secret_access_key=SECRET,
                     read_env=False)
    assert str(m._transport._client.base_url) == "https://bedrock-runtime.us-west-2.amazonaws.com"


def test_no_region_or_credentials_is_a_config_error() -> None:
    with pytest.raises(ConfigError) as err:
        BedrockModel(MODEL_ID, access_key_id=AKID, secret_access_key=SECRET, read_env=False)
    assert err.value.field == "region"
    with pytest.raises(ConfigError) as err:
        BedrockModel(MODEL_ID, region="us-east-1", read_env=False)
    assert err.value.field == "credentials"


def test_sigv4_matches_the_published_aws_test_vectors() -> None:
    """AWS's SigV4 test suite (get-vanilla, get-vanilla-query-order-key-case, post-x-www-form-urlencoded)."""
    kw: dict[str, Any] = {
        "access_key": "AKIDEXAMPLE", "secret_key": "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
        "session_token": None, "region": "us-east-1", "service": "service",
        "now": datetime(2015, 8, 30, 12, 36, tzinfo=UTC),
    }
    host = {"host": "example.amazonaws.com"}
    cases = [
        ("GET", "", host, b"", "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"),
        ("GET", "Param2=value2&Param1=value1", host, b"",
         "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"),
        ("POST", "", {**host, "content-type": "application/x-www-form-urlencoded"}, b"Param1=value1",
         "ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a"),
    ]
    for method, query, headers, body, signature in cases:
        signed = sigv4_headers(method, "/", query, headers, body, **kw)
        assert signed["x-amz-date"] == "20150830T123600Z"
        assert signed["authorization"].endswith(f"Signature={signature}")


def _converse_rules(req: Recorded) -> Reply | dict[str, Any]:
    """Bedrock Converse's conversation rules (:func:`tests.support.provider_rules.bedrock_refusal`: it starts with a
    user message, alternates, pairs tool results with their calls...), then a plain answer."""
    return bedrock_refusal(req.json) or bedrock_converse("Noted.")


@pytest.mark.parametrize("truncation", [{"strategy": "sliding_window", "messagesCount": 4},
                                        {"strategy": "summarization", "messagesCount": 4, "keepLast": 2}])
def test_a_harness_window_never_starts_with_an_answer(make_memory: Callable[..., Memory],
                                                      truncation: dict[str, Any]) -> None:
    """A session of question/answer pairs, cut to 4 messages (or summarised down to the last 2): the plain last
    4 would start with an answer whose question fell out, which Bedrock refuses. The window starts with a
    question, and every turn reaches the model."""
    mem = make_memory()
    scope = Scope(agent="bot", actor="alice", session="s1")
    mem.append(scope, [{"role": "user" if i % 2 == 0 else "assistant", "content": f"message number {i}"}
                       for i in range(8)])
    with serve(handler=_converse_rules) as srv:
        agent = Agent(mem, model(srv.url), truncation=truncation)
        for q in ("what did I say?", "and before that?"):
            assert agent.invoke(scope, [{"role": "user", "content": q}]).text == "Noted."
    firsts = [r.json["messages"][0] for r in srv.requests]
    assert len(firsts) == 2 and all(m["role"] == "user" for m in firsts)
