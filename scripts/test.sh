#!/usr/bin/env bash
# `npm test`: unit tests (Vitest) then browser tests (Playwright with Debian's Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ]; then
  echo "Chromium not found: installing Debian's chromium with apt (about a minute)…" >&2
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq chromium >/dev/null
fi
npx vitest run
npx playwright test
