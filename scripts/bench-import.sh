#!/usr/bin/env bash
# `contacts import` of the same generated vCard files (realistic cards, one in ten with a 20 KB
# photo) into an empty store on SQLite and on PostgreSQL: for each size, the median of RUNS
# runs' wall seconds on each engine and PostgreSQL's rate as a share of SQLite's. Each run
# imports into a new data directory, or a new database on the server CONTACTS_TEST_POSTGRES
# names (scripts/with-postgres.sh --durable sets it), with its user added before the clock starts.
# The web app's import form stores through the same store call (`ContactStore.importVCards`).
# Usage: scripts/bench-import.sh [BIN_DIR] [COUNT...]   (default .build/release, 30000 100000);
#        CONTACTS_IMPORT_BENCH_RUNS=3
set -euo pipefail
bin=${1:-.build/release}
shift || true
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(30000 100000)
runs=${CONTACTS_IMPORT_BENCH_RUNS:-3}
server=${CONTACTS_TEST_POSTGRES:-}
[ -n "$server" ] || { echo "bench-import: set CONTACTS_TEST_POSTGRES (run it under scripts/with-postgres.sh --durable)" >&2; exit 1; }
for tool in contacts contacts-bench; do
  [ -x "$bin/$tool" ] || { echo "no $bin/$tool: build it with swift build -c release --product $tool" >&2; exit 1; }
done
psql=$(command -v psql || ls /usr/lib/postgresql/*/bin/psql 2>/dev/null | sort -V | tail -n 1)
work=$(mktemp -d)
prefix="contacts_bench_import_$$"
databases=()
cleanup() {
  for database in "${databases[@]}"; do "$psql" -q "$server" -c "DROP DATABASE IF EXISTS $database" >/dev/null 2>&1 || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# The seconds of one import into the store the options name (--data DIR or --database URL).
import_seconds() {
  echo "bench password" | "$bin/contacts" "$@" user add bench --password-stdin >/dev/null
  /usr/bin/time -f '%e' -o "$work/time" "$bin/contacts" "$@" import --user bench "$file" >/dev/null
  cat "$work/time"
}

# The median of the numbers given.
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "PersonalContacts import benchmark: contacts import on SQLite and PostgreSQL, median of $runs runs, $(nproc) cores"
printf '%-8s %12s %16s %10s\n' cards "SQLite s" "PostgreSQL s" "PG/SQLite"
for count in "${counts[@]}"; do
  file="$work/cards-$count.vcf"
  "$bin/contacts-bench" cards "$file" "$count"
  sqlite=() postgresql=()
  for run in $(seq "$runs"); do
    sqlite+=("$(import_seconds --data "$work/data-$count-$run")")
    rm -rf "$work/data-$count-$run"
    database="${prefix}_${count}_$run"
    databases+=("$database")
    "$psql" -q -v ON_ERROR_STOP=1 "$server" -c "CREATE DATABASE $database" >/dev/null
    # The server's URL with its database (the path) replaced by the new one, the query kept.
    url=$(printf '%s' "$server" | sed -E "s#^(postgres(ql)?://[^/?]*)(/[^?]*)?#\\1/$database#")
    postgresql+=("$(import_seconds --database "$url")")
    "$psql" -q "$server" -c "DROP DATABASE $database" >/dev/null
  done
  rm -f "$file"
  lite=$(median "${sqlite[@]}") pg=$(median "${postgresql[@]}")
  # The rate ratio: PostgreSQL's cards/s over SQLite's, the inverse of the time ratio.
  awk -v n="$count" -v lite="$lite" -v pg="$pg" 'BEGIN { printf "%-8d %12.2f %16.2f %9.2fx\n", n, lite, pg, lite / pg }'
done
