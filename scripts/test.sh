#!/usr/bin/env bash
# Quick start 2: set up everything the tests need (Python deps, pgvector, PostgreSQL, Chromium), run them.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
if [ -x .ci/pgvector.sh ]; then .ci/pgvector.sh; fi
if [ -x .ci/postgres.sh ]; then
  ENGRAM_TEST_PG_URL=$(.ci/postgres.sh | tail -n 1)
  export ENGRAM_TEST_PG_URL
fi
if [ -x .ci/browser.sh ]; then .ci/browser.sh; fi
# llama.cpp's llama-server for the real-model tests: built once per machine, cached outside the repo.
ENGRAM_LLAMA_SERVER=$(PYTHON=.venv/bin/python .ci/llama-server.sh | tail -n 1)
export ENGRAM_LLAMA_SERVER ENGRAM_REQUIRE_LLAMA=1
export HF_HUB_OFFLINE=1
.venv/bin/ruff check src tests bench
.venv/bin/mypy src
.venv/bin/python scripts/layers.py  # fails on an upward import or an import cycle (typing imports count)
exec .venv/bin/python -m pytest -q -p no:cacheprovider "$@"
