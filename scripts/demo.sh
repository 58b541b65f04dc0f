#!/usr/bin/env bash
# Quick start 1: set up, then run engram's main job on the embedded default (SQLite file, offline models).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec .venv/bin/engram demo --db "sqlite:///${ENGRAM_DEMO_DB:-demo.db}" "$@"
