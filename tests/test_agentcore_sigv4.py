"""SigV4 verification (engram.agentcore.sigv4) against requests signed by botocore's own signer.

Ids boto3 percent-encodes (an ARN's ``:`` and ``/``, an event id's ``#``) must verify against the raw path;
any change to method, path, query, a signed header or the body must not; neither must an old signature.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

import pytest
from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials

from engram.agentcore import sigv4
from engram.agentcore.errors import InvalidSignatureException, MissingAuthenticationTokenException

SECRET = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"
CREDS = Credentials("AKEG0123456789ABCDEF", SECRET)


def signed(method: str, url: str, body: bytes = b"", service: str = "bedrock-agentcore",
           region: str = "us-west-2") -> tuple[dict[str, list[str]], str, str, datetime]:
    req = AWSRequest(method=method, url=url, data=body, headers={"Content-Type": "application/json"})
    SigV4Auth(CREDS, service, region).add_auth(req)
    parts = urlsplit(url)
    headers = {k.lower(): [v] for k, v in req.headers.items()}
    headers["host"] = [parts.netloc]
    at = datetime.strptime(req.headers["X-Amz-Date"], "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)
    return headers, parts.path, parts.query, at


def check(method: str, path: str, query: str, headers: dict[str, list[str]], body: bytes, at: datetime,
          secret: str = SECRET) -> None:
    cred = sigv4.parse_authorization(headers["authorization"][0])
    sigv4.verify(cred, secret, method=method, raw_path=path, raw_query=query, headers=headers, body=body, now=at)


URL = ("http://127.0.0.1:8765/memories/arn%3Aaws%3Abedrock-agentcore%3Aus-west-2%3A123456789012%3Amemory%2F"
       "MyMem-abcdefghij/actor/user%2F1/sessions/s1/events/1796115949407313%23036460d12a")


CONTROL_URL = ("http://127.0.0.1:8765/memories/arn%3Aaws%3Abedrock-agentcore%3Aus-west-2%3A123456789012%3Amemory%2F"
               "MyMem-abcdefghij/details")


@pytest.mark.parametrize(("service", "url"), [("bedrock-agentcore", URL), ("bedrock-agentcore", CONTROL_URL),
                                              ("bedrock-agentcore-control", CONTROL_URL)])
def test_botocore_signatures_verify_on_the_raw_path(service: str, url: str) -> None:
    body = b'{"a": 1}'
    headers, path, query, at = signed("POST", url + "?namespace=%2Ffacts%2Fu1%2F&b=2", body, service)
    check("POST", path, query, headers, body, at)
    cred = sigv4.parse_authorization(headers["authorization"][0])
    assert (cred.access_key_id, cred.region, cred.service) == ("AKEG0123456789ABCDEF", "us-west-2", service)
    # the control plane's signing name never opens a data-plane operation (issue 25.8)
    headers, path, query, at = signed("POST", URL, body, "bedrock-agentcore-control")
    with pytest.raises(InvalidSignatureException, match="correct service"):
        check("POST", path, query, headers, body, at)


def test_every_operation_has_its_services_signing_name() -> None:
    botocore = pytest.importorskip("botocore.session")
    session = botocore.get_session()
    for service in ("bedrock-agentcore", "bedrock-agentcore-control"):
        model = session.get_service_model(service)
        for op in model.operation_names:
            uri = model.operation_model(op).http["requestUri"].split("?")[0]
            path = uri.replace("{memoryId}", "MyMem-abcdefghij").replace("{harnessId}", "h-1")
            if path.startswith(("/memories", "/harnesses", "/tags")):
                path = path.replace("{", "").replace("}", "")
                assert sigv4.service_for(path) == service, (service, op, uri)
                assert model.metadata["signingName"] in sigv4.signing_names(path)


def test_any_change_breaks_the_signature() -> None:
    body = b'{"payload": []}'
    headers, path, query, at = signed("POST", URL, body)
    tampered = [
        ("PUT", path, query, headers, body),
        ("POST", path.replace("s1", "s2"), query, headers, body),
        ("POST", path, "x=1", headers, body),
        ("POST", path, query, headers, b'{"payload": [1]}'),
        ("POST", path, query, {**headers, "host": ["evil.example:80"]}, body),
    ]
    for method, p, q, h, b in tampered:
        with pytest.raises(InvalidSignatureException):
            check(method, p, q, h, b, at)
    with pytest.raises(InvalidSignatureException):
        check("POST", path, query, headers, body, at, secret="x" * 40)


def test_old_or_future_signatures_are_refused() -> None:
    headers, path, query, at = signed("GET", URL)
    for skew in (timedelta(minutes=16), -timedelta(minutes=16)):
        with pytest.raises(InvalidSignatureException, match="expired"):
            check("GET", path, query, headers, b"", at + skew)
    check("GET", path, query, headers, b"", at + timedelta(minutes=14))


def test_malformed_authorization_headers() -> None:
    with pytest.raises(MissingAuthenticationTokenException):
        sigv4.parse_authorization(None)
    good = signed("GET", URL)[0]["authorization"][0]
    for bad in ("Bearer egk_x", good.replace("AWS4-HMAC-SHA256", "AWS4-HMAC-SHA1"),
                good.replace("aws4_request", "aws5_request"), good.replace("bedrock-agentcore", "s3"),
                good.replace("SignedHeaders=", "SignedHeaders=zzz;"), good[:-3]):
        with pytest.raises(InvalidSignatureException):
            sigv4.parse_authorization(bad)
