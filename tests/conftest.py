"""Shared fixtures: every store test runs on each backend (real SQLite files, real PostgreSQL)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engram import Memory
from engram.embedders import HashingEmbedder

BACKENDS = ["sqlite"]
if os.environ.get("ENGRAM_TEST_PG", "1") != "0":
    BACKENDS.append("postgres")


def _postgres_url(request: pytest.FixtureRequest) -> str:
    """A fresh, empty engram schema on the test PostgreSQL server (see tests/pg.py)."""
    try:
        from tests.pg import fresh_url  # written with the PostgreSQL backend
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


WIDE = {"harness": {"memory": {
    "scope": {"read": ["session", "actor", "agent"], "write": ["session", "actor", "agent"]},
    "labels": {"customer_id": {"number": 5, "description": "The customer the memory is about."},
               "ticket": {"number": 6, "description": "Support ticket id."}},
}, "history": {"index": "messages_and_tools"}}}


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
    (:class:`tests.test_http_support.Env`)."""
    from tests.test_http_support import WIDE as HTTP_WIDE
    from tests.test_http_support import make_env

    return make_env(make_memory(HTTP_WIDE))
