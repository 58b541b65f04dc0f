#!/usr/bin/env bash
# Builds llama.cpp's llama-server (CPU only, no web UI) from the sources vendored in PyPI's
# llama-cpp-python sdist, once per machine: the binary is cached outside the repository.
# Prints the binary's path on its last line.
set -euo pipefail
VERSION=${LLAMA_CPP_PYTHON_VERSION:-0.3.36}
CACHE=${ENGRAM_NATIVE_CACHE:-$HOME/.cache/engram-native}/llama-server-$VERSION
BIN=$CACHE/bin/llama-server
if [ -x "$BIN" ]; then echo "$BIN"; exit 0; fi
mkdir -p "$CACHE"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
PY=${PYTHON:-python3}
"$PY" -m pip download -q --no-deps --no-binary :all: "llama-cpp-python==$VERSION" -d "$WORK" >&2
tar xzf "$WORK"/llama_cpp_python-"$VERSION".tar.gz -C "$WORK"
SRC="$WORK/llama_cpp_python-$VERSION/vendor/llama.cpp"
cmake -S "$SRC" -B "$WORK/build" -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF \
  -DLLAMA_BUILD_UI=OFF -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF \
  -DLLAMA_BUILD_APP=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_CURL=OFF -DGGML_NATIVE=OFF -DGGML_OPENMP=OFF >&2
cmake --build "$WORK/build" --target llama-server -j "$(nproc)" >&2
mkdir -p "$CACHE/bin.tmp"
cp "$WORK/build/bin/llama-server" "$CACHE/bin.tmp/"
rm -rf "$CACHE/bin" && mv "$CACHE/bin.tmp" "$CACHE/bin"
echo "$BIN"
