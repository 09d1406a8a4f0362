#!/usr/bin/env bash
# Starts or stops a three-node RabbitMQ cluster on this machine, for the cluster tests of Fudge.RabbitMQ.
#   bash .ci/rabbitmq-cluster.sh start   three nodes of Debian's rabbitmq-server (installed by .ci/rabbitmq.sh start),
#                                        loopback only, joined into one cluster; waits until all three run in it
#   bash .ci/rabbitmq-cluster.sh stop    stops every node (no error when none runs) and removes their folder
#
# Node   AMQP             Erlang distribution   node name
# 1      127.0.0.1:5681   127.0.0.1:25681        fudge1@localhost
# 2      127.0.0.1:5682   127.0.0.1:25682        fudge2@localhost
# 3      127.0.0.1:5683   127.0.0.1:25683        fudge3@localhost
#
# It never touches the single broker of .ci/rabbitmq.sh (rabbit@localhost on 5672, /etc/rabbitmq, /var/lib/rabbitmq):
# each node reads its own environment file (RABBITMQ_CONF_ENV_FILE) instead of /etc/rabbitmq/rabbitmq-env.conf, and
# everything it writes (configuration, data, logs, pid file, the cluster's Erlang cookie) is under one folder,
# FUDGE_RABBITMQ_CLUSTER_DIR (default ${TMPDIR:-/tmp}/fudge-rabbitmq-cluster). The two share only epmd on
# 127.0.0.1:4369, which serves many nodes. The nodes run as root, from the package's scripts without its su wrapper.
#
# The fault tests kill -9 a node through nN/pid and start it again with nN/start.sh (it rejoins the cluster from its
# data folder), and stop and start its broker application with nN/call.sh rabbit stop / rabbit start (what
# rabbitmqctl stop_app / start_app call). nN/ctl.sh is rabbitmqctl for that node, for people.
# No systemd here (containers, CI): the nodes run detached.
#
# Nothing here waits on rabbitmqctl: each call starts an Erlang VM with the Elixir CLI, which took a minute per call on
# the shared machine at load average 30 (2026-11-29), and four minutes of the cluster's start. A node's boot ends by
# opening its AMQP listener, so the script polls the port, then asks the node itself through erl_call (Erlang's C
# client of the distribution protocol, in erlang-base, which rabbitmq-server depends on: well under a second).
set -euo pipefail

dir="${FUDGE_RABBITMQ_CLUSTER_DIR:-${TMPDIR:-/tmp}/fudge-rabbitmq-cluster}"
wait_seconds="${FUDGE_RABBITMQ_CLUSTER_WAIT_SECONDS:-300}"
bin=/usr/lib/rabbitmq/bin
erl_call=/usr/lib/erlang/bin/erl_call
nodes=(1 2 3)

node_name() { echo "fudge$1@localhost"; }

write_node() {
  local n="$1" d="$dir/n$1"
  mkdir -p "$d/mnesia" "$d/log"
  # Read by both the server and the CLI in place of /etc/rabbitmq/rabbitmq-env.conf.
  cat > "$d/rabbitmq-env.conf" <<CONF
NODENAME=$(node_name "$n")
NODE_IP_ADDRESS=127.0.0.1
NODE_PORT=568$n
DIST_PORT=2568$n
CONFIG_FILE=$d/rabbitmq.conf
MNESIA_BASE=$d/mnesia
LOG_BASE=$d/log
ENABLED_PLUGINS_FILE=$d/enabled_plugins
# Loopback only; schedulers that do not spin when idle, since four brokers share a small machine.
SERVER_ADDITIONAL_ERL_ARGS="-kernel inet_dist_use_interface {127,0,0,1} +sbwt none +sbwtdcpu none +sbwtdio none"
CONF
  # Peer discovery: a node starting with an empty data folder joins the first listed node that runs. Node 1 starts
  # first, alone: one look for the others, not ten half a second apart (they start once it runs, and join it on their
  # first try). A node restarted with its data folder rejoins its cluster from it, without peer discovery.
  local retries=10 interval=500
  [ "$n" = 1 ] && retries=1 interval=100   # at least one retry (RabbitMQ refuses 0)
  cat > "$d/rabbitmq.conf" <<CONF
listeners.tcp.default = 127.0.0.1:568$n
vm_memory_high_watermark.absolute = 1GB
disk_free_limit.absolute = 50MB
cluster_formation.peer_discovery_backend = classic_config
cluster_formation.classic_config.nodes.1 = $(node_name 1)
cluster_formation.classic_config.nodes.2 = $(node_name 2)
cluster_formation.classic_config.nodes.3 = $(node_name 3)
cluster_formation.discovery_retry_limit = $retries
cluster_formation.discovery_retry_interval = $interval
CONF
  echo "[]." > "$d/enabled_plugins"
  # How the node is started, here and by the fault tests after a kill -9.
  cat > "$d/start.sh" <<SCRIPT
#!/bin/sh
export HOME='$dir' RABBITMQ_CONF_ENV_FILE='$d/rabbitmq-env.conf' RABBITMQ_PID_FILE='$d/pid' ERL_EPMD_ADDRESS=127.0.0.1
export ERL_CRASH_DUMP='$d/log/erl_crash.dump'
cd '$d'
setsid nohup '$bin/rabbitmq-server' >> '$d/log/console.log' 2>&1 < /dev/null &
SCRIPT
  chmod +x "$d/start.sh"
  # rabbitmqctl against this node with the cluster's cookie (the partition test runs stop_app and start_app with it).
  cat > "$d/ctl.sh" <<SCRIPT
#!/bin/sh
export HOME='$dir' RABBITMQ_CONF_ENV_FILE='$d/rabbitmq-env.conf' ERL_EPMD_ADDRESS=127.0.0.1
exec '$bin/rabbitmqctl' -n '$(node_name "$n")' "\$@"
SCRIPT
  chmod +x "$d/ctl.sh"
  # One function call on this node through erl_call: call.sh rabbit stop, call.sh rabbit_nodes all_running. Prints the
  # result term.
  cat > "$d/call.sh" <<SCRIPT
#!/bin/sh
exec '$erl_call' -sname '$(node_name "$n")' -c "\$(cat '$dir/.erlang.cookie')" -timeout "\${FUDGE_CALL_TIMEOUT:-300}" -a "\$*"
SCRIPT
  chmod +x "$d/call.sh"
}

