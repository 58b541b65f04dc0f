"""The AgentCore world the bad-input tests act on: one in-process server on SQLite with a memory, an event, two
records, a memory made with CreateMemory and a harness; the real boto3 clients for it; a digest of the store's
rows to show a refused call changed nothing. Shared by ``test_agentcore_bad_input`` and
``test_agentcore_constraints``."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import boto3
import httpx
import pytest
from botocore.config import Config as BotoConfig

from engram import Memory
from engram.agentcore import credentials, registry, state
from engram.embedders import HashingEmbedder
from engram.http import create_app
from tests.support.agentcore import AGENT, CONFIG
from tests.support.mutations import fingerprint as rows_digest
from tests.support.servers import uvicorn_thread

REGION = "us-west-2"
DATA, CONTROL = "bedrock-agentcore", "bedrock-agentcore-control"
ROLE = "arn:aws:iam::123456789012:role/MyHarnessRole"
WHEN = 1_780_000_000  # eventTimestamp and friends, as boto3 sends them (epoch seconds)


# -- the world the requests act on ---------------------------------------------------------------------------
@dataclass
class World:
    base: str
    db: Path
    mem: Memory
    creds: dict[str, str]
    memory_id: str  # the data plane's memory (agent "bot")
    event_id: str  # an event of actor u1, session s1
    record_id: str  # a record in /facts/u1/
    spare_id: str  # another (BatchDeleteMemoryRecords' baseline deletes it)
    control_id: str  # a memory made with CreateMemory (strategies, tags)
    control_arn: str
    strategy_id: str  # one of its strategies
    harness_id: str
    harness_arn: str
    http: httpx.Client = field(repr=False)

    def client(self, service: str, **config: Any) -> Any:
        return boto3.client(service, endpoint_url=self.base, region_name=REGION,
                            aws_access_key_id=self.creds["aws_access_key_id"],
                            aws_secret_access_key=self.creds["aws_secret_access_key"],
                            config=BotoConfig(retries={"max_attempts": 1}, **config))


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    tmp = tmp_path_factory.mktemp("acbad")
    db = tmp / "engram.db"
    # history embedded inline and events written with extractionMode SKIP: nothing changes in the background
    mem = Memory.open(f"sqlite:///{db}", config=CONFIG, embedder=HashingEmbedder(), embed_history="inline")
    try:
        creds = credentials.issue(mem.store, AGENT, can_delete=True, can_admin=True).to_dict()
        res = registry.create(mem.store, AGENT, "MyMemory", region=REGION, account="123456789012")
        with uvicorn_thread(create_app(mem, run_worker=False)) as base, httpx.Client(timeout=30) as http:
            w = World(base, db, mem, creds, res.id, "", "", "", "", "", "", "", "", http)
            dp, ctl = w.client(DATA), w.client(CONTROL)
            w.event_id = dp.create_event(
                memoryId=res.id, actorId="u1", sessionId="s1", eventTimestamp=WHEN, extractionMode="SKIP",
                payload=[{"conversational": {"content": {"text": "I live in Oslo"}, "role": "USER"}}],
            )["event"]["eventId"]
            made = dp.batch_create_memory_records(memoryId=res.id, records=[{
                "requestIdentifier": rid, "namespaces": ["/facts/u1/"], "content": {"text": text},
                "timestamp": WHEN, "memoryStrategyId": "facts", "metadata": {"topic": {"stringValue": "home"}}}
                for rid, text in (("r1", "Lives in Oslo"), ("r0", "Has a cat"))])
            assert not made["failedRecords"]
            w.record_id, w.spare_id = (r["memoryRecordId"] for r in made["successfulRecords"])
            control = ctl.create_memory(name="Control", eventExpiryDuration=30, tags={"team": "a"},
                                        memoryStrategies=[{"semanticMemoryStrategy": {"name": "Facts"}}])["memory"]
            w.control_id, w.control_arn = control["id"], control["arn"]
            w.strategy_id = control["strategies"][0]["strategyId"]
            harness = ctl.create_harness(harnessName="Helper", executionRoleArn=ROLE, tags={"team": "a"})["harness"]
            w.harness_id, w.harness_arn = harness["harnessId"], harness["arn"]
            yield w
    finally:
        mem.close()


def fingerprint(db: Path) -> str:
    """A digest of every row, but the SigV4 replay sightings (each signed write notes one)."""
    return rows_digest(db, lambda r: any(isinstance(v, str) and v.startswith(state.SIGNATURE) for v in r))


