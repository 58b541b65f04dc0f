"""The AgentCore page's (docs/agentcore.md) boto3 example runs verbatim against a real ``engram serve``, reached
only through the environment variables the page names (SQLite and PostgreSQL)."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.agentcore import served
from tests.support.backends import BACKENDS

PAGE = Path(__file__).resolve().parent.parent / "docs" / "agentcore.md"


def example() -> str:
    blocks = [b for b in re.findall(r"```python\n(.*?)```", PAGE.read_text(), re.S) if "retrieve_memory_records(" in b]
    assert blocks, "the page has a python example that retrieves memory records"
    return blocks[0]


@pytest.mark.parametrize("backend", BACKENDS)
def test_readme_example_runs(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    if importlib.util.find_spec("engram.agentcore.control") is None:
        pytest.skip("the example creates its memory through the control plane (engram.agentcore.control)")
    script = tmp_path / "example.py"
    script.write_text(example())
    with served(backend, tmp_path, request, config={}) as s:
        env = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
        env.update(s.env(), AWS_CONFIG_FILE="/dev/null", AWS_SHARED_CREDENTIALS_FILE="/dev/null")
        out = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = [ln for ln in out.stdout.splitlines() if ln.strip()]
    assert lines and "email" in lines[0].lower(), out.stdout
    score = float(lines[0].split()[0])
    assert 0.0 < score <= 1.0
