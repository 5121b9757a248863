#!/usr/bin/env bash
# A project-local Postgres cluster.
#   scripts/pg.sh start DIR [PORT]  initialise DIR if needed, start it, create database
#                                   `adeval`, write DIR/database.url (mode 600)
#   scripts/pg.sh stop DIR
# As root the server runs as the unprivileged `postgres` user (or `adeval`, created when
# there is no `postgres` user); initdb refuses to run as root.
set -euo pipefail

cmd=${1:?usage: pg.sh start|stop DIR [PORT]}
dir=${2:?usage: pg.sh start|stop DIR [PORT]}
port=${3:-54329}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
    echo "pg.sh: PostgreSQL server binaries not found; install the postgresql package" >&2
    exit 1
fi

run_as=""
if [ "$(id -u)" = 0 ]; then
    if id postgres >/dev/null 2>&1; then
        run_as=postgres
    else
        id adeval >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin adeval
        run_as=adeval
    fi
fi
as_owner() {
    if [ -n "$run_as" ]; then runuser -u "$run_as" -- "$@"; else "$@"; fi
}

pgdata=$dir/data
case "$cmd" in
start)
    if [ -n "$run_as" ] && ! runuser -u "$run_as" -- test -x "$dir"; then
        # The unprivileged user can't reach the project folder (e.g. under /root): keep the
        # cluster where it can, and point data/pg/data at it.
        alt=/var/lib/adeval-pg/$(printf '%s' "$dir" | cksum | cut -d' ' -f1)
        mkdir -p "$alt"
        chown "$run_as" "$alt"
        [ -L "$pgdata" ] || ln -s "$alt" "$pgdata"
        pgdata=$alt
    fi
    if [ ! -f "$pgdata/PG_VERSION" ]; then
        mkdir -p "$pgdata"
        [ -n "$run_as" ] && chown "$run_as" "$pgdata"
        chmod 700 "$pgdata"
        password=$(head -c 18 /dev/urandom | od -An -tx1 | tr -d ' \n')
        pwfile=$(mktemp)
        printf '%s\n' "$password" > "$pwfile"
        [ -n "$run_as" ] && chown "$run_as" "$pwfile"
        as_owner "$bindir/initdb" -D "$pgdata" -U adeval --auth=scram-sha-256 --pwfile="$pwfile" \
            -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; rm -f "$pwfile"; exit 1; }
        rm -f "$pwfile"
        umask 077
        printf 'postgres://adeval:%s@127.0.0.1:%s/adeval\n' "$password" "$port" > "$dir/database.url"
        printf '%s\n' "$port" > "$dir/port"
    fi
    port=$(cat "$dir/port")
    if ! as_owner "$bindir/pg_ctl" -D "$pgdata" status >/dev/null 2>&1; then
        as_owner "$bindir/pg_ctl" -D "$pgdata" -w -t 60 -l "$pgdata/server.log" \
            -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories='' -c max_connections=200 -c fsync=${PG_FSYNC:-on}" \
            start >/dev/null || { tail -n 20 "$pgdata/server.log" >&2; exit 1; }
    fi
    url=$(cat "$dir/database.url")
    admin_url=${url%/adeval}/postgres
    if ! psql "$admin_url" -Atqc "select 1 from pg_database where datname = 'adeval'" | grep -q 1; then
        psql "$admin_url" -qc "create database adeval" >/dev/null
    fi
    ;;
stop)
    [ -L "$pgdata" ] && pgdata=$(readlink "$pgdata")
    if [ -f "$pgdata/PG_VERSION" ]; then
        as_owner "$bindir/pg_ctl" -D "$pgdata" -m fast -w stop >/dev/null 2>&1 || true
    fi
    ;;
*)
    echo "usage: pg.sh start|stop DIR [PORT]" >&2
    exit 2
    ;;
esac
