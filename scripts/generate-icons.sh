#!/usr/bin/env bash
# Renders the web app's PNG icons and favicon (Sources/WebApp/Static/icons/) from Static/icon.svg.
# Needs libcairo2 (Debian). Usage: scripts/generate-icons.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/python-venv.sh .venv-icons scripts/icons-requirements.txt
.venv-icons/bin/python scripts/generate-icons.py
