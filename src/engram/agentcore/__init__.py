"""The AgentCore-compatible face of engram: the real AWS clients (boto3, the AWS CLI, the
``bedrock-agentcore`` SDK, Strands) work against ``engram serve`` unchanged.

Modules, one concept each:

- :mod:`.sigv4` verifies AWS Signature V4 (pure); :mod:`.credentials` issues and looks up the AWS credential
  pairs of engram keys; :mod:`.auth` is the ASGI gate that runs both before any route.
- :mod:`.errors` AWS error shapes and the engram-error table; :mod:`.ids` identifiers, patterns and ARNs;
  :mod:`.shapes` the service model's validation rules; :mod:`.registry` memory resources → engram agents.
- :mod:`.server` the route class and request helpers; :mod:`.mount` collects the routers and the gate
  (:func:`mount`) and answers operations engram does not serve; :mod:`.dataplane` the data plane router
  (:mod:`.events`, records, jobs); the control plane, harness and :mod:`.tags` have their own modules.
- :mod:`.state` what the face keeps in the store (one prefix table; the only module that opens a store
  transaction over those rows); :mod:`.idempotency` the one clientToken rule; :mod:`.worker` runs
  extraction after CreateEvent answered; :mod:`.cited` lets the harness's model cite records by their
  AgentCore ids.
"""

from __future__ import annotations

from .mount import mount

__all__ = ["mount"]
