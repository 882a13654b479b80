#!/usr/bin/env bash
# Fuzzes the VCard module with libFuzzer and AddressSanitizer.
#
#   scripts/fuzz-vcard.sh [seconds]      (default 180)
#
# Builds Sources/VCard + Tests/VCardTests/FuzzOracle.swift + Sources/VCardFuzz into one binary
# (with Sources/Blanks, which VCard imports, as a library beside it)
# and runs it with scripts/run-libfuzzer.sh from Tests/VCardTests/Fuzz/corpus (inputs found are
# kept in $FUZZ_WORK/found; crash inputs land in $FUZZ_WORK/crash-*: add each as a regression
# test in FuzzRegressionTests.swift).
set -euo pipefail
seconds=${1:-180}
root=$(cd "$(dirname "$0")/.." && pwd)
work=${FUZZ_WORK:-/tmp/vcard-fuzz}
swiftc=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}

"$root/scripts/fuzz-libraries.sh" "$work" Blanks
"$swiftc" -sanitize=fuzzer,address -parse-as-library -O -g -D VCARD_FUZZ -module-name VCardFuzz -I "$work" -L "$work" -lBlanks \
    "$root"/Sources/VCard/*.swift "$root/Tests/VCardTests/FuzzOracle.swift" "$root"/Sources/VCardFuzz/*.swift \
    -o "$work/vcard-fuzz"
"$root/scripts/run-libfuzzer.sh" "$work/vcard-fuzz" "$root/Tests/VCardTests/Fuzz/corpus" "$work" "$seconds" 2048
