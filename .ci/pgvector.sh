#!/usr/bin/env bash
# Install the pgvector extension into the local PostgreSQL 15, once.
#
# Debian bookworm ships no pgvector package, so this builds Debian's trixie *source* package of pgvector
# against PostgreSQL 15 (about 35 s). Idempotent: it exits at once when the server already offers the
# extension (or, with the server down, when the extension's control file is installed).
set -euo pipefail

PG_MAJOR="${PG_MAJOR:-15}"
PG_CONFIG="${PG_CONFIG:-/usr/lib/postgresql/${PG_MAJOR}/bin/pg_config}"
PGHOST_URL="${ENGRAM_PG_ADMIN_URL:-postgresql://postgres@127.0.0.1:5432/postgres}"
SRC_LIST=/etc/apt/sources.list.d/engram-trixie-src.sources
BUILD_DIR="${PGVECTOR_BUILD_DIR:-/var/tmp/engram-pgvector}"

available() {
    if pg_isready -q -h 127.0.0.1 >/dev/null 2>&1; then
        [ "$(psql "$PGHOST_URL" -Atqc "SELECT 1 FROM pg_available_extensions WHERE name = 'vector'" 2>/dev/null)" = "1" ]
    else
        [ -f "$("$PG_CONFIG" --sharedir 2>/dev/null)/extension/vector.control" ]
    fi
}

if available; then
    echo "pgvector: already available"
    exit 0
fi

if [ "$(id -u)" != 0 ]; then
    echo "pgvector: not installed and this is not root; install it (or run this script as root)" >&2
    exit 1
fi

# A deb-src entry for trixie with the same URIs and keyring as the main Debian source (binary packages
# stay on bookworm: only source is fetched from trixie).
if [ ! -f "$SRC_LIST" ]; then
    uris=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources)
    keyring=$(awk '/^Signed-By:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources)
    cat > "$SRC_LIST" <<SRC
Types: deb-src
URIs: ${uris:-http://deb.debian.org/debian}
Suites: trixie
Components: main
Signed-By: ${keyring:-/usr/share/keyrings/debian-archive-keyring.gpg}
SRC
fi

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "postgresql-server-dev-${PG_MAJOR}" dpkg-dev >/dev/null

rm -rf "$BUILD_DIR"
mkdir -p "$BUILD_DIR"
# apt downloads as _apt: let it write here (else it warns and falls back to root)
if id _apt >/dev/null 2>&1; then chown _apt "$BUILD_DIR"; fi
cd "$BUILD_DIR"
apt-get source -qq pgvector >/dev/null
src=$(find . -maxdepth 1 -type d -name 'pgvector-*' | head -n1)
cd "$src"
make -s PG_CONFIG="$PG_CONFIG" >/dev/null
make -s PG_CONFIG="$PG_CONFIG" install >/dev/null
cd /
rm -rf "$BUILD_DIR"

if available; then
    echo "pgvector: installed $(basename "$src")"
else
    echo "pgvector: built, but PostgreSQL does not list the extension" >&2
    exit 1
fi
