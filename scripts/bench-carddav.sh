#!/usr/bin/env bash
# CardDAV under load, PersonalContacts against the previous release, Radicale and Xandikos in the
# same run: 2,000 generated vCard 3.0 cards (10% with a 20 KB photo) PUT by 8 clients, PROPFIND
# Depth 1, sync-collection (initial and after 10 changes), addressbook-multiget of 100 cards and
# single-card GETs (wrk), and each server's peak RSS; the GETs also on a bare libmicrohttpd server
# (bench/bare-microhttpd.c, compiled here). scripts/bench-carddav.py does the measuring and prints
# one table (every figure, the ratios and their targets); scripts/bench-guard.py then compares the
# ratios with bench/baseline.json. Exits 1 when any response was an error or a wrong answer, else
# with the guard's status (1 when a ratio fell more than 15% below its baseline).
# - The previous release: the commit bench/baseline.json names ("previous_release"), or --previous
#   REF, built as ours is (scripts/build-release.sh) in a git worktree at .build/bench-previous/<commit>
#   (once: the binary is reused while it is there), on a data directory of its own.
# - Radicale (bench/requirements.txt, in a virtualenv at .venv-bench) runs with a bcrypt htpasswd
#   file, its login cache on (kept 5 minutes, as ours is) and filesystem storage in a temp dir.
# - Xandikos (Debian's /usr/bin/xandikos) runs without authentication, as its documentation allows
#   behind a proxy, with --defaults making its address book, storage in the temp dir.
# With a PostgreSQL server (--postgres-server URL, else $CONTACTS_TEST_POSTGRES, which
# scripts/with-postgres.sh sets) it also runs `contacts serve` on a fresh database made on that
# server (same user and password), measures the same workloads on it, prints a second table
# (PostgreSQL vs SQLite, and vs Radicale; informative, not guarded), then starts a second server on
# that database and measures GETs spread over both at once; the database is dropped at the end.
# --no-radicale, --no-xandikos, --no-previous leave that server out (Radicale's and Xandikos' PUT
# of 2,000 cards alone take minutes); the guard then skips the ratios it has no figures for.
# --scale N measures ours alone, PROPFIND Depth 1 and initial sync at --cards (2,000) and at N
# cards, without peers or guard. --json-out FILE keeps the run's figures and ratios.
# Usage: scripts/bench-carddav.sh [BIN_DIR] [--postgres-server URL] [--no-radicale] [--no-xandikos]
#        [--no-previous | --previous REF] [--scale N] [--json-out FILE]
#        [bench-carddav.py options, e.g. --cards 200 --seconds 3]   (BIN_DIR defaults to .build/release)
set -euo pipefail
bin=${1:-.build/release}
shift || true
# These options are this script's; every other one goes to bench-carddav.py.
postgres_server=${CONTACTS_TEST_POSTGRES:-}
with_radicale=1 with_xandikos=1 with_previous=1 previous_ref= scale= json_out=
options=()
while [ $# -gt 0 ]; do
  case $1 in
    --postgres-server) [ $# -ge 2 ] || { echo "--postgres-server needs a URL" >&2; exit 2; }
                       postgres_server=$2; shift 2 ;;
    --postgres-server=*) postgres_server=${1#*=}; shift ;;
    --no-radicale) with_radicale=; shift ;;
    --no-xandikos) with_xandikos=; shift ;;
    --no-previous) with_previous=; shift ;;
    --previous) [ $# -ge 2 ] || { echo "--previous needs a git commit or tag" >&2; exit 2; }
                previous_ref=$2; shift 2 ;;
    --scale) [ $# -ge 2 ] || { echo "--scale needs a number of cards" >&2; exit 2; }
             scale=$2; shift 2 ;;
    --json-out) [ $# -ge 2 ] || { echo "--json-out needs a file" >&2; exit 2; }
                json_out=$(realpath -m "$2"); shift 2 ;;
    *) options+=("$1"); shift ;;
  esac
done
[ -x "$bin/contacts" ] || { echo "no $bin/contacts: build it with scripts/build-release.sh contacts" >&2; exit 1; }
bin=$(cd "$bin" && pwd)
cd "$(dirname "$0")/.."
# --scale: ours alone.
if [ -n "$scale" ]; then with_radicale= with_xandikos= with_previous= postgres_server=; fi

venv=.venv-bench
scripts/python-venv.sh "$venv" bench/requirements.txt
python="$PWD/$venv/bin/python"
export PYTHONDONTWRITEBYTECODE=1  # no __pycache__ in the work tree

