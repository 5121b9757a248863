#!/usr/bin/env bash
# `make run`: install what is missing, build, start the local Postgres (unless DATABASE_URL
# is set), migrate and serve on http://127.0.0.1:8080 (ADEVAL_ADDR).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/common.sh

ensure_system
ensure_duckdb
ensure_web_deps
build_web
log "building adeval (release)"
cargo build --release --bin adeval

export ADEVAL_DATA_DIR=${ADEVAL_DATA_DIR:-$PWD/data}
if [ -z "${DATABASE_URL:-}" ]; then
    log "starting the local Postgres cluster in $ADEVAL_DATA_DIR/pg"
    scripts/pg.sh start "$ADEVAL_DATA_DIR/pg"
fi
# Local mode: without a secret of your own, the development signing secret (which the web
# build above also used) is accepted; `adeval serve` alone refuses it.
if [ -z "${ADEVAL_SIGN_SECRET:-}" ]; then
    log "ADEVAL_SIGN_SECRET is unset: serving with the development secret (local mode)"
    export ADEVAL_DEV=${ADEVAL_DEV:-1}
fi
exec "$CARGO_TARGET_DIR/release/adeval" serve
