#!/usr/bin/env bash
# Make sure a PostgreSQL server is installed for the storage tests (tests/server/postgres.py starts
# a throwaway cluster on a free loopback port). On Debian/Ubuntu as root, install Debian's package
# when the binaries are missing; elsewhere, say what is needed and carry on (the tests will tell).
set -euo pipefail

have_initdb() {
    if compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then return 0; fi
    if command -v initdb >/dev/null 2>&1; then return 0; fi
    if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then return 0; fi
    return 1
}

if have_initdb; then
    exit 0
fi
if [ "$(uname -s)" != "Linux" ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "setup-postgres: no PostgreSQL server found; install one to run the PostgreSQL storage tests" >&2
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "setup-postgres: no PostgreSQL server found; run 'sudo apt-get install -y postgresql'" >&2
    exit 0
fi
echo "setup-postgres: installing Debian's postgresql package"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq postgresql >/dev/null
have_initdb
