"""The web inspector's server side and static files, without a browser (see test_ui_e2e.py for that)."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from fastapi import FastAPI
from fastapi.testclient import TestClient

from engram import Memory
from engram.embedders import HashingEmbedder
from engram.http.ui import CSP, STATIC_DIR, mount_ui

STATIC = sorted(p for p in STATIC_DIR.iterdir() if p.is_file())
SCRIPTS = [p for p in STATIC if p.suffix == ".js"]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    from engram.http.app import create_app

    mem = Memory.open(f"sqlite:///{tmp_path / 'ui.db'}", embedder=HashingEmbedder())
    try:
        with TestClient(create_app(mem)) as c:
            yield c
    finally:
        mem.close()


def test_the_app_factory_serves_the_shell_with_a_strict_csp(client: TestClient) -> None:
    r = client.get("/ui")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    csp = r.headers["content-security-policy"]
    assert csp == CSP
    for rule in ("default-src 'self'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'",
                 "object-src 'none'", "base-uri 'none'", "form-action 'none'"):
        assert rule in csp
    assert "unsafe" not in csp
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"
    assert r.headers["x-frame-options"] == "DENY"
    assert '<script type="module" src="/ui/static/app.js">' in r.text


def test_the_ui_needs_no_key_but_the_api_does(client: TestClient) -> None:
    assert client.get("/ui").status_code == 200
    assert client.get("/ui/static/api.js").status_code == 200
    r = client.get("/v1/key")
    assert r.status_code == 401 and r.json()["error"]["type"] == "Unauthenticated"


@pytest.mark.parametrize("path", STATIC, ids=lambda p: p.name)
def test_every_static_file_is_served_with_its_type_and_csp(client: TestClient, path: Path) -> None:
    r = client.get(f"/ui/static/{path.name}")
    assert r.status_code == 200
    assert r.content == path.read_bytes()
    want = {".js": "text/javascript", ".css": "text/css", ".html": "text/html", ".svg": "image/svg+xml"}
    assert r.headers["content-type"].startswith(want[path.suffix])
    assert r.headers["content-security-policy"] == CSP
    again = client.get(f"/ui/static/{path.name}", headers={"If-None-Match": r.headers["etag"]})
    assert again.status_code == 304 and again.content == b""


@pytest.mark.parametrize("name", ["nope.js", "..%2Fui.py", "%2E%2E%2Fui.py", ".hidden", "ui.py", "app.js%00"])
def test_only_the_shipped_files_are_reachable(client: TestClient, name: str) -> None:
    r = client.get(f"/ui/static/{name}")
    assert r.status_code == 404
    assert r.json()["error"]["type"] == "NotFound"


def test_ui_slash_redirects_and_mounting_twice_is_harmless() -> None:
    app = FastAPI()
    mount_ui(app)
    mount_ui(app)
    assert sum(1 for r in app.routes if getattr(r, "path", "") == "/ui") == 1
    c = TestClient(app)
    r = c.get("/ui/", follow_redirects=False)
    assert r.status_code == 308 and r.headers["location"] == "/ui"


# -- the static files themselves ---------------------------------------------------------------------------------
def test_the_shell_has_no_inline_script_style_or_handler() -> None:
    html = (STATIC_DIR / "index.html").read_text()
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "inline <script>"
    assert not re.search(r"\son[a-z]+\s*=", html, re.I), "inline event handler"
    assert not re.search(r"\sstyle\s*=", html, re.I), "inline style"
    assert "<style" not in html


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_scripts_never_parse_strings_as_html_or_code(path: Path) -> None:
    src = path.read_text()
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function",
                 "setAttribute(\"style\"", "srcdoc", "javascript:"):
        assert sink not in src, f"{path.name} uses {sink}"
    assert not re.search(r"setTimeout\(\s*[\"'`]", src), "setTimeout with a string"


@pytest.mark.parametrize("path", STATIC, ids=lambda p: p.name)
def test_nothing_is_fetched_from_elsewhere(path: Path) -> None:
    text = path.read_text()
    urls = re.findall(r"(?:https?:)?//[A-Za-z0-9.-]+\.[A-Za-z]{2,}[^\s\"'`)]*", text)
    assert [u for u in urls if u != "http://www.w3.org/2000/svg"] == [], urls
    assert "@import" not in text and "fonts.googleapis" not in text


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_no_script_keeps_a_copy_of_the_scope_id_rule(path: Path) -> None:
    """The sign-in page asks the server whether it takes an agent id (``types.ID_PATTERN`` and the '..' rule, in
    one home), so no script holds a copy of the rule that could drift from it."""
    from engram.types import ID_PATTERN, MAX_SCOPE_ID

    rest = re.search(r"\]\[([^\]]+)\]", ID_PATTERN)
    assert rest is not None and "@" in rest.group(1)  # the characters an id may go on with
    text = path.read_text()
    assert rest.group(1) not in text and f"{{0,{MAX_SCOPE_ID - 1}}}" not in text


def test_every_module_import_resolves_and_every_file_is_used() -> None:
    used = {"index.html"}
    for path in [STATIC_DIR / "index.html", *SCRIPTS, STATIC_DIR / "style.css"]:
        text = path.read_text()
        for ref in re.findall(r"""from\s+["']\./([^"']+)["']""", text):
            assert (STATIC_DIR / ref).is_file(), f"{path.name} imports missing {ref}"
            used.add(ref)
        for ref in re.findall(r"/ui/static/([A-Za-z0-9_.-]+)", text):
            assert (STATIC_DIR / ref).is_file(), f"{path.name} links missing {ref}"
            used.add(ref)
    assert {p.name for p in STATIC} == used


def test_the_key_lives_in_session_storage_and_travels_only_as_a_header() -> None:
    api = (STATIC_DIR / "api.js").read_text()
    assert 'sessionStorage.setItem(KEY, key)' in api
    assert '"Bearer "' in api and "Authorization" in api
    for path in SCRIPTS:
        src = path.read_text()
        assert "localStorage.setItem(\"engram.key" not in src
        if path.name != "api.js":
            assert "engram.key" not in src, f"{path.name} touches the key directly"
        if "localStorage.setItem" in src:
            assert re.findall(r"localStorage\.setItem\(([^,]+),", src) == ['"engram.theme"'], path.name


# -- Swagger UI at /docs, from this process ------------------------------------------------------------------------
def test_docs_load_swagger_from_this_server_not_a_cdn(client: TestClient) -> None:
    r = client.get("/docs")
    assert r.status_code == 200 and "SwaggerUIBundle" in r.text
    refs = re.findall(r"""(?:src|href)=["']([^"']+)["']""", r.text)
    assert "/docs/static/swagger-ui-bundle.js" in refs and "/docs/static/swagger-ui.css" in refs
    assert not [u for u in refs if "//" in u], refs  # nothing from another host (scripts, styles, favicon)
    assert "cdn" not in r.text.lower()
    for ref in refs:
        got = client.get(ref)
        assert got.status_code == 200 and got.content, ref
    assert client.get("/docs/static/swagger-ui-bundle.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/docs/static/../ui.py").status_code == 404
    assert client.get("/docs/static/index.css").status_code == 404  # only the two files /docs uses
    assert client.get("/docs/oauth2-redirect").status_code == 200
    assert client.get("/openapi.json").json()["openapi"].startswith("3.")


# -- the job worker of the server ----------------------------------------------------------------------------------
def _worker_app(tmp_path: Path, run_worker: bool) -> tuple[Memory, TestClient, str]:
    from engram.http.app import create_app
    from engram.keys import create_key

    mem = Memory.open(f"sqlite:///{tmp_path / 'w.db'}", embedder=HashingEmbedder())
    key, _ = create_key(mem.store, "bot", can_admin=True)
    return mem, TestClient(create_app(mem, run_worker=run_worker)), key


@pytest.mark.parametrize("run_worker", [True, False])
def test_the_server_says_whether_a_job_worker_runs(tmp_path: Path, run_worker: bool) -> None:
    mem, client, key = _worker_app(tmp_path, run_worker)
    try:
        assert client.get("/v1/worker").status_code == 401  # needs a key like every /v1 path
        with client:
            got = client.get("/v1/worker", headers={"Authorization": f"Bearer {key}"}).json()
            assert got["running"] is run_worker
            assert (got["interval_seconds"] is not None) is run_worker
        assert client.app.state.worker.running is False  # stopped with the app
    finally:
        mem.close()


def test_a_retried_job_is_run_by_the_servers_worker(tmp_path: Path) -> None:
    from engram import Scope
    from engram.turn import new_id
    from engram.types import Job

    mem, client, key = _worker_app(tmp_path, True)
    s = Scope("bot", "u1", "s1")
    try:
        mem.append(s, [{"role": "user", "content": "I moved to Porto last week."}])
        now = mem.now()
        job = Job(id=new_id("j_"), kind="extract", agent="bot", actor="u1", session="s1", status="failed",
                  attempts=3, error="ModelError: down", payload={}, created_at=now, updated_at=now)
        with mem.store.write() as tx:
            tx.enqueue_job(job)
        auth = {"Authorization": f"Bearer {key}"}
        with client:
            r = client.post(f"/v1/agents/bot/jobs/{job.id}/retry", headers=auth)
            assert r.status_code == 200 and r.json()["status"] == "pending"
            done = threading.Event()

            def status() -> str:
                return next(j.status for j in mem.jobs(Scope("bot"), limit=10) if j.id == job.id)

            for _ in range(600):  # waits for the worker (at most a minute), asserts nothing about time
                if status() not in ("pending", "running"):
                    break
                done.wait(0.1)
            assert status() == "done"
    finally:
        mem.close()
