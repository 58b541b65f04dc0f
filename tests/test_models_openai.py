"""OpenAI-compatible chat completions against a real local HTTP server speaking that wire format."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engram.errors import ConfigError, ModelError, ModelOutputError
from engram.models.base import Message, ToolSpec, Usage
from engram.models.openai import OpenAIModel
from engram.types import ToolCall
from tests.support.wire import Reply, openai_chat, openai_error, serve

KEY = "sk-test-0123456789abcdefSECRET"
SCHEMA: dict[str, Any] = {
    "title": "decision", "type": "object", "additionalProperties": False,
    "properties": {"action": {"type": "string"}}, "required": ["action"],
}
SEARCH = ToolSpec("search_memory", "Search long-term memory.",
                  {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]})


def model(url: str, sleeps: list[float] | None = None, **kw: Any) -> OpenAIModel:
    kw.setdefault("api_key", KEY)
    return OpenAIModel("gpt-test", base_url=f"{url}/v1", read_env=False,
                       sleep=sleeps.append if sleeps is not None else no_sleep, **kw)


def no_sleep(seconds: float) -> None:
    """Tests never wait."""


def test_text_answer_request_shape_and_usage() -> None:
    with serve(openai_chat("Hello!", prompt_tokens=12, completion_tokens=3)) as srv:
        m = model(srv.url)
        out = m.complete([Message("user", "Hi")], system="Be brief.", max_tokens=50, temperature=0.2)
        out2 = m.complete([Message("user", "Again")])
    req = srv.requests[0]
    assert req.method == "POST" and req.path == "/v1/chat/completions"
    assert req.headers["authorization"] == f"Bearer {KEY}"
    assert req.headers["content-type"] == "application/json"
    assert req.json == {
        "model": "gpt-test",
        "messages": [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi"}],
        "max_tokens": 50, "temperature": 0.2,
    }
    assert out.text == "Hello!" and out.tool_calls == () and out.stop_reason == "stop"
    assert out.usage == Usage(12, 3) and out.model == "gpt-test-2024"
    assert out2.usage == Usage(12, 3)
    assert m.usage == Usage(24, 6) and m.calls == 2
    assert m.model_id == "openai:gpt-test"


def test_tool_calls_out_and_tool_history_in() -> None:
    answer = openai_chat(None, tool_calls=[("call_1", "search_memory", '{"query": "refund"}')],
                         finish_reason="tool_calls")
    with serve(answer) as srv:
        m = model(srv.url)
        out = m.complete([Message("user", "What was the refund?")], tools=[SEARCH])
        history = [
            Message("user", "What was the refund?"),
            Message("assistant", "", tool_calls=out.tool_calls),
            Message("tool", "refund of $40 on 2026-11-02", tool_call_id="call_1"),
        ]
        m.complete(history, tools=[SEARCH])
    assert out.tool_calls == (ToolCall("call_1", "search_memory", {"query": "refund"}),)
    assert out.text == "" and out.stop_reason == "tool_calls"
    first, second = srv.requests
    assert first.json["tools"] == [{"type": "function", "function": {
        "name": "search_memory", "description": "Search long-term memory.", "parameters": SEARCH.parameters}}]
    msgs = second.json["messages"]
    assert msgs[1] == {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_1", "type": "function",
         "function": {"name": "search_memory", "arguments": '{"query": "refund"}'}}]}
    assert msgs[2] == {"role": "tool", "tool_call_id": "call_1", "content": "refund of $40 on 2026-11-02"}


def test_malformed_tool_arguments_raise_model_output_error() -> None:
    bad = openai_chat(None, tool_calls=[("call_1", "search_memory", '{"query": "refu')])
    with serve(bad) as srv:
        m = model(srv.url)
        with pytest.raises(ModelOutputError) as err:
            m.complete([Message("user", "x")], tools=[SEARCH])
    assert err.value.field == "tool_calls[0].arguments"
    assert "search_memory" in str(err.value)
    assert m.usage == Usage(11, 7)  # the tokens were spent anyway


def test_tool_arguments_that_are_not_an_object() -> None:
    with (
        serve(openai_chat(None, tool_calls=[("c", "search_memory", "[1, 2]")])) as srv,
        pytest.raises(ModelOutputError),
    ):
        model(srv.url).complete([Message("user", "x")], tools=[SEARCH])


def test_json_schema_is_sent_strict_and_answer_parsed() -> None:
    with serve(openai_chat('```json\n{"action": "add"}\n```')) as srv:
        out = model(srv.url).complete([Message("user", "decide")], json_schema=SCHEMA)
    assert srv.requests[0].json["response_format"] == {
        "type": "json_schema", "json_schema": {"name": "decision", "schema": SCHEMA, "strict": True}}
    assert json.loads(out.text) == {"action": "add"}


def test_json_answer_that_is_not_json_raises() -> None:
    with serve(openai_chat("I think we should add it.")) as srv, pytest.raises(ModelOutputError):
        model(srv.url).complete([Message("user", "decide")], json_schema=SCHEMA)


def test_json_schema_falls_back_to_json_object_and_remembers() -> None:
    refuse = Reply(400, openai_error("response_format json_schema is not supported by this server",
                                     param="response_format"))
    with serve(refuse, refuse, openai_chat('{"action": "skip"}')) as srv:
        m = model(srv.url)
        out = m.complete([Message("user", "decide")], system="You decide.", json_schema=SCHEMA)
        m.complete([Message("user", "decide again")], json_schema=SCHEMA)
    kinds = [r.json.get("response_format", {}).get("type") for r in srv.requests]
    strict = [r.json.get("response_format", {}).get("json_schema", {}).get("strict") for r in srv.requests]
    assert kinds == ["json_schema", "json_schema", "json_object", "json_object"]
    assert strict[:2] == [True, None]
    fallback_system = srv.requests[2].json["messages"][0]
    assert fallback_system["role"] == "system" and fallback_system["content"].startswith("You decide.")
    assert '"action"' in fallback_system["content"] and "JSON" in fallback_system["content"]
    assert json.loads(out.text) == {"action": "skip"}


@pytest.mark.parametrize("status", [500, 422, 400, 501])
def test_any_refusal_of_a_structured_request_steps_down_to_plain_text(status: int) -> None:
    """llama-cpp-python's server answers 500 to json_schema, vLLM 422, others 400 or 501 without naming the
    parameter: every refusal steps down (json_schema -> json_object -> schema in the prompt), never gives up."""
    sleeps: list[float] = []
    refuse = Reply(status, openai_error("Internal error" if status >= 500 else "bad request"))

    def handler(request: Any) -> Any:
        return refuse if "response_format" in request.json else openai_chat('{"action": "skip"}')

    with serve(handler=handler) as srv:
        m = model(srv.url, sleeps, max_retries=1)
        out = m.complete([Message("user", "decide")], json_schema=SCHEMA)
        again = m.complete([Message("user", "decide again")], json_schema=SCHEMA)
    kinds = [r.json.get("response_format", {}).get("type") for r in srv.requests]
    retried = 2 if status == 500 else 1  # the transport retries a 500 once before the model steps down
    assert kinds == ["json_schema"] * retried * 2 + ["json_object"] * retried + [None, None]
    assert "JSON" in srv.requests[-1].json["messages"][0]["content"]
    assert json.loads(out.text) == json.loads(again.text) == {"action": "skip"}


def test_auth_and_rate_limit_errors_never_step_down() -> None:
    with serve(Reply(401, openai_error("Incorrect API key"))) as srv, pytest.raises(ModelError) as err:
        model(srv.url).complete([Message("user", "decide")], json_schema=SCHEMA)
    assert err.value.status == 401 and len(srv.requests) == 1


def test_structured_answers_are_bounded_and_a_cut_answer_is_a_typed_failure() -> None:
    cut = openai_chat('{"action": "sk', finish_reason="length")
    with serve(cut) as srv, pytest.raises(ModelOutputError, match="cut off at max_tokens"):
        model(srv.url, json_max_tokens=300).complete([Message("user", "decide")], json_schema=SCHEMA,
                                                       max_tokens=4096)
    assert srv.requests[0].json["max_tokens"] == 300


def test_unsupported_temperature_and_max_tokens_are_adapted() -> None:
    replies: list[Reply | dict[str, Any]] = [
        Reply(400, openai_error("Unsupported parameter: 'max_tokens' is not supported with this model. "
                                "Use 'max_completion_tokens' instead.", param="max_tokens")),
        Reply(400, openai_error("Unsupported value: 'temperature' does not support 0.0 with this model.",
                                param="temperature")),
        openai_chat("fine"),
    ]
    with serve(*replies) as srv:
        m = model(srv.url)
        assert m.complete([Message("user", "x")]).text == "fine"
        m.complete([Message("user", "y")])
    last = srv.requests[-1].json
    assert "max_completion_tokens" in last and "max_tokens" not in last and "temperature" not in last
    assert len(srv.requests) == 4


def test_429_with_retry_after_then_success() -> None:
    sleeps: list[float] = []
    limited = Reply(429, openai_error("Rate limit reached", type_="requests"), headers={"Retry-After": "2"})
    with serve(limited, openai_chat("done")) as srv:
        out = model(srv.url, sleeps).complete([Message("user", "x")])
    assert out.text == "done"
    assert len(srv.requests) == 2 and sleeps == [2.0]


def test_500_forever_gives_up_after_max_retries_with_backoff() -> None:
    sleeps: list[float] = []
    with serve(Reply(500, openai_error("The server had an error", type_="server_error"))) as srv:
        m = model(srv.url, sleeps, max_retries=3)
        with pytest.raises(ModelError) as err:
            m.complete([Message("user", "x")])
    assert len(srv.requests) == 4
    assert err.value.status == 500
    assert "openai" in str(err.value) and "500" in str(err.value) and "4 attempts" in str(err.value)
    assert len(sleeps) == 3 and sleeps[0] < sleeps[1] < sleeps[2]
    assert 0.375 <= sleeps[0] <= 0.5 and 1.5 <= sleeps[2] <= 2.0
    assert m.usage == Usage() and m.calls == 0


@pytest.mark.parametrize("status", [400, 401, 403, 404])
def test_client_errors_are_not_retried_and_never_leak_the_key(status: int) -> None:
    sleeps: list[float] = []
    body = openai_error(f"Incorrect API key provided: {KEY}. Also sk-proj-abc************************wxyz.",
                        type_="invalid_request_error")
    with serve(Reply(status, body)) as srv, pytest.raises(ModelError) as err:
        model(srv.url, sleeps).complete([Message("user", "x")])
    assert len(srv.requests) == 1 and sleeps == []
    assert err.value.status == status and not isinstance(err.value, ModelOutputError)
    text = str(err.value) + repr(err.value.args)
    assert KEY not in text and "SECRET" not in text and "abc***" not in text and "wxyz" not in text
    assert f"HTTP {status}" in text and "Incorrect API key provided" in text


def test_malformed_json_body() -> None:
    with (
        serve(Reply(200, b"{not json at all", headers={"content-type": "application/json"})) as srv,
        pytest.raises(ModelError) as err,
    ):
        model(srv.url).complete([Message("user", "x")])
    assert err.value.status == 200 and "not JSON" in str(err.value)
    assert len(srv.requests) == 1


def test_unexpected_shape_is_a_model_error() -> None:
    with (
        serve({"object": "chat.completion", "choices": []}) as srv,
        pytest.raises(ModelError, match="unexpected response shape"),
    ):
        model(srv.url).complete([Message("user", "x")])


def test_slow_server_times_out() -> None:
    sleeps: list[float] = []
    with serve(Reply(200, openai_chat("late"), delay=5.0)) as srv:
        m = model(srv.url, sleeps, timeout=0.2, max_retries=1)
        with pytest.raises(ModelError) as err:
            m.complete([Message("user", "x")])
    assert err.value.status is None and "timed out" in str(err.value)
    assert len(srv.requests) == 2 and len(sleeps) == 1


def test_connection_refused_is_retried_then_fails() -> None:
    with serve() as srv:
        url = srv.url  # the server stops at the end of the block: nothing listens there afterwards
    sleeps: list[float] = []
    with pytest.raises(ModelError) as err:
        model(url, sleeps, max_retries=2).complete([Message("user", "x")])
    assert "connection failed" in str(err.value) and "3 attempt" in str(err.value)
    assert len(sleeps) == 2


def test_env_base_url_and_key_as_the_sdk_does(monkeypatch: pytest.MonkeyPatch) -> None:
    with serve(openai_chat("env")) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", f"{srv.url}/v1/")
        monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env-key-123456")
        out = OpenAIModel("gpt-test").complete([Message("user", "x")])
    assert out.text == "env"
    assert srv.requests[0].path == "/v1/chat/completions"
    assert srv.requests[0].headers["authorization"] == "Bearer sk-from-env-key-123456"


def test_official_endpoint_needs_a_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    with pytest.raises(ConfigError) as err:
        OpenAIModel("gpt-4o-mini")
    assert err.value.field == "api_key"


def test_keyless_local_server_gets_no_authorization() -> None:
    with serve(openai_chat("local")) as srv:
        OpenAIModel("llama3.1", base_url=f"{srv.url}/v1", read_env=False).complete([Message("user", "x")])
    assert "authorization" not in srv.requests[0].headers


def test_azure_deployment_url_version_and_api_key_header() -> None:
    with serve(openai_chat("azure")) as srv:
        m = OpenAIModel("my-dep", base_url=f"{srv.url}/openai/deployments/my-dep", api_key=KEY, azure=True,
                        api_version="2024-10-21", read_env=False)
        m.complete([Message("user", "x")])
    req = srv.requests[0]
    assert req.path == "/openai/deployments/my-dep/chat/completions?api-version=2024-10-21"
    assert req.headers["api-key"] == KEY and "authorization" not in req.headers


def test_repr_does_not_show_the_key() -> None:
    assert KEY not in repr(OpenAIModel("gpt-test", api_key=KEY, read_env=False))
