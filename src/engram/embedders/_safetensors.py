"""A minimal safetensors reader on NumPy, so the offline embedder needs neither torch nor `safetensors`.

Format: 8-byte little-endian header length, a JSON header mapping each tensor name to its dtype, shape and
``data_offsets`` (relative to the end of the header), then the raw little-endian tensor bytes.
"""

from __future__ import annotations

import json
import struct
from pathlib import Path

import numpy as np

_DTYPES: dict[str, str] = {
    "F64": "<f8", "F32": "<f4", "F16": "<f2",
    "I64": "<i8", "I32": "<i4", "I16": "<i2", "I8": "i1", "U8": "u1", "BOOL": "?",
}
_MAX_HEADER = 100 * 1024 * 1024


class SafetensorsFormatError(ValueError):
    """The file is not a safetensors file this reader understands."""


def read_safetensors(path: str | Path) -> dict[str, np.ndarray]:
    """Load every tensor of ``path`` as a NumPy array (bf16 is widened to float32)."""
    data = Path(path).read_bytes()
    if len(data) < 8:
        raise SafetensorsFormatError(f"{path}: too short for a safetensors file")
    (header_len,) = struct.unpack("<Q", data[:8])
    if header_len > _MAX_HEADER or 8 + header_len > len(data):
        raise SafetensorsFormatError(f"{path}: implausible header length {header_len}")
    header = json.loads(data[8:8 + header_len])
    base = 8 + header_len
    out: dict[str, np.ndarray] = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        dtype, shape, (start, end) = info["dtype"], info["shape"], info["data_offsets"]
        if not 0 <= start <= end <= len(data) - base:
            raise SafetensorsFormatError(f"{path}: tensor {name} lies outside the file")
        raw = data[base + start:base + end]
        if dtype == "BF16":
            bits = np.frombuffer(raw, dtype="<u2").astype(np.uint32) << 16
            arr = bits.view(np.float32)
        elif dtype in _DTYPES:
            arr = np.frombuffer(raw, dtype=_DTYPES[dtype]).copy()
        else:
            raise SafetensorsFormatError(f"{path}: tensor {name} has unsupported dtype {dtype}")
        count = int(np.prod(shape)) if shape else 1
        if arr.size != count:
            raise SafetensorsFormatError(f"{path}: tensor {name} has {arr.size} values for shape {shape}")
        out[name] = arr.reshape(shape)
    return out
