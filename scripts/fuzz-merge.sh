#!/usr/bin/env bash
# Fuzzes duplicate detection and merging (ContactsCore) with libFuzzer and AddressSanitizer:
# any vCard stream, its cards found duplicate and merged in two phone regions.
#
#   scripts/fuzz-merge.sh [seconds]      (default 180)
#
# Builds Sources/Blanks and Sources/VCard as libraries, then Sources/ContactsCore +
# Tests/ContactsCoreTests/MergeFuzzOracle.swift + Sources/MergeFuzz into one binary, and runs it
# with scripts/run-libfuzzer.sh from Tests/ContactsCoreTests/Fuzz/merge-corpus (inputs found are
# kept in $FUZZ_WORK/found; crash inputs land in $FUZZ_WORK/crash-*: add each as a regression
# test in MergeFuzzRegressionTests.swift).
set -euo pipefail
seconds=${1:-180}
root=$(cd "$(dirname "$0")/.." && pwd)
work=${FUZZ_WORK:-/tmp/merge-fuzz}
swiftc=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}

"$root/scripts/fuzz-libraries.sh" "$work" Blanks VCard
"$swiftc" -sanitize=fuzzer,address -parse-as-library -O -g -D MERGE_FUZZ -module-name MergeFuzz -I "$work" -L "$work" -lVCard -lBlanks \
    "$root"/Sources/ContactsCore/*.swift "$root/Tests/ContactsCoreTests/MergeFuzzOracle.swift" "$root"/Sources/MergeFuzz/*.swift \
    -o "$work/merge-fuzz"
"$root/scripts/run-libfuzzer.sh" "$work/merge-fuzz" "$root/Tests/ContactsCoreTests/Fuzz/merge-corpus" "$work" "$seconds" 4096
