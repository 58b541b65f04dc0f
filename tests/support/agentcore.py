"""A real ``engram serve`` on loopback for the AgentCore tests, with AWS credentials engram issued.

``served(...)`` starts the server on a fresh database of the given backend, issues a key with ``engram keys
create --aws --delete --admin`` (the agent's full rights: the control plane's changes need ``--admin``) and
registers one AgentCore memory resource for its agent; ``Served.issue`` makes keys of fewer rights. Clients
are the real ones: boto3 with ``endpoint_url`` (or the SDKs through ``AWS_ENDPOINT_URL_BEDROCK_AGENTCORE``).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import boto3
import pytest
from botocore.config import Config
from botocore.exceptions import ClientError

from engram.agentcore import registry
from engram.agentcore.registry import MemoryResource
from engram.engine import open_store
from engram.types import Job
from tests.support.configs import MEMORY_ON
from tests.support.servers import cli, serving

REGION = "us-west-2"
AGENT = "bot"
# memory on with every tool, every level readable and writable; a label for record metadata; a semantic strategy
CONFIG = {"harness": {"memory": {
    **MEMORY_ON,
    "scope": {"read": ["session", "actor", "agent"], "write": ["session", "actor", "agent"]},
    "strategies": [{"type": "SEMANTIC", "id": "facts"}],
    "labels": {"topic": {"number": 1, "description": "What the record is about."}},
}, "history": {"index": "messages"}}}


@dataclass
class Served:
    base: str
    db: str
    creds: dict[str, str]
    memory: MemoryResource
    tmp: Path

    def client(self, service: str = "bedrock-agentcore", creds: dict[str, str] | None = None, **kw: Any) -> Any:
        c = creds or self.creds
        return boto3.client(service, endpoint_url=self.base, region_name=REGION,
                            aws_access_key_id=c["aws_access_key_id"],
                            aws_secret_access_key=c["aws_secret_access_key"],
                            config=Config(retries={"max_attempts": 1, "mode": "standard"}, **kw))

    def issue(self, agent: str = AGENT, *extra: str) -> dict[str, str]:
        out = cli("keys", "create", "--db", self.db, "--agent", agent, "--aws", *extra)
        assert out.returncode == 0, out.stderr
        creds: dict[str, str] = json.loads(out.stdout)
        return creds

    def env(self) -> dict[str, str]:
        """The environment the AgentCore SDKs read to reach this server."""
        return {"AWS_ENDPOINT_URL_BEDROCK_AGENTCORE": self.base,
                "AWS_ENDPOINT_URL_BEDROCK_AGENTCORE_CONTROL": self.base,
                "AWS_ACCESS_KEY_ID": self.creds["aws_access_key_id"],
                "AWS_SECRET_ACCESS_KEY": self.creds["aws_secret_access_key"],
                "AWS_DEFAULT_REGION": REGION, "AWS_REGION": REGION}


def db_for(backend: str, tmp: Path, request: pytest.FixtureRequest) -> str:
    if backend == "sqlite":
        return f"sqlite:///{tmp / 'engram.db'}"
    from tests.support.pg import fresh_url

    return fresh_url(request)


@contextlib.contextmanager
def served(backend: str, tmp: Path, request: pytest.FixtureRequest, *serve_args: str,
           config: dict[str, Any] | None = None) -> Iterator[Served]:
    db = db_for(backend, tmp, request)
    cfg = tmp / "config.json"
    cfg.write_text(json.dumps(config if config is not None else CONFIG))
    out = cli("keys", "create", "--db", db, "--agent", AGENT, "--aws", "--delete", "--admin")
    assert out.returncode == 0, out.stderr
    creds = json.loads(out.stdout)
    store = open_store(db)
    try:
        res = registry.create(store, AGENT, "MyMemory", region=REGION, account="123456789012")
    finally:
        store.close()
    with serving(db, tmp, "--config", str(cfg), *serve_args) as (_, base):
        yield Served(base, db, creds, res, tmp)


def failed_job(ac: Served, job_id: str, actor: str) -> None:
    """Store an extraction job of ``actor`` that ran a minute ago and failed for good."""
    store = open_store(ac.db)
    try:
        now = datetime.now(UTC) - timedelta(minutes=1)
        with store.write() as tx:
            tx.enqueue_job(Job(id=job_id, kind="extract", agent=AGENT, actor=actor, session="s1",
                               status="pending", attempts=1, error=None, payload={}, created_at=now, updated_at=now))
            tx.fail_job(job_id, "ModelError: no answer", now, retry=False)
    finally:
        store.close()


def job_status(ac: Served, job_id: str) -> str:
    """The stored status of one of AGENT's jobs."""
    store = open_store(ac.db)
    try:
        with store.read() as tx:
            job = tx.get_job(AGENT, job_id)
    finally:
        store.close()
    assert job is not None
    return job.status


def refused_token(call: Callable[[], Any]) -> str:
    """``call`` is refused as AWS refuses a bad page token: a ValidationException naming nextToken; its message."""
    with pytest.raises(ClientError) as exc:
        call()
    err = exc.value.response
    assert err["Error"]["Code"] == "ValidationException", err
    assert [f["name"] for f in err.get("fieldList", [])] == ["nextToken"], err
    assert err["Error"]["Message"].startswith("nextToken: ")
    return str(err["Error"]["Message"])
