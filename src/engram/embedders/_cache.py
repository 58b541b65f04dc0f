"""The on-disk cache of derived model files (the ONNX graph, the static table): where, how named, how written.

Files are written to a temporary name in the same directory and renamed into place, so a reader — another
process building the same file at the same moment included — never sees a half-written file.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from pathlib import Path


def cache_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """``override``, else ``$ENGRAM_CACHE_DIR``, else ``~/.cache/engram``."""
    if override is not None:
        return Path(override)
    env = os.environ.get("ENGRAM_CACHE_DIR")
    return Path(env) if env else Path.home() / ".cache" / "engram"


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` via a temporary file and an atomic rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)  # mkstemp makes 0600; a shared cache directory must stay readable
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def file_digest(path: Path, cache: Path) -> str:
    """SHA-256 of ``path``, remembered in ``cache`` under the file's (path, size, mtime) so later loads skip
    hashing 90 MB; a changed file has a new stat, hence a new digest."""
    st = path.stat()
    key = hashlib.sha1(f"{path.resolve()}|{st.st_size}|{st.st_mtime_ns}".encode()).hexdigest()
    memo = cache / "digests" / f"{key}.json"
    try:
        recorded = json.loads(memo.read_text())
        if isinstance(recorded, dict) and isinstance(recorded.get("sha256"), str):
            return str(recorded["sha256"])
    except (OSError, ValueError):
        pass
    with path.open("rb") as f:
        digest = hashlib.file_digest(f, "sha256").hexdigest()
    with contextlib.suppress(OSError):  # a read-only cache only costs the hashing again next time
        atomic_write_bytes(memo, json.dumps({"path": str(path), "sha256": digest}).encode())
    return digest
