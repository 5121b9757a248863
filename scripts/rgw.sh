#!/usr/bin/env bash
# A throwaway one-node Ceph cluster with a RADOS gateway: a real S3 server for the tests.
#   scripts/rgw.sh start DIR [PORT]  (re)create the cluster in DIR, serve S3 on 127.0.0.1:PORT
#                                    (default: the port of DIR's last run, else 7480), create
#                                    the bucket `adeval`, write DIR/s3.env (mode 600) with the
#                                    endpoint, the keys and the bucket
#   scripts/rgw.sh stop DIR          stop its mon, osd and gateway (by their pid files)
#   scripts/rgw.sh kill DIR          kill them at once (a cluster about to be removed: memstore
#                                    keeps nothing, so an orderly stop's ~5 s buy nothing)
# RGW_MEMSTORE_BYTES caps the objects' RAM (default 1 GiB); RGW_START_TIMEOUT bounds the wait
# for the gateway (default 90 s).
# One mon, one osd on memstore (objects in RAM, capped), one radosgw, no cephx: everything
# (conf, mon store, logs, pid files, admin sockets) lives under DIR, nothing under /etc/ceph or
# /var/lib/ceph, so several clusters in different DIRs run side by side. memstore keeps
# nothing across a restart, so `start` after `stop` builds a fresh cluster (same keys, empty).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/common.sh
. "$here/common.sh"

usage() { echo "usage: rgw.sh start DIR [PORT] | stop DIR | kill DIR" >&2; exit 2; }
cmd=${1:-}
case "$cmd" in start | stop | kill) ;; *) usage ;; esac
[ -n "${2:-}" ] || usage
[ "$cmd" = start ] && mkdir -p "$2"
[ -d "$2" ] || exit 0 # stop on a DIR that never was: nothing to do
dir=$(cd "$2" && pwd)
conf=$dir/ceph.conf
run=$dir/run

# alive PID: the process runs. Not `kill -0`: the daemons fork away from us, and an exited
# one stays a zombie until PID 1 reaps it, which in a container can take seconds.
alive() {
    local _pid _comm state
    read -r _pid _comm state _ 2>/dev/null <"/proc/$1/stat" && [ "$state" != Z ]
}

# pid_of NAME: the pid in NAME's pid file when that process is alive and is this cluster's
# (its command line names our ceph.conf: a stale pid file may hold a reused pid), else nothing.
pid_of() {
    local pid
    pid=$(cat "$run/$1.pid" 2>/dev/null) || return 0
    [ -n "$pid" ] && alive "$pid" && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "-c $conf " && echo "$pid"
    return 0
}

# signal_wait SIGNAL NAME...: SIGNAL to each, wait for all to exit (10 s, then SIGKILL).
signal_wait() {
    local signal=$1 name pid pids=() i running
    shift
    for name in "$@"; do
        pid=$(pid_of "$name")
        [ -n "$pid" ] && kill "-$signal" "$pid" 2>/dev/null && pids+=("$pid")
        rm -f "$run/$name.pid"
    done
    for ((i = 0; i < 100; i++)); do
        running=0
        for pid in "${pids[@]}"; do alive "$pid" && running=1; done
        [ "$running" = 1 ] || return 0
        sleep 0.1
    done
    for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
}
term_wait() { signal_wait TERM "$@"; }

# One after the other: a gateway whose osd is gone hangs in its shutdown, an osd whose mon is
# gone waits 5 s for it.
stop_all() {
    term_wait client.rgw
    term_wait osd.0
    term_wait mon.a
}

# fail MESSAGE LOG: stop what was started, show the log's tail, exit.
fail() {
    echo "rgw.sh: $1" >&2
    [ -f "${2:-}" ] && { echo "--- tail of $2:" >&2; tail -n 30 "$2" >&2; }
    stop_all
    exit 1
}

ceph_() { ceph -c "$conf" --connect-timeout 30 "$@"; }

if [ "$cmd" = stop ]; then
    stop_all
    exit 0
fi
if [ "$cmd" = kill ]; then
    signal_wait KILL client.rgw osd.0 mon.a
    exit 0
fi

port=${3:-$(cat "$dir/port" 2>/dev/null || echo 7480)}

