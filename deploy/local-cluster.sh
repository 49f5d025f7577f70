#!/usr/bin/env bash
# The scaled deployment on one machine, for the bench (README "Scaling"): a throwaway PostgreSQL,
# 3 server processes on it (one runs the background jobs, two are web-only: JOB_WORKERS=0
# PARSERS_WORKER=0), Debian's nginx in front (deploy/nginx/pricewatch.conf: the built front ends from
# disk, the API balanced), then the load bench through nginx (server/bench/load.ts --target).
# Prints the bench's JSON lines; prints one "skipped" line and exits 0 when nginx or PostgreSQL cannot
# be had. Everything lives in a temp folder, removed at the end. Build the front ends first (npm run build).
#   deploy/local-cluster.sh            # LOCAL_CLUSTER_REPLICA=1: add a streaming replica (DATABASE_READ_URL)
#   deploy/local-cluster.sh --keep     # leave it running (prints the address) until Ctrl-C
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SERVERS=${LOCAL_CLUSTER_SERVERS:-3}
skip() { echo "{\"bench\":\"load\",\"backend\":\"nginx+${SERVERS} servers\",\"skipped\":\"$1\"}"; exit 0; }
say() { echo "[local-cluster] $*" >&2; }

# nginx and PostgreSQL from Debian, installed the way .ci/run installs its packages (root or sudo).
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo -n"
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
if [ ! -x "$NGINX" ]; then
  say "installing nginx (Debian)"
  { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nginx; } >/dev/null 2>&1 || skip "nginx is not installed and could not be (apt-get install nginx)"
fi
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || skip "PostgreSQL is not installed (apt-get install postgresql)"
[ -f "$ROOT/host/dist/index.html" ] || skip "the front ends are not built (npm run build)"
if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then skip "no postgres user to run PostgreSQL as"; fi

free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
DIR=$(mktemp -d /tmp/pw-local-cluster-XXXXXX)
chmod 755 "$DIR" # PostgreSQL runs as postgres under it
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  [ -f "$DIR/nginx/nginx.pid" ] && "$NGINX" -p "$DIR/nginx" -c "$DIR/nginx/nginx.conf" -s stop 2>/dev/null || true
  "$ROOT/server/scripts/replica-pair.sh" stop "$DIR/pg" || true
  rm -rf "$DIR"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

PG_PORT=$(free_port); REPLICA_PORT=none
[ "${LOCAL_CLUSTER_REPLICA:-0}" = 1 ] && REPLICA_PORT=$(free_port)
say "PostgreSQL on $PG_PORT (replica: $REPLICA_PORT)"
"$ROOT/server/scripts/replica-pair.sh" start "$DIR/pg" "$PG_PORT" "$REPLICA_PORT" || skip "PostgreSQL did not start (see initdb/pg_ctl)"
DB_URL="postgres://pricewatch@127.0.0.1:$PG_PORT/postgres"
READ_URL=""; [ "$REPLICA_PORT" != none ] && READ_URL="postgres://pricewatch@127.0.0.1:$REPLICA_PORT/postgres"

start_server() { # <port> <job workers 0/1>
  (cd "$ROOT/server" && exec env DATABASE_URL="$DB_URL" DATABASE_READ_URL="$READ_URL" DATA_DIR="$DIR/data" DEMO=1 \
    PORT="$1" HOST=127.0.0.1 TRUST_PROXY=1 JOB_WORKERS="$2" PARSERS_WORKER=0 DEMO_SHOPS=0 LOG_LEVEL=warn \
    node_modules/.bin/tsx src/main.ts >>"$DIR/server-$1.log" 2>&1) &
  PIDS+=($!)
}
wait_up() { # <port>
  for _ in $(seq 1 600); do
    curl -fs -o /dev/null "http://127.0.0.1:$1/deployment.json" && return 0
    sleep 0.5
  done
  say "server on $1 did not start:"; tail -20 "$DIR/server-$1.log" >&2; exit 1
}

# The first process migrates and seeds the demo data (the others wait for its start-up lock anyway).
PORTS=()
for i in $(seq 1 "$SERVERS"); do PORTS+=("$(free_port)"); done
say "server 1 (jobs) on ${PORTS[0]}"
start_server "${PORTS[0]}" 1
wait_up "${PORTS[0]}"
for p in "${PORTS[@]:1}"; do say "web server on $p"; start_server "$p" 0; done
for p in "${PORTS[@]:1}"; do wait_up "$p"; done

NGINX_PORT=$(free_port)
mkdir -p "$DIR/nginx/logs" "$DIR/nginx/tmp"
UPSTREAMS=$(for p in "${PORTS[@]}"; do printf '    server 127.0.0.1:%s max_fails=3 fail_timeout=10s;\\n' "$p"; done)
sed -e "s|@UPSTREAMS@|$UPSTREAMS|" -e "s|@LISTEN@|127.0.0.1:$NGINX_PORT|" -e "s|@ROOT@|$ROOT|" \
  "$ROOT/deploy/nginx/pricewatch.conf" >"$DIR/nginx/pricewatch.conf"
cat >"$DIR/nginx/nginx.conf" <<CONF
worker_processes 1;
pid $DIR/nginx/nginx.pid;
error_log $DIR/nginx/logs/error.log warn;
$( [ "$(id -u)" = 0 ] && echo "user root;" )
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path $DIR/nginx/tmp/body;
  proxy_temp_path $DIR/nginx/tmp/proxy;
  fastcgi_temp_path $DIR/nginx/tmp/fastcgi;
  uwsgi_temp_path $DIR/nginx/tmp/uwsgi;
  scgi_temp_path $DIR/nginx/tmp/scgi;
  include $DIR/nginx/pricewatch.conf;
}
CONF
"$NGINX" -p "$DIR/nginx" -c "$DIR/nginx/nginx.conf" -t -q || skip "nginx refused the configuration"
"$NGINX" -p "$DIR/nginx" -c "$DIR/nginx/nginx.conf"
BASE="http://127.0.0.1:$NGINX_PORT"
say "nginx on $BASE in front of ${PORTS[*]}"

if [ "${1:-}" = --keep ]; then
  say "running; Ctrl-C stops everything"
  while true; do sleep 3600 & wait $!; done # wait: a signal runs the cleanup at once
fi
cd "$ROOT/server" && node_modules/.bin/tsx bench/load.ts --target "$BASE"
