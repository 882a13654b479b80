#!/usr/bin/env bash
# Fuzzes the VCard module with libFuzzer and AddressSanitizer.
#
#   scripts/fuzz-vcard.sh [seconds]      (default 180)
#
# Builds Sources/VCard + Tests/VCardTests/FuzzOracle.swift + Sources/VCardFuzz into one binary,
# runs it from Tests/VCardTests/Fuzz/corpus, then merges what it found back into that corpus,
# minimised (only inputs that add edge coverage, at most 2 KiB each). Inputs found are kept in
# $FUZZ_WORK/found between runs. Crash inputs land in
# $FUZZ_WORK/crash-*; add each as a regression test in FuzzRegressionTests.swift.
set -euo pipefail
seconds=${1:-180}
export SWIFT_BACKTRACE=enable=no   # let libFuzzer and ASan report crashes
root=$(cd "$(dirname "$0")/.." && pwd)
work=${FUZZ_WORK:-/tmp/vcard-fuzz}
corpus="$root/Tests/VCardTests/Fuzz/corpus"
swiftc=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}

rm -rf "$work/merged"
mkdir -p "$work/found" "$work/merged" "$corpus"
"$swiftc" -sanitize=fuzzer,address -parse-as-library -O -g -D VCARD_FUZZ -module-name VCardFuzz \
    "$root"/Sources/VCard/*.swift "$root/Tests/VCardTests/FuzzOracle.swift" "$root"/Sources/VCardFuzz/*.swift \
    -o "$work/vcard-fuzz"

"$work/vcard-fuzz" -max_total_time="$seconds" -max_len=2048 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$work/" -print_final_stats=1 "$work/found" "$corpus"

# Edge coverage only (no hit counters): a small corpus that still reaches every edge found.
"$work/vcard-fuzz" -merge=1 -use_counters=0 -max_len=2048 "$work/merged" "$corpus" "$work/found"
rm -f "$corpus"/*
cp "$work/merged"/* "$corpus"/
echo "corpus: $(ls "$corpus" | wc -l) files, $(du -sh "$corpus" | cut -f1)"
