"""Turn a model spec such as ``openai:gpt-4o-mini`` into a configured :class:`~engram.models.base.Model`.

Specs are ``provider:model``; the model part is everything after the first colon (Bedrock ids contain
colons). Providers: ``openai``, ``azure`` (the model part is the deployment), ``ollama``, ``vllm``,
``lmstudio``, ``anthropic``, ``bedrock``. Every failure to build one is a ``ConfigError`` on
``harness.memory.model``, so a configuration mistake surfaces where it was made.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from ..errors import ConfigError
from .anthropic import AnthropicModel
from .base import Model
from .bedrock import BedrockModel
from .openai import OpenAIModel

FIELD = "harness.memory.model"
OLLAMA_BASE_URL = "http://127.0.0.1:11434/v1"
DEFAULT_AZURE_API_VERSION = "2024-10-21"

_COMMON = frozenset({"base_url", "api_key", "timeout", "connect_timeout", "max_retries", "sleep", "clock"})
_OPTIONS: dict[str, frozenset[str]] = {
    "openai": _COMMON | {"organization", "project", "headers"},
    "azure": _COMMON | {"api_version", "headers"},
    "ollama": _COMMON | {"headers"},
    "vllm": _COMMON | {"headers"},
    "lmstudio": _COMMON | {"headers"},
    "anthropic": _COMMON | {"auth_token", "version", "headers"},
    "bedrock": _COMMON | {"region", "endpoint_url", "access_key_id", "secret_access_key", "session_token",
                          "bearer_token"},
}


def load_model(spec: str | None, **options: Any) -> Model | None:
    """Build the model a spec names, or None for no spec (the caller then uses the offline default).

    Options: ``base_url``, ``api_key``, ``timeout`` (read, seconds), ``connect_timeout``, ``max_retries``,
    ``region`` (Bedrock), plus each provider's own (see the classes). ``None``-valued options are ignored.
    """
    if spec is None:
        return None
    if not isinstance(spec, str):
        raise ConfigError(f"must be a string like 'openai:gpt-4o-mini', got {type(spec).__name__}",
                          field=FIELD)
    provider, sep, name = spec.strip().partition(":")
    provider, name = provider.strip().lower(), name.strip()
    if not sep or not provider or not name:
        raise ConfigError(f"expected 'provider:model' (e.g. 'openai:gpt-4o-mini'), got {spec!r}", field=FIELD)
    build = _BUILDERS.get(provider)
    if build is None:
        known = ", ".join(sorted(_BUILDERS))
        raise ConfigError(f"unknown model provider {provider!r}; known: {known}", field=FIELD)
    given = {k: v for k, v in options.items() if v is not None}
    unknown = sorted(set(given) - _OPTIONS[provider])
    if unknown:
        raise ConfigError(f"{provider} does not take option(s) {', '.join(unknown)}", field=FIELD)
    try:
        return build(name, given)
    except ConfigError as exc:
        raise ConfigError(f"{spec}: {exc}", field=FIELD) from exc


def _openai(name: str, opts: dict[str, Any]) -> Model:
    return OpenAIModel(name, **opts)


def _azure(name: str, opts: dict[str, Any]) -> Model:
    """``azure:<deployment>``: the resource endpoint from ``base_url`` or ``AZURE_OPENAI_ENDPOINT``."""
    endpoint = opts.pop("base_url", None) or os.environ.get("AZURE_OPENAI_ENDPOINT")
    if not endpoint:
        raise ConfigError("azure needs base_url or AZURE_OPENAI_ENDPOINT (https://<resource>.openai.azure.com)",
                          field="base_url")
    endpoint = endpoint.rstrip("/")
    if "/openai/deployments/" not in endpoint:
        endpoint = f"{endpoint}/openai/deployments/{name}"
    opts.setdefault("api_version", os.environ.get("OPENAI_API_VERSION") or DEFAULT_AZURE_API_VERSION)
    return OpenAIModel(name, base_url=endpoint, azure=True, provider="azure", **opts)


def _ollama(name: str, opts: dict[str, Any]) -> Model:
    opts.setdefault("base_url", os.environ.get("OLLAMA_BASE_URL") or OLLAMA_BASE_URL)
    return OpenAIModel(name, read_env=False, provider="ollama", **opts)


def _local(provider: str) -> Callable[[str, dict[str, Any]], Model]:
    """vLLM and LM Studio: OpenAI-compatible servers whose address only the user knows."""

    def build(name: str, opts: dict[str, Any]) -> Model:
        if not opts.get("base_url"):
            raise ConfigError(f"{provider} needs the server's base_url option (e.g. http://127.0.0.1:8000/v1)",
                              field="base_url")
        if provider == "vllm":
            opts.setdefault("api_key", os.environ.get("VLLM_API_KEY") or None)
        return OpenAIModel(name, read_env=False, provider=provider, **opts)

    return build


def _anthropic(name: str, opts: dict[str, Any]) -> Model:
    return AnthropicModel(name, **opts)


def _bedrock(name: str, opts: dict[str, Any]) -> Model:
    """``base_url`` is the endpoint override; ``api_key`` a Bedrock API key (bearer token)."""
    if "base_url" in opts:
        opts.setdefault("endpoint_url", opts.pop("base_url"))
    if "api_key" in opts:
        opts.setdefault("bearer_token", opts.pop("api_key"))
    return BedrockModel(name, **opts)


_BUILDERS: dict[str, Callable[[str, dict[str, Any]], Model]] = {
    "openai": _openai,
    "azure": _azure,
    "ollama": _ollama,
    "vllm": _local("vllm"),
    "lmstudio": _local("lmstudio"),
    "anthropic": _anthropic,
    "bedrock": _bedrock,
}
PROVIDERS = frozenset(_BUILDERS)  # the provider names a spec may start with (config checks them)
