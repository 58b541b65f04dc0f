"""Framework names (store namespaces and keys, memory file paths) as engram namespace path segments."""

from __future__ import annotations

import hashlib
import re

_PLAIN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,63}$")


def segment(label: str) -> str:
    """``label`` as one engram path segment: itself when it is a plain word, else a digest. Adapters keep
    the exact label with the record and compare it exactly on every read, so a digest only narrows lookups."""
    if _PLAIN.match(label) and ".." not in label:
        return label
    return "h=" + hashlib.sha256(label.encode("utf-8", "surrogatepass")).hexdigest()[:40]
