#!/usr/bin/env bash
# Makes (or brings up to date) a Python virtualenv from a pinned requirements file, reinstalling
# only when the file changed since the last install.
# Usage: scripts/python-venv.sh VENV_DIR REQUIREMENTS_FILE
set -euo pipefail
venv=$1
requirements=$2
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
stamp="$venv/.requirements.sha256"
wanted_sum=$(sha256sum "$requirements" | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$wanted_sum" ]; then
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
  echo "$wanted_sum" > "$stamp"
fi
