#!/usr/bin/env bash
# Runs a libFuzzer binary built by scripts/fuzz.sh from the corpus kept in the repository,
# then merges what it found back into that corpus, minimised (only inputs that add edge
# coverage, at most MAX_LEN bytes each; files named regression-* or seed-* are kept as they are). Inputs found are kept in WORK/found between runs;
# crash inputs land in WORK/crash-*.
#
#   scripts/run-libfuzzer.sh BINARY CORPUS WORK SECONDS MAX_LEN [more libFuzzer options]
set -euo pipefail
fuzzer=$1 corpus=$2 work=$3 seconds=$4 max_len=$5
shift 5
export SWIFT_BACKTRACE=enable=no   # let libFuzzer and ASan report crashes

rm -rf "$work/merged"
mkdir -p "$work/found" "$work/merged" "$corpus"
"$fuzzer" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=4096 "$@" \
    -artifact_prefix="$work/" -print_final_stats=1 "$work/found" "$corpus"

# Edge coverage only (no hit counters): a small corpus that still reaches every edge found.
"$fuzzer" -merge=1 -use_counters=0 -max_len="$max_len" "$@" "$work/merged" "$corpus" "$work/found"
# Inputs named regression-* (a fixed crash each) and seed-* (written by hand for a class of
# inputs, e.g. the encodings of a body) stay whatever their coverage.
find "$corpus" -type f ! -name 'regression-*' ! -name 'seed-*' -delete
# The merge names inputs by their SHA-1: drop the copies of those kept under their own names.
find "$corpus" -type f | while read -r kept; do rm -f "$work/merged/$(sha1sum < "$kept" | cut -d' ' -f1)"; done
cp "$work/merged"/* "$corpus"/
echo "corpus: $(ls "$corpus" | wc -l) files, $(du -sh "$corpus" | cut -f1)"
