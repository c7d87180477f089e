#!/usr/bin/env bash
# Debian's Chromium for the browser tests (Playwright drives it; it cannot download its own here),
# and a Japanese font, without which the Japanese pages are drawn as boxes (the tests check it).
# Idempotent: does nothing when both are already there.
set -euo pipefail
PACKAGES=(chromium fonts-noto-cjk)
missing=()
for package in "${PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed"; then
        missing+=("$package")
    fi
done
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
