#!/usr/bin/env bash
# Starts or stops the local PostgreSQL server the Fudge.Store.PostgreSql tests run against.
#   bash .ci/postgres.sh start   installs Debian's postgresql if missing, listens on 127.0.0.1 only, creates the test
#                                role and database (password authentication), waits until it accepts connections
#   bash .ci/postgres.sh stop    stops it (no error when it is not running)
# The tests connect with FUDGE_POSTGRES, by default the connection string printed at the end.
set -euo pipefail

connection="Host=127.0.0.1;Port=5432;Username=fudge;Password=fudge;Database=fudge_test"

install_if_missing() {
  ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 && return 0
  echo "== installing postgresql (Debian package)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
}

version() { ls /usr/lib/postgresql | sort -n | tail -n 1; }

case "${1:-start}" in
  start)
    install_if_missing
    v="$(version)"
    [ -d "/etc/postgresql/$v/main" ] || pg_createcluster "$v" main >/dev/null
    # Loopback only, whatever the package's default was.
    sed -i "s/^#\{0,1\}listen_addresses = .*/listen_addresses = '127.0.0.1'/" "/etc/postgresql/$v/main/postgresql.conf"
    # pg_ctl gives up after 60 s, which a first start beside a loaded build has exceeded (CI, stop 53): wait up to
    # five minutes, and if pg_ctl still gives up, keep asking the server itself before failing with its log.
    pg_ctlcluster "$v" main status >/dev/null 2>&1 || pg_ctlcluster "$v" main start -- -t 300 \
      || echo "== pg_ctlcluster gave up waiting; asking the server directly"
    for _ in $(seq 1 300); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
    pg_isready -h 127.0.0.1 -p 5432 || { tail -n 40 "/var/log/postgresql/postgresql-$v-main.log" >&2 || true; exit 1; }
    su postgres -c "psql -q -v ON_ERROR_STOP=1" <<'SQL'
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'fudge') THEN CREATE ROLE fudge LOGIN PASSWORD 'fudge'; END IF;
END $$;
SQL
    su postgres -c "psql -tAc \"SELECT 1 FROM pg_database WHERE datname = 'fudge_test'\"" | grep -q 1 \
      || su postgres -c "createdb -O fudge fudge_test"
    # A database whose default collation is not code-point order (ICU's en-US: "a" before "Z"), for the tests that
    # string comparisons keep the filter's order whatever the collation (PostgresCollationTests).
    su postgres -c "psql -tAc \"SELECT 1 FROM pg_database WHERE datname = 'fudge_test_icu'\"" | grep -q 1 \
      || su postgres -c "createdb -O fudge --template=template0 --locale-provider=icu --icu-locale=en-US --locale=C.UTF-8 fudge_test_icu"
    echo "== postgresql $v ready on 127.0.0.1:5432: FUDGE_POSTGRES=\"$connection\""
    ;;
  stop)
    v="$(version 2>/dev/null || true)"
    [ -z "$v" ] || pg_ctlcluster "$v" main stop >/dev/null 2>&1 || true
    ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
