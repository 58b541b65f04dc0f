"""AWS Signature Version 4, verified server-side. Pure: no I/O, the caller supplies the secret lookup.

The canonical request is rebuilt from the request *as it arrived*: the raw path (boto3 percent-encodes
``:`` ``/`` ``#`` inside ids, and for every service but S3 signs that path encoded once more), the raw query
string, the headers the client listed in ``SignedHeaders`` and the SHA-256 of the body. Then the signing key
is derived from the secret (``AWS4`` + secret → date → region → service → ``aws4_request``) and the HMAC
compared in constant time. A signature older or newer than :data:`MAX_SKEW` is refused, so a captured
request cannot be replayed later; within that window the middleware refuses a signature it has seen
(:class:`engram.agentcore.auth.ReplayGuard`). The signing name must be one the operation's service accepts
(:func:`signing_names`): both service models sign as ``bedrock-agentcore``; the control plane's endpoint
name ``bedrock-agentcore-control`` is taken on control-plane operations only, never on the data plane.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from urllib.parse import quote, unquote

from ..core.sigv4 import canonical_query, signing_key
from .errors import InvalidSignatureException, MissingAuthenticationTokenException

ALGORITHM = "AWS4-HMAC-SHA256"
DATA, CONTROL = "bedrock-agentcore", "bedrock-agentcore-control"
SERVICES = frozenset({DATA, CONTROL})
_CONTROL_MEMORY_OPS = frozenset({"details", "update", "delete"})  # /memories/{memoryId}/<op>
MAX_SKEW = timedelta(minutes=15)
_AUTH = re.compile(r"^AWS4-HMAC-SHA256\s+(.*)$", re.S)
_CRED = re.compile(r"^([A-Z0-9]{16,128})/(\d{8})/([a-z0-9-]{1,32})/([a-z0-9-]{1,64})/aws4_request$")
_SIG = re.compile(r"^[0-9a-f]{64}$")
_HEADER_NAME = re.compile(r"^[a-z0-9-]+$")


@dataclass(frozen=True, slots=True)
class Credential:
    """The parsed ``Authorization`` header: who signed, for which day, region and service, over what."""

    access_key_id: str
    date: str
    region: str
    service: str
    signed_headers: tuple[str, ...]
    signature: str

    @property
    def scope(self) -> str:
        return f"{self.date}/{self.region}/{self.service}/aws4_request"


def parse_authorization(header: str | None) -> Credential:
    """Parse ``AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…``; raise on anything else."""
    if not header:
        raise MissingAuthenticationTokenException("missing Authorization header: sign the request with SigV4")
    m = _AUTH.match(header.strip())
    if not m:
        raise InvalidSignatureException(f"Authorization must use {ALGORITHM}")
    parts: dict[str, str] = {}
    for item in m.group(1).split(","):
        key, sep, value = item.strip().partition("=")
        if not sep:
            raise InvalidSignatureException("malformed Authorization header")
        parts[key] = value.strip()
    cred = _CRED.match(parts.get("Credential", ""))
    if not cred:
        raise InvalidSignatureException("malformed Credential in Authorization header")
    signed = tuple(parts.get("SignedHeaders", "").split(";"))
    if not signed or any(not _HEADER_NAME.match(h) for h in signed) or list(signed) != sorted(set(signed)):
        raise InvalidSignatureException("malformed SignedHeaders in Authorization header")
    if "host" not in signed:
        raise InvalidSignatureException("the signature must cover the host header")
    signature = parts.get("Signature", "")
    if not _SIG.match(signature):
        raise InvalidSignatureException("malformed Signature in Authorization header")
    if cred.group(4) not in SERVICES:
        raise InvalidSignatureException(f"credential scope names service {cred.group(4)!r}; sign for "
                                        "bedrock-agentcore or bedrock-agentcore-control")
    return Credential(cred.group(1), cred.group(2), cred.group(3), cred.group(4), signed, signature)


def signing_names(path: str) -> frozenset[str]:
    """The signing names an operation accepts: ``bedrock-agentcore`` everywhere (what the AWS SDKs sign with,
    for both planes), ``bedrock-agentcore-control`` too on the control plane."""
    return frozenset({DATA}) if service_for(path) == DATA else SERVICES


def service_for(path: str) -> str:
    """The service an AgentCore path belongs to, as the service models split them: InvokeHarness and every
    ``/memories/{memoryId}/…`` operation but GetMemory, UpdateMemory and DeleteMemory are the data plane;
    CreateMemory, ListMemories, the harnesses and the tags are the control plane."""
    parts = path.split("/")
    if parts[1:3] == ["harnesses", "invoke"] and len(parts) == 3:
        return DATA
    if len(parts) >= 4 and parts[1] == "memories" and parts[2] not in ("", "create"):
        return CONTROL if len(parts) == 4 and parts[3] in _CONTROL_MEMORY_OPS else DATA
    return CONTROL


_READ_POSTS = ("/retrieve", "/memoryRecords", "/extractionJobs")  # ListEvents: .../actor/{a}/sessions/{s}


def is_write(method: str, path: str) -> bool:
    """Whether an AgentCore operation stores something new each time (a replay of it would store twice):
    the POSTs and PATCHes that are not reads. PUT and DELETE set or remove a state, so a repeat changes
    nothing more; the data plane reads with POST too: RetrieveMemoryRecords, ListMemoryRecords,
    ListMemoryExtractionJobs, ListEvents, and the control plane's ListMemories."""
    if method.upper() == "PATCH":
        return True
    if method.upper() != "POST":
        return False
    parts = path.rstrip("/").split("/")
    if path == "/memories/" or path.endswith(_READ_POSTS):
        return False
    return not (len(parts) == 7 and parts[1] == "memories" and parts[3] == "actor" and parts[5] == "sessions")


