#!/usr/bin/env bash
# Prints the shared vCard corpus directory the tests read (never copied into the repository):
# $CONTACTS_VCARD_CORPUS when set; else shared/corpus/vcards beside the repository; else, for a
# clone made somewhere else (CI clones into a temporary directory), the one beside the local
# repository it was cloned from. Prints nothing when none holds the corpus (its SOURCES.md).
set -euo pipefail
if [ -n "${CONTACTS_VCARD_CORPUS:-}" ]; then
  printf '%s\n' "$CONTACTS_VCARD_CORPUS"
  exit 0
fi
repository=$(cd "$(dirname "$0")/.." && pwd)
candidates=("$repository/../shared/corpus/vcards")
origin=$(git -C "$repository" remote get-url origin 2>/dev/null || true)
if [ -n "$origin" ] && [ -d "$origin" ]; then
  candidates+=("$(cd "$origin" && pwd)/../shared/corpus/vcards")
fi
for candidate in "${candidates[@]}"; do
  if [ -f "$candidate/SOURCES.md" ]; then
    (cd "$candidate" && pwd)
    exit 0
  fi
done
