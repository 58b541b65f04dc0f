"""Every fenced code block of README.md and docs/*.md runs as the page shows it, so the docs cannot drift.

The rules a page is written for:

* A page's blocks run in order in one fresh temporary directory, so they share files (``engram.db``).
* ``python`` blocks of one page run in one interpreter, in order: a later block sees an earlier one's names.
  The interpreter is this venv's, with ``HF_HUB_OFFLINE=1`` and no API key or AWS setting in its environment.
* ``bash`` blocks run under ``bash -euo pipefail`` with this venv's ``bin`` first on ``PATH`` (so ``engram`` is
  the tree under test). They may reach loopback only: a URL to any other host fails the test, and so does a
  ``pip install`` or ``scripts/`` line, which must be in a skipped block.
* ``json`` blocks are parsed. An MCP client configuration (``"mcpServers"``) must name a command that exists
  and an absolute ``sqlite:////`` database; the test then starts it twice through the official MCP client,
  with the path swapped for a temporary one, and checks that a memory added in the first is found in the
  second (memory outlives the conversation).
* ``text`` blocks are listings and output: shown, not run. Any other fence language fails the test.
* HTML comments on the lines right before a fence steer the test: ``<!-- docs-test: skip reason="..." -->``
  skips the block (a reason is required; the skipped blocks are counted and reported), and
  ``<!-- docs-test: expect="..." -->`` (one or more) requires the block's output to contain that text.
* A page whose runnable blocks use ``127.0.0.1:8420`` gets an ``engram serve`` started in its directory on
  a free loopback port, and that port replaces 8420 in its blocks.
"""

from __future__ import annotations

import asyncio
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.servers import free_port, stop

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LANGUAGES = {"python", "bash", "json", "text"}
DOC_PORT = "8420"
FENCE = re.compile(r"^(\s*)```(.*)$")
DIRECTIVE = re.compile(r"^\s*<!--\s*docs-test:(.*?)-->\s*$")
ATTR = re.compile(r'(skip|expect|reason)(?:="((?:[^"\\]|\\.)*)")?')
SECRET_ENV = re.compile(r"API_KEY|SECRET|TOKEN|PASSWORD|^AWS_|^OPENAI_|^ANTHROPIC_|^ENGRAM_DB$")
NON_LOOPBACK_URL = re.compile(r"https?://(?!127\.0\.0\.1[:/]|localhost[:/])")


@dataclass
class Block:
    page: Path
    line: int  # 1-based line of the opening fence
    lang: str
    code: str
    skip: str | None = None  # the reason, when skipped
    expect: list[str] = field(default_factory=list)

    def where(self) -> str:
        page = self.page.relative_to(ROOT) if self.page.is_relative_to(ROOT) else self.page.name
        return f"{page}:{self.line}"


def parse(page: Path) -> list[Block]:
    """The fenced blocks of one page with the docs-test directives on the lines right before each."""
    lines = page.read_text(encoding="utf-8").split("\n")
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, lang = m.group(1), m.group(2).strip()
        start = i
        body: list[str] = []
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
            i += 1
        assert i < len(lines), f"{page.name}:{start + 1}: a fence that never closes"
        block = Block(page, start + 1, lang, "\n".join(body) + "\n")
        j = start
        while j > 0 and DIRECTIVE.match(lines[j - 1]):
            j -= 1
        for k in range(j, start):
            directive = DIRECTIVE.match(lines[k])
            assert directive is not None
            for key, value in ATTR.findall(directive.group(1)):
                if key == "skip":
                    block.skip = block.skip or ""
                elif key == "reason":
                    block.skip = value
                elif key == "expect":
                    block.expect.append(value.replace('\\"', '"'))
        blocks.append(block)
        i += 1
    return blocks


def env_for(tmp: Path) -> dict[str, str]:
    """The environment a reader's shell would have: this venv first, offline, no keys, nothing of ours."""
    env = {k: v for k, v in os.environ.items() if not SECRET_ENV.search(k)}
    env.update(PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}", HF_HUB_OFFLINE="1",
               PYTHONPATH=str(ROOT / "src"), HOME=env.get("HOME", str(tmp)))
    return env


RUNNER = r"""
import contextlib, io, json, sys, traceback
TOKEN = sys.argv[1]
ns = {"__name__": "__main__"}
for line in sys.stdin:
    req = json.loads(line)
    out = io.StringIO()
    ok = True
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            exec(compile(req["code"], req["name"], "exec"), ns)
        except BaseException:
            ok = False
            traceback.print_exc()
    sys.__stdout__.write(TOKEN + json.dumps({"ok": ok, "output": out.getvalue()}) + "\n")
    sys.__stdout__.flush()
"""