def _remove_dot_segments(path: str) -> str:
    """RFC 3986 §5.2.4, dropping empty segments as AWS does."""
    out: list[str] = []
    for seg in path.split("/"):
        if seg and seg != ".":
            if seg == "..":
                if out:
                    out.pop()
            else:
                out.append(seg)
    first = "/" if path.startswith("/") else ""
    last = "/" if path.endswith("/") and out else ""
    return first + "/".join(out) + last or "/"


def canonical_uris(raw_path: str) -> tuple[str, ...]:
    """The canonical URI as SigV4 clients compute it: the raw path encoded once more (boto3, the AWS CLI and
    the other SDKs for non-S3 services), then as sent (clients that sign the path unchanged)."""
    norm = _remove_dot_segments(raw_path or "/")
    double = quote(norm, safe="/~")
    single = quote(unquote(norm), safe="/~")
    return tuple(dict.fromkeys((double, single, norm)))


def _header_value(values: Sequence[str]) -> str:
    return ",".join(" ".join(v.split()) for v in values)


def request_time(headers: Mapping[str, Sequence[str]]) -> datetime:
    """The signing time from ``X-Amz-Date`` (``YYYYMMDDTHHMMSSZ``)."""
    raw = (headers.get("x-amz-date") or [""])[0].strip()
    try:
        return datetime.strptime(raw, "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)
    except ValueError as exc:
        raise InvalidSignatureException("missing or malformed X-Amz-Date header") from exc


def verify(cred: Credential, secret: str, *, method: str, raw_path: str, raw_query: str,
           headers: Mapping[str, Sequence[str]], body: bytes, now: datetime | None = None) -> None:
    """Raise :class:`InvalidSignatureException` unless ``cred.signature`` signs this request with ``secret``.

    ``headers`` maps lower-case names to every value received. The payload hash is the body's own; a
    client-sent ``X-Amz-Content-SHA256`` must equal it (``UNSIGNED-PAYLOAD`` is refused).
    """
    if "x-amz-date" not in cred.signed_headers:
        raise InvalidSignatureException("the signature must cover the x-amz-date header")
    if cred.service not in signing_names(_remove_dot_segments(raw_path or "/")):  # raw: an ARN is one segment
        raise InvalidSignatureException(f"Credential should be scoped to correct service: '{DATA}'.")
    at = request_time(headers)
    if at.strftime("%Y%m%d") != cred.date:
        raise InvalidSignatureException("the credential scope date does not match X-Amz-Date")
    current = now or datetime.now(UTC)
    if abs(current - at) > MAX_SKEW:
        raise InvalidSignatureException("Signature expired: the request time is more than 15 minutes from "
                                        "the server's time")
    payload_hash = hashlib.sha256(body).hexdigest()
    sent = headers.get("x-amz-content-sha256")
    sent_hash = sent[0] if sent else None
    if sent_hash is not None and sent_hash != payload_hash:
        raise InvalidSignatureException("X-Amz-Content-SHA256 does not match the body")
    missing = [h for h in cred.signed_headers if h not in headers]
    if missing:
        raise InvalidSignatureException(f"signed header {missing[0]!r} is not in the request")
    canon_headers = "".join(f"{h}:{_header_value(headers[h])}\n" for h in cred.signed_headers)
    key = signing_key(secret, cred.date, cred.region, cred.service)
    query = canonical_query(raw_query)
    amz_date = headers["x-amz-date"][0].strip()
    for uri in canonical_uris(raw_path):
        canonical = "\n".join([method.upper(), uri, query, canon_headers, ";".join(cred.signed_headers),
                               sent_hash or payload_hash])
        to_sign = "\n".join([ALGORITHM, amz_date, cred.scope, hashlib.sha256(canonical.encode()).hexdigest()])
        expected = hmac.new(key, to_sign.encode(), hashlib.sha256).hexdigest()
        if hmac.compare_digest(expected, cred.signature):
            return
    raise InvalidSignatureException("The request signature we calculated does not match the signature you "
                                    "provided. Check your AWS Secret Access Key and signing method.")

