#!/usr/bin/env bash
# A throwaway local streaming standby of the test PostgreSQL server, for read-replica tests and benches.
#
#   .ci/replica.sh start [DIR] [PORT]   pg_basebackup of the primary into DIR (default: a new temp dir;
#                                       an existing copy is reused), started on PORT (default 5433) as a
#                                       hot standby; prints DIR, then its URL last
#   .ci/replica.sh stop DIR             stop that standby and delete DIR
#
# The primary's configuration is only read, except for one thing replication needs: when it refuses
# replication connections from 127.0.0.1 while already trusting that address for every database (the test
# server's setup), the line `host replication all 127.0.0.1/32 trust` is appended to its pg_hba.conf and
# the configuration reloaded. wal_level and max_wal_senders are checked, never changed (both need a
# restart; PostgreSQL 15's defaults, replica and 10, already allow a standby). The standby runs as the
# data directory's owner (postgres), with its own socket directory and port, and nothing else of the
# primary's (postgresql.conf lives in /etc on Debian and is not copied).
set -euo pipefail

HOST="${ENGRAM_PG_HOST:-127.0.0.1}"
PRIMARY_PORT="${ENGRAM_PG_PORT:-5432}"
ADMIN_URL="${ENGRAM_PG_ADMIN_URL:-postgresql://postgres@${HOST}:${PRIMARY_PORT}/postgres}"
PG_MAJOR="${PG_MAJOR:-15}"
BIN="${PG_BIN:-/usr/lib/postgresql/${PG_MAJOR}/bin}"
RUN_AS="${ENGRAM_PG_OS_USER:-postgres}"

sql() { psql "$ADMIN_URL" -v ON_ERROR_STOP=1 -Atqc "$1"; }
as_owner() { if [ "$(id -un)" = "$RUN_AS" ]; then "$@"; else runuser -u "$RUN_AS" -- "$@"; fi; }

cmd="${1:-start}"
if [ "$cmd" = "stop" ]; then
    dir="${2:?usage: .ci/replica.sh stop DIR}"
    [ -f "$dir/standby.signal" ] || { echo "$dir is not a standby made by this script" >&2; exit 2; }
    as_owner "$BIN/pg_ctl" -D "$dir" -m fast -w stop >&2 || true
    rm -rf "$dir"
    exit 0
fi
[ "$cmd" = "start" ] || { echo "usage: .ci/replica.sh start [DIR] [PORT] | stop DIR" >&2; exit 2; }

wal_level=$(sql "SHOW wal_level")
senders=$(sql "SHOW max_wal_senders")
if [ "$wal_level" = "minimal" ] || [ "$senders" -lt 1 ]; then
    echo "the primary has wal_level=$wal_level, max_wal_senders=$senders: a standby needs replica and >= 1" >&2
    echo "(both need a server restart; this script does not change them)" >&2
    exit 1
fi

if ! psql "host=$HOST port=$PRIMARY_PORT user=postgres replication=true dbname=postgres" -Atqc \
        "IDENTIFY_SYSTEM" >/dev/null 2>&1; then
    hba=$(sql "SHOW hba_file")
    if [ "$(sql "SELECT count(*) FROM pg_hba_file_rules WHERE type = 'host' AND 'all' = ANY(database)
                AND 'all' = ANY(user_name) AND address = '127.0.0.1' AND auth_method = 'trust'")" -gt 0 ]; then
        echo "allowing replication connections from 127.0.0.1 in $hba (trust, as for every database)" >&2
        printf '\n# added by engram .ci/replica.sh: a local streaming standby for tests\nhost replication all 127.0.0.1/32 trust\n' >> "$hba"
        sql "SELECT pg_reload_conf()" >/dev/null
        sleep 1
    else
        echo "the primary refuses replication connections from 127.0.0.1; allow them in pg_hba.conf" >&2
        exit 1
    fi
fi

dir="${2:-}"
port="${3:-5433}"
if [ -z "$dir" ]; then
    dir=$(mktemp -d /tmp/engram-replica-XXXXXX)
    # a copy this script made is removed again when the start fails (it is a copy of the whole cluster)
    trap 'status=$?; if [ $status -ne 0 ]; then as_owner "$BIN/pg_ctl" -D "$dir" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$dir"; fi' EXIT
fi
mkdir -p "$dir"
chown "$RUN_AS" "$dir"
chmod 700 "$dir"
if pg_isready -q -h "$HOST" -p "$port"; then
    echo "port $port is taken" >&2
    exit 1
fi
# -R writes standby.signal and primary_conninfo; -X stream copies the WAL written meanwhile
[ -f "$dir/PG_VERSION" ] || as_owner "$BIN/pg_basebackup" -h "$HOST" -p "$PRIMARY_PORT" -U postgres -D "$dir" -R -X stream -c fast >&2
# Debian keeps postgresql.conf and pg_hba.conf in /etc, so the copy has none: the standby gets its own
# (defaults, plus local trust as on the test primary)
[ -f "$dir/postgresql.conf" ] || as_owner touch "$dir/postgresql.conf"
[ -f "$dir/pg_hba.conf" ] || as_owner sh -c "printf 'local all all trust\nhost all all 127.0.0.1/32 trust\n' > '$dir/pg_hba.conf'"
as_owner "$BIN/pg_ctl" -D "$dir" -l "$dir/standby.log" -w -t 120 \
    -o "-p $port -c listen_addresses=$HOST -c unix_socket_directories=$dir -c hot_standby=on -c autovacuum=off" \
    start >&2
for _ in $(seq 1 120); do
    [ "$(psql "postgresql://postgres@$HOST:$port/postgres" -Atqc "SELECT pg_is_in_recovery()" 2>/dev/null)" = "t" ] && break
    sleep 0.5
done
echo "$dir"
echo "postgresql://postgres@$HOST:$port"
