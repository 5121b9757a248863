#!/usr/bin/env bash
# `make test`: every test against real parts. A throwaway Postgres cluster in a temporary
# folder and a one-node Ceph cluster with its S3 gateway (both removed on exit); the Rust tests
# and the web's type check and unit tests beside the browser end-to-end tests against the
# served build in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/common.sh

ensure_system test
ensure_duckdb

# How many servers the browser flows run on side by side (web/e2e/run.mjs).
E2E_SERVERS=${ADEVAL_TEST_FLOW_SERVERS:-2}

work=$(mktemp -d /tmp/adeval-test.XXXXXX)
chmod 755 "$work"
cleanup() {
    local pid
    for pid in "$work"/e2e-*/server.pid; do
        [ -f "$pid" ] && kill "$(cat "$pid")" 2>/dev/null
    done
    # A side that failed may leave the other running.
    jobs -p | xargs -r kill 2>/dev/null || true
    wait 2>/dev/null || true
    [ -n "${pg_dir:-}" ] && { scripts/pg.sh stop "$pg_dir" || true; [ "$pg_dir" = "$work/pg" ] || rm -rf "$pg_dir"; }
    scripts/rgw.sh kill "$work/rgw" || true
    rm -rf "$work"
}
trap cleanup EXIT

# The Rust build (most of a cold run) starts first; the web dependencies, Postgres and the Ceph
# packages and cluster are set up beside it.
log "rust: build the tests and the server (the set-up goes on beside it)"
(cargo test --workspace --locked --no-run -q && cargo build --bin adeval --locked -q) &
build_pid=$!
ensure_web_deps

# The cluster in memory when the machine has room: every API test's database is a copy of a
# template (about 11 MB and 300 files each, 4.6 GB by the end), and on a disk creating and
# removing those files is a tenth of the Rust tests' CPU and the slowest part of the clean-up.
pg_dir=$work/pg
shm_free_kb=$(df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 { print $4 }')
mem_free_kb=$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo)
if [ "${shm_free_kb:-0}" -gt $((8 * 1024 * 1024)) ] && [ "${mem_free_kb:-0}" -gt $((12 * 1024 * 1024)) ]; then
    pg_dir=$(mktemp -d /dev/shm/adeval-test-pg.XXXXXX)
    chmod 755 "$pg_dir"
fi
log "starting a throwaway Postgres cluster (in $pg_dir)"
PG_FSYNC=off scripts/pg.sh start "$pg_dir" "$(free_port)"
db_url=$(cat "$pg_dir/database.url")
export DATABASE_URL=${db_url%/adeval}/postgres

# A real S3 server (Ceph's RADOS gateway) for the tests of files and the lake on object storage.
log "starting a throwaway one-node Ceph cluster with its S3 gateway"
scripts/rgw.sh start "$work/rgw" "$(free_port)"
# shellcheck disable=SC1091
. "$work/rgw/s3.env"

wait "$build_pid" || { log "the Rust build failed"; exit 1; }
log "rust: built"
adeval=$CARGO_TARGET_DIR/debug/adeval

# Two lanes side by side, each line marked with its lane: the Rust tests (niced) and the
# OpenAPI check, the bundle and the browser flows (debug servers, Chromium, the runner). Side by
# side they keep both cores busy. The web's type check and unit tests follow whichever lane ends
# first, beside the other: Vitest wants the cores (beside both lanes, or beside the build, it took
# three to five times as long and its heaviest tests came near their timeouts), and beside the
# niced Rust tests it has them. The Rust tests run niced: the flows wait on pages with timeouts,
# the Rust tests only take longer.
rust_tests() {
    # A failure's message, not pages of backtrace, is what the end of a CI log must show
    # (ADEVAL_TEST_BACKTRACE=1 brings the backtraces back). Two tests at a time, one per core:
    # alone, four at a time would be faster (the 372 API tests: 156 s at two, 124 s at four),
    # but beside the flows the cores are busy throughout and four were slower (294 s, 275 s).
    RUST_BACKTRACE=${ADEVAL_TEST_BACKTRACE:-0} nice -n 10 cargo test --workspace --locked -q
    log "rust tests: done"
}

web_unit_tests() {
    log "web: type check and unit tests"
    (cd web && npm run --silent typecheck && npm test --silent)
    log "web unit tests: done"
}

