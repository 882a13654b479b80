#!/usr/bin/env bash
# vCard import and export through the real `contacts` command: a generated file of realistic
# cards (10% with a 20 KB photo) imported into an empty store, then exported again; cards/s and
# each run's peak RSS (GNU time).
# Usage: scripts/bench-vcard.sh [BIN_DIR]   (default .build/release); CONTACTS_VCARD_BENCH_COUNT=100000
set -euo pipefail
bin=${1:-.build/release}
count=${CONTACTS_VCARD_BENCH_COUNT:-100000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$bin/contacts-bench" cards "$work/cards.vcf" "$count"
echo "bench password" | "$bin/contacts" --data "$work/data" user add bench --password-stdin >/dev/null
size=$(du -m "$work/cards.vcf" | cut -f1)
echo "PersonalContacts vCard benchmark: $count cards (${size} MiB), $(nproc) cores"

# GNU time writes "<seconds> <peak KiB>" to the file named by -o.
measure() {
  local label=$1; shift
  /usr/bin/time -f '%e %M' -o "$work/time" "$@" >/dev/null
  read -r elapsed peak <"$work/time"
  awk -v label="$label" -v n="$count" -v s="$elapsed" -v kib="$peak" \
    'BEGIN { printf "%-8s %7.2f s  %8.0f cards/s  peak RSS %5.1f MiB\n", label, s, n / s, kib / 1024 }'
}
measure import "$bin/contacts" --data "$work/data" import --user bench "$work/cards.vcf"
measure export "$bin/contacts" --data "$work/data" export --user bench --output "$work/out.vcf"
exported=$(grep -c '^BEGIN:VCARD' "$work/out.vcf")
[ "$exported" -eq "$count" ] || { echo "exported $exported cards, expected $count" >&2; exit 1; }
