#!/usr/bin/env bash
# Two throwaway PostgreSQL clusters in streaming replication, for the read-replica test and the
# deploy bench (never the CI's own cluster): a primary and a hot standby cloned with pg_basebackup -R.
#   replica-pair.sh start <dir> <primary port> <replica port>   # prints nothing; both accept connections on 127.0.0.1
#                                                               # (replica port "none": the primary alone)
#   replica-pair.sh stop <dir>                                  # stops both and removes <dir>
# Run as root it runs PostgreSQL as the postgres user (initdb refuses root).
set -euo pipefail
cmd=$1 dir=$2
BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)}
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "$cmd" in
start)
  pport=$3 rport=$4
  # <dir>'s parent must be traversable by postgres (mkdtemp's folders are 0700: pass one and it is opened up).
  mkdir -p "$dir"
  chmod 755 "$dir"
  if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; fi
  as_pg "$BIN/initdb" -D "$dir/primary" -U pricewatch --auth=trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1
  cat >>"$dir/primary/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $pport
unix_socket_directories = '$dir'
wal_level = replica
max_wal_senders = 4
fsync = off
CONF
  echo "host replication pricewatch 127.0.0.1/32 trust" >>"$dir/primary/pg_hba.conf"
  as_pg "$BIN/pg_ctl" -D "$dir/primary" -l "$dir/primary.log" -w -t 30 start >/dev/null
  [ "$rport" = none ] && exit 0
  as_pg "$BIN/pg_basebackup" -h 127.0.0.1 -p "$pport" -U pricewatch -D "$dir/replica" -R -X stream >"$dir/basebackup.log" 2>&1
  sed -i "s/^port = $pport/port = $rport/" "$dir/replica/postgresql.conf"
  as_pg "$BIN/pg_ctl" -D "$dir/replica" -l "$dir/replica.log" -w -t 30 start >/dev/null
  ;;
stop)
  for c in replica primary; do
    [ -d "$dir/$c" ] && as_pg "$BIN/pg_ctl" -D "$dir/$c" -m immediate stop >/dev/null 2>&1 || true
  done
  rm -rf "$dir"
  ;;
stop-replica)
  as_pg "$BIN/pg_ctl" -D "$dir/replica" -m immediate stop >/dev/null 2>&1 || true
  ;;
*) echo "usage: $0 start|stop|stop-replica <dir> [primary port] [replica port]" >&2; exit 2 ;;
esac
