"""``/v1/agents/{agent}/config`` over a real uvicorn on loopback, with httpx and the engram client, both backends."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from engram import Scope
from engram.client import Client
from engram.errors import ConfigError, PermissionDenied
from tests.support.configs import WIDE
from tests.support.http_app import make_env
from tests.support.servers import uvicorn_thread

MANAGED = {"managedMemoryConfiguration": {"strategies": ["SEMANTIC", "SUMMARIZATION", "USER_PREFERENCE"],
                                          "eventExpiryDuration": 60}}


def test_get_put_patch_history_and_grants(make_memory: Any) -> None:
    env = make_env(make_memory(WIDE))
    with uvicorn_thread(env.app) as url:
        def call(method: str, path: str, key: str = "admin", **kw: Any) -> httpx.Response:
            return httpx.request(method, url + path, headers=env.h(key), timeout=30, **kw)

        got = call("GET", "/v1/agents/bot/config")
        assert got.status_code == 200 and got.json()["own"] is False  # the default applies
        assert got.json()["config"]["harness"]["memory"]["scope"]["read"] == ["session", "actor", "agent"]

        put = call("PUT", "/v1/agents/bot/config", json={"config": MANAGED})
        assert put.status_code == 200, put.text
        body = put.json()
        assert body["own"] is True and body["agent"] == "bot"
        assert [s["type"] for s in body["config"]["harness"]["memory"]["strategies"]] == [
            "SEMANTIC", "SUMMARIZATION", "USER_PREFERENCE"]
        assert body["config"]["harness"]["history"]["eventExpiryDuration"] == 60

        patch = call("PATCH", "/v1/agents/bot/config", json={"config": {"optionalValue": {
            "managedMemoryConfiguration": {"strategies": ["SEMANTIC", "SUMMARIZATION", "USER_PREFERENCE",
                                                          "EPISODIC"]}}}})
        assert patch.status_code == 200, patch.text
        after = patch.json()
        assert after["version"] > body["version"]
        assert len(after["config"]["harness"]["memory"]["strategies"]) == 4
        assert after["config"]["harness"]["history"]["eventExpiryDuration"] == 60  # not named: kept

        hist = call("GET", "/v1/agents/bot/config/history").json()
        assert [v["version"] for v in hist["versions"]] == [body["version"], after["version"]]

        bad = call("PATCH", "/v1/agents/bot/config", json={"config": {"harness": {"memory": {"pinned": {
            "max_tokens": -5}}}}})
        assert bad.status_code == 422 and bad.json()["error"]["field"] == "harness.memory.pinned.max_tokens"
        assert call("GET", "/v1/agents/bot/config").json()["version"] == after["version"]  # nothing changed

        # grants: another agent's key, an actor-bound key, a non-admin key
        assert call("GET", "/v1/agents/bot/config", key="other").status_code == 403
        assert call("PUT", "/v1/agents/bot/config", key="other", json={"config": {}}).status_code == 403
        assert call("GET", "/v1/agents/bot/config", key="actor").status_code == 200  # any key of the agent reads it
        assert call("PUT", "/v1/agents/bot/config", key="actor", json={"config": {}}).status_code == 403
        assert call("PATCH", "/v1/agents/bot/config", key="plain", json={"config": {}}).status_code == 403
        assert call("GET", "/v1/agents/bot/config", key="ro").status_code == 200

        # the agent's own configuration is the one its routes use: records carry its version
        rec = call("POST", "/v1/agents/bot/actors/u1/records", json={"summary": "Prefers tea", "scope": "actor"})
        assert rec.status_code == 201, rec.text
        assert rec.json()["provenance"]["config_version"] == after["version"]

        client = Client(url, env.keys["admin"])
        assert client.config_for("bot").memory.strategies[-1].type == "EPISODIC"
        v = client.configure("bot", {"truncation": {"strategy": "sliding_window",
                                                    "slidingWindowConfig": {"numMessages": 30}}}, update=True)
        assert client.config_version("bot") == v
        assert client.config_for("bot").harness.context.truncation.messages_count == 30
        assert [h[0] for h in client.config_history("bot")][-1] == v
        with pytest.raises(ConfigError):
            client.configure("bot", {"harness": {"memory": {"labels": {"x": {"number": 0, "description": "d"}}}}})
        with pytest.raises(PermissionDenied):
            Client(url, env.keys["other"]).configure("bot", {})
    assert env.mem.config_for("bot").harness.context.truncation.messages_count == 30
    assert env.mem.config_for("rival").harness.context.truncation.messages_count == 40  # untouched
    assert env.mem.list(Scope("bot", "u1"), limit=5)[0].provenance.config_version is not None
