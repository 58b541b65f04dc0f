"""``load_model``: specs to configured clients, and every bad spec to a ConfigError on the config field."""

from __future__ import annotations

import pytest

from engram.errors import ConfigError
from engram.models.anthropic import AnthropicModel
from engram.models.base import Message
from engram.models.bedrock import BedrockModel
from engram.models.openai import OpenAIModel
from engram.models.registry import OLLAMA_BASE_URL, load_model
from tests.support.wire import openai_chat, serve

FIELD = "harness.memory.model"


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "OLLAMA_BASE_URL", "AZURE_OPENAI_ENDPOINT",
                 "AZURE_OPENAI_API_KEY", "OPENAI_API_VERSION", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL",
                 "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_REGION", "AWS_DEFAULT_REGION",
                 "AWS_BEARER_TOKEN_BEDROCK", "VLLM_API_KEY", "AWS_ENDPOINT_URL_BEDROCK_RUNTIME"):
        monkeypatch.delenv(name, raising=False)


def test_none_means_the_offline_default() -> None:
    assert load_model(None) is None


def test_openai_spec_and_options() -> None:
    m = load_model("openai:gpt-4o-mini", api_key="sk-xyz-0000000000", timeout=5, max_retries=0)
    assert isinstance(m, OpenAIModel)
    assert m.model == "gpt-4o-mini" and m.model_id == "openai:gpt-4o-mini"
    assert m.base_url == "https://api.openai.com/v1" and m._transport.max_retries == 0


def test_openai_without_a_key_names_the_config_field() -> None:
    with pytest.raises(ConfigError) as err:
        load_model("openai:gpt-4o-mini")
    assert err.value.field == FIELD and "OPENAI_API_KEY" in str(err.value)


def test_ollama_default_and_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-must-not-go-to-ollama-000")
    m = load_model("ollama:llama3.1")
    assert isinstance(m, OpenAIModel) and m.base_url == OLLAMA_BASE_URL and m.model_id == "ollama:llama3.1"
    assert "authorization" not in m._transport._client.headers
    monkeypatch.setenv("OLLAMA_BASE_URL", "http://10.0.0.5:11434/v1")
    assert load_model("ollama:qwen2.5:7b").base_url == "http://10.0.0.5:11434/v1"  # type: ignore[union-attr]
    assert load_model("ollama:qwen2.5:7b").model == "qwen2.5:7b"  # type: ignore[union-attr]


def test_vllm_and_lmstudio_need_a_base_url() -> None:
    for provider in ("vllm", "lmstudio"):
        with pytest.raises(ConfigError) as err:
            load_model(f"{provider}:some-model")
        assert err.value.field == FIELD and "base_url" in str(err.value)
        m = load_model(f"{provider}:some-model", base_url="http://127.0.0.1:8000/v1")
        assert isinstance(m, OpenAIModel) and m.model_id == f"{provider}:some-model"


def test_vllm_end_to_end_against_a_local_server() -> None:
    with serve(openai_chat("from vllm")) as srv:
        m = load_model("vllm:Qwen/Qwen2.5-7B-Instruct", base_url=f"{srv.url}/v1", api_key="token-abc123")
        assert m is not None
        assert m.complete([Message("user", "x")]).text == "from vllm"
    assert srv.requests[0].json["model"] == "Qwen/Qwen2.5-7B-Instruct"
    assert srv.requests[0].headers["authorization"] == "Bearer token-abc123"


def test_azure_builds_the_deployment_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AZURE_OPENAI_ENDPOINT", "https://acme.openai.azure.com/")
    monkeypatch.setenv("AZURE_OPENAI_API_KEY", "azure-key-0000000000")
    m = load_model("azure:gpt4o-prod")
    assert isinstance(m, OpenAIModel) and m.model_id == "azure:gpt4o-prod"
    assert m.base_url == "https://acme.openai.azure.com/openai/deployments/gpt4o-prod"
    assert m._transport._params == {"api-version": "2024-10-21"}
    assert m._transport._client.headers["api-key"] == "azure-key-0000000000"


def test_azure_without_endpoint() -> None:
    with pytest.raises(ConfigError) as err:
        load_model("azure:dep", api_key="k")
    assert err.value.field == FIELD


def test_anthropic_and_bedrock() -> None:
    a = load_model("anthropic:claude-3-5-haiku-latest", api_key="sk-ant-0000000000")
    assert isinstance(a, AnthropicModel) and a.base_url == "https://api.anthropic.com"
    b = load_model("bedrock:anthropic.claude-3-haiku-20240307-v1:0", region="us-east-1",
                   access_key_id="AKID", secret_access_key="secret")
    assert isinstance(b, BedrockModel) and b.model == "anthropic.claude-3-haiku-20240307-v1:0"
    assert b.region == "us-east-1"
    c = load_model("bedrock:amazon.nova-lite-v1:0", base_url="http://127.0.0.1:9", api_key="bedrock-key")
    assert isinstance(c, BedrockModel) and str(c._transport._client.base_url) == "http://127.0.0.1:9"


@pytest.mark.parametrize("spec", ["gpt-4o", "openai:", ":gpt-4o", "", "  ", "nosuch:model", "open ai:x"])
def test_bad_specs(spec: str) -> None:
    with pytest.raises(ConfigError) as err:
        load_model(spec)
    assert err.value.field == FIELD


def test_unknown_option_and_bad_values() -> None:
    with pytest.raises(ConfigError, match="region"):
        load_model("openai:gpt-4o", api_key="k", region="us-east-1")
    with pytest.raises(ConfigError) as err:
        load_model("ollama:x", base_url="ftp://host/v1")
    assert err.value.field == FIELD
    with pytest.raises(ConfigError):
        load_model("ollama:x", max_retries=-1)
    with pytest.raises(ConfigError):
        load_model(42)  # type: ignore[arg-type]
