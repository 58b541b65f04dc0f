"""The distribution builds and installs: sdist and wheel built as a user's ``pip``/``build`` would, the wheel
installed into a clean virtualenv (no system site-packages, no source tree on the path), its ``engram``
command run, and every extra resolved against the index.

The clean virtualenv gets the wheel with ``--no-deps``: ``import engram`` and ``engram --help`` need none of
the dependencies (they load on first use), so the test stays fast. That the declared dependencies and extras
resolve together is checked by pip's resolver (``--dry-run``), which reads the index (PyPI on CI, its cache
or a local mirror here) and installs nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
NAME = PROJECT["name"]
STEM = NAME.replace("-", "_")
EXTRAS = sorted(set(PROJECT["optional-dependencies"]) - {"dev"})


def run(*args: str | Path, cwd: Path) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, f"{args} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """sdist, then the wheel built from that sdist (``python -m build``'s default, in isolated envs)."""
    out = tmp_path_factory.mktemp("dist")
    run(sys.executable, "-m", "build", "--outdir", out, ROOT, cwd=out)
    return out


def test_the_distribution_name_is_not_the_import_name() -> None:
    assert NAME == "engram-memory-kit"  # PyPI's "engram" is someone else's project
    assert PROJECT["scripts"] == {"engram": "engram.cli:main"}


def test_wheel_and_sdist_carry_the_package(dist: Path) -> None:
    [wheel] = dist.glob(f"{STEM}-*.whl")
    [sdist] = dist.glob(f"{STEM}-*.tar.gz")
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("engram/__init__.py", "engram/py.typed", "engram/cli.py", "engram/adapters/__init__.py",
                   "engram/adapters/openai_agents.py"):
        assert needed in names, needed
    assert any(n.startswith("engram/strategies/prompts/") and n.endswith(".md") for n in names)
    assert any(n.startswith("engram/http/static/") for n in names)
    assert not any(n.startswith("tests/") for n in names)
    info = next(n for n in names if n.endswith(".dist-info/METADATA"))
    meta = zipfile.ZipFile(wheel).read(info).decode()
    assert f"Name: {NAME}\n" in meta
    assert all(f"Provides-Extra: {extra}\n" in meta for extra in EXTRAS)
    entry = zipfile.ZipFile(wheel).read(info.replace("METADATA", "entry_points.txt")).decode()
    assert "engram = engram.cli:main" in entry
    with tarfile.open(sdist) as tar:
        members = {m.split("/", 1)[1] for m in tar.getnames() if "/" in m}
    assert {"pyproject.toml", "README.md", "src/engram/__init__.py"} <= members


def test_the_wheel_installs_into_a_clean_virtualenv(dist: Path, tmp_path: Path) -> None:
    [wheel] = dist.glob(f"{STEM}-*.whl")
    venv = tmp_path / "clean"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    py = venv / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", py, "install", "-q", "--no-deps", "--no-index", wheel, cwd=tmp_path)
    where = run(py, "-c", "import engram, importlib.metadata as m; print(engram.__file__); "
                f"print(m.version({NAME!r}))", cwd=tmp_path).split()
    assert where[0].startswith(str(venv)) and where[1] == PROJECT["version"]
    assert "keys" in run(venv / "bin" / "engram", "--help", cwd=tmp_path)


def test_the_dependencies_and_every_extra_resolve_together(dist: Path, tmp_path: Path) -> None:
    """pip's resolver over the wheel with all its extras: reads the index, installs nothing (most of its time
    is the index's metadata, about 30 s here)."""
    [wheel] = dist.glob(f"{STEM}-*.whl")
    report = tmp_path / "report.json"
    run(sys.executable, "-m", "pip", "install", "-q", "--dry-run", "--ignore-installed", "--report", report,
        f"{wheel}[{','.join(EXTRAS)}]", cwd=tmp_path)
    resolved = {i["metadata"]["name"].lower().replace("_", "-") for i in json.loads(report.read_text())["install"]}
    assert {"engram-memory-kit", "numpy", "pydantic", "onnxruntime", "fastapi", "psycopg", "openai-agents",
            "langgraph", "anthropic", "pydantic-ai-slim", "strands-agents", "google-adk",
            "agent-framework-core"} <= resolved
