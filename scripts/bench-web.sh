#!/usr/bin/env bash
# The web app under load: one user with 10,000 contacts and one with 100,000; the list page's
# server time for each, search requests/s and latency under 16 concurrent keep-alive clients (wrk)
# in the smaller book, web saves (scripts/bench-saves.py) there, and the server's peak RSS. With CONTACTS_WEB_BENCH_GROUPS set (make bench
# sets 50000), a third user with that many contacts in 200 groups: a group's list page.
# Usage: scripts/bench-web.sh [BIN_DIR]   (default .build/release)
set -euo pipefail
bin=${1:-.build/release}
count=${CONTACTS_WEB_BENCH_COUNT:-10000}
data=$(mktemp -d)
server=
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; wait 2>/dev/null; rm -rf "$data"; }
trap cleanup EXIT

large=${CONTACTS_WEB_BENCH_LARGE:-100000}
"$bin/contacts-bench" seed "$data" bench "bench password" "$count" >/dev/null
"$bin/contacts-bench" seed "$data" large "bench password" "$large" >/dev/null
grouped=${CONTACTS_WEB_BENCH_GROUPS:-}
[ -z "$grouped" ] || "$bin/contacts-bench" seed "$data" grouped "bench password" "$grouped" 200 >/dev/null
"$bin/contacts" --data "$data" serve --port 0 >"$data/out" 2>"$data/log" &
server=$!
for _ in $(seq 100); do grep -q Listening "$data/out" 2>/dev/null && break; sleep 0.1; done
base=$(sed -n 's/^Listening on //p' "$data/out")

# Signs ACCOUNT in; prints its session cookie's value.
sign_in() {
  local jar="$data/cookies-$1" csrf
  csrf=$(curl -s -c "$jar" -b "$jar" "$base/login" | sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' | head -1)
  curl -s -c "$jar" -b "$jar" -o /dev/null --data-urlencode "csrf=$csrf" -d "account=$1" \
    --data-urlencode "password=bench password" "$base/login"
  awk '$6 == "pc_session" { print $7 }' "$jar"
}

# The list's first screen (50 rows) fifty times as SESSION; prints the server time of each,
# as the request log records it, in milliseconds.
list_page_times() {
  local from=$(($(wc -l <"$data/log") + 1))
  for path in "${@:2}"; do curl -s -o /dev/null -b "pc_session=$1" "$base$path"; done
  tail -n "+$from" "$data/log" | grep ' GET /contacts 200 ' | awk '{ sub("ms", "", $7); print $7 }'
}

echo "PersonalContacts web benchmark: $count and $large contacts, one user each, $(nproc) cores"
session=$(sign_in bench)
for book in "bench $count" "large $large"; do
  set -- $book
  list_page_times "$(sign_in "$1")" $(for _ in $(seq 50); do echo /contacts; done) | sort -n | awk -v n="$2" '
    { v[NR] = $1 } END { printf "list page:   %d contacts: server time median %.1f ms, p99 %.1f ms over %d requests (first screen of 50 rows)\n", n, v[int(NR/2)+1], v[int(NR*0.99)+1], NR }'
done
if [ -n "$grouped" ]; then
  grouped_session=$(sign_in grouped)
  # Each group's list once (the access log holds the path without its query: GET /contacts).
  groups=$(curl -s -b "pc_session=$grouped_session" "$base/groups" | grep -o '/contacts?group=[0-9]*' | sort -u)
  list_page_times "$grouped_session" $groups | sort -n | awk -v n="$grouped" '
    { v[NR] = $1 } END { printf "group page:  %d contacts in 200 groups: server time median %.1f ms, p99 %.1f ms over %d groups (first screen of a group)\n", n, v[int(NR/2)+1], v[int(NR*0.99)+1], NR }'
fi

cat >"$data/search.lua" <<'LUA'
local queries = { "zs", "wang", "lixiao", "1380", "6234", "zhangw", "emma", "ly", "chen", "ouyang" }
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", "/contacts/rows?q=" .. queries[(n % #queries) + 1])
end
LUA
wrk -t2 -c16 -d10s --latency -s "$data/search.lua" -H "Cookie: pc_session=$session" "$base" >"$data/wrk"
awk '/Requests\/sec/ { printf "search:      %s requests/s with 16 keep-alive clients for 10 s\n", $2 }
     / 50%/ { p50 = $2 } / 99%/ { p99 = $2 } /Non-2xx/ { errors = $0 }
     END { printf "             latency p50 %s, p99 %s %s\n", p50, p99, errors }' "$data/wrk"
# One person editing: open a contact's edit page and save it, one contact after another.
printf 'saves:       %s\n' "$(python3 "$(dirname "$0")/bench-saves.py" "$base" bench "bench password" 300 3 | sed 's/^web saves: //')"
echo "peak RSS:    $(awk '/VmHWM/ { printf "%.1f MiB", $2 / 1024 }' /proc/$server/status)"
