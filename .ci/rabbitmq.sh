#!/usr/bin/env bash
# Starts or stops the local RabbitMQ broker the Fudge.RabbitMQ integration tests run against.
#   bash .ci/rabbitmq.sh start   installs Debian's rabbitmq-server if missing, listens on loopback only, waits for it
#   bash .ci/rabbitmq.sh stop    stops it (no error when it is not running)
# No systemd here (containers, CI): the broker runs detached and is stopped with rabbitmqctl.
set -euo pipefail

wait_seconds="${FUDGE_RABBITMQ_WAIT_SECONDS:-120}"

configure() {
  # Loopback only: AMQP listener, Erlang distribution and epmd all bind to 127.0.0.1; the node is named after
  # localhost so rabbitmqctl finds it whatever the machine's host name resolves to. Both the server and rabbitmqctl
  # read this file, so they agree on the node name.
  mkdir -p /etc/rabbitmq
  cat > /etc/rabbitmq/rabbitmq-env.conf <<'CONF'
NODENAME=rabbit@localhost
NODE_IP_ADDRESS=127.0.0.1
NODE_PORT=5672
DIST_PORT=25672
SERVER_ADDITIONAL_ERL_ARGS="-kernel inet_dist_use_interface {127,0,0,1}"
CONF
  # Tests publish bursts of 100,000 messages: keep the broker from blocking publishers on the default memory and
  # disk thresholds of a small CI machine.
  cat > /etc/rabbitmq/rabbitmq.conf <<'CONF'
listeners.tcp.default = 127.0.0.1:5672
vm_memory_high_watermark.relative = 0.8
disk_free_limit.absolute = 50MB
CONF
}

install_if_missing() {
  command -v rabbitmq-server >/dev/null 2>&1 && return 0
  echo "== installing rabbitmq-server (Debian package)"
  # Keep the package's maintainer scripts from starting the service themselves: this script starts it, configured.
  local policy=/usr/sbin/policy-rc.d created=""
  if [ ! -e "$policy" ]; then printf '#!/bin/sh\nexit 101\n' > "$policy"; chmod +x "$policy"; created=1; fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq rabbitmq-server >/dev/null
  [ -z "$created" ] || rm -f "$policy"
}

amqp_open() { (exec 3<>/dev/tcp/127.0.0.1/5672) 2>/dev/null; }

# The virtual host of the Fudge.RabbitMQ tests. Some of them close every connection of their virtual host on the
# server side; on a host of their own they cannot cut the connections of other test projects (the explorer's in
# Fudge.Cli.Tests) that dotnet test runs at the same time against this broker.
tests_vhost=fudge-rabbitmq-tests

# Asks the node to evaluate one Erlang expression through erl_call (well under a second, where each rabbitmqctl call
# starts an Erlang VM of its own: a minute on a loaded machine). erl_call exits 0 even when the expression fails
# and prints {error, ...} instead of {ok, Result}, so the answer itself is checked.
node_eval() {
  local erl_call=/usr/lib/erlang/bin/erl_call cookie=/var/lib/rabbitmq/.erlang.cookie answer
  answer=$(printf '%s\n' "$1" | "$erl_call" -sname rabbit@localhost -c "$(cat "$cookie")" -timeout 60 -e)
  case "$answer" in
    "{ok, ok}") ;;
    *) echo "rabbitmq: $1 answered $answer" >&2; return 1 ;;
  esac
}

ensure_tests_vhost() {
  # Both calls are idempotent: adding an existing host or granting the same permissions again is a no-op.
  if [ -x /usr/lib/erlang/bin/erl_call ] && [ -r /var/lib/rabbitmq/.erlang.cookie ]; then
    node_eval "rabbit_vhost:add(<<\"$tests_vhost\">>, <<\"fudge-ci\">>)."
    node_eval "rabbit_auth_backend_internal:set_permissions(<<\"guest\">>, <<\"$tests_vhost\">>, <<\".*\">>, <<\".*\">>, <<\".*\">>, <<\"fudge-ci\">>)."
  else
    rabbitmqctl -q add_vhost "$tests_vhost"
    rabbitmqctl -q set_permissions -p "$tests_vhost" guest ".*" ".*" ".*"
  fi
  echo "== rabbitmq virtual host $tests_vhost ready"
}

start() {
  configure
  install_if_missing
  export ERL_EPMD_ADDRESS=127.0.0.1
  if amqp_open; then echo "== rabbitmq already running"; ensure_tests_vhost; return 0; fi
  echo "== starting rabbitmq-server (detached, loopback only)"
  rabbitmq-server -detached
  # The node opens its AMQP listener at the end of its boot. Polling the port rather than calling rabbitmqctl
  # await_startup: each rabbitmqctl call starts an Erlang VM of its own, a minute a call on the loaded machine
  # (2026-11-29, load average 30). The deadline keeps a broken install from hanging CI.
  local deadline=$((SECONDS + wait_seconds))
  until amqp_open; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "rabbitmq-server did not start within ${wait_seconds}s" >&2
      tail -n 40 /var/log/rabbitmq/*.log 2>/dev/null >&2 || true
      exit 1
    fi
    sleep 0.2
  done
  echo "== rabbitmq ready on 127.0.0.1:5672"
  ensure_tests_vhost
}

stop() {
  command -v rabbitmqctl >/dev/null 2>&1 || return 0
  rabbitmqctl -q stop >/dev/null 2>&1 || true
  echo "== rabbitmq stopped"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
