#!/usr/bin/env bash
# End-to-end browser tests: headless Chromium (Selenium) against a real `contacts serve`.
# Installs what they need (Debian packages as root, else prints the apt-get command and fails),
# a virtualenv at .venv-e2e from Tests/e2e/requirements.txt, then runs pytest on Tests/e2e.
# Extra arguments go to pytest, e.g. scripts/e2e.sh -k login -x
# Environment: CONTACTS_BIN (default .build/debug/contacts), E2E_DPR (screenshot pixel ratio, 1).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

scripts/install-deps.sh e2e

venv=.venv-e2e
scripts/python-venv.sh "$venv" Tests/e2e/requirements.txt

binary=${CONTACTS_BIN:-.build/debug/contacts}
if [ ! -x "$binary" ]; then
  swift build --product contacts
fi
[[ "$binary" == /* ]] || binary="$PWD/$binary"
export CONTACTS_BIN="$binary"

export PYTHONDONTWRITEBYTECODE=1  # no __pycache__ in the work tree
status=0
"$venv/bin/python" -m pytest -c Tests/e2e/pytest.ini --rootdir Tests/e2e Tests/e2e "$@" || status=$?
if [ "$status" -eq 5 ]; then
  echo "e2e: pytest collected no tests — counted as a failure" >&2
  exit 1
fi
exit "$status"
