"""AWS Bedrock Converse API over HTTP, signed with SigV4 here (boto3 is optional, used only for credentials).

``POST https://bedrock-runtime.{region}.amazonaws.com/model/{modelId}/converse`` with content blocks
(``text``, ``toolUse``, ``toolResult``), ``system``, ``toolConfig`` and ``inferenceConfig``. A JSON answer is
asked for by forcing a tool whose input schema is the wanted schema; models that refuse forced tool choice
(400) are asked by instruction instead, and the client remembers that.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

import httpx

from ..core.sigv4 import canonical_query, signing_key
from ..errors import ConfigError
from ._blocks import JSON_TOOL, JSON_TOOL_DESCRIPTION, AnswerShape, block_answer, block_messages
from ._http import Clock, HTTPModel, ProviderHTTPError, Sleep, Transport, schema_instruction, wire_error
from ._usage import wire_usage
from .base import Completion, Message, ToolSpec

SERVICE = "bedrock"  # the SigV4 signing name of bedrock-runtime
_CHOICE_MARKERS = ("toolchoice", "tool choice", "tool_choice", "tool use", "tooluse", "tools")
# Text blocks ({"text": ...}) and tool calls ({"toolUse": {...}}), told apart by their one key.
_ANSWER = AnswerShape(text=lambda b: b.get("text"), tool_use=lambda b: b.get("toolUse"),
                      label="toolUse", id_key="toolUseId", id_prefix="tooluse_")

#: (access key id, secret access key, session token or None)
Credentials = tuple[str, str, str | None]


class BedrockModel(HTTPModel):
    """A model on AWS Bedrock through the Converse API.

    Credentials, first found wins: ``access_key_id``/``secret_access_key``/``session_token``;
    ``bearer_token`` or env ``AWS_BEARER_TOKEN_BEDROCK`` (a Bedrock API key); env ``AWS_ACCESS_KEY_ID``/
    ``AWS_SECRET_ACCESS_KEY``/``AWS_SESSION_TOKEN``; boto3's credential chain if boto3 is installed.
    ``region`` defaults to ``AWS_REGION``/``AWS_DEFAULT_REGION`` (or boto3's). ``endpoint_url`` overrides
    the regional endpoint (also env ``AWS_ENDPOINT_URL_BEDROCK_RUNTIME``).
    """

    provider = "bedrock"

    def __init__(
        self,
        model: str,
        *,
        region: str | None = None,
        endpoint_url: str | None = None,
        access_key_id: str | None = None,
        secret_access_key: str | None = None,
        session_token: str | None = None,
        bearer_token: str | None = None,
        timeout: float = 60.0,
        connect_timeout: float = 10.0,
        max_retries: int = 3,
        read_env: bool = True,
        sleep: Sleep | None = None,
        clock: Clock | None = None,
    ) -> None:
        env: Mapping[str, str] = os.environ if read_env else {}
        endpoint_url = endpoint_url or env.get("AWS_ENDPOINT_URL_BEDROCK_RUNTIME") or None
        region = region or env.get("AWS_REGION") or env.get("AWS_DEFAULT_REGION") or None
        credentials: Callable[[], Credentials] | None = None
        if access_key_id and secret_access_key:
            fixed: Credentials = (access_key_id, secret_access_key, session_token)
            credentials = lambda: fixed  # noqa: E731
        bearer = None if credentials else (bearer_token or env.get("AWS_BEARER_TOKEN_BEDROCK") or None)
        if credentials is None and bearer is None and env.get("AWS_ACCESS_KEY_ID") \
                and env.get("AWS_SECRET_ACCESS_KEY"):
            fixed_env: Credentials = (env["AWS_ACCESS_KEY_ID"], env["AWS_SECRET_ACCESS_KEY"],
                                      env.get("AWS_SESSION_TOKEN") or None)
            credentials = lambda: fixed_env  # noqa: E731
        # boto3 (optional) fills what the arguments and the environment left open.
        session = _boto3_session() if read_env and (not region or (credentials is None and not bearer)) \
            else None
        if not region and session is not None:
            region = getattr(session, "region_name", None)
        if credentials is None and bearer is None and session is not None:
            credentials = _boto3_credentials(session)
        if not region:
            if not endpoint_url:
                raise ConfigError("bedrock: no region: pass region or set AWS_REGION", field="region")
            region = "us-east-1"
        if credentials is None and bearer is None:
            raise ConfigError(
                "bedrock: no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, "
                "AWS_BEARER_TOKEN_BEDROCK, or install boto3 with a configured profile",
                field="credentials",
            )
        self.region = region
        secrets: list[str | None] = [bearer]
        if credentials is not None:
            secrets.extend(credentials()[1:])

        self._credentials = credentials
        signer = self._sign if credentials is not None else None
        transport = Transport(
            self.provider, endpoint_url or f"https://bedrock-runtime.{region}.amazonaws.com",
            headers={"authorization": f"Bearer {bearer}"} if bearer else None,
            timeout=timeout, connect_timeout=connect_timeout, max_retries=max_retries,
            secrets=secrets, signer=signer, sleep=sleep, clock=clock,
        )
        super().__init__(model, transport)
        self._json_by_tool = True  # False once the model refused a forced tool choice

    def _sign(self, request: httpx.Request) -> None:
        """Add SigV4 headers to one attempt's request, dated now."""
        assert self._credentials is not None
        access_key, secret_key, token = self._credentials()
        now = datetime.fromtimestamp(self._transport.clock(), UTC)
        raw_path, _, raw_query = request.url.raw_path.decode("ascii").partition("?")
        request.headers.update(sigv4_headers(
            request.method, raw_path, raw_query, request.headers, request.content,
            access_key=access_key, secret_key=secret_key, session_token=token,
            region=self.region, service=SERVICE, now=now,
        ))

    def complete(
        self,
        messages: Sequence[Message],
        *,
        system: str | None = None,
        tools: Sequence[ToolSpec] = (),
        json_schema: dict[str, Any] | None = None,
        max_tokens: int = 1024,
        temperature: float = 0.0,
    ) -> Completion:
        """One Converse call; with ``json_schema`` the answer comes back as JSON text."""
        system_parts, wire = _messages(messages, system=system, structured=bool(tools))
        path = f"/model/{quote(self.model, safe='')}/converse"
        while True:
            by_tool = json_schema is not None and self._json_by_tool
            parts = list(system_parts)
            if json_schema is not None and not by_tool:
                parts.append(schema_instruction(json_schema))
            body: dict[str, Any] = {
                "messages": wire,
                "inferenceConfig": {"maxTokens": max_tokens, "temperature": temperature},
            }
            if parts:
                body["system"] = [{"text": p} for p in parts]
            specs = [_tool_spec(t.name, t.description, t.parameters) for t in tools]
            if json_schema is not None and by_tool:
                specs.append(_tool_spec(JSON_TOOL, JSON_TOOL_DESCRIPTION, json_schema))
            if specs:
                body["toolConfig"] = {"tools": specs}
                if by_tool:
                    body["toolConfig"]["toolChoice"] = {"any": {}} if tools else {"tool": {"name": JSON_TOOL}}
            try:
                data = self._transport.post_json(path, body)
            except ProviderHTTPError as exc:
                if by_tool and exc.status == 400 and any(m in exc.detail.lower() for m in _CHOICE_MARKERS):
                    self._json_by_tool = False
                    continue
                raise
            return self._completion(data, json_schema is not None)

    def _completion(self, data: dict[str, Any], want_json: bool) -> Completion:
        output = data.get("output")
        message = output.get("message") if isinstance(output, dict) else None
        content = message.get("content") if isinstance(message, dict) else None
        if not isinstance(content, list):
            raise wire_error(self.provider, "no output.message.content list")
        usage = wire_usage(data, ("inputTokens", "cacheReadInputTokens", "cacheWriteInputTokens"), "outputTokens")
        self._record(usage)
        text, calls = block_answer(content, _ANSWER, provider=self.provider, want_json=want_json)
        reason = data.get("stopReason")
        return Completion(text=text, tool_calls=calls, usage=usage,
                          stop_reason=reason if isinstance(reason, str) else None, model=self.model)


def _tool_spec(name: str, description: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"toolSpec": {"name": name, "description": description, "inputSchema": {"json": schema}}}


def _messages(messages: Sequence[Message], *, system: str | None, structured: bool
              ) -> tuple[list[str], list[dict[str, Any]]]:
    """System text apart (``system`` first); alternating user/assistant messages of Converse content blocks, tool
    results never sharing a user message with text (:func:`~engram.models._blocks.block_messages`)."""
    return block_messages(
        messages, system=system, structured=structured, text=_text,
        tool_result=lambda m: {"toolResult": {"toolUseId": m.tool_call_id,
                                              "content": [{"text": m.content or "(empty)"}]}},
        tool_use=lambda c: {"toolUse": {"toolUseId": c.id, "name": c.name, "input": c.arguments}},
        results_apart=lambda b: "toolResult" in b)


def _text(text: str) -> list[dict[str, Any]]:
    return [{"text": text}] if text.strip() else []


def sigv4_headers(
    method: str,
    raw_path: str,
    raw_query: str,
    headers: Mapping[str, str],
    body: bytes,
    *,
    access_key: str,
    secret_key: str,
    session_token: str | None,
    region: str,
    service: str,
    now: datetime,
) -> dict[str, str]:
    """The headers that sign one request with AWS Signature Version 4 (``Authorization``, ``X-Amz-Date``…).

    ``raw_path`` and ``raw_query`` are exactly as sent (already percent-encoded once); per the SigV4 rules
    for services other than S3, the canonical path encodes the path again. ``headers`` must hold ``host``.
    """
    amz_date = now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    day = amz_date[:8]
    added = {"x-amz-date": amz_date}
    if session_token:
        added["x-amz-security-token"] = session_token
    signed: dict[str, str] = {}
    for name in ("host", "content-type"):
        if name in headers:
            signed[name] = headers[name]
    signed.update(added)
    names = sorted(signed)
    canonical_headers = "".join(f"{n}:{' '.join(signed[n].split())}\n" for n in names)
    signed_names = ";".join(names)
    canonical_request = "\n".join([
        method.upper(),
        quote(raw_path or "/", safe="/~"),
        canonical_query(raw_query),
        canonical_headers,
        signed_names,
        hashlib.sha256(body).hexdigest(),
    ])
    scope = f"{day}/{region}/{service}/aws4_request"
    string_to_sign = "\n".join([
        "AWS4-HMAC-SHA256", amz_date, scope, hashlib.sha256(canonical_request.encode()).hexdigest(),
    ])
    key = signing_key(secret_key, day, region, service)
    signature = hmac.new(key, string_to_sign.encode(), hashlib.sha256).hexdigest()
    added["authorization"] = (
        f"AWS4-HMAC-SHA256 Credential={access_key}/{scope}, "
        f"SignedHeaders={signed_names}, Signature={signature}"
    )
    return added


def _boto3_session() -> Any:
    """A boto3 Session when boto3 is installed (an optional extra), else None."""
    try:
        import boto3  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    return boto3.Session()


def _boto3_credentials(session: Any) -> Callable[[], Credentials] | None:
    """boto3's credential chain (profiles, SSO, instance roles), refreshed on each request."""
    found = session.get_credentials()
    if found is None:
        return None

    def current() -> Credentials:
        frozen = found.get_frozen_credentials()
        return (frozen.access_key, frozen.secret_key, frozen.token)

    return current
