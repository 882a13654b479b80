#!/usr/bin/env bash
# Builds Sources/<MODULE> for each MODULE named, in order, as a static library with its module
# interface in WORK, with AddressSanitizer, each free to import the ones before it: what the
# scripts/fuzz-*.sh targets link against.
#
#   scripts/fuzz-libraries.sh WORK MODULE...
set -euo pipefail
work=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
swiftc=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}

mkdir -p "$work"
for module in "$@"; do
  "$swiftc" -sanitize=address -parse-as-library -O -g -module-name "$module" -I "$work" \
      -emit-module -emit-module-path "$work/$module.swiftmodule" -emit-library -static "$root/Sources/$module"/*.swift \
      -o "$work/lib$module.a"
done
