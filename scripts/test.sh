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

work=$(mktemp -d /tmp/adeval-test.XXXXXX)
chmod 755 "$work"
cleanup() {
    if [ -f "$work/server.pid" ]; then
        kill "$(cat "$work/server.pid")" 2>/dev/null || true
    fi
    # A side that failed may leave the other running.
    jobs -p | xargs -r kill 2>/dev/null || true
    wait 2>/dev/null || true
    scripts/pg.sh stop "$work/pg" || true
    scripts/rgw.sh stop "$work/rgw" || true
    rm -rf "$work"
}
trap cleanup EXIT

# The Rust build (most of a cold run) starts first; the web dependencies, Postgres and the Ceph
# packages and cluster are set up beside it.
log "rust: build the tests and the server (the set-up goes on beside it)"
(cargo test --workspace --locked --no-run -q && cargo build --bin adeval --locked -q) &
build_pid=$!
ensure_web_deps

log "starting a throwaway Postgres cluster"
PG_FSYNC=off scripts/pg.sh start "$work/pg" "$(free_port)"
db_url=$(cat "$work/pg/database.url")
export DATABASE_URL=${db_url%/adeval}/postgres

# A real S3 server (Ceph's RADOS gateway) for the tests of files and the lake on object storage.
log "starting a throwaway one-node Ceph cluster with its S3 gateway"
scripts/rgw.sh start "$work/rgw" "$(free_port)"
# shellcheck disable=SC1091
. "$work/rgw/s3.env"

wait "$build_pid" || { log "the Rust build failed"; exit 1; }
log "rust: built"
adeval=$CARGO_TARGET_DIR/debug/adeval

# Two lanes side by side, each line marked with its lane: the Rust tests (niced) and then the
# web's type check and unit tests; beside them the OpenAPI check, the bundle and the browser
# flows (a debug server, Chromium, the runner). Alone, each keeps the two cores busy about half
# the time (they wait on Postgres, on the servers they start, on pages), so side by side they
# take about the longer lane's time instead of the sum; the flows are the longer part, so they
# start first. The Rust tests run niced: the flows and the unit tests wait on pages with
# timeouts, the Rust tests only take longer.
rust_then_unit_tests() {
    # A failure's message, not pages of backtrace, is what the end of a CI log must show
    # (ADEVAL_TEST_BACKTRACE=1 brings the backtraces back).
    RUST_BACKTRACE=${ADEVAL_TEST_BACKTRACE:-0} nice -n 10 cargo test --workspace --locked -q
    log "web: type check and unit tests"
    (cd web && npm run --silent typecheck && npm test --silent)
}

browser_flows() {
    log "web: the client types match the server's OpenAPI document"
    (cd web && ADEVAL_BIN="$adeval" node scripts/openapi.mjs --check)
    # The type check runs in the other lane.
    build_web --checked
    # The runner itself: a flow that checks nothing fails, setup steps are not counted as flows.
    node web/e2e/check-runner.mjs
    local port
    port=$(free_port)
    export ADEVAL_ADMIN_PASSWORD
    ADEVAL_ADMIN_PASSWORD=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
    DATABASE_URL=$db_url ADEVAL_ADDR=127.0.0.1:$port ADEVAL_DATA_DIR=$work/data \
        "$adeval" serve --dev >"$work/server.log" 2>&1 &
    echo $! >"$work/server.pid"
    if ! wait_http "http://127.0.0.1:$port/healthz" 60; then
        cat "$work/server.log" >&2
        return 1
    fi
    # A restricted account (/order only) for the permission flows, made the way staff would.
    export ADEVAL_E2E_CLERK_PASSWORD
    ADEVAL_E2E_CLERK_PASSWORD=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
    DATABASE_URL=$db_url ADEVAL_DATA_DIR=$work/data ADEVAL_USER_PASSWORD=$ADEVAL_E2E_CLERK_PASSWORD \
        "$adeval" user create --account clerk --name 文员 --rules 112 >/dev/null
    # The flows date things as the server does, in Asia/Shanghai, whatever the machine's zone.
    # Flows that load data only the shell can (rating series) run `adeval import` against the
    # server's database and lake.
    TZ=Asia/Shanghai ADEVAL_E2E_URL=http://127.0.0.1:$port ADEVAL_BIN="$adeval" DATABASE_URL=$db_url ADEVAL_DATA_DIR=$work/data \
        node web/e2e/run.mjs
}

log "two lanes: rust tests then web unit tests; browser flows"
rust_then_unit_tests 2>&1 | sed -u 's/^/[rust+unit] /' | tee "$work/rust.log" &
rust_pid=$!
browser_flows 2>&1 | sed -u 's/^/[browser] /' | tee "$work/browser.log" &
browser_pid=$!
# The lanes' lines interleave and a CI log is read from its end: a failed lane's last lines
# (the runner repeats its failures there, cargo lists its failed tests) are printed again last.
failed_lanes=()
status=0
wait "$rust_pid" || { status=1; failed_lanes+=("rust tests or web unit tests:$work/rust.log"); }
wait "$browser_pid" || { status=1; failed_lanes+=("browser flows:$work/browser.log"); }
for lane in "${failed_lanes[@]}"; do
    log "${lane%%:*} failed; the lane's last lines:"
    tail -n 40 "${lane#*:}"
done
[ "$status" = 0 ] && log "every test passed"
exit "$status"
