#!/usr/bin/env bash
# CardDAV under load, PersonalContacts against Radicale in the same run: 2,000 generated vCard 3.0
# cards (10% with a 20 KB photo) PUT by 8 clients, PROPFIND Depth 1, sync-collection (initial and
# after 10 changes), addressbook-multiget of 100 cards and single-card GETs (wrk), and each server's
# peak RSS; prints one table row per workload (ours, Radicale, ratio) and exits 1 when any response
# was an error or a wrong answer. scripts/bench-carddav.py does the measuring.
# Radicale (bench/requirements.txt, in a virtualenv at .venv-bench) runs with a bcrypt htpasswd
# file, its login cache on (kept 5 minutes, as ours is) and filesystem storage in a temp dir.
# Usage: scripts/bench-carddav.sh [BIN_DIR] [bench-carddav.py options, e.g. --cards 200 --seconds 3]
#        (BIN_DIR defaults to .build/release)
set -euo pipefail
bin=${1:-.build/release}
[ -x "$bin/contacts" ] || { echo "no $bin/contacts: build it with swift build -c release --product contacts" >&2; exit 1; }
bin=$(cd "$bin" && pwd)
cd "$(dirname "$0")/.."

venv=.venv-bench
scripts/python-venv.sh "$venv" bench/requirements.txt
python="$PWD/$venv/bin/python"
export PYTHONDONTWRITEBYTECODE=1  # no __pycache__ in the work tree

work=$(mktemp -d)
ours= radicale=
cleanup() {
  for pid in $ours $radicale; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

user=bench
password="bench password $RANDOM"

# PersonalContacts: a fresh data directory with one user; it prints the port it got.
printf '%s\n' "$password" | "$bin/contacts" --data "$work/ours" user add "$user" --password-stdin >/dev/null
"$bin/contacts" --data "$work/ours" serve --port 0 >"$work/ours.out" 2>"$work/ours.log" &
ours=$!
for _ in $(seq 100); do grep -q Listening "$work/ours.out" 2>/dev/null && break; sleep 0.1; done
ours_url=$(sed -n 's/^Listening on //p' "$work/ours.out")
[ -n "$ours_url" ] || { echo "contacts serve did not start:" >&2; cat "$work/ours.log" >&2; exit 1; }

# Radicale: bcrypt htpasswd, login cache on, storage in the temp dir, on a free port.
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

status=0
"$python" scripts/bench-carddav.py --ours "$ours_url" --ours-pid "$ours" \
  --radicale "http://127.0.0.1:$port" --radicale-pid "$radicale" --radicale-version "$radicale_version" \
  --user "$user" --password "$password" --work "$work" "${@:2}" || status=$?
if [ "$status" -ne 0 ]; then
  echo "--- last lines of the servers' logs ---" >&2
  tail -n 5 "$work/ours.log" >&2
  grep -iE 'error|warning|exception' "$work/radicale.log" | tail -n 10 >&2 || true
fi
exit "$status"
