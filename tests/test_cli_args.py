"""The argument checks live in :mod:`engram.cli_args` and every entry point uses that one copy: ``engram`` (the
console script and ``python -m engram``), ``python -m engram.http.cli`` and ``python -m engram.mcp`` refuse the
same bad value with the same one-line error; the names other modules imported from :mod:`engram.cli` still work.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engram import cli, cli_args

ROOT = Path(__file__).resolve().parent.parent


def test_the_cli_parses_with_the_one_copy_of_the_checks() -> None:
    assert (cli.Parser, cli.harden, cli.parse) == (cli_args.Parser, cli_args.harden, cli_args.parse)
    parser = cli.build_parser()
    assert isinstance(parser, cli_args.Parser)
    # a view's options (serve's --port, registered by engram.http.cli) get harden's checks too
    assert parser.parse_args(["serve", "--port", "8425"]).port == 8425


@pytest.mark.parametrize("argv", [
    ("-m", "engram", "mcp", "--agent", "bot", "--port", "0"),
    ("-m", "engram.mcp", "--agent", "bot", "--port", "0"),
    ("-m", "engram", "serve", "--port", "0"),
    ("-m", "engram.http.cli", "serve", "--port", "0"),
])
def test_every_entry_point_refuses_a_bad_port_alike(argv: tuple[str, ...], tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, *argv], capture_output=True, text=True, timeout=120, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "src")}, stdin=subprocess.DEVNULL)
    assert proc.returncode == 2 and proc.stdout == "", (proc.stdout, proc.stderr)
    [line] = proc.stderr.strip().splitlines()
    error = json.loads(line)["error"]
    assert error["type"] == "ValidationError" and error["field"] == "port"
    assert error["message"].endswith("argument --port: must be an integer from 1 to 65535")
    assert not list(tmp_path.iterdir())  # refused before anything opened a database


def test_the_console_script_runs() -> None:
    script = shutil.which("engram", path=os.path.dirname(sys.executable))
    if script is None:
        pytest.skip("the engram console script is not installed next to this interpreter")
    proc = subprocess.run([script, "--version"], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    assert proc.returncode == 0 and proc.stdout.startswith("engram "), (proc.stdout, proc.stderr)
