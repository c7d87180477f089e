#!/usr/bin/env bash
# Make sure the servers the tests start are installed: PostgreSQL (tests/server/postgres.py),
# redis-server and nginx (tests/server/services.py). The tests start a throwaway instance of each on
# a free loopback port, with its own files in a temporary folder. On Debian/Ubuntu as root, install
# Debian's packages when a binary is missing; elsewhere, say what is needed and carry on (the tests
# will tell).
#
# Nothing is started here: installing the packages must not leave a system Redis or nginx running,
# so the install runs under a policy-rc.d that refuses to start services (unless one is in place).
set -euo pipefail

missing=()
have() {
    command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ] || [ -x "/usr/bin/$1" ]
}
have_postgres() {
    compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null && return 0
    have initdb && return 0
    have pg_config && [ -x "$(pg_config --bindir)/initdb" ]
}
have_postgres || missing+=(postgresql)
have redis-server || missing+=(redis-server)
have nginx || missing+=(nginx)

if [ "${#missing[@]}" -eq 0 ]; then
    exit 0
fi
if [ "$(uname -s)" != "Linux" ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "setup-services: ${missing[*]} not found; install them to run the server tests" >&2
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "setup-services: ${missing[*]} not found; run 'sudo apt-get install -y ${missing[*]}'" >&2
    exit 0
fi

policy=/usr/sbin/policy-rc.d
if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod 755 "$policy"
    trap 'rm -f "$policy"' EXIT
fi
echo "setup-services: installing Debian's ${missing[*]} (services are not started)"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
have_postgres || { echo "setup-services: PostgreSQL's initdb is still missing" >&2; exit 1; }
for binary in redis-server nginx; do
    have "$binary" || { echo "setup-services: $binary is still missing" >&2; exit 1; }
done
