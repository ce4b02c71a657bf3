#!/usr/bin/env bash
# What the test suites need besides npm packages: Debian's Chromium for the browser tests and a
# PostgreSQL server on 127.0.0.1:5432 for the PostgreSQL run of the API suite.
# Installs them when missing and this is root on Debian (CI); otherwise says what to install.
set -euo pipefail

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
apt_updated=0

can_install() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; }

apt_install() {
  if [ "$apt_updated" = 0 ]; then
    apt-get update -qq
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

postgres_answers() {
  if command -v pg_isready >/dev/null 2>&1; then
    pg_isready -q -h 127.0.0.1 -p 5432
  else
    (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null
  fi
}

if [ ! -x "$CHROMIUM" ]; then
  if can_install; then
    echo "test-prereqs: installing Debian's chromium"
    apt_install chromium
  else
    echo "test-prereqs: $CHROMIUM not found. Install Chromium (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH." >&2
    exit 1
  fi
fi

if ! postgres_answers; then
  if can_install; then
    echo "test-prereqs: no PostgreSQL on 127.0.0.1:5432; installing and starting one"
    command -v pg_ctlcluster >/dev/null 2>&1 || apt_install postgresql
    version=$(ls /etc/postgresql | sort -V | tail -n 1)
    pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
    for _ in $(seq 1 30); do postgres_answers && break; sleep 1; done
    # The tests sign in as postgres/postgres over TCP.
    su postgres -c "psql -q -c \"alter user postgres password 'postgres'\""
  else
    echo "test-prereqs: no PostgreSQL answers on 127.0.0.1:5432. Start one (user postgres, password postgres) or set TEST_PG_URL." >&2
    exit 1
  fi
fi
postgres_answers || { echo "test-prereqs: PostgreSQL still does not answer on 127.0.0.1:5432" >&2; exit 1; }
