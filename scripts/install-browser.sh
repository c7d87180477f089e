#!/usr/bin/env bash
# Debian's Chromium for the browser tests (Playwright drives it; it cannot download its own here).
# Idempotent: does nothing when /usr/bin/chromium is already there.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        SUDO="sudo"
    else
        echo "install-browser: Chromium is missing and this user cannot install it (run as root):" >&2
        echo "  apt-get update && apt-get install -y chromium" >&2
        exit 0
    fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
echo "install-browser: installed $(/usr/bin/chromium --version 2>/dev/null || echo chromium)"
