#!/bin/sh
# Runs PgBouncer on the repo's deploy/pgbouncer.ini (at PGBOUNCER_INI), rendered for a container:
# the primary at PGBOUNCER_DATABASE_HOST:PGBOUNCER_DATABASE_PORT, logs on stderr, its files in
# PGBOUNCER_RUN_DIR, and a user list of one user from the environment (never in the image).
set -eu
: "${PGBOUNCER_DATABASE_HOST:?set PGBOUNCER_DATABASE_HOST (the PostgreSQL primary)}"
: "${PGBOUNCER_USER:?set PGBOUNCER_USER}"
: "${PGBOUNCER_PASSWORD:?set PGBOUNCER_PASSWORD}"
ini="${PGBOUNCER_INI:-/etc/pgbouncer/pgbouncer.ini}"
run="${PGBOUNCER_RUN_DIR:-/tmp/pgbouncer}"
mkdir -p "$run"
umask 077
# auth_type scram-sha-256 accepts a plain password in the user list; the quotes of its format double.
printf '"%s" "%s"\n' "$(printf %s "$PGBOUNCER_USER" | sed 's/"/""/g')" \
  "$(printf %s "$PGBOUNCER_PASSWORD" | sed 's/"/""/g')" >"$run/userlist.txt"
sed -e "s|^\* = .*|* = host=${PGBOUNCER_DATABASE_HOST} port=${PGBOUNCER_DATABASE_PORT:-5432}|" \
  -e "s|^listen_port = .*|listen_port = ${PGBOUNCER_PORT:-6432}|" \
  -e "s|^auth_file = .*|auth_file = $run/userlist.txt|" \
  -e "s|^pidfile = .*|pidfile = $run/pgbouncer.pid|" \
  -e "s|^unix_socket_dir = .*|unix_socket_dir = $run|" \
  -e '/^logfile = /d' \
  "$ini" >"$run/pgbouncer.ini"
exec pgbouncer "$run/pgbouncer.ini"