class Interpreter:
    """One python process per page: blocks are sent one by one and run in one namespace, in order."""

    TOKEN = "\x1edocs-test-result:"

    def __init__(self, cwd: Path, env: dict[str, str]) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", RUNNER, self.TOKEN], cwd=cwd, env=env, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def run(self, block: Block, timeout: float = 300) -> tuple[bool, str]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"code": block.code, "name": block.where()}) + "\n")
        self.proc.stdin.flush()
        stray: list[str] = []  # what subprocesses of the block wrote straight to the shared stdout
        while True:
            line = self.lines.get(timeout=timeout)
            if line is None:
                return False, "".join(stray) + f"\n(the interpreter exited with {self.proc.wait()})"
            if line.startswith(self.TOKEN):
                result = json.loads(line[len(self.TOKEN):])
                return bool(result["ok"]), "".join(stray) + result["output"]
            stray.append(line)

    def close(self) -> int:
        """End the interpreter as a script ends (its atexit hooks run) and return its exit code."""
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        try:
            return self.proc.wait(timeout=60)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()


class Server:
    """``engram serve`` on a free loopback port, in the page's directory (its default ``engram.db``)."""

    def __init__(self, cwd: Path, env: dict[str, str]) -> None:
        self.port = free_port()
        self.log = open(cwd / "serve.log", "w")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(["engram", "serve", "--port", str(self.port)], cwd=cwd, env=env,
                                     stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 180
        while True:
            assert self.proc.poll() is None, (cwd / "serve.log").read_text()
            try:
                if httpx.get(f"http://127.0.0.1:{self.port}/v1/health", timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "engram serve did not answer /v1/health"
            time.sleep(0.1)

    def stop(self) -> None:
        stop(self.proc, timeout=30)
        self.log.close()


def check_bash(block: Block) -> None:
    for n, line in enumerate(block.code.splitlines(), block.line + 1):
        assert "pip install" not in line and not line.lstrip().startswith("scripts/"), \
            f"{block.page.name}:{n}: installs or sets up; mark the block skipped with a reason"
        assert not NON_LOOPBACK_URL.search(line), f"{block.page.name}:{n}: reaches beyond loopback"


def mcp_servers(doc: Any) -> dict[str, Any]:
    return doc.get("mcpServers", {}) if isinstance(doc, dict) else {}


async def _mcp_call(command: str, args: list[str], cwd: Path, env: dict[str, str], tool: str,
                    arguments: dict[str, Any]) -> Any:
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(command=command, args=args, cwd=str(cwd), env=env)
    with open(cwd / "mcp.log", "a") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            result = await session.call_tool(tool, arguments)
    assert not result.is_error, result.content
    if result.structured_content is not None:
        return result.structured_content
    return json.loads("".join(getattr(c, "text", "") for c in result.content))


def check_mcp_config(block: Block, tmp: Path, env: dict[str, str]) -> None:
    """The configuration names a real command and an absolute SQLite file, and memory outlives a session."""
    servers = mcp_servers(json.loads(block.code))
    for name, server in servers.items():
        command, args = server["command"], list(server.get("args", []))
        resolved = shutil.which(command, path=env["PATH"])
        assert resolved, f"{block.where()}: server {name!r}: command {command!r} is not on PATH"
        assert "--db" in args, f"{block.where()}: server {name!r} names no --db"
        url = args[args.index("--db") + 1]
        assert re.fullmatch(r"sqlite:////[^/].*", url), f"{block.where()}: {url!r} is not an absolute sqlite:////path"
        db = tmp / "mcp-home" / "memory.db"
        db.parent.mkdir(exist_ok=True)
        args[args.index("--db") + 1] = f"sqlite:///{db}"  # tmp is absolute: sqlite:////tmp/...
        elsewhere = tmp / "client-cwd"  # a client starts the server wherever it likes
        elsewhere.mkdir(exist_ok=True)
        added = asyncio.run(_mcp_call(resolved, args, elsewhere, env, "add_memory",
                                      {"summary": "Prefers green tea"}))
        assert added["level"] == "actor", added  # as docs/mcp.md says; a session-level one would not outlive it
        found = asyncio.run(_mcp_call(resolved, args, elsewhere, env, "search_memory",
                                      {"query": "what tea does the user like"}))
        assert [h["record"]["id"] for h in found["hits"]][:1] == [added["id"]], found


def run_page(page: Path, tmp: Path) -> tuple[int, int]:
    """Run one page's blocks in order; returns (run, skipped)."""
    blocks = parse(page)
    env = env_for(tmp)
    runnable = [b for b in blocks if b.skip is None]
    for b in blocks:
        assert b.lang in LANGUAGES, f"{b.where()}: fence language {b.lang!r}; use one of {sorted(LANGUAGES)}"
        assert b.skip is None or b.skip.strip(), f"{b.where()}: a skipped block needs a reason"
    server = Server(tmp, env) if any(f"127.0.0.1:{DOC_PORT}" in b.code for b in runnable
                                     if b.lang in ("python", "bash")) else None
    python: Interpreter | None = None
    try:
        for b in runnable:
            code = b.code.replace(f"127.0.0.1:{DOC_PORT}", f"127.0.0.1:{server.port}") if server else b.code
            block = Block(b.page, b.line, b.lang, code, b.skip, b.expect)
            if b.lang == "text":
                assert not b.expect, f"{b.where()}: a text block is not run; put expect on the block that prints it"
                continue
            if b.lang == "json":
                doc = json.loads(b.code)
                if mcp_servers(doc):
                    check_mcp_config(b, tmp, env)
                continue
            if b.lang == "python":
                python = python or Interpreter(tmp, env)
                ok, output = python.run(block)
            else:
                check_bash(b)
                done = subprocess.run(["bash", "-euo", "pipefail", "-c", block.code], cwd=tmp, env=env, text=True,
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300)
                ok, output = done.returncode == 0, done.stdout
            assert ok, f"{b.where()} failed:\n{output[-4000:]}"
            for text in b.expect:
                assert text in output, f"{b.where()}: output lacks {text!r}:\n{output[-4000:]}"
        if python is not None:
            status = python.close()
            assert status == 0, f"{page.name}: the python blocks, run as one script, exit {status}"
    finally:
        if server is not None:
            server.stop()
    return len([b for b in runnable if b.lang != "text"]), len(blocks) - len(runnable)


@pytest.fixture(scope="module")
def page_runs(request: pytest.FixtureRequest,
              tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[Path, Future[tuple[int, int]]]]:
    """The selected pages, run two at a time (each page is a chain of processes; this machine has 2 cores).

    Each page still gets its own directory, server and interpreter; its test takes its result (or exception)."""
    chosen = {item.callspec.params["page"] for item in request.session.items
              if isinstance(item, pytest.Function) and item.originalname == "test_page_blocks_run"}
    selected = [page for page in PAGES if page in chosen]
    with ThreadPoolExecutor(max_workers=2) as pool:
        yield {page: pool.submit(run_page, page, tmp_path_factory.mktemp(page.stem)) for page in selected}


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_page_blocks_run(page: Path, page_runs: dict[Path, Future[tuple[int, int]]]) -> None:
    ran, skipped = page_runs[page].result(timeout=600)
    print(f"{page.relative_to(ROOT)}: {ran} blocks run, {skipped} skipped")


def test_skipped_blocks_carry_a_reason() -> None:
    """Every skipped block says why; the count is reported so that skipping stays visible."""
    skipped = [b for page in PAGES for b in parse(page) if b.skip is not None]
    assert all(b.skip and b.skip.strip() for b in skipped), [b.where() for b in skipped if not (b.skip or "").strip()]
    report = "; ".join(f"{b.where()} ({b.skip})" for b in skipped)
    warnings.warn(f"docs: {len(skipped)} code blocks skipped: {report}", stacklevel=1)


LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def anchors(page: Path) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
            for h in re.findall(r"^#{1,6} (.+)$", text, re.M)}


def test_links_resolve() -> None:
    """Every relative link of the pages names a file that exists, and a #fragment a heading of it."""
    broken = []
    for page in PAGES:
        text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, fragment = target.partition("#")
            dest = (page.parent / path).resolve() if path else page
            if not dest.exists():
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such file)")
            elif fragment and dest.suffix == ".md" and fragment not in anchors(dest):
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such heading)")
    assert not broken, "\n".join(broken)


