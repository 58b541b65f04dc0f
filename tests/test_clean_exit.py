"""Issue 13, item 8: a script that never closes its Memory exits cleanly (code 0), its background threads
stopped and joined before the interpreter finalizes (see engram.lifecycle)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(script: str, cwd: Path, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src") + os.pathsep + str(ROOT)}
    return subprocess.run([sys.executable, "-c", textwrap.dedent(script), *args], cwd=cwd, env=env, text=True,
                          capture_output=True, timeout=timeout)


SLOW_INDEXER = """
    import sys, time, pathlib
    import numpy as np
    from engram import Memory, Scope
    from engram.embedders import HashingEmbedder

    class Slow(HashingEmbedder):
        def embed(self, texts):
            if len(texts) > 1:  # the background indexer's batch, not a query
                time.sleep(1.0)
                pathlib.Path(sys.argv[2]).write_text(str(len(texts)))
            return super().embed(texts)

    mem = Memory.open(sys.argv[1], embedder=Slow())
    mem.append(Scope("a", "u", "s"), [{"role": "user", "content": f"message {i}"} for i in range(10)])
    time.sleep(0.3)  # the indexer is inside its batch now; the script ends without mem.close()
"""


def test_exit_waits_for_the_indexer_batch_in_hand(tmp_path: Path) -> None:
    flag = tmp_path / "batch-done"
    done = _run(SLOW_INDEXER, tmp_path, f"sqlite:///{tmp_path / 'x.db'}", str(flag), timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert flag.read_text() == "10"  # the thread finished its batch and was joined, not killed mid-way


def _tour() -> str:
    """The python blocks of the API tour (docs/concepts.md), in order, as one script."""
    page = (ROOT / "docs" / "concepts.md").read_text()
    section = page[page.index("## A tour of the API"):].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert blocks
    return "\n".join(blocks)


def test_the_readme_tour_as_a_script_exits_cleanly(tmp_path: Path) -> None:
    """The API tour never calls mem.close(); run as a script it must exit 0 every time."""
    tour = _tour()
    assert "mem.close()" not in tour
    for i in range(3):
        cwd = tmp_path / f"run{i}"
        cwd.mkdir()
        done = _run(tour, cwd)
        assert done.returncode == 0, (done.returncode, done.stderr[-3000:])
        assert "terminate called" not in done.stderr
