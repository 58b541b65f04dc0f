"""engram as a service: the HTTP API (FastAPI) over :class:`engram.Memory`.

``create_app`` needs the ``server`` extra (fastapi, uvicorn); it is imported lazily so that the error table
(:mod:`engram.http.errors`) stays importable by the client without it.
"""

from __future__ import annotations

from typing import Any

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(name)
