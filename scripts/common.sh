# Shared set-up for the make targets: sourced, not run.
# Installs what is missing on a Debian machine, fetches the prebuilt DuckDB library and the
# web dependencies. Every step is skipped when its result is already there.

DUCKDB_NPM_VERSION=1.5.6-r.1
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/adeval/target}
export DUCKDB_LIB_DIR=${DUCKDB_LIB_DIR:-$HOME/.cache/adeval/duckdb-$DUCKDB_NPM_VERSION}

# Each step with the minutes and seconds since the script started (the outermost one: a script
# it runs counts on from there).
export ADEVAL_LOG_START=${ADEVAL_LOG_START:-$(date +%s)}
log() {
    local t=$(($(date +%s) - ADEVAL_LOG_START))
    printf '\033[1m==> [%d:%02d] %s\033[0m\n' $((t / 60)) $((t % 60)) "$*"
}

# apt_need PACKAGE... : installs the Debian packages given, as root or through sudo.
apt_need() {
    [ $# -gt 0 ] || return 0
    log "installing Debian packages: $*"
    local sudo=""
    if [ "$(id -u)" != 0 ]; then
        if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
            echo "Missing packages ($*) and no sudo: install them as root, then run again." >&2
            exit 1
        fi
    fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# ensure_system [test]: Postgres server always; Chromium and CJK fonts for tests.
ensure_system() {
    local need=()
    ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
    command -v psql >/dev/null 2>&1 || need+=(postgresql-client)
    command -v cc >/dev/null 2>&1 || need+=(gcc libc6-dev)
    command -v curl >/dev/null 2>&1 || need+=(curl)
    command -v python3 >/dev/null 2>&1 || need+=(python3)
    if [ "${1:-}" = test ]; then
        command -v chromium >/dev/null 2>&1 || need+=(chromium)
        fc-list 2>/dev/null | grep -qi 'wqy\|noto sans cjk' || need+=(fonts-wqy-zenhei)
    fi
    apt_need "${need[@]}"
    command -v cargo >/dev/null 2>&1 || { echo "cargo not found: install Rust (rustup) first" >&2; exit 1; }
    command -v npm >/dev/null 2>&1 || { echo "npm not found: install Node.js 20.19+ first" >&2; exit 1; }
}

# DuckDB's own prebuilt libduckdb.so ships in an npm package; linking it saves the ~40 min
# bundled C++ build. Other platforms: build with `--features bundled` instead (README).
ensure_duckdb() {
    [ -f "$DUCKDB_LIB_DIR/libduckdb.so" ] && return 0
    case "$(uname -s)-$(uname -m)" in
        Linux-x86_64) ;;
        *) echo "No prebuilt libduckdb for $(uname -s)-$(uname -m): build with --features bundled" >&2; exit 1 ;;
    esac
    log "fetching libduckdb.so (@duckdb/node-bindings-linux-x64@$DUCKDB_NPM_VERSION)"
    local tmp
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent "@duckdb/node-bindings-linux-x64@$DUCKDB_NPM_VERSION" >/dev/null)
    mkdir -p "$DUCKDB_LIB_DIR"
    tar -xzf "$tmp"/*.tgz -C "$tmp" package/libduckdb.so
    mv "$tmp/package/libduckdb.so" "$DUCKDB_LIB_DIR/libduckdb.so"
    rm -rf "$tmp"
}

# npm ci when node_modules is missing or older than the lock file.
ensure_web_deps() {
    if [ ! -d web/node_modules ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
        log "installing web dependencies (npm ci)"
        (cd web && npm ci --no-audit --no-fund --loglevel=error)
    fi
}

# build_web [--checked]: `npm run build` (type check, then bundle); --checked skips the type check
# when the caller has just run it (make test), which saves a second tsc over the same sources.
build_web() {
    log "building the web app"
    if [ "${1:-}" = --checked ]; then
        (cd web && npx --no-install vite build >/dev/null)
    else
        (cd web && npm run --silent build >/dev/null)
    fi
}

# A free TCP port on the loopback interface.
free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# wait_http URL SECONDS
wait_http() {
    local i
    for ((i = 0; i < $2 * 4; i++)); do
        curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
        sleep 0.25
    done
    return 1
}
