"""Anthropic Messages API against a real local HTTP server speaking that wire format."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engram.errors import ConfigError, ModelError, ModelOutputError
from engram.models.anthropic import JSON_TOOL, AnthropicModel
from engram.models.base import Message, ToolSpec, Usage
from engram.types import ToolCall
from tests.support.wire import Reply, anthropic_error, anthropic_message, serve

KEY = "sk-ant-api03-test-secret-key-0123456789"
SCHEMA: dict[str, Any] = {
    "type": "object", "properties": {"facts": {"type": "array", "items": {"type": "string"}}},
    "required": ["facts"],
}
SEARCH = ToolSpec("search_memory", "Search long-term memory.",
                  {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]})


def no_sleep(seconds: float) -> None:
    """Tests never wait."""


def model(url: str, sleeps: list[float] | None = None, **kw: Any) -> AnthropicModel:
    return AnthropicModel("claude-test", base_url=url, api_key=KEY, read_env=False,
                          sleep=sleeps.append if sleeps is not None else no_sleep, **kw)


def test_text_answer_headers_system_and_usage() -> None:
    with serve(anthropic_message("Bonjour", input_tokens=20, output_tokens=4)) as srv:
        m = model(srv.url)
        out = m.complete([Message("system", "Speak French."), Message("user", "Hello")],
                         system="You are terse.", max_tokens=64, temperature=0.5)
        m.complete([Message("user", "Again")])
    req = srv.requests[0]
    assert req.path == "/v1/messages"
    assert req.headers["x-api-key"] == KEY and req.headers["anthropic-version"] == "2023-06-01"
    assert "authorization" not in req.headers
    assert req.json == {
        "model": "claude-test", "max_tokens": 64, "temperature": 0.5,
        "system": "You are terse.\n\nSpeak French.",
        "messages": [{"role": "user", "content": [{"type": "text", "text": "Hello"}]}],
    }
    assert out.text == "Bonjour" and out.stop_reason == "end_turn" and out.model == "claude-test"
    assert out.usage == Usage(20, 4) and m.usage == Usage(40, 8)
    assert m.model_id == "anthropic:claude-test"


def test_tool_use_out_and_merged_tool_results_in() -> None:
    answer = anthropic_message("Let me look.", tool_uses=[("toolu_1", "search_memory", {"query": "email"}),
                                                          ("toolu_2", "search_memory", {"query": "phone"})],
                               stop_reason="tool_use")
    with serve(answer) as srv:
        m = model(srv.url)
        out = m.complete([Message("user", "How to contact?")], tools=[SEARCH])
        m.complete([
            Message("user", "How to contact?"),
            Message("assistant", "Let me look.", tool_calls=out.tool_calls),
            Message("tool", "prefers email", tool_call_id="toolu_1"),
            Message("tool", "", tool_call_id="toolu_2"),
            Message("user", "And?"),
        ], tools=[SEARCH])
    assert out.text == "Let me look." and out.stop_reason == "tool_use"
    assert out.tool_calls == (ToolCall("toolu_1", "search_memory", {"query": "email"}),
                              ToolCall("toolu_2", "search_memory", {"query": "phone"}))
    first, second = srv.requests
    assert first.json["tools"] == [{"name": "search_memory", "description": "Search long-term memory.",
                                    "input_schema": SEARCH.parameters}]
    assert "tool_choice" not in first.json
    msgs = second.json["messages"]
    assert [m["role"] for m in msgs] == ["user", "assistant", "user"]
    assert msgs[1]["content"] == [
        {"type": "text", "text": "Let me look."},
        {"type": "tool_use", "id": "toolu_1", "name": "search_memory", "input": {"query": "email"}},
        {"type": "tool_use", "id": "toolu_2", "name": "search_memory", "input": {"query": "phone"}},
    ]
    assert msgs[2]["content"] == [
        {"type": "tool_result", "tool_use_id": "toolu_1", "content": "prefers email"},
        {"type": "tool_result", "tool_use_id": "toolu_2"},
        {"type": "text", "text": "And?"},
    ]


def test_tool_history_without_tools_is_rendered_as_text() -> None:
    with serve(anthropic_message("ok")) as srv:
        model(srv.url).complete([
            Message("user", "q"),
            Message("assistant", "", tool_calls=(ToolCall("toolu_1", "search_memory", {"query": "x"}),)),
            Message("tool", "found x", tool_call_id="toolu_1"),
        ])
    msgs = srv.requests[0].json["messages"]
    assert "tools" not in srv.requests[0].json
    assert msgs[1] == {"role": "assistant", "content": [
        {"type": "text", "text": '[called tool search_memory with {"query": "x"}]'}]}
    assert msgs[2]["content"][-1] == {"type": "text", "text": "[tool result for toolu_1]\nfound x"}


def test_json_answer_through_a_forced_tool() -> None:
    answer = anthropic_message(None, tool_uses=[("toolu_9", JSON_TOOL, {"facts": ["likes tea"]})],
                               stop_reason="tool_use")
    with serve(answer) as srv:
        out = model(srv.url).complete([Message("user", "extract")], json_schema=SCHEMA)
    body = srv.requests[0].json
    assert body["tool_choice"] == {"type": "tool", "name": JSON_TOOL}
    assert body["tools"] == [{"name": JSON_TOOL, "description": body["tools"][0]["description"],
                              "input_schema": SCHEMA}]
    assert json.loads(out.text) == {"facts": ["likes tea"]} and out.tool_calls == ()


def test_json_with_other_tools_must_call_some_tool() -> None:
    answer = anthropic_message(None, tool_uses=[("toolu_1", "search_memory", {"query": "q"})])
    with serve(answer) as srv:
        out = model(srv.url).complete([Message("user", "extract")], json_schema=SCHEMA, tools=[SEARCH])
    assert srv.requests[0].json["tool_choice"] == {"type": "any"}
    assert [t["name"] for t in srv.requests[0].json["tools"]] == ["search_memory", JSON_TOOL]
    assert out.tool_calls[0].name == "search_memory" and out.text == ""


def test_json_answered_in_text_anyway_is_parsed_or_refused() -> None:
    with serve(anthropic_message('{"facts": []}'), anthropic_message("no json here")) as srv:
        m = model(srv.url)
        assert json.loads(m.complete([Message("user", "x")], json_schema=SCHEMA).text) == {"facts": []}
        with pytest.raises(ModelOutputError):
            m.complete([Message("user", "x")], json_schema=SCHEMA)


def test_tool_use_input_not_an_object() -> None:
    with (
        serve(anthropic_message(None, tool_uses=[("toolu_1", "search_memory", "not-an-object")])) as srv,
        pytest.raises(ModelOutputError),
    ):
        model(srv.url).complete([Message("user", "x")], tools=[SEARCH])


def test_overloaded_529_is_retried() -> None:
    sleeps: list[float] = []
    overloaded = Reply(529, anthropic_error("overloaded_error", "Overloaded"))
    with serve(overloaded, overloaded, anthropic_message("finally")) as srv:
        out = model(srv.url, sleeps).complete([Message("user", "x")])
    assert out.text == "finally" and len(srv.requests) == 3 and len(sleeps) == 2


def test_rate_limit_honours_retry_after() -> None:
    sleeps: list[float] = []
    limited = Reply(429, anthropic_error("rate_limit_error", "Number of requests exceeded"),
                    headers={"retry-after": "7"})
    with serve(limited, anthropic_message("ok")) as srv:
        model(srv.url, sleeps).complete([Message("user", "x")])
    assert sleeps == [7.0]


def test_invalid_request_is_not_retried() -> None:
    sleeps: list[float] = []
    bad = Reply(400, anthropic_error("invalid_request_error",
                                     "messages: text content blocks must be non-empty"))
    with serve(bad) as srv, pytest.raises(ModelError) as err:
        model(srv.url, sleeps).complete([Message("user", "x")])
    assert err.value.status == 400 and "text content blocks must be non-empty" in str(err.value)
    assert "anthropic" in str(err.value) and len(srv.requests) == 1 and sleeps == []


def test_auth_error_names_status_and_hides_key() -> None:
    with (
        serve(Reply(401, anthropic_error("authentication_error", f"invalid x-api-key {KEY}"))) as srv,
        pytest.raises(ModelError) as err,
    ):
        model(srv.url).complete([Message("user", "x")])
    assert err.value.status == 401 and KEY not in str(err.value)


def test_malformed_body() -> None:
    with (
        serve(Reply(200, "<html>gateway</html>", headers={"content-type": "text/html"})) as srv,
        pytest.raises(ModelError) as err,
    ):
        model(srv.url).complete([Message("user", "x")])
    assert err.value.status == 200


def test_env_key_and_base_url(monkeypatch: pytest.MonkeyPatch) -> None:
    with serve(anthropic_message("env")) as srv:
        monkeypatch.setenv("ANTHROPIC_BASE_URL", srv.url)
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-from-env-0000000")
        AnthropicModel("claude-test").complete([Message("user", "x")])
    assert srv.requests[0].headers["x-api-key"] == "sk-ant-from-env-0000000"


def test_missing_key_for_the_official_api(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(ConfigError):
        AnthropicModel("claude-test")
