#!/usr/bin/env bash
# Runs a command with a private PgBouncer in transaction mode in front of PostgreSQL, then stops
# and removes it, whatever the command did:
#   scripts/with-pgbouncer.sh npm run test:api
# The command gets DATABASE_URL (the pooler), DATABASE_DIRECT_URL (PostgreSQL itself) and
# DB_PREPARED_STATEMENTS=false (named statements break in transaction mode before PgBouncer 1.21).
# PostgreSQL is DATABASE_DIRECT_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
# the pooler trusts every client (it listens on loopback only) and reaches every database name.
# Its pool size is deploy/pgbouncer.ini's default_pool_size (PGBOUNCER_POOL_SIZE overrides it).
set -euo pipefail
[ "$#" -gt 0 ] || { echo "usage: $0 command [args...]" >&2; exit 64; }
PGBOUNCER=${PGBOUNCER:-$(command -v pgbouncer || echo /usr/sbin/pgbouncer)}
[ -x "$PGBOUNCER" ] || { echo "pgbouncer not found (apt-get install pgbouncer)" >&2; exit 69; }

direct=${DATABASE_DIRECT_URL:-${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}}
# host, port, user of the direct URL, and a free loopback port for the pooler.
read -r host port user listen pooled < <(node -e '
  const net = require("node:net");
  const url = new URL(process.argv[1]);
  const server = net.createServer().listen(0, "127.0.0.1", () => {
    const { port } = server.address();
    server.close(() => {
      const pooled = new URL(url);
      pooled.host = `127.0.0.1:${port}`;
      console.log(url.hostname, url.port || 5432, decodeURIComponent(url.username) || "postgres", port, pooled.href);
    });
  });' "$direct")

root=$(cd "$(dirname "$0")/.." && pwd)
pool_size=${PGBOUNCER_POOL_SIZE:-$(sed -n 's/^default_pool_size *= *\([0-9]*\).*/\1/p' "$root/deploy/pgbouncer.ini")}
[ -n "$pool_size" ] || { echo "no default_pool_size in deploy/pgbouncer.ini" >&2; exit 1; }

dir=$(mktemp -d /tmp/feedline-pgbouncer-XXXXXX)
pid=""
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -INT "$pid" 2>/dev/null || true # SIGINT: PgBouncer shuts down at once
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# deploy/pgbouncer.ini's settings, with the paths, port and authentication of a private, local one.
cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=$host port=$port

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $listen
unix_socket_dir =
auth_type = trust
auth_file = $dir/userlist.txt
pool_mode = transaction
ignore_startup_parameters = extra_float_digits
max_client_conn = 2000
; deploy/pgbouncer.ini's server connections per database and user: a test that needs many
; statements waiting in PostgreSQL at once (account-races: 17) gets them, as a deployment would.
; A test run opens a database per test file, each a pool of its own, used by one file at a time
; (a file may take well under a second): idle server connections close soon, so that the run
; stays below the server's max_connections.
default_pool_size = $pool_size
server_idle_timeout = 2
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI
printf '"%s" ""\n' "$user" >"$dir/userlist.txt"
chmod 755 "$dir"
chmod 644 "$dir/pgbouncer.ini" "$dir/userlist.txt"

# PgBouncer refuses to run as root: then it switches to the postgres OS user (-u).
as_user=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$dir"
  as_user=(-u postgres)
fi
"$PGBOUNCER" -q "${as_user[@]}" "$dir/pgbouncer.ini" &
pid=$!
for _ in $(seq 1 100); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$listen") 2>/dev/null; then break; fi
  kill -0 "$pid" 2>/dev/null || { cat "$dir/pgbouncer.log" >&2 2>/dev/null; echo "pgbouncer did not start" >&2; exit 1; }
  sleep 0.1
done
echo "== PgBouncer $("$PGBOUNCER" --version | head -1 | cut -d' ' -f2) (transaction mode) on 127.0.0.1:$listen in front of $host:$port" >&2

status=0
DATABASE_URL="$pooled" DATABASE_DIRECT_URL="$direct" DB_PREPARED_STATEMENTS=false "$@" || status=$?
exit "$status"
