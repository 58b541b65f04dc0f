"""Shared fixtures: every store test runs on each backend (real SQLite files, real PostgreSQL)."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engram import Memory
from engram.embedders import HashingEmbedder
from tests.support.backends import BACKENDS
from tests.support.configs import WIDE


def _postgres_url(request: pytest.FixtureRequest) -> str:
    """A fresh, empty engram schema on the test PostgreSQL server (see tests/support/pg.py)."""
    try:
        from tests.support.pg import fresh_url  # written with the PostgreSQL backend
    except ImportError:
        pytest.skip("PostgreSQL backend not available")
    return fresh_url(request)


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def db_url(backend: str, tmp_path: Any, request: pytest.FixtureRequest) -> str:
    if backend == "sqlite":
        return f"sqlite:///{tmp_path / 'engram.db'}"
    return _postgres_url(request)


@pytest.fixture
def make_memory(db_url: str) -> Iterator[Callable[..., Memory]]:
    """Open Memory objects on this test's database (same URL each call, so reopening is possible)."""
    opened: list[Memory] = []

    def make(config: Any = None, **kw: Any) -> Memory:
        kw.setdefault("embedder", HashingEmbedder())
        mem = Memory.open(db_url, config=config, **kw)
        opened.append(mem)
        return mem

    yield make
    for m in opened:
        m.close()


@pytest.fixture
def mem(make_memory: Callable[..., Memory]) -> Memory:
    """A Memory on a fresh database with every level readable and writable, two labels declared."""
    return make_memory(WIDE)


@pytest.fixture
def anyio_backend() -> str:
    """The async tests (``pytest.mark.anyio``) run on asyncio."""
    return "asyncio"


@pytest.fixture
def env(make_memory: Callable[..., Memory]) -> Any:
    """An HTTP app over a fresh memory on each backend, every level readable and writable, with keys
    (:class:`tests.support.http_app.Env`)."""
    from tests.support.http_app import make_env  # the server extra, imported only where a test asks for it

    return make_env(make_memory(WIDE))


@pytest.fixture(autouse=True, scope="module")
def _collect_after_module() -> Iterator[None]:
    """Collect what a module left behind while no event loop runs. An SDK client a test did not close (the OpenAI
    SDK's async client closes itself from ``__del__`` on whatever loop is running) would otherwise be collected
    during a later module's async test and fail it with "Event loop is closed"."""
    yield
    gc.collect()