browser_flows() {
    log "web: the client types match the server's OpenAPI document"
    (cd web && ADEVAL_BIN="$adeval" node scripts/openapi.mjs --check)
    # The type check runs in the other lane.
    build_web --checked
    # The runner itself: a flow that checks nothing fails, setup steps are not counted as flows.
    node web/e2e/check-runner.mjs
    export ADEVAL_ADMIN_PASSWORD ADEVAL_E2E_CLERK_PASSWORD
    ADEVAL_ADMIN_PASSWORD=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
    ADEVAL_E2E_CLERK_PASSWORD=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
    # The flows' files run side by side, one worker per server (web/e2e/run.mjs): each server
    # its own database and data dir, so no file sees another's data. Alone the runner keeps the
    # cores busy about half the time (it waits on pages and on the server).
    local k pid servers=() pids=()
    for ((k = 1; k <= E2E_SERVERS; k++)); do
        start_flow_server "$k" &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid" || return 1; done
    for ((k = 1; k <= E2E_SERVERS; k++)); do servers+=("$(cat "$work/e2e-$k/server.json")"); done
    # The flows date things as the server does, in Asia/Shanghai, whatever the machine's zone.
    # Flows that load data only the shell can (rating series) run `adeval import` against their
    # server's database and lake.
    TZ=Asia/Shanghai ADEVAL_E2E_SERVERS="[$(IFS=,; echo "${servers[*]}")]" ADEVAL_BIN="$adeval" \
        node web/e2e/run.mjs
    log "browser flows: done"
}

# start_flow_server K: a debug server on a database and data dir of its own (the demo loads on
# its first start, as on a newcomer's), and a restricted account (/order only) for the
# permission flows, made the way staff would; writes $work/e2e-K/server.json for the runner.
start_flow_server() {
    local dir=$work/e2e-$1 port url
    mkdir -p "$dir"
    url=${db_url%/adeval}/adeval_e2e_$1
    psql "$DATABASE_URL" -qc "create database adeval_e2e_$1" >/dev/null
    port=$(free_port)
    DATABASE_URL=$url ADEVAL_ADDR=127.0.0.1:$port ADEVAL_DATA_DIR=$dir/data \
        "$adeval" serve --dev >"$dir/server.log" 2>&1 &
    echo $! >"$dir/server.pid"
    if ! wait_http "http://127.0.0.1:$port/healthz" 60; then
        cat "$dir/server.log" >&2
        return 1
    fi
    DATABASE_URL=$url ADEVAL_DATA_DIR=$dir/data ADEVAL_USER_PASSWORD=$ADEVAL_E2E_CLERK_PASSWORD \
        "$adeval" user create --account clerk --name 文员 --rules 112 >/dev/null
    printf '{"url":"http://127.0.0.1:%s","databaseUrl":"%s","dataDir":"%s"}' "$port" "$url" "$dir/data" >"$dir/server.json"
}

log "two lanes: rust tests; browser flows (then the web unit tests, after the first to end)"
rust_tests 2>&1 | sed -u 's/^/[rust] /' | tee "$work/rust.log" &
rust_pid=$!
browser_flows 2>&1 | sed -u 's/^/[browser] /' | tee "$work/browser.log" &
browser_pid=$!
# The lanes' lines interleave and a CI log is read from its end: a failed lane's last lines
# (the runner repeats its failures there, cargo lists its failed tests) are printed again last.
failed_lanes=()
status=0
declare -A lanes=([$rust_pid]="rust tests:$work/rust.log" [$browser_pid]="browser flows:$work/browser.log")
web_started=
while [ "${#lanes[@]}" -gt 0 ]; do
    ended=
    lane_status=0
    wait -n -p ended "${!lanes[@]}" || lane_status=$?
    [ "$lane_status" = 0 ] || { status=1; failed_lanes+=("${lanes[$ended]}"); }
    unset "lanes[$ended]"
    if [ -z "$web_started" ]; then
        web_unit_tests 2>&1 | sed -u 's/^/[web] /' | tee "$work/web.log" &
        lanes[$!]="web type check or unit tests:$work/web.log"
        web_started=1
    fi
done
for lane in "${failed_lanes[@]}"; do
    log "${lane%%:*} failed; the lane's last lines:"
    tail -n 40 "${lane#*:}"
done
[ "$status" = 0 ] && log "every test passed"
exit "$status"
