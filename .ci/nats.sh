#!/usr/bin/env bash
# Starts or stops the local NATS servers the Fudge.Nats integration tests run against.
#   bash .ci/nats.sh start   installs Debian's nats-server if missing, then starts on loopback only:
#                            - a single node with JetStream on 127.0.0.1:4222;
#                            - a three-node JetStream cluster "fudge" on 127.0.0.1:4231, :4232, :4233
#                              (routes on :6231..:6233), servers n1, n2, n3;
#                            and waits until each answers (the cluster until it has a JetStream meta leader).
#   bash .ci/nats.sh stop    stops every one of them (no error when none runs) and removes their folder.
# Each server's configuration, pid file, log and JetStream store live in one folder, FUDGE_NATS_DIR (default
# ${TMPDIR:-/tmp}/fudge-nats): the cluster fault test reads the pid files to kill -9 a node and the .conf files to
# restart it. No systemd here (containers, CI): the servers run detached.
set -euo pipefail

dir="${FUDGE_NATS_DIR:-${TMPDIR:-/tmp}/fudge-nats}"
wait_seconds="${FUDGE_NATS_WAIT_SECONDS:-60}"
servers=(single n1 n2 n3)

install_if_missing() {
  command -v nats-server >/dev/null 2>&1 && return 0
  echo "== installing nats-server (Debian package)"
  local policy=/usr/sbin/policy-rc.d created=""
  if [ ! -e "$policy" ]; then printf '#!/bin/sh\nexit 101\n' > "$policy"; chmod +x "$policy"; created=1; fi
  export DEBIAN_FRONTEND=noninteractive
  # apt's lock is shared with the other background installs of .ci/run: retry a while rather than fail.
  local tries=0
  until apt-get install -y -qq nats-server >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq nats-server >/dev/null; }; do
    tries=$((tries + 1)); [ "$tries" -lt 30 ] || { echo "could not install nats-server" >&2; exit 1; }
    sleep 5
  done
  [ -z "$created" ] || rm -f "$policy"
}

write_configs() {
  mkdir -p "$dir"
  cat > "$dir/single.conf" <<CONF
server_name: single
listen: 127.0.0.1:4222
pid_file: "$dir/single.pid"
jetstream { store_dir: "$dir/single", max_memory_store: 64MB, max_file_store: 1GB }
CONF
  local i
  for i in 1 2 3; do
    cat > "$dir/n$i.conf" <<CONF
server_name: n$i
listen: 127.0.0.1:423$i
pid_file: "$dir/n$i.pid"
jetstream { store_dir: "$dir/n$i", max_memory_store: 64MB, max_file_store: 1GB }
cluster {
  name: fudge
  listen: 127.0.0.1:623$i
  routes: [ nats-route://127.0.0.1:6231, nats-route://127.0.0.1:6232, nats-route://127.0.0.1:6233 ]
}
CONF
  done
}

running() { [ -f "$dir/$1.pid" ] && kill -0 "$(cat "$dir/$1.pid")" 2>/dev/null; }

start() {
  install_if_missing
  stop quiet
  write_configs
  local name
  for name in "${servers[@]}"; do
    echo "== starting nats-server $name (detached, loopback only)"
    setsid nohup nats-server -c "$dir/$name.conf" >> "$dir/$name.log" 2>&1 < /dev/null &
  done
  local deadline=$((SECONDS + wait_seconds)) port
  for port in 4222 4231 4232 4233; do
    until (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
      if [ "$SECONDS" -ge "$deadline" ]; then
        echo "nats-server on 127.0.0.1:$port did not start within ${wait_seconds}s" >&2
        tail -n 20 "$dir"/*.log >&2 || true
        exit 1
      fi
      sleep 0.5
    done
  done
  # The cluster serves JetStream once its nodes have elected a meta leader.
  until grep -q "JetStream cluster new metadata leader\|Self is new JetStream cluster metadata leader" "$dir"/n?.log 2>/dev/null; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "the JetStream cluster elected no meta leader within ${wait_seconds}s" >&2
      tail -n 20 "$dir"/n?.log >&2 || true
      exit 1
    fi
    sleep 0.5
  done
  echo "== nats ready: single node on 127.0.0.1:4222, JetStream cluster on 127.0.0.1:4231,4232,4233 (folder $dir)"
}

stop() {
  local name pid
  for name in "${servers[@]}"; do
    if running "$name"; then
      pid="$(cat "$dir/$name.pid")"
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -9 "$pid" 2>/dev/null || true
    fi
  done
  # The servers answer some failures with a fixed sentence ("error creating store for stream") and write the cause
  # only to their own log, which goes with the folder: keep the warnings and errors in CI's output.
  if [ "${1:-}" != quiet ] && ls "$dir"/*.log >/dev/null 2>&1; then
    grep -h "\[WRN\]\|\[ERR\]" "$dir"/*.log 2>/dev/null | grep -v "Plaintext passwords\|[Rr]out\(e\|ing\)" | tail -n 40 | sed 's/^/== nats log: /' || true
  fi
  rm -rf "$dir"
  [ "${1:-}" = quiet ] || echo "== nats stopped"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
