#!/usr/bin/env bash
# `npm test`: unit tests (Vitest) then browser tests (Playwright with Debian's Chromium); the suite's
# budget is four minutes on two cores (CONTRIBUTING.md, "The suite's budget"). `npm run test:deep` runs the same with
# TEST_DEEP=1: every fuzz test at its full count (tests/fuzz-budget.ts) and the browser suite in the full
# Chromium, for before a release.
set -euo pipefail
cd "$(dirname "$0")/.."
# Debian's Chromium (Playwright cannot download its own browser here), tshark (the pcap test reads our
# captures with it) and pdftotext (poppler-utils: the activity print test reads the PDFs Chromium
# prints): installed with apt when missing.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/tshark ] || missing+=(tshark)
[ -x /usr/bin/pdftotext ] || missing+=(poppler-utils)
if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing ${missing[*]} with apt (about a minute)…" >&2
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# `npm run test:deep`, before a release, runs the browser suite in the full Chromium, as people run the lab.
if [ "${TEST_DEEP:-}" = 1 ] && [ -z "${CHROMIUM:-}" ]; then export CHROMIUM=/usr/bin/chromium; fi
# `npm test`'s Playwright runs in Debian's chromium-headless-shell, the same Chromium without the
# browser's own UI layer: the browser suite costs about a sixth less CPU in it (scripts/chromium.mjs).
# It only saves time, so it is optional: apt is asked without a password prompt (`sudo -n`) and
# without waiting long on the mirror, and where it cannot install it the suite runs in the full
# Chromium, as it says.
if [ ! -x /usr/bin/chromium-headless-shell ] && [ -z "${CHROMIUM:-}" ]; then
  if [ "$(id -u)" = 0 ]; then ASROOT=""; else ASROOT="sudo -n"; fi
  install_shell() { $ASROOT env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null 2>&1; }
  echo "Installing chromium-headless-shell with apt…" >&2
  install_shell || { timeout 60 $ASROOT apt-get update -qq >/dev/null 2>&1 && install_shell; } ||
    echo "chromium-headless-shell could not be installed: the browser tests run in the full Chromium (the same tests, about a fifth slower)" >&2
fi
# The app's production build, which Playwright tests, runs beside Vitest rather than after it (vite
# and vite-plugin-pwa's precache manifest: mostly one core, while Vitest's first and last files leave
# the other idle); Playwright's web server then only serves it (E2E_BUILT=1, playwright.config.ts).
build_log=$(mktemp)
setsid npm run build >"$build_log" 2>&1 &
build=$!
trap 'kill -- -$build 2>/dev/null || true; rm -f "$build_log"' EXIT
# A test stuck in a synchronous loop cannot be stopped by Vitest's own time-outs (the loop holds its
# thread); a wall limit turns such a hang into a red run naming the phase, well inside CI's budget.
timeout --kill-after=30 900 npx vitest run || { rc=$?; [ $rc = 124 ] && echo "Vitest did not finish in 900 s: a test is stuck (the file missing from the list above)" >&2; exit $rc; }
wait $build || { cat "$build_log" >&2; echo "npm run build failed" >&2; exit 1; }
E2E_BUILT=1 timeout --kill-after=30 1500 npx playwright test || { rc=$?; [ $rc = 124 ] && echo "Playwright did not finish in 1500 s" >&2; exit $rc; }
