#!/usr/bin/env bash
# Fuzzes the CardDAV request handling with libFuzzer and AddressSanitizer.
#
#   scripts/fuzz-dav.sh [seconds]      (default 180)
#
# Builds the dav-fuzz product with SwiftPM (sanitizers fuzzer and address, -D DAV_FUZZ) into
# .build/fuzz. Each input's first byte picks a request (REPORT, PROPFIND, PROPPATCH, MKCOL or
# PUT, on the address book, the principal or the root) and the rest is its body, answered by a
# real server over a real store (Sources/DAVFuzzing). An answer of 500 or more, a 207 that is
# not XML, or a crash is a finding. Mutations draw on Tests/CardDAVTests/Fuzz/dav.dict (XML and
# DAV tokens, byte order marks, declared encodings). Runs with scripts/run-libfuzzer.sh from
# Tests/CardDAVTests/Fuzz/corpus, which CardDAVTests replays; inputs found are kept in
# $FUZZ_WORK/found, crash inputs land in $FUZZ_WORK/crash-* (replay one with
# `.build/debug/dav-fuzz FILE`). Leak detection is off: FoundationXML leaks a 72-byte string on
# every parse error, which is not ours to fix.
set -euo pipefail
seconds=${1:-180}
root=$(cd "$(dirname "$0")/.." && pwd)
work=${FUZZ_WORK:-/tmp/dav-fuzz}
swift=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
mkdir -p "$work"
"$swift" build --package-path "$root" --build-path "$root/.build/fuzz" --product dav-fuzz \
    --sanitize fuzzer --sanitize address -Xswiftc -sanitize=fuzzer,address -Xswiftc -DDAV_FUZZ
"$root/scripts/run-libfuzzer.sh" "$root/.build/fuzz/debug/dav-fuzz" "$root/Tests/CardDAVTests/Fuzz/corpus" "$work" "$seconds" 4096 \
    -detect_leaks=0 -dict="$root/Tests/CardDAVTests/Fuzz/dav.dict"
