"""One session played into a memory for the extraction benches: append its messages, then extract.

A model that fails or answers badly raises ``ModelError``: the benches count that session as failed and go
on, so one unusable answer does not end a run (the offline extractor never raises it).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from engram import Memory
from engram.errors import ModelError
from engram.types import Event, Record, Scope


def append_and_extract(mem: Memory, scope: Scope, messages: Sequence[dict[str, Any]],
                       label: str) -> tuple[list[Event], list[Record] | None]:
    """The session's events and what extraction wrote (None: extraction failed, reported on stderr)."""
    events = mem.append(scope, list(messages))
    try:
        return events, mem.extract(scope)
    except ModelError as exc:
        print(f"  extraction failed ({label}): {exc}", file=sys.stderr)
        return events, None
