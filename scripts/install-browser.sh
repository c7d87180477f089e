#!/usr/bin/env bash
# Debian's Chromium for the browser tests (Playwright drives it; it cannot download its own here),
# and a Japanese font, without which the Japanese pages are drawn as boxes (the tests check it).
# Node and npm too, for the checks of the front end's JavaScript (`make jscheck`).
# Idempotent: does nothing when they are already there.
set -euo pipefail
PACKAGES=(chromium fonts-noto-cjk)
missing=()
for package in "${PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed"; then
        missing+=("$package")
    fi
done
# Node and npm for `make jscheck` (tsc and eslint over the front end), when there is no node yet.
if ! command -v npm >/dev/null 2>&1; then
    missing+=(nodejs npm)
fi
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        SUDO="sudo"
    else
        echo "install-browser: ${missing[*]} missing and this user cannot install them (run as root):" >&2
        echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
        exit 0
    fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
echo "install-browser: installed ${missing[*]} ($(/usr/bin/chromium --version 2>/dev/null || echo chromium))"
