#!/usr/bin/env bash
# `npm test`: unit tests (Vitest) then browser tests (Playwright with Debian's Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
# Debian's Chromium (Playwright cannot download its own browser here) and tshark (the pcap test reads our
# captures with it): installed with apt when missing.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/tshark ] || missing+=(tshark)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing ${missing[*]} with apt (about a minute)…" >&2
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
npx vitest run
npx playwright test
