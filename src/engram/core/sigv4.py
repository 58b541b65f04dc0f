"""The parts of AWS Signature Version 4 that signing (the Bedrock client) and verifying (the AgentCore face)
share: the canonical query string and the signing key. Pure."""

from __future__ import annotations

import hashlib
import hmac
from urllib.parse import quote, unquote


def canonical_query(raw_query: str) -> str:
    """Query pairs decoded, re-encoded the SigV4 way (RFC 3986 unreserved kept) and sorted by key, then value."""
    if not raw_query:
        return ""
    pairs = []
    for pair in raw_query.split("&"):
        key, _, value = pair.partition("=")
        pairs.append((quote(unquote(key.replace("+", " ")), safe="-_.~"),
                      quote(unquote(value.replace("+", " ")), safe="-_.~")))
    return "&".join(f"{k}={v}" for k, v in sorted(pairs))


def signing_key(secret: str, date: str, region: str, service: str) -> bytes:
    """``AWS4`` + secret → date → region → service → ``aws4_request``, each step an HMAC-SHA256."""
    key = hmac.new(f"AWS4{secret}".encode(), date.encode(), hashlib.sha256).digest()
    for part in (region, service, "aws4_request"):
        key = hmac.new(key, part.encode(), hashlib.sha256).digest()
    return key
