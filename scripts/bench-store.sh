#!/usr/bin/env bash
# The store benchmark on each engine in turn: `contacts-bench store` in a new SQLite data
# directory (and `contacts-bench categories`, `migration` and `history` there), then, when CONTACTS_TEST_POSTGRES names a PostgreSQL server (scripts/with-postgres.sh
# sets it), again in a fresh database made on that server for the run and dropped after it.
# Usage: scripts/bench-store.sh [BIN_DIR] [COUNT]   (BIN_DIR defaults to .build/release,
#        COUNT to contacts-bench's own default, 100,000)
set -euo pipefail
bin=${1:-.build/release}
count=${2:-}
[ -x "$bin/contacts-bench" ] || { echo "no $bin/contacts-bench: build it with swift build -c release --product contacts-bench" >&2; exit 1; }

"$bin/contacts-bench" store $count
# PUTs of one card with ever more new CATEGORIES: linear work up to the limit, a quick refusal past it.
"$bin/contacts-bench" categories
# Reading every stored card again into the whole contact, as the migration to it does.
"$bin/contacts-bench" migration $count
# The contacts' history: its size after 10 edits of each of 50,000 contacts, and a rewind.
"$bin/contacts-bench" history
server=${CONTACTS_TEST_POSTGRES:-}
if [ -z "$server" ]; then
  echo "(no CONTACTS_TEST_POSTGRES: the store benchmark ran on SQLite only; scripts/with-postgres.sh $0 runs it on both)"
  exit 0
fi

psql=$(command -v psql || ls /usr/lib/postgresql/*/bin/psql 2>/dev/null | sort -V | tail -n 1)
database="contacts_bench_store_$$"
# The server's URL with its database (the path) replaced by the new one, the query kept.
url=$(printf '%s' "$server" | sed -E "s#^(postgres(ql)?://[^/?]*)(/[^?]*)?#\\1/$database#")
"$psql" -q -v ON_ERROR_STOP=1 "$server" -c "CREATE DATABASE $database" >/dev/null
"$psql" -q -v ON_ERROR_STOP=1 "$server" -c "CREATE DATABASE ${database}_migration" >/dev/null
"$psql" -q -v ON_ERROR_STOP=1 "$server" -c "CREATE DATABASE ${database}_history" >/dev/null
trap '"$psql" -q "$server" -c "DROP DATABASE IF EXISTS $database" >/dev/null 2>&1 || true
      "$psql" -q "$server" -c "DROP DATABASE IF EXISTS ${database}_migration" >/dev/null 2>&1 || true
      "$psql" -q "$server" -c "DROP DATABASE IF EXISTS ${database}_history" >/dev/null 2>&1 || true' EXIT
echo
"$bin/contacts-bench" store $count --database "$url"
"$bin/contacts-bench" migration $count --database "${url/\/$database/\/${database}_migration}"
# 10,000 contacts on PostgreSQL: its import that updates every card is the slow part (~1,000 cards/s).
"$bin/contacts-bench" history 10000 10 --database "${url/\/$database/\/${database}_history}"
