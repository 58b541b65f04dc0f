"""The AWS event-stream wire format (``application/vnd.amazon.eventstream``), encoding side. Pure.

InvokeHarness answers with a stream of binary messages that botocore's ``EventStream`` decodes. Each
message is::

    total length (uint32 BE) | headers length (uint32 BE) | CRC32 of those 8 bytes
    headers: name length (uint8) | name | value type (uint8, 7 = string) | length (uint16 BE) | UTF-8 value
    payload (here a JSON object)
    CRC32 of everything before it

An event carries ``:message-type: event`` and ``:event-type`` naming the member of the stream's union
(``messageStart``, ``contentBlockDelta``…); a modelled error carries ``:message-type: exception`` and
``:exception-type`` naming its member (``validationException``…); botocore raises it as the client
error of that name.
"""

from __future__ import annotations

import json
import struct
import zlib
from collections.abc import Mapping
from typing import Any

CONTENT_TYPE = "application/vnd.amazon.eventstream"
_STRING = 7
MAX_HEADER_VALUE = 0xFFFF
MAX_MESSAGE = 16 * 1024 * 1024  # botocore refuses bigger payloads


def _header(name: str, value: str) -> bytes:
    raw_name, raw_value = name.encode("utf-8"), value.encode("utf-8")
    if not 0 < len(raw_name) < 256:
        raise ValueError(f"event-stream header name {name!r} must be 1-255 bytes")
    if len(raw_value) > MAX_HEADER_VALUE:
        raise ValueError(f"event-stream header {name!r} is longer than {MAX_HEADER_VALUE} bytes")
    return (struct.pack(">B", len(raw_name)) + raw_name + struct.pack(">BH", _STRING, len(raw_value))
            + raw_value)


def message(headers: Mapping[str, str], payload: bytes) -> bytes:
    """One framed message: prelude, its CRC, string headers, payload, message CRC."""
    head = b"".join(_header(k, v) for k, v in headers.items())
    total = 12 + len(head) + len(payload) + 4
    if total > MAX_MESSAGE:
        raise ValueError(f"an event-stream message may be at most {MAX_MESSAGE} bytes (got {total})")
    prelude = struct.pack(">II", total, len(head))
    prelude += struct.pack(">I", zlib.crc32(prelude) & 0xFFFFFFFF)
    body = prelude + head + payload
    return body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def _json(body: Mapping[str, Any]) -> bytes:
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def event(event_type: str, body: Mapping[str, Any]) -> bytes:
    """An event of the stream's union member ``event_type`` with a JSON body."""
    return message({":event-type": event_type, ":content-type": "application/json", ":message-type": "event"},
                   _json(body))


def exception(exception_type: str, body: Mapping[str, Any]) -> bytes:
    """A modelled error inside the stream (``validationException``, ``internalServerException``…)."""
    return message({":exception-type": exception_type, ":content-type": "application/json",
                    ":message-type": "exception"}, _json(body))
