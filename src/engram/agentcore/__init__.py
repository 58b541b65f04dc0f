"""The AgentCore-compatible face of engram: the real AWS clients (boto3, the AWS CLI, the
``bedrock-agentcore`` SDK, Strands) work against ``engram serve`` unchanged.

Modules, one concept each:

- :mod:`.sigv4` verifies AWS Signature V4 (pure); :mod:`.credentials` issues and looks up the AWS credential
  pairs of engram keys; :mod:`.auth` is the ASGI gate that runs both before any route.
- :mod:`.errors` AWS error shapes and the engram-error table; :mod:`.ids` identifiers, patterns and ARNs;
  :mod:`.shapes` the service model's validation rules; :mod:`.registry` memory resources → engram agents.
- :mod:`.server` the route class and request helpers; :mod:`.mount` collects the routers and the gate
  (:func:`mount`); :mod:`.dataplane` the data plane router (:mod:`.events`, records); the control plane
  and harness have their own modules.
"""

from __future__ import annotations

from .mount import mount

__all__ = ["mount"]
