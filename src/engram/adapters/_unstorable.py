"""Text engram cannot store as text, which a framework's own session stores accept: a NUL character (a model may
answer with one; PostgreSQL's text cannot hold it) or a lone surrogate (UTF-8 cannot encode one).

An adapter keeps a framework's object holding such text whole as its ASCII JSON text (:func:`dumps`: every such
character escaped, so :func:`loads` gives the object back exactly) and indexes its text with U+FFFD in their place
(:func:`storable`), so a run never fails after the model has answered, while engram's own validation of what its
other callers send stays strict. The ADK and OpenAI Agents adapters both keep such objects this way.
"""

from __future__ import annotations

import json
import re
from typing import Any

UNSTORABLE = re.compile("[\x00\ud800-\udfff]")  # what neither backend stores as text: NUL, a lone surrogate


def storable(value: Any) -> Any:
    """``value`` with every UNSTORABLE character of its strings (keys included) replaced by U+FFFD."""
    if isinstance(value, str):
        return UNSTORABLE.sub("\ufffd", value)
    if isinstance(value, dict):
        return {storable(k): storable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [storable(v) for v in value]
    return value


def holds(value: Any) -> bool:
    """Whether a string of ``value`` (a key included) holds an UNSTORABLE character."""
    if isinstance(value, str):
        return UNSTORABLE.search(value) is not None
    if isinstance(value, dict):
        return any(holds(k) or holds(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(holds(v) for v in value)
    return False


def dumps(value: Any) -> str:
    """``value`` as ASCII JSON text: storable as it is, every UNSTORABLE character escaped (``\\u0000``)."""
    return json.dumps(value, ensure_ascii=True)


def loads(text: str) -> Any:
    """What :func:`dumps` wrote, exactly (the escaped characters restored)."""
    return json.loads(text)