# Already running: nothing to do (the gateway answering is what callers rely on).
if [ -n "$(pid_of mon.a)" ] && [ -n "$(pid_of osd.0)" ] && [ -n "$(pid_of client.rgw)" ] \
    && [ "$port" = "$(cat "$dir/port")" ] && [ -f "$dir/s3.env" ] && wait_http "http://127.0.0.1:$port/" 5; then
    exit 0
fi
stop_all

need=()
command -v ceph-mon >/dev/null 2>&1 || need+=(ceph-mon)
command -v ceph-osd >/dev/null 2>&1 || need+=(ceph-osd)
command -v radosgw >/dev/null 2>&1 || need+=(radosgw)
command -v ceph >/dev/null 2>&1 || need+=(ceph-common)
command -v uuidgen >/dev/null 2>&1 || need+=(uuid-runtime)
command -v curl >/dev/null 2>&1 || need+=(curl)
command -v python3 >/dev/null 2>&1 || need+=(python3)
apt_need "${need[@]}"

# Something else answering on the port would pass the readiness wait below.
if python3 -c 'import socket,sys; sys.exit(socket.socket().connect_ex(("127.0.0.1",int(sys.argv[1]))) != 0)' "$port"; then
    echo "rgw.sh: port $port on 127.0.0.1 is already in use" >&2
    exit 1
fi

# Keep the keys of an earlier run: a re-created cluster then looks the same to its clients.
access_key="" secret_key=""
if [ -f "$dir/s3.env" ]; then
    access_key=$(sed -n 's/^export AWS_ACCESS_KEY_ID=//p' "$dir/s3.env")
    secret_key=$(sed -n 's/^export AWS_SECRET_ACCESS_KEY=//p' "$dir/s3.env")
fi
[ -n "$access_key" ] || access_key=$(head -c 10 /dev/urandom | od -An -tx1 | tr -d ' \n' | tr a-f A-F)
[ -n "$secret_key" ] || secret_key=$(head -c 20 /dev/urandom | od -An -tx1 | tr -d ' \n')

rm -rf "$dir/mon" "$dir/osd" "$dir/rgw" "$run" "$dir/log" "$dir/crash" "$dir/keyring" "$dir/s3.env"
mkdir -p "$dir/mon/a" "$dir/osd/0" "$dir/rgw" "$run" "$dir/log" "$dir/crash"
printf '%s\n' "$port" > "$dir/port"
mon_port=$(free_port)
fsid=$(uuidgen)

log "ceph: mon on 127.0.0.1:$mon_port, S3 on 127.0.0.1:$port, in $dir"
cat > "$conf" <<EOF
# Written by scripts/rgw.sh: a throwaway test cluster; rewritten at every start.
[global]
fsid = $fsid
mon host = [v2:127.0.0.1:$mon_port]
# msgr v2 only: one port for the mon; the osd takes free ones from ms_bind_port_min..max.
ms bind msgr1 = false
# No cephx: nothing to leak, no keyrings to hand around.
auth cluster required = none
auth service required = none
auth client required = none
# Without cephx there is no session key for msgr2's "secure" mode; left in the defaults
# ("crc secure") the gateway loops on "get_initial_auth_request returned -13".
ms cluster mode = crc
ms service mode = crc
ms client mode = crc
ms mon cluster mode = crc
ms mon service mode = crc
ms mon client mode = crc
# Everything under DIR.
run dir = $run
pid file = $run/\$name.pid
log file = $dir/log/\$name.log
mon cluster log file = $dir/log/cluster.log
crash dir = $dir/crash
keyring = $dir/keyring
log to stderr = false
err to stderr = false
# One osd: single copies, no "no redundancy" warning, placement across osds not hosts.
mon allow pool size one = true
mon warn on pool no redundancy = false
osd pool default size = 1
osd pool default min size = 1
osd crush chooseleaf type = 0
# Eight PGs a pool, not 32 (no mgr here to scale them): the gateway makes seven pools, 224
# PGs at 32, near mon_max_pg_per_osd's 250 for the one osd, past which pool creation fails
# (ERANGE) and so does the gateway; and every PG costs the osd memory and peering work.
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
mon max pg per osd = 1000
# The mon stops when its disk is 5% free; a test machine's disk may well be that full.
mon data avail crit = 0
mon data avail warn = 0
# A cephx warning, meaningless without cephx.
mon warn on insecure global id reclaim allowed = false

