#!/usr/bin/env bash
# Installs the Debian packages a make target needs, when they are missing.
# As root it runs apt-get; otherwise it prints the exact command and fails.
# Usage: scripts/install-deps.sh build|test|bench|e2e
set -euo pipefail

build=(pkg-config libsqlite3-dev libsodium-dev libssl-dev libqrencode-dev libmicrohttpd-dev libpq-dev)
case "${1:-build}" in
  build) wanted=("${build[@]}") ;;
  # postgresql: the throwaway cluster scripts/with-postgres.sh starts for the tests on PostgreSQL;
  # pgbouncer: the multi-server tests run again through it in transaction mode.
  test) wanted=("${build[@]}" sqlite3 openssl postgresql pgbouncer) ;;
  # xandikos: the CardDAV benchmark's second peer; gcc: it compiles bench/bare-microhttpd.c.
  bench) wanted=("${build[@]}" curl wrk time postgresql xandikos gcc)  # python3-venv: Radicale for scripts/bench-carddav.sh
         python3 -c 'import ensurepip, venv' 2>/dev/null || wanted+=(python3-venv) ;;
  # evolution-data-server … python3-gi, dbus: Evolution's CardDAV backend driven headless (test_evolution.py).
  # zbar-tools: zbarimg reads the devices page's QR code back (test_devices.py).
  e2e) wanted=(postgresql pgbouncer chromium chromium-driver fonts-wqy-zenhei nginx-light syncevolution
              evolution-data-server gir1.2-ebook-1.2 gir1.2-edataserver-1.2 python3-gi dbus zbar-tools)
       python3 -c 'import ensurepip, venv' 2>/dev/null || wanted+=(python3-venv) ;;
  *) echo "usage: $0 build|test|bench|e2e" >&2; exit 2 ;;
esac

missing=()
for package in "${wanted[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  echo "Installing ${missing[*]} …" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
else
  echo "Missing Debian packages. Install them with:" >&2
  echo "  sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
