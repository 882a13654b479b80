#!/usr/bin/env bash
# The load test: many accounts, many sync clients, two `contacts serve` nodes on one PostgreSQL
# database, all on this machine (traffic to 127.0.0.1 only) and bounded in time. Not part of
# `make test`: it takes minutes and measures rather than checks (it fails only on errors).
#
# Makes a fresh database on the server (--postgres-server URL, else $CONTACTS_TEST_POSTGRES, which
# `scripts/with-postgres.sh --durable` sets), fills it with `contacts-bench load-seed` (accounts
# load1…loadN of CARDS contacts each, one password), runs ANALYZE, starts two nodes on it, and
# runs scripts/load-test.py: CLIENTS sync clients spread over both nodes, each an initial
# sync-collection then an incremental one every INTERVAL seconds, one in ten also PUTting a
# changed card each round. Prints p50/p99 latency per request kind, errors, the database's
# connections, each node's peak RSS and CPU; drops the database at the end.
#
# Usage: scripts/with-postgres.sh --durable scripts/load-test.sh [BIN_DIR] [--accounts N]
#        [--cards N] [--clients N] [--interval S] [--seconds S] [--json FILE]
#        (BIN_DIR defaults to .build/release and needs contacts and contacts-bench:
#         scripts/build-release.sh contacts contacts-bench)
set -euo pipefail
bin=.build/release
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then bin=$1; shift; fi
postgres_server=${CONTACTS_TEST_POSTGRES:-}
accounts=1000 cards=500
driver_options=()
while [ $# -gt 0 ]; do
  case $1 in
    --postgres-server) postgres_server=$2; shift 2 ;;
    --accounts) accounts=$2; shift 2 ;;
    --cards) cards=$2; shift 2 ;;
    --clients|--interval|--seconds|--json) driver_options+=("$1" "$2"); shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
for program in contacts contacts-bench; do
  [ -x "$bin/$program" ] || { echo "no $bin/$program: swift build -c release --product $program" >&2; exit 1; }
done
[ -n "$postgres_server" ] || { echo "no PostgreSQL server: run under scripts/with-postgres.sh --durable, or pass --postgres-server URL" >&2; exit 1; }
bin=$(cd "$bin" && pwd)
cd "$(dirname "$0")/.."
export PYTHONDONTWRITEBYTECODE=1

psql=$(command -v psql || ls /usr/lib/postgresql/*/bin/psql 2>/dev/null | sort -V | tail -n 1)
[ -x "$psql" ] || { echo "no psql to make the load test's database with" >&2; exit 1; }
work=$(mktemp -d)
database="contacts_load_$$"
nodes=
cleanup() {
  for pid in $nodes; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  "$psql" -q "$postgres_server" -c "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

"$psql" -q -v ON_ERROR_STOP=1 "$postgres_server" -c "CREATE DATABASE $database" >/dev/null
# The server's URL with its database (the path) replaced by the new one, the query kept.
url=$(printf '%s' "$postgres_server" | sed -E "s#^(postgres(ql)?://[^/?]*)(/[^?]*)?#\\1/$database#")
password="load test password $RANDOM"

echo "seeding $accounts accounts of $cards contacts…"
seed_start=$(date +%s)
"$bin/contacts-bench" load-seed "$url" "$accounts" "$cards" "$password"
"$psql" -q "$url" -c "ANALYZE" >/dev/null
echo "seeded in $(( $(date +%s) - seed_start )) s; database $("$psql" -Atq "$url" -c "SELECT pg_size_pretty(pg_database_size(current_database()))")"

# Every client comes from 127.0.0.1, as every connection does behind a reverse proxy: the
# nodes take as many from one address as a proxy in front of them would need.
node_options=()
for name in node1 node2; do
  "$bin/contacts" --database "$url" serve --port 0 --max-connections-per-client 1000 >"$work/$name.out" 2>"$work/$name.log" &
  pid=$!
  nodes="$nodes $pid"
  for _ in $(seq 100); do grep -q Listening "$work/$name.out" 2>/dev/null && break; sleep 0.1; done
  address=$(sed -n 's/^Listening on //p' "$work/$name.out")
  [ -n "$address" ] || { echo "contacts serve ($name) did not start:" >&2; cat "$work/$name.log" >&2; exit 1; }
  node_options+=(--node "$address" --node-pid "$pid")
done

status=0
python3 scripts/load-test.py "${node_options[@]}" --database "$url" --psql "$psql" --accounts "$accounts" \
  --password "$password" ${driver_options[@]+"${driver_options[@]}"} || status=$?
if [ "$status" -ne 0 ]; then
  for name in node1 node2; do echo "($name)" >&2; tail -n 5 "$work/$name.log" >&2; done
fi
exit "$status"