[mon]
admin socket = $run/\$name.asok
# The mon batches map changes for a second; the gateway's first start makes a dozen of them
# one after the other (pools, then their application tags): 9 s of its 12 s start.
paxos propose interval = 0.05
mon data = $dir/mon/\$id

[osd]
admin socket = $run/\$name.asok
public addr = 127.0.0.1
cluster addr = 127.0.0.1
osd data = $dir/osd/\$id
# Objects live in RAM, up to this many bytes; the lake's test data is small.
osd objectstore = memstore
memstore device bytes = ${RGW_MEMSTORE_BYTES:-1073741824}
# Fewer worker threads: two cores, one client.
osd op num shards = 1
osd op num threads per shard = 2

[client]
# The CLI tools' sockets would clash when two run at once; they need none.
admin socket =

[client.rgw]
admin socket = $run/\$name.asok
rgw frontends = beast endpoint=127.0.0.1:$port
rgw data = $dir/rgw
rgw thread pool size = 32
rgw enable usage log = false
rgw enable ops log = false
rgw dynamic resharding = false
EOF

# The mon needs its own key in a keyring even with cephx off.
ceph-authtool --create-keyring "$dir/keyring" --gen-key -n mon. --cap mon 'allow *' >/dev/null
monmaptool --create --fsid "$fsid" --addv a "[v2:127.0.0.1:$mon_port]" "$dir/mon/monmap" >/dev/null
ceph-mon -c "$conf" --mkfs -i a --monmap "$dir/mon/monmap" >"$dir/log/mkfs.log" 2>&1 || fail "ceph-mon --mkfs failed" "$dir/log/mkfs.log"
ceph-mon -c "$conf" -i a >>"$dir/log/mkfs.log" 2>&1 || fail "ceph-mon did not start" "$dir/log/mon.a.log"

osd_uuid=$(uuidgen)
osd_id=$(ceph_ osd new "$osd_uuid" 2>>"$dir/log/mkfs.log") || fail "ceph osd new failed" "$dir/log/mkfs.log"
[ "$osd_id" = 0 ] || fail "expected osd id 0, got $osd_id"
ceph-osd -c "$conf" -i 0 --mkfs --osd-uuid "$osd_uuid" >>"$dir/log/mkfs.log" 2>&1 \
    || fail "ceph-osd --mkfs failed" "$dir/log/mkfs.log"
ceph-osd -c "$conf" -i 0 >>"$dir/log/mkfs.log" 2>&1 || fail "ceph-osd did not start" "$dir/log/osd.0.log"

radosgw -c "$conf" -n client.rgw >>"$dir/log/mkfs.log" 2>&1 || fail "radosgw did not start" "$dir/log/client.rgw.log"
wait_http "http://127.0.0.1:$port/" "${RGW_START_TIMEOUT:-90}" \
    || fail "the gateway did not answer on 127.0.0.1:$port" "$dir/log/client.rgw.log"

radosgw-admin -c "$conf" user create --uid=adeval --display-name=adeval \
    --access-key="$access_key" --secret-key="$secret_key" --max-buckets=1000 \
    >>"$dir/log/mkfs.log" 2>&1 || fail "radosgw-admin user create failed" "$dir/log/mkfs.log"

# The gateway does not check the region in a SigV4 scope; a bucket's LocationConstraint must
# be absent or the zonegroup's api_name, "default" (an SDK sends the region there unless it
# is us-east-1).
umask 077
cat > "$dir/s3.env" <<EOF
export ADEVAL_S3_ENDPOINT=http://127.0.0.1:$port
export ADEVAL_S3_BUCKET=adeval
export AWS_ENDPOINT=http://127.0.0.1:$port
export AWS_ACCESS_KEY_ID=$access_key
export AWS_SECRET_ACCESS_KEY=$secret_key
export AWS_REGION=default
export AWS_ALLOW_HTTP=true
EOF
(. "$dir/s3.env" && python3 "$here/rgw_check.py" --make-bucket adeval) || fail "creating the bucket adeval" "$dir/log/client.rgw.log"
log "ceph: S3 ready on http://127.0.0.1:$port ($dir/s3.env)"