work=$(mktemp -d)
ours= radicale= xandikos= previous= bare= pg_nodes= database=
cleanup() {
  for pid in $ours $previous $radicale $xandikos $bare $pg_nodes; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if [ -n "$database" ]; then "$psql" -q "$postgres_server" -c "DROP DATABASE IF EXISTS $database" >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

user=bench
password="bench password $RANDOM"

# Starts `COMMAND ARGS…` (a server printing "Listening on URL") logging to $work/NAME.{out,log};
# sets $started (its pid) and $started_url (the address it printed).
start_listening() {
  local name=$1; shift
  "$@" >"$work/$name.out" 2>"$work/$name.log" &
  started=$!
  for _ in $(seq 100); do grep -q Listening "$work/$name.out" 2>/dev/null && break; sleep 0.1; done
  started_url=$(sed -n 's/^Listening on //p' "$work/$name.out")
  [ -n "$started_url" ] || { echo "$name did not start:" >&2; cat "$work/$name.log" >&2; exit 1; }
}
# `contacts STORE_OPTION STORE serve` on a free port.
start_contacts() { local name=$1; shift; start_listening "$name" "$bin/contacts" "$@" serve --port 0; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }
peer_options=()

# PersonalContacts: a fresh data directory with one user; it prints the port it got.
printf '%s\n' "$password" | "$bin/contacts" --data "$work/ours" user add "$user" --password-stdin >/dev/null
start_contacts ours --data "$work/ours"
ours=$started
peer_options+=(--ours "$started_url" --ours-pid "$started" --ours-version "$("$bin/contacts" --version)")

# The previous release, built from git once per commit, on a data directory of its own.
if [ -n "$with_previous" ]; then
  if [ -z "$previous_ref" ]; then
    previous_ref=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1])).get("previous_release", ""))' \
      bench/baseline.json 2>/dev/null || true)
  fi
  previous_ref=${previous_ref:-9a5afc0}
  commit=$(git rev-parse --verify --quiet "$previous_ref^{commit}") || { echo "--previous: no commit $previous_ref" >&2; exit 2; }
  tree=.build/bench-previous/$commit
  if [ ! -x "$tree/.build/release/contacts" ]; then
    if [ "$(git -C "$tree" rev-parse HEAD 2>/dev/null)" != "$commit" ]; then
      rm -rf "$tree"
      git worktree prune
      mkdir -p .build/bench-previous
      git worktree add --detach "$tree" "$commit" >/dev/null
    fi
    echo "Building the previous release ${commit:0:10} in $tree (once; several minutes) …"
    scripts/build-release.sh --package-path "$tree" contacts >"$work/previous-build.log" 2>&1 \
      || { echo "the previous release did not build:" >&2; tail -n 30 "$work/previous-build.log" >&2; exit 1; }
  fi
  printf '%s\n' "$password" | "$tree/.build/release/contacts" --data "$work/previous" user add "$user" --password-stdin >/dev/null
  start_listening previous "$tree/.build/release/contacts" --data "$work/previous" serve --port 0
  previous=$started
  peer_options+=(--previous "$started_url" --previous-pid "$started" --previous-version "$commit")
fi

# The bare libmicrohttpd server, compiled for this run; the GET workload's floor.
if [ -z "$scale" ]; then
  cc -O2 -o "$work/bare-microhttpd" bench/bare-microhttpd.c -lmicrohttpd
  start_listening bare "$work/bare-microhttpd" 0
  bare=$started
  peer_options+=(--bare "$started_url" --bare-pid "$started"
                 --bare-version "$(pkg-config --modversion libmicrohttpd 2>/dev/null || echo libmicrohttpd)")
fi

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
if [ -n "$with_radicale" ]; then
  mkdir -p "$work/radicale"
  "$python" -c 'import bcrypt, sys; print(sys.argv[1] + ":" + bcrypt.hashpw(sys.argv[2].encode(), bcrypt.gensalt()).decode())' \
    "$user" "$password" >"$work/radicale/users"
  port=$(free_port)
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
  peer_options+=(--radicale "http://127.0.0.1:$port" --radicale-pid "$radicale" --radicale-version "$radicale_version")
fi

# Xandikos: no authentication, its default principal /user/ with an address book, on a free port.
if [ -n "$with_xandikos" ]; then
  xandikos_bin=$(command -v xandikos) || { echo "no xandikos: apt-get install xandikos (or --no-xandikos)" >&2; exit 1; }
  port=$(free_port)
  "$xandikos_bin" -d "$work/xandikos" --defaults -l 127.0.0.1 -p "$port" >"$work/xandikos.log" 2>&1 &
  xandikos=$!
  for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
  curl -s -o /dev/null "http://127.0.0.1:$port/" || { echo "Xandikos did not start:" >&2; cat "$work/xandikos.log" >&2; exit 1; }
  peer_options+=(--xandikos "http://127.0.0.1:$port" --xandikos-pid "$xandikos"
                 --xandikos-version "$("$xandikos_bin" --version 2>&1 | awk '{print $NF}')")
fi

status=0
json=${json_out:-$work/carddav.json}
"$python" scripts/bench-carddav.py ${peer_options[@]+"${peer_options[@]}"} \
  ${pg_options[@]+"${pg_options[@]}"} ${scale:+--scale "$scale"} --json-out "$json" \
  --user "$user" --password "$password" --work "$work" ${options[@]+"${options[@]}"} || status=$?
if [ "$status" -ne 0 ]; then
  echo "--- last lines of the servers' logs ---" >&2
  for name in ours previous bare pg pg2; do
    if [ -f "$work/$name.log" ]; then echo "($name)" >&2; tail -n 5 "$work/$name.log" >&2; fi
  done
  for name in radicale xandikos; do
    if [ -f "$work/$name.log" ]; then echo "($name)" >&2; grep -iE 'error|warning|exception' "$work/$name.log" | tail -n 10 >&2 || true; fi
  done
fi
# The guard: the SQLite table's ratios against bench/baseline.json (errors above still exit 1).
if [ -z "$scale" ] && [ -f "$json" ]; then
  echo
  guard=0
  python3 scripts/bench-guard.py "$json" || guard=$?
  [ "$status" -ne 0 ] || status=$guard
fi
exit "$status"
