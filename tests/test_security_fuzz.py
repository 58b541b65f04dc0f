"""Fuzz every operation of ``/openapi.json`` with schemathesis (in process): never a 5xx.

Bounded on purpose (a few examples per operation) so it stays a unit test; raise ``ENGRAM_FUZZ_EXAMPLES``
for a longer run. The agent in the path is pinned to the key's agent so requests reach the routes and the
engine instead of stopping at the grant check; everything else is generated from the schema.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402

from engram import Memory  # noqa: E402
from tests.support.configs import WIDE  # noqa: E402
from tests.support.http_app import make_env  # noqa: E402

EXAMPLES = int(os.environ.get("ENGRAM_FUZZ_EXAMPLES", "6"))


def _check(case: Any, key: str) -> None:
    if "agent" in (case.path_parameters or {}):
        case.path_parameters["agent"] = "bot"
    response = case.call(headers={"Authorization": f"Bearer {key}"})
    assert response.status_code < 500, (case.method, case.formatted_path, response.status_code, response.text)
    if response.status_code >= 400:
        err = response.json()["error"]
        assert {"type", "message", "field"} <= set(err) <= {"type", "message", "field", "errors"}, response.text


def test_no_server_errors(make_memory: Any) -> None:
    """On every backend (the ``make_memory`` fixture)."""
    mem: Memory = make_memory(WIDE)
    try:
        env = make_env(mem)
        schema = schemathesis.openapi.from_asgi("/openapi.json", env.app)
        key = env.keys["admin"]
        operations = [result.ok() for result in schema.get_all_operations()]
        assert len(operations) > 40
        for operation in operations:

            @given(case=operation.as_strategy())
            @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                      suppress_health_check=list(HealthCheck))
            def fuzz(case: Any) -> None:
                _check(case, key)

            fuzz()
    finally:
        mem.close()
