"""Every protected operation of an engram app, as (method, concrete path, body), read from its OpenAPI document:
the security tests call each one with keys that must be refused."""

from __future__ import annotations

from typing import Any

PUBLIC = {"/v1/health", "/v1/ready", "/metrics", "/openapi.json", "/docs", "/docs/oauth2-redirect"}
IDS = {"agent": "bot", "actor": "u1", "session": "s1", "record_id": "r_x", "event_id": "e_x", "job_id": "j_x"}
BODIES: dict[str, dict[str, Any]] = {
    "/events": {"messages": [{"role": "user", "content": "hi"}]},
    "/records": {"summary": "a fact"},
    "/records/batch": {"ops": [{"op": "create", "summary": "a fact"}]},
    "/recall": {"query": "fact"},
    "/history/search": {"query": "hi"},
    "/uses": {"uses": [{"record_id": "r_x", "score": 0.5}]},
    "/extract": {},
    "/config": {"config": {}},
}


def endpoints(app: Any, **ids: str) -> list[tuple[str, str, dict[str, Any] | None]]:
    """(method, concrete path, body) for every protected operation in the OpenAPI document."""
    out = []
    for template, ops in app.openapi()["paths"].items():
        if template in PUBLIC:
            continue
        path = template
        for name, value in {**IDS, **ids}.items():
            path = path.replace("{" + name + "}", value)
        for method, op in ops.items():
            body = None
            if "requestBody" in op:
                body = next((b for suffix, b in BODIES.items() if template.endswith(suffix)), {})
            out.append((method.upper(), path, body))
    assert len(out) > 40
    return out
