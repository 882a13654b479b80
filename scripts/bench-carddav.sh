#!/usr/bin/env bash
# CardDAV under load, PersonalContacts against Radicale in the same run: 2,000 generated vCard 3.0
# cards (10% with a 20 KB photo) PUT by 8 clients, PROPFIND Depth 1, sync-collection (initial and
# after 10 changes), addressbook-multiget of 100 cards and single-card GETs (wrk), and each server's
# peak RSS; each workload runs on every server before the next one starts (the wrk workloads in
# two rounds, the better one counting); prints one table row per workload (ours, Radicale, ratio)
# and exits 1 when any response was an error or a wrong answer. scripts/bench-carddav.py does the
# measuring.
# Radicale (bench/requirements.txt, in a virtualenv at .venv-bench) runs with a bcrypt htpasswd
# file, its login cache on (kept 5 minutes, as ours is) and filesystem storage in a temp dir.
# With a PostgreSQL server (--postgres-server URL, else $CONTACTS_TEST_POSTGRES, which
# scripts/with-postgres.sh sets) it also runs `contacts serve` on a fresh database made on that
# server (same user and password), measures the same workloads on it, prints a second table
# (PostgreSQL vs SQLite, and vs Radicale), then starts a second server on that database and
# measures GETs spread over both at once; the database is dropped at the end.
# --no-radicale leaves Radicale out: ours on SQLite against ours on PostgreSQL only (Radicale's PUT
# of 2,000 cards alone takes minutes).
# Usage: scripts/bench-carddav.sh [BIN_DIR] [--postgres-server URL] [--no-radicale]
#        [bench-carddav.py options, e.g. --cards 200 --seconds 3]   (BIN_DIR defaults to .build/release)
set -euo pipefail
bin=${1:-.build/release}
shift || true
# --postgres-server is ours; every other option goes to bench-carddav.py.
postgres_server=${CONTACTS_TEST_POSTGRES:-}
with_radicale=1
options=()
while [ $# -gt 0 ]; do
  case $1 in
    --postgres-server) [ $# -ge 2 ] || { echo "--postgres-server needs a URL" >&2; exit 2; }
                       postgres_server=$2; shift 2 ;;
    --postgres-server=*) postgres_server=${1#*=}; shift ;;
    --no-radicale) with_radicale=; shift ;;
    *) options+=("$1"); shift ;;
  esac
done
[ -x "$bin/contacts" ] || { echo "no $bin/contacts: build it with swift build -c release --product contacts" >&2; exit 1; }
bin=$(cd "$bin" && pwd)
cd "$(dirname "$0")/.."

venv=.venv-bench
scripts/python-venv.sh "$venv" bench/requirements.txt
python="$PWD/$venv/bin/python"
export PYTHONDONTWRITEBYTECODE=1  # no __pycache__ in the work tree

work=$(mktemp -d)
ours= radicale= pg_nodes= database=
cleanup() {
  for pid in $ours $radicale $pg_nodes; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if [ -n "$database" ]; then "$psql" -q "$postgres_server" -c "DROP DATABASE IF EXISTS $database" >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

user=bench
password="bench password $RANDOM"

# Starts `contacts STORE_OPTION STORE serve` on a free port, logging to $work/NAME.{out,log};
# sets $started (its pid) and $started_url (the address it printed).
start_contacts() {
  local name=$1; shift
  "$bin/contacts" "$@" serve --port 0 >"$work/$name.out" 2>"$work/$name.log" &
  started=$!
  for _ in $(seq 100); do grep -q Listening "$work/$name.out" 2>/dev/null && break; sleep 0.1; done
  started_url=$(sed -n 's/^Listening on //p' "$work/$name.out")
  [ -n "$started_url" ] || { echo "contacts serve ($name) did not start:" >&2; cat "$work/$name.log" >&2; exit 1; }
}

# PersonalContacts: a fresh data directory with one user; it prints the port it got.
printf '%s\n' "$password" | "$bin/contacts" --data "$work/ours" user add "$user" --password-stdin >/dev/null
start_contacts ours --data "$work/ours"
ours=$started ours_url=$started_url

# PersonalContacts on PostgreSQL: a fresh database on the server, the same user, two servers on it
# (the second one only for the two-node workload).
pg_options=()
if [ -n "$postgres_server" ]; then
  psql=$(command -v psql || ls /usr/lib/postgresql/*/bin/psql 2>/dev/null | sort -V | tail -n 1)
  [ -x "$psql" ] || { echo "no psql to make the benchmark's database with" >&2; exit 1; }
  database="contacts_bench_carddav_$$"
  "$psql" -q -v ON_ERROR_STOP=1 "$postgres_server" -c "CREATE DATABASE $database" >/dev/null
  # The server's URL with its database (the path) replaced by the new one, the query kept.
  pg_url=$(printf '%s' "$postgres_server" | sed -E "s#^(postgres(ql)?://[^/?]*)(/[^?]*)?#\\1/$database#")
  printf '%s\n' "$password" | "$bin/contacts" --database "$pg_url" user add "$user" --password-stdin >/dev/null
  start_contacts pg --database "$pg_url"
  pg_nodes=$started pg_options+=(--pg "$started_url" --pg-pid "$started")
  start_contacts pg2 --database "$pg_url"
  pg_nodes="$pg_nodes $started" pg_options+=(--pg2 "$started_url" --pg2-pid "$started")
  pg_options+=(--pg-version "$("$psql" -Atq "$pg_url" -c "SHOW server_version")")
fi

# Radicale: bcrypt htpasswd, login cache on, storage in the temp dir, on a free port.
radicale_options=()
if [ -n "$with_radicale" ]; then
  mkdir -p "$work/radicale"
  "$python" -c 'import bcrypt, sys; print(sys.argv[1] + ":" + bcrypt.hashpw(sys.argv[2].encode(), bcrypt.gensalt()).decode())' \
    "$user" "$password" >"$work/radicale/users"
  port=$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
  cat >"$work/radicale/config" <<EOF
[server]
hosts = 127.0.0.1:$port
max_connections = 16
[auth]
type = htpasswd
htpasswd_filename = $work/radicale/users
htpasswd_encryption = bcrypt
cache_logins = True
cache_successful_logins_expiry = 300
[rights]
type = owner_only
[storage]
filesystem_folder = $work/radicale/collections
EOF
  "$python" -m radicale --config "$work/radicale/config" >"$work/radicale.log" 2>&1 &
  radicale=$!
  for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
  curl -s -o /dev/null "http://127.0.0.1:$port/" || { echo "Radicale did not start:" >&2; cat "$work/radicale.log" >&2; exit 1; }
  radicale_version=$("$python" -c 'import radicale; print(radicale.VERSION)')
  radicale_options=(--radicale "http://127.0.0.1:$port" --radicale-pid "$radicale" --radicale-version "$radicale_version")
fi

status=0
"$python" scripts/bench-carddav.py --ours "$ours_url" --ours-pid "$ours" \
  ${radicale_options[@]+"${radicale_options[@]}"} \
  ${pg_options[@]+"${pg_options[@]}"} \
  --user "$user" --password "$password" --work "$work" ${options[@]+"${options[@]}"} || status=$?
if [ "$status" -ne 0 ]; then
  echo "--- last lines of the servers' logs ---" >&2
  for name in ours pg pg2; do
    if [ -f "$work/$name.log" ]; then echo "($name)" >&2; tail -n 5 "$work/$name.log" >&2; fi
  done
  if [ -n "$with_radicale" ]; then grep -iE 'error|warning|exception' "$work/radicale.log" | tail -n 10 >&2 || true; fi
fi
exit "$status"
