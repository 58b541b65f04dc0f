#!/usr/bin/env bash
# Make sure the local PostgreSQL server runs, then create a throwaway database for one test run.
#
#   .ci/postgres.sh              start the server if needed, create a database with pgvector, print its URL
#   .ci/postgres.sh drop NAME    drop that database (end of run)
#
# Databases are named engram_test_<unix time>_<random>; ones older than six hours (left by runs that
# died) are dropped on the way. Admin connection: ENGRAM_PG_ADMIN_URL (default: postgres on 127.0.0.1).
set -euo pipefail

PG_MAJOR="${PG_MAJOR:-15}"
HOST="${ENGRAM_PG_HOST:-127.0.0.1}"
PORT="${ENGRAM_PG_PORT:-5432}"
ADMIN_URL="${ENGRAM_PG_ADMIN_URL:-postgresql://postgres@${HOST}:${PORT}/postgres}"
BASE_URL="${ADMIN_URL%/*}"
STALE_SECONDS="${ENGRAM_PG_STALE_SECONDS:-21600}"

sql() { psql "$ADMIN_URL" -v ON_ERROR_STOP=1 -Atqc "$1"; }

if [ "${1:-}" = "drop" ]; then
    name="${2:?usage: .ci/postgres.sh drop NAME}"
    [[ "$name" =~ ^engram_test_[0-9]+_[0-9a-f]+$ ]] || { echo "refusing to drop $name" >&2; exit 2; }
    sql "DROP DATABASE IF EXISTS \"$name\" WITH (FORCE)"
    exit 0
fi

if ! pg_isready -q -h "$HOST" -p "$PORT"; then
    if command -v pg_ctlcluster >/dev/null; then
        pg_ctlcluster --skip-systemctl-redirect "$PG_MAJOR" main start >&2
    else
        echo "PostgreSQL is not running on $HOST:$PORT and pg_ctlcluster is not available" >&2
        exit 1
    fi
    for _ in $(seq 1 60); do
        pg_isready -q -h "$HOST" -p "$PORT" && break
        sleep 0.5
    done
    pg_isready -q -h "$HOST" -p "$PORT" || { echo "PostgreSQL did not start" >&2; exit 1; }
fi

now=$(date +%s)
for old in $(sql "SELECT datname FROM pg_database WHERE datname ~ '^engram_test_[0-9]+_[0-9a-f]+$'"); do
    born=$(echo "$old" | cut -d_ -f3)
    if [ $((now - born)) -gt "$STALE_SECONDS" ]; then
        sql "DROP DATABASE IF EXISTS \"$old\" WITH (FORCE)" >&2 || true
    fi
done

name="engram_test_${now}_$(od -An -N4 -tx1 /dev/urandom | tr -d ' \n')"
sql "CREATE DATABASE \"$name\""
psql "$BASE_URL/$name" -v ON_ERROR_STOP=1 -Atqc "CREATE EXTENSION IF NOT EXISTS vector SCHEMA public" >&2
echo "$BASE_URL/$name"
