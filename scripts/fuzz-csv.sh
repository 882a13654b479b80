#!/usr/bin/env bash
# Fuzzes the ContactCSV module (Google's and Outlook's CSV files) with libFuzzer and AddressSanitizer.
#
#   scripts/fuzz-csv.sh [seconds]      (default 180)
#
# Builds Sources/ContactCSV + Tests/ContactCSVTests/CSVFuzzOracle.swift + Sources/CSVFuzz into
# one binary (with Sources/VCard, which ContactCSV imports, and Sources/Blanks, which VCard
# imports, as libraries beside it) and runs it with scripts/run-libfuzzer.sh from Tests/ContactCSVTests/Fuzz/corpus (inputs
# found are kept in $FUZZ_WORK/found; crash inputs land in $FUZZ_WORK/crash-*: add each under
# Tests/ContactCSVTests/Fuzz/crashes, which CSVFuzzRegressionTests reads).
set -euo pipefail
seconds=${1:-180}
root=$(cd "$(dirname "$0")/.." && pwd)
work=${FUZZ_WORK:-/tmp/csv-fuzz}
swiftc=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}

"$root/scripts/fuzz-libraries.sh" "$work" Blanks VCard
"$swiftc" -sanitize=fuzzer,address -parse-as-library -O -g -D CSV_FUZZ -module-name CSVFuzz -I "$work" -L "$work" -lVCard -lBlanks \
    "$root"/Sources/ContactCSV/*.swift "$root/Tests/ContactCSVTests/CSVFuzzOracle.swift" \
    "$root"/Sources/CSVFuzz/*.swift -o "$work/csv-fuzz"
"$root/scripts/run-libfuzzer.sh" "$work/csv-fuzz" "$root/Tests/ContactCSVTests/Fuzz/corpus" "$work" "$seconds" 2048
