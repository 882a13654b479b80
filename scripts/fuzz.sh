#!/usr/bin/env bash
# Fuzzes one reader with libFuzzer and AddressSanitizer, from the corpus kept in the repository.
#
#   scripts/fuzz.sh vcard|csv|merge|agent|sealed|dav|cbor [seconds]      (default 180)
#
#   vcard  the VCard module's reader and writer (Tests/VCardTests/FuzzOracle.swift)
#   csv    Google's and Outlook's CSV files (Tests/ContactCSVTests/CSVFuzzOracle.swift)
#   merge  duplicate detection and merging (Tests/ContactsCoreTests/MergeFuzzOracle.swift)
#   agent  the browser and system read from a User-Agent (Tests/HTTPTests/UserAgentFuzzOracle.swift)
#   sealed a value the server sealed, as a browser sends it back (the devices page's cookie;
#          Tests/ContactsStoreTests/SealedFuzzOracle.swift)
#   cbor   the passkeys' CBOR reader, COSE keys and authenticator data (Tests/WebAuthnTests/CBORFuzzOracle.swift)
#   dav    CardDAV request bodies answered by a real server over a real store (Sources/DAVFuzzing):
#          each input's first byte picks a request, the rest is its body; an answer of 500 or
#          more, a 207 that is not XML, or a crash is a finding
#
# vcard, csv, merge, agent, sealed and cbor are built by swiftc into one binary each: the modules under test
# (for agent, Sources/HTTP/BrowserIdentity.swift alone, which imports nothing), their oracle and
# Sources/FuzzEntry, with the modules they import built first as static libraries (for sealed,
# Sources/Accounts/SecretToken*.swift alone, over libsodium and Base64URL; for cbor, Sources/WebAuthn over Base64URL, with the
# module map of OpenSSL's libcrypto beside them).
# dav is SwiftPM's dav-fuzz product built into .build/fuzz (replay an input with
# `.build/debug/dav-fuzz FILE`); its leak detection is off, as FoundationXML leaks a 72-byte
# string on every parse error. scripts/run-libfuzzer.sh runs the binary and merges what it found
# back into the corpus; inputs found are kept in $FUZZ_WORK/found (default /tmp/TARGET-fuzz), and
# crash inputs land in $FUZZ_WORK/crash-*: add each under the corpus as regression-NAME, which
# the test suites replay.
set -euo pipefail
target=${1:-}
seconds=${2:-180}
root=$(cd "$(dirname "$0")/.." && pwd)
work=${FUZZ_WORK:-/tmp/$target-fuzz}
swiftc=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}
swift=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}

# Builds Sources/<MODULE> for each MODULE named, in order, as a static library with its module
# interface in $work, each free to import the ones before it.
libraries() {
  mkdir -p "$work"
  for module in "$@"; do
    "$swiftc" -sanitize=address -parse-as-library -O -g -module-name "$module" -I "$work" \
        -emit-module -emit-module-path "$work/$module.swiftmodule" -emit-library -static "$root/Sources/$module"/*.swift \
        -o "$work/lib$module.a"
  done
}

# Builds the fuzz binary from CONDITION, the sources under test and the oracle, linked against
# the libraries named after --.
fuzzer() {
  local condition=$1
  shift
  local sources=() links=()
  while [ "$1" != -- ]; do sources+=("$1"); shift; done
  shift
  for library in "$@"; do links+=("-l$library"); done
  "$swiftc" -sanitize=fuzzer,address -parse-as-library -O -g -D "$condition" -module-name Fuzz -I "$work" -L "$work" "${links[@]}" \
      "${sources[@]}" "$root"/Sources/FuzzEntry/*.swift -o "$work/$target-fuzz"
}

case "$target" in
  vcard)
    libraries Blanks
    fuzzer VCARD_FUZZ "$root"/Sources/VCard/*.swift "$root/Tests/VCardTests/FuzzOracle.swift" -- Blanks
    "$root/scripts/run-libfuzzer.sh" "$work/$target-fuzz" "$root/Tests/VCardTests/Fuzz/corpus" "$work" "$seconds" 2048 ;;
  csv)
    libraries Blanks VCard ContactsCore
    fuzzer CSV_FUZZ "$root"/Sources/ContactCSV/*.swift "$root/Tests/ContactCSVTests/CSVFuzzOracle.swift" -- ContactsCore VCard Blanks
    "$root/scripts/run-libfuzzer.sh" "$work/$target-fuzz" "$root/Tests/ContactCSVTests/Fuzz/corpus" "$work" "$seconds" 2048 ;;
  merge)
    libraries Blanks VCard
    fuzzer MERGE_FUZZ "$root"/Sources/ContactsCore/*.swift "$root/Tests/ContactsCoreTests/MergeFuzzOracle.swift" -- VCard Blanks
    "$root/scripts/run-libfuzzer.sh" "$work/$target-fuzz" "$root/Tests/ContactsCoreTests/Fuzz/merge-corpus" "$work" "$seconds" 4096 ;;
  agent)
    mkdir -p "$work"
    fuzzer AGENT_FUZZ "$root/Sources/HTTP/BrowserIdentity.swift" "$root/Tests/HTTPTests/UserAgentFuzzOracle.swift" --
    "$root/scripts/run-libfuzzer.sh" "$work/$target-fuzz" "$root/Tests/HTTPTests/Fuzz/agent-corpus" "$work" "$seconds" 2048 \
        -dict="$root/Tests/HTTPTests/Fuzz/agent.dict" ;;
  sealed)
    libraries Base64URL
    fuzzer SEALED_FUZZ "$root"/Sources/Accounts/SecretToken*.swift "$root/Tests/ContactsStoreTests/SealedFuzzOracle.swift" \
        -I "$root/Sources/CSodium" -- Base64URL
    "$root/scripts/run-libfuzzer.sh" "$work/$target-fuzz" "$root/Tests/ContactsStoreTests/Fuzz/sealed-corpus" "$work" "$seconds" 8192 ;;
  cbor)
    libraries Base64URL
    cp "$root/Sources/CLibCrypto/module.modulemap" "$root/Sources/CLibCrypto/shim.h" "$work/"
    fuzzer CBOR_FUZZ "$root"/Sources/WebAuthn/*.swift "$root/Tests/WebAuthnTests/CBORFuzzOracle.swift" \
        "$root/Tests/TestSupport/CBORWriter.swift" -- crypto Base64URL
    "$root/scripts/run-libfuzzer.sh" "$work/$target-fuzz" "$root/Tests/WebAuthnTests/Fuzz/cbor-corpus" "$work" "$seconds" 2048 ;;
  dav)
    export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
    mkdir -p "$work"
    "$swift" build --package-path "$root" --build-path "$root/.build/fuzz" --product dav-fuzz \
        --sanitize fuzzer --sanitize address -Xswiftc -sanitize=fuzzer,address -Xswiftc -DDAV_FUZZ
    "$root/scripts/run-libfuzzer.sh" "$root/.build/fuzz/debug/dav-fuzz" "$root/Tests/CardDAVTests/Fuzz/corpus" "$work" "$seconds" 4096 \
        -detect_leaks=0 -dict="$root/Tests/CardDAVTests/Fuzz/dav.dict" ;;
  *)
    echo "usage: $0 vcard|csv|merge|agent|sealed|dav|cbor [seconds]" >&2
    exit 2 ;;
esac
