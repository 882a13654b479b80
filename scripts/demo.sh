#!/usr/bin/env bash
# A short demonstration on a throwaway data directory: a user, a few contacts, the A–Z list.
set -euo pipefail
contacts=${1:?usage: demo.sh CONTACTS_BINARY}
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
run() { echo "\$ contacts $*" >&2; "$contacts" --data "$data" "$@"; }
echo "demo password" | run user add demo --password-stdin
run add --user demo --name 张三 --phone "138 0013 8000" --email zhangsan@example.com >/dev/null
run add --user demo --name 单田芳 --phone "+86 137 0000 1111" >/dev/null
run add --user demo --name "Émile Zola" --phone "+33 1 42 00 00 00" >/dev/null
run add --user demo --name 曾国藩 --phone "010-6234 5678" >/dev/null
run list --user demo
run search --user demo zs