def test_the_parser_reads_directives_and_refuses_unclosed_fences(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text('Text\n<!-- docs-test: skip reason="needs \\"a\\" server" -->\n```bash\nengram serve\n```\n\n'
                    '<!-- docs-test: expect="one" -->\n<!-- docs-test: expect="two" -->\n  ```python\n'
                    '  print("one two")\n  ```\n')
    first, second = parse(page)
    assert (first.lang, first.skip, first.code, first.line) == ("bash", 'needs \\"a\\" server', "engram serve\n", 3)
    assert (second.lang, second.skip, second.expect, second.code) == ("python", None, ["one", "two"],
                                                                     'print("one two")\n')
    page.write_text("```python\nprint(1)\n")
    with pytest.raises(AssertionError, match="never closes"):
        parse(page)


def test_a_block_that_fails_or_prints_otherwise_fails_the_page(tmp_path: Path) -> None:
    """The runner is not a rubber stamp: a raising block, a wrong expectation and a bare skip all fail."""
    cases = {
        "raises.md": "```python\nraise ValueError('drifted')\n```\n",
        "expects.md": '<!-- docs-test: expect="Porto" -->\n```python\nprint("Lisbon")\n```\n',
        "bare-skip.md": "<!-- docs-test: skip -->\n```bash\nengram serve\n```\n",
        "unnamed.md": "```\nengram recall x\n```\n",
        "network.md": "```bash\ncurl -s https://example.com\n```\n",
        "bash-fails.md": "```bash\nengram recall --agent a --actor u --session s --limit nope q\n```\n",
    }
    for name, text in cases.items():
        page = tmp_path / name
        page.write_text(text)
        work = tmp_path / f"{name}.d"
        work.mkdir()
        with pytest.raises(AssertionError):
            run_page(page, work)
    ok = tmp_path / "ok.md"
    ok.write_text('```python\nx = 2\n```\n<!-- docs-test: expect="4" -->\n```python\nprint(x * 2)\n```\n')
    (tmp_path / "ok.d").mkdir()
    assert run_page(ok, tmp_path / "ok.d") == (2, 0)
