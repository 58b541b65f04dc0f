"""The web inspector: a single-page app served under ``/ui`` by the same process as the HTTP API.

Everything is a hand-written static file in ``static/`` (no build step, no CDN); the API's Swagger UI at
``/docs`` is served from this process too (:func:`mount_api_docs`), so both work offline. The page calls only the
HTTP API, with the API key the user typed (kept in the browser's session storage), so it shows exactly what
that key's grant allows. Responses carry a strict Content-Security-Policy: scripts, styles and connections
come from this origin only, and nothing may frame the page.
"""

from __future__ import annotations

import hashlib
import importlib.util
from dataclasses import dataclass
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.openapi.docs import get_swagger_ui_html, get_swagger_ui_oauth2_redirect_html
from fastapi.responses import HTMLResponse, RedirectResponse, Response

STATIC_DIR = Path(__file__).with_name("static")

CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
])

SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
}

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".json": "application/json",
}


@dataclass(frozen=True, slots=True)
class _Asset:
    body: bytes
    content_type: str
    etag: str


def _load_assets(root: Path, names: frozenset[str] | None = None) -> dict[str, _Asset]:
    """Read every servable file of ``root`` (or only ``names``) once; names are the only keys a request can
    reach."""
    assets: dict[str, _Asset] = {}
    for path in sorted(root.iterdir()):
        ctype = CONTENT_TYPES.get(path.suffix)
        if not path.is_file() or ctype is None or path.name.startswith(".") or (names and path.name not in names):
            continue
        body = path.read_bytes()
        assets[path.name] = _Asset(body, ctype, '"' + hashlib.sha256(body).hexdigest()[:32] + '"')
    return assets


def _serve(asset: _Asset, request: Request) -> Response:
    headers = {**SECURITY_HEADERS, "ETag": asset.etag, "Cache-Control": "no-cache"}
    if request.headers.get("if-none-match") == asset.etag:
        return Response(status_code=304, headers=headers)
    return Response(asset.body, media_type=asset.content_type, headers=headers)


def _not_found() -> Response:
    return Response('{"error": {"type": "NotFound", "message": "no such file", "field": "path"}}',
                    status_code=404, media_type="application/json", headers=SECURITY_HEADERS)


def mount_ui(app: FastAPI, *, static_dir: Path | None = None) -> None:
    """Add ``GET /ui`` (the app shell) and ``GET /ui/static/{name}`` to ``app``; a second call is a no-op."""
    if getattr(app.state, "engram_ui_mounted", False):
        return
    app.state.engram_ui_mounted = True
    assets = _load_assets(static_dir or STATIC_DIR)
    not_found = _not_found()

    async def index(request: Request) -> Response:
        asset = assets.get("index.html")
        return _serve(asset, request) if asset is not None else not_found

    async def static(name: str, request: Request) -> Response:
        asset = assets.get(name)
        return _serve(asset, request) if asset is not None else not_found

    async def slash() -> Response:
        return RedirectResponse("/ui", status_code=308, headers=SECURITY_HEADERS)

    app.add_api_route("/ui", index, methods=["GET"], include_in_schema=False)
    app.add_api_route("/ui/", slash, methods=["GET"], include_in_schema=False)
    app.add_api_route("/ui/static/{name}", static, methods=["GET"], include_in_schema=False)


# -- Swagger UI at /docs, from this process ---------------------------------------------------------------------
SWAGGER_FILES = frozenset({"swagger-ui-bundle.js", "swagger-ui.css"})
SWAGGER_PACKAGE = "fastapi_offline"  # PyPI fastapi-offline (MIT; ships Swagger UI 5, Apache-2.0), server extra


def swagger_dir() -> Path | None:
    """Where the installed Swagger UI files are (found without importing the package), or None."""
    spec = importlib.util.find_spec(SWAGGER_PACKAGE)
    if spec is None or spec.origin is None:
        return None
    folder = Path(spec.origin).parent / "static"
    return folder if all((folder / n).is_file() for n in SWAGGER_FILES) else None


def mount_api_docs(app: FastAPI, *, openapi_url: str = "/openapi.json") -> None:
    """``GET /docs`` (Swagger UI over ``openapi_url``) with its script and stylesheet served from
    ``/docs/static/`` instead of a CDN, and its OAuth2 redirect page; the app must be made with
    ``docs_url=None``. Without the assets, /docs says how to get them."""
    folder = swagger_dir()
    assets = _load_assets(folder, SWAGGER_FILES) if folder is not None else {}

    async def docs() -> HTMLResponse:
        if not assets:
            return HTMLResponse("<!doctype html><title>engram API</title><p>Swagger UI is not installed: "
                                "<code>pip install 'engram-memory-kit[server]'</code>. The schema is at "
                                f'<a href="{openapi_url}">{openapi_url}</a>.</p>', status_code=503)
        return get_swagger_ui_html(openapi_url=openapi_url, title="engram API",
                                   swagger_js_url="/docs/static/swagger-ui-bundle.js",
                                   swagger_css_url="/docs/static/swagger-ui.css",
                                   swagger_favicon_url="/ui/static/logo.svg",
                                   oauth2_redirect_url="/docs/oauth2-redirect")

    async def redirect() -> HTMLResponse:
        return get_swagger_ui_oauth2_redirect_html()

    async def static(name: str, request: Request) -> Response:
        asset = assets.get(name)
        return _serve(asset, request) if asset is not None else _not_found()

    app.add_api_route("/docs", docs, methods=["GET"], include_in_schema=False)
    app.add_api_route("/docs/oauth2-redirect", redirect, methods=["GET"], include_in_schema=False)
    app.add_api_route("/docs/static/{name}", static, methods=["GET"], include_in_schema=False)
