"""The shared transport: Retry-After forms, backoff bounds, scrubbing, errors mapped at the edge."""

from __future__ import annotations

from datetime import UTC, datetime
from email.utils import format_datetime

import httpx
import pytest

from engram.errors import ConfigError, ModelError
from engram.models._http import MAX_RETRY_AFTER, ProviderHTTPError, Transport, retry_after
from tests.support.wire import Reply, serve

NOW = datetime(2026, 11, 30, 12, 0, 0, tzinfo=UTC).timestamp()


def transport(url: str, sleeps: list[float], **kw: object) -> Transport:
    return Transport("test", url, sleep=sleeps.append, clock=lambda: NOW, **kw)  # type: ignore[arg-type]


def test_retry_after_forms() -> None:
    assert retry_after(httpx.Headers({"retry-after": "3"}), NOW) == 3.0
    assert retry_after(httpx.Headers({"retry-after": "1.5"}), NOW) == 1.5
    assert retry_after(httpx.Headers({"retry-after-ms": "250", "retry-after": "9"}), NOW) == 0.25
    later = format_datetime(datetime.fromtimestamp(NOW + 12, UTC), usegmt=True)
    assert retry_after(httpx.Headers({"retry-after": later}), NOW) == 12.0
    assert retry_after(httpx.Headers({"retry-after": "soon"}), NOW) is None
    assert retry_after(httpx.Headers({}), NOW) is None


def test_backoff_is_exponential_capped_and_jittered() -> None:
    t = Transport("test", "http://127.0.0.1:9", rand=lambda: 1.0, backoff_base=0.5, backoff_max=4.0)
    assert [t.backoff(i) for i in range(5)] == [0.375, 0.75, 1.5, 3.0, 3.0]
    t0 = Transport("test", "http://127.0.0.1:9", rand=lambda: 0.0)
    assert t0.backoff(0) == 0.5


def test_http_date_retry_after_then_success() -> None:
    sleeps: list[float] = []
    later = format_datetime(datetime.fromtimestamp(NOW + 5, UTC), usegmt=True)
    with serve(Reply(503, {"message": "busy"}, headers={"retry-after": later}), {"ok": True}) as srv:
        assert transport(srv.url, sleeps).post_json("/x", {"a": 1}) == {"ok": True}
    assert sleeps == [5.0] and len(srv.requests) == 2
    assert srv.requests[0].body == srv.requests[1].body == b'{"a": 1}'


def test_a_long_retry_after_is_not_waited_for() -> None:
    sleeps: list[float] = []
    with (
        serve(Reply(429, {"error": {"message": "quota"}}, headers={"retry-after": "3600"})) as srv,
        pytest.raises(ProviderHTTPError) as err,
    ):
        transport(srv.url, sleeps).post_json("/x", {})
    assert sleeps == [] and len(srv.requests) == 1 and err.value.status == 429
    assert "3600s" in str(err.value) and MAX_RETRY_AFTER < 3600


def test_should_retry_header_and_insufficient_quota() -> None:
    sleeps: list[float] = []
    conflict = Reply(409, {"error": {"message": "conflict"}}, headers={"x-should-retry": "true"})
    with serve(conflict, {"ok": 1}) as srv:
        assert transport(srv.url, sleeps).post_json("/x", {}) == {"ok": 1}
    with (
        serve(Reply(503, {"error": {"message": "x"}}, headers={"x-should-retry": "false"})) as srv,
        pytest.raises(ModelError),
    ):
        transport(srv.url, sleeps).post_json("/x", {})
    with (
        serve(Reply(429, {"error": {"message": "quota", "code": "insufficient_quota"}})) as srv,
        pytest.raises(ModelError) as err,
    ):
        transport(srv.url, sleeps).post_json("/x", {})
    assert len(sleeps) == 1 and err.value.status == 429


def test_error_details_from_each_provider_shape() -> None:
    sleeps: list[float] = []
    shapes = [
        ({"error": {"message": "bad thing", "type": "invalid_request_error", "param": "messages"}},
         "bad thing", "invalid_request_error", "messages"),
        ({"object": "error", "message": "vllm says no", "type": "BadRequestError", "param": None},
         "vllm says no", "BadRequestError", None),
        ({"error": "plain string error"}, "plain string error", None, None),
        ("<html>Bad Gateway</html>", "<html>Bad Gateway</html>", None, None),
    ]
    for body, detail, kind, param in shapes:
        with serve(Reply(400, body)) as srv, pytest.raises(ProviderHTTPError) as err:
            transport(srv.url, sleeps).post_json("/x", {})
        assert (err.value.detail, err.value.error_type, err.value.param) == (detail, kind, param)


def test_json_that_is_not_an_object() -> None:
    with serve(Reply(200, [1, 2, 3])) as srv, pytest.raises(ModelError) as err:
        transport(srv.url, []).post_json("/x", {})
    assert err.value.status == 200 and "not an object" in str(err.value)


def test_scrub_removes_secrets_and_key_shapes() -> None:
    t = Transport("test", "http://127.0.0.1:9", secrets=("hunter2-the-secret", None, ""))
    text = t.scrub("key hunter2-the-secret, sk-abcdefghijklmnop1234, sk-a****wxyz, AKIAABCDEFGHIJKLMNOP")
    assert "hunter2" not in text and "abcdefgh" not in text and "wxyz" not in text and "AKIAABCD" not in text


def test_bad_configuration() -> None:
    with pytest.raises(ConfigError):
        Transport("test", "not a url")
    with pytest.raises(ConfigError):
        Transport("test", "http://127.0.0.1:9", timeout=0)
    with pytest.raises(ConfigError):
        Transport("test", "http://127.0.0.1:9", max_retries=-1)
