"""The memory data plane's router: the operations of the ``bedrock-agentcore`` service under
``/memories/{memoryId}/…``, one module per concept (events; records, retrieval and jobs)."""

from __future__ import annotations

from fastapi import APIRouter

from . import events, jobs, records
from .server import AwsRouter

router: APIRouter = AwsRouter()
router.include_router(events.router)
router.include_router(records.router)
router.include_router(jobs.router)