# apply(Module, Function, []) on node N: call N MODULE FUNCTION (prints the result; fails when the node does not answer).
call() {
  local n="$1"; shift
  FUDGE_CALL_TIMEOUT=30 sh "$dir/n$n/call.sh" "$@" 2>/dev/null
}

# rabbitmqctl against node N with the cluster's cookie and environment.
ctl() {
  local n="$1"; shift
  HOME="$dir" RABBITMQ_CONF_ENV_FILE="$dir/n$n/rabbitmq-env.conf" ERL_EPMD_ADDRESS=127.0.0.1 \
    "$bin/rabbitmqctl" -n "$(node_name "$n")" "$@"
}

amqp_open() { (exec 3<>"/dev/tcp/127.0.0.1/568$1") 2>/dev/null; }

# Waits until node N has opened its AMQP listener (the end of its boot) and says the broker runs.
await_node() {
  local n="$1" deadline="$2"
  until amqp_open "$n" && [ "$(call "$n" rabbit is_running)" = true ]; do
    if grep -q "BOOT FAILED" "$dir/n$n/log/console.log" 2>/dev/null; then
      echo "cluster node $n ($(node_name "$n")) failed to boot" >&2
      tail -n 30 "$dir/n$n/log/console.log" >&2 || true
      exit 1
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "cluster node $n ($(node_name "$n")) did not start within ${wait_seconds}s" >&2
      tail -n 30 "$dir/n$n/log/"*.log >&2 || true
      exit 1
    fi
    sleep 0.2
  done
}

# The cluster members whose broker runs, as node 1 sees them (each name once).
running_nodes() { call 1 rabbit_nodes all_running | grep -o 'fudge[0-9]@localhost' | sort -u | wc -l; }

start() {
  command -v rabbitmq-server >/dev/null 2>&1 || { echo "rabbitmq-server is not installed: run bash .ci/rabbitmq.sh start first" >&2; exit 1; }
  stop quiet
  # Whatever fails below, no node is left running.
  trap '[ $? -eq 0 ] || stop quiet' EXIT
  local began=$SECONDS n
  mkdir -p "$dir"
  # One Erlang cookie for the three nodes and their CLI (HOME is this folder), unrelated to the single broker's.
  head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$dir/.erlang.cookie"
  chmod 400 "$dir/.erlang.cookie"
  for n in "${nodes[@]}"; do write_node "$n"; done
  local deadline=$((SECONDS + wait_seconds))
  # Node 1 first, so that the others find it running and join it rather than each forming a cluster of its own.
  echo "== starting cluster node 1 (detached, loopback only)"
  sh "$dir/n1/start.sh"
  await_node 1 "$deadline"
  echo "== starting cluster nodes 2 and 3"
  sh "$dir/n2/start.sh"
  sh "$dir/n3/start.sh"
  await_node 2 "$deadline"
  await_node 3 "$deadline"
  # Peer discovery should have joined them; if a node formed a cluster of its own all the same, join it explicitly.
  for n in 2 3; do
    if ! call 1 rabbit_nodes all | grep -q "$(node_name "$n")"; then
      echo "== joining node $n explicitly"
      ctl "$n" -q stop_app && ctl "$n" -q reset && ctl "$n" -q join_cluster "$(node_name 1)" && ctl "$n" -q start_app
    fi
  done
  until [ "$(running_nodes)" = 3 ]; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "the cluster did not reach three running nodes within ${wait_seconds}s" >&2
      ctl 1 cluster_status >&2 || true
      exit 1
    fi
    sleep 0.2
  done
  echo "== rabbitmq cluster ready in $((SECONDS - began)) s: 127.0.0.1:5681,5682,5683 (nodes fudge1..3@localhost, folder $dir)"
}

stop() {
  local n pid
  for n in "${nodes[@]}"; do
    [ -f "$dir/n$n/pid" ] || continue
    pid="$(cat "$dir/n$n/pid" 2>/dev/null || true)"
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || continue
    kill "$pid" 2>/dev/null || true   # SIGTERM: the Erlang VM shuts down
  done
  for n in "${nodes[@]}"; do
    [ -f "$dir/n$n/pid" ] || continue
    pid="$(cat "$dir/n$n/pid" 2>/dev/null || true)"
    [ -n "$pid" ] || continue
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  rm -rf "$dir"
  [ "${1:-}" = quiet ] || echo "== rabbitmq cluster stopped"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
