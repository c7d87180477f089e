#!/usr/bin/env bash
# Restart the furuba processes of this machine one at a time, with no table stopping for long:
# each process, stopped with SIGTERM, hands its tables to the others and closes its sockets with
# 1012 (the clients reconnect through nginx to the other processes); once it is back and ready,
# the next one goes. Run it after upgrading furuba (or as the deploy step of one).
#
#   sudo deploy/rolling-restart.sh                # every furuba@PORT unit of this machine
#   sudo deploy/rolling-restart.sh 8001 8002      # these ports only
#   sudo deploy/rolling-restart.sh --contract     # then apply the contract migrations
#
# A starting process applies the schema's expand migrations itself; the contract ones (which
# remove what the release before used) wait until every process runs the new release:
# --contract runs `furuba db upgrade` after the last process is ready (FURUBA and
# FURUBA_DATABASE_URL as in /etc/furuba/furuba.env; see docs/DEPLOY.md, "Upgrades that change
# the schema").
#
# PAUSE (seconds, default 6) is waited after each process is ready: longer than nginx's
# fail_timeout, so that nginx sends it traffic again before the next process stops.
set -euo pipefail

PAUSE="${PAUSE:-6}"
contract=""
if [ "${1:-}" = "--contract" ]; then
    contract=yes
    shift
fi
if [ "$#" -gt 0 ]; then
    ports=("$@")
else
    mapfile -t ports < <(systemctl list-units --plain --no-legend 'furuba@*.service' \
        | awk '{print $1}' | sed -n 's/^furuba@\([0-9]*\)\.service$/\1/p')
fi
if [ "${#ports[@]}" -eq 0 ]; then
    echo "rolling-restart: no furuba@PORT unit is running" >&2
    exit 1
fi

for port in "${ports[@]}"; do
    echo "rolling-restart: furuba@$port"
    systemctl restart "furuba@$port.service"
    ready=""
    for _ in $(seq 1 120); do
        if curl -fsS -o /dev/null "http://127.0.0.1:$port/api/health/ready"; then
            ready=yes
            break
        fi
        sleep 0.5
    done
    if [ -z "$ready" ]; then
        echo "rolling-restart: furuba@$port is not ready after 60 s; stopping here" >&2
        exit 1
    fi
    sleep "$PAUSE"
done
echo "rolling-restart: done (${#ports[@]} processes)"
if [ -n "$contract" ]; then
    if [ -z "${FURUBA_DATABASE_URL:-}" ] && [ -r /etc/furuba/furuba.env ]; then
        set -a
        # shellcheck disable=SC1091
        . /etc/furuba/furuba.env
        set +a
    fi
    "${FURUBA:-/opt/furuba/venv/bin/furuba}" db upgrade --database-url "${FURUBA_DATABASE_URL:?set FURUBA_DATABASE_URL}"
fi
