"""Where the shared benchmark data is: the first ``shared/benchdata`` found above this directory.

The main checkout sits beside ``shared/`` and helper worktrees one level deeper, so the bench scripts look
upwards instead of assuming one layout; ``ENGRAM_BENCHDATA`` overrides.
"""

from __future__ import annotations

import os
from pathlib import Path


def benchdata(*parts: str) -> Path:
    """The path of ``parts`` under the benchmark data directory (it may not exist; the caller reports that)."""
    env = os.environ.get("ENGRAM_BENCHDATA")
    if env:
        return Path(env).joinpath(*parts)
    here = Path(__file__).resolve().parent
    for up in here.parents:
        root = up / "shared" / "benchdata"
        if root.is_dir():
            return root.joinpath(*parts)
    return here.parent.parent / "shared" / "benchdata" / Path(*parts)
