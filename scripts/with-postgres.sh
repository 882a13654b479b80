#!/usr/bin/env bash
# Runs COMMAND with CONTACTS_TEST_POSTGRES set to the URL of a throwaway PostgreSQL cluster:
# a fresh temporary directory, reached only through a unix socket in it, stopped and removed
# when COMMAND ends (failed or interrupted too). If CONTACTS_TEST_POSTGRES is already set, just
# runs COMMAND. PostgreSQL refuses to run as root, so as root the cluster belongs to the system
# user contacts-test (created if missing; nobody when it cannot be). Also exports
# CONTACTS_TEST_POSTGRES_BIN, _DATA and _OWNER: the cluster's bin dir, data dir and OS user.
# The cluster skips fsync (tests need no durability), unless --durable comes first: benchmarks
# measure PostgreSQL committing to disk, as SQLite does with synchronous=FULL.
# Example: scripts/with-postgres.sh swift test --filter PostgreSQLTests
set -euo pipefail

durable=
if [ "${1:-}" = --durable ]; then
  durable=1
  shift
fi
if [ $# -eq 0 ]; then
  echo "usage: $0 [--durable] COMMAND [ARGUMENT...]" >&2
  exit 2
fi
if [ -n "${CONTACTS_TEST_POSTGRES:-}" ]; then
  exec "$@"
fi

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ] || [ ! -x "$bindir/pg_ctl" ]; then
  echo "with-postgres: PostgreSQL server not found in /usr/lib/postgresql/*/bin (apt-get install postgresql)" >&2
  exit 1
fi

if [ "$(id -u)" -eq 0 ]; then
  owner=contacts-test
  if ! id -u "$owner" >/dev/null 2>&1 \
     && ! useradd --system --no-create-home --shell /usr/sbin/nologin "$owner" 2>/dev/null; then
    owner=nobody
  fi
else
  owner=$(id -un)
fi

# Runs a command as the cluster's owner, from inside its directory (postgres needs a cwd it can read).
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    (cd "$dir" && runuser -u "$owner" -- "$@")
  else
    (cd "$dir" && "$@")
  fi
}

dir=$(mktemp -d -t contacts-postgres.XXXXXX)
data="$dir/data"

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  if [ -f "$data/postmaster.pid" ]; then
    as_owner "$bindir/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
    # Whatever pg_ctl could not stop.
    pid=$(head -n 1 "$data/postmaster.pid" 2>/dev/null || true)
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null || true; fi
  fi
  rm -rf "$dir"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [ "$(id -u)" -eq 0 ]; then
  chown "$owner" "$dir"
  if ! runuser -u "$owner" -- test -w "$dir"; then
    echo "with-postgres: $owner cannot reach $dir (set TMPDIR to a directory it can, e.g. /tmp)" >&2
    exit 1
  fi
fi
chmod 700 "$dir"

if ! as_owner "$bindir/initdb" -D "$data" --auth=trust --encoding=UTF8 --locale=C >"$dir/initdb.log" 2>&1; then
  cat "$dir/initdb.log" >&2
  echo "with-postgres: initdb failed" >&2
  exit 1
fi
cat >>"$data/postgresql.conf" <<CONF
listen_addresses = ''
unix_socket_directories = '$dir'
max_connections = 200
CONF
if [ -z "$durable" ]; then
  printf 'fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n' >>"$data/postgresql.conf"
fi

if ! as_owner "$bindir/pg_ctl" -D "$data" -l "$dir/server.log" -w -t 60 start >/dev/null \
   || ! "$bindir/pg_isready" -q -h "$dir" -t 30; then
  cat "$dir/server.log" >&2 || true
  echo "with-postgres: PostgreSQL did not start" >&2
  exit 1
fi

export CONTACTS_TEST_POSTGRES="postgresql:///postgres?host=$dir&user=$owner"
# For tests that stop and start the cluster (pg_ctl -D DATA, run as OWNER, from BIN).
export CONTACTS_TEST_POSTGRES_BIN="$bindir" CONTACTS_TEST_POSTGRES_DATA="$data" CONTACTS_TEST_POSTGRES_OWNER="$owner"
echo "with-postgres: $("$bindir/postgres" --version) at $dir (CONTACTS_TEST_POSTGRES=$CONTACTS_TEST_POSTGRES)" >&2
"$@"
