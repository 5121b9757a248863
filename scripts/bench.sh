#!/usr/bin/env bash
# `make bench` (100 million rating rows) and `make bench-quick` (ADEVAL_BENCH_ROWS=5000000):
# builds the bench binaries (release), sets up the Python peers' venv, runs every bench one
# after the other and writes benches/RESULTS.md: machine, date, medians, ratios against the
# peers measured in the same run, goals met or not. Generated data stays under
# ~/.cache/adeval/bench-data (ADEVAL_BENCH_DATA), never in the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/common.sh

export ADEVAL_BENCH_ROWS=${ADEVAL_BENCH_ROWS:-100000000}
export ADEVAL_BENCH_DATA=${ADEVAL_BENCH_DATA:-$HOME/.cache/adeval/bench-data}
venv=${ADEVAL_BENCH_VENV:-$HOME/.cache/adeval/bench-venv}
results=${ADEVAL_BENCH_RESULTS:-benches/RESULTS.md}

ensure_system
ensure_duckdb
mkdir -p "$ADEVAL_BENCH_DATA"

# The Python peers: pandas with openpyxl, python-calamine, pyarrow for their Parquet output.
if ! "$venv/bin/python" -c 'import pandas, openpyxl, python_calamine, pyarrow' 2>/dev/null; then
    log "setting up the Python peers' venv in $venv"
    python3 -m venv "$venv" 2>/dev/null || { apt_need python3-venv; python3 -m venv "$venv"; }
    "$venv/bin/pip" install --quiet --disable-pip-version-check pandas openpyxl python-calamine pyarrow
fi
export ADEVAL_BENCH_PYTHON=$venv/bin/python

# The summary bench scrolls the built web client in Chromium.
ensure_web_deps
build_web

log "building the benches (release)"
cargo build --release --locked -p adeval-benches
cargo build --release --locked --bin adeval
bin=$CARGO_TARGET_DIR/release

# Disk: the rating benches refuse to start without room; say it up front too.
free_gib=$(df -Pk "$ADEVAL_BENCH_DATA" | awk 'NR==2 {printf "%.0f", $4 / 1048576}')
log "$ADEVAL_BENCH_ROWS rating rows; $free_gib GiB free under $ADEVAL_BENCH_DATA"

load_start=$(cut -d' ' -f1-3 /proc/loadavg)
report=$(mktemp /tmp/adeval-bench.XXXXXX.md)
trap 'rm -f "$report"' EXIT
export ADEVAL_BENCH_REPORT=$report
started=$(date -u '+%Y-%m-%d %H:%M UTC')
commit="$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- engine ingest server benches || echo ' (with uncommitted changes)')"

run_bench() {
    log "bench: $1"
    local t0=$SECONDS
    "$bin/$1"
    printf '_%s took %d s in all; load average at its end: %s._\n\n' \
        "$1" $((SECONDS - t0)) "$(cut -d' ' -f1-3 /proc/loadavg)" >>"$report"
}
run_bench xlsx_ingest
run_bench ratings_ingest
run_bench ratings_query
# Default viewing estimates of one order (estimates): six classes over the imported rating rows.
run_bench estimates
# The point-details curve (spot_curve): spotCurve's engine call over 300 million per-second rating
# rows (ADEVAL_BENCH_CURVE_ROWS), against DuckDB on the plain Parquet copy.
run_bench spot_curve
run_bench export
# The API under load (api_load): the release `adeval serve` on a database of a throwaway cluster
# of the bench's own, under ADEVAL_BENCH_DATA.
api_pg=$ADEVAL_BENCH_DATA/pg
scripts/pg.sh start "$api_pg" "$(free_port)"
DATABASE_URL=$(cat "$api_pg/database.url") run_bench api_load
# The order list's figures (order_figures): one engine scan per call against the per-order way,
# two servers of the same build on one database of the same cluster.
DATABASE_URL=$(cat "$api_pg/database.url") run_bench order_figures
# Broadcast certificates (certificates): a 100,000-row certificate uploaded and imported, and
# the comparison of 20,000 planned cells with as many certificate rows.
DATABASE_URL=$(cat "$api_pg/database.url") run_bench certificates
# The summary dialog (summary): the month grid of a 300-line order over a dense viewing set, and
# the point move's second step.
DATABASE_URL=$(cat "$api_pg/database.url") run_bench summary
# The per-month evaluation figures (summary_list): orderSummaryList of one order over 10 million
# viewing rows, against Postgres plus DuckDB on a plain Parquet copy.
DATABASE_URL=$(cat "$api_pg/database.url") run_bench summary_list
# The drill-down (figure_rows): figureRows, the issued-GRP rows of one order over 10 million
# viewing rows, a page and the sum of all, against DuckDB on a plain Parquet copy.
DATABASE_URL=$(cat "$api_pg/database.url") run_bench figure_rows
# The audience dashboard (dashboard): dashboardoneIndex, a quarter by week for 3 products over 10
# million viewing rows and their rollups, against DuckDB on a plain Parquet copy.
DATABASE_URL=$(cat "$api_pg/database.url") run_bench dashboard

# The customer data list (customer_list): customerIndex pages over 10 million viewing rows, newest
# first with the total, against DuckDB on a plain Parquet copy.
DATABASE_URL=$(cat "$api_pg/database.url") run_bench customer_list
scripts/pg.sh stop "$api_pg"
# The web bundle (web/scripts/bundle-size.mjs) of the build above: the dashboard route's own
# JavaScript and the whole app's, gzip. Over a budget the report says **not met** and the run
# goes on, as the other benches' goals do.
log "bench: web bundle"
(cd web && node scripts/bundle-size.mjs >/dev/null) || log "the web bundle is over a budget: see its section"

cpu=$(lscpu | sed -n 's/^Model name:[[:space:]]*//p' | head -1)
mem=$(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)
os=$(. /etc/os-release && echo "$PRETTY_NAME")
{
    echo "# Benchmark results"
    echo
    echo "Written by \`make bench\` (scripts/bench.sh); every figure is a median of the runs shown, and"
    echo "every ratio is against a peer measured in the same run, on the same machine and the same files."
    echo
    echo "| | |"
    echo "|---|---|"
    echo "| date | $started |"
    echo "| commit | $commit |"
    echo "| machine | $cpu, $(nproc) cores, $mem RAM |"
    echo "| OS | $os, $(uname -r) |"
    echo "| rating rows | $ADEVAL_BENCH_ROWS (\`ADEVAL_BENCH_ROWS\`) |"
    echo "| load average | $load_start at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end (1, 5, 15 min; 2 cores, shared with other work) |"
    echo
    cat "$report"
} >"$results"
log "wrote $results"
