#!/usr/bin/env bash
# Proves that the S3 gateway of a cluster from scripts/rgw.sh does what the lake needs:
#   scripts/rgw-check.sh DIR
# Bucket, PUT, GET (whole and ranges), HEAD, conditional PUT (If-None-Match: *), LIST with a
# prefix, multipart, DELETE; reports whether If-Match is honoured. Python's stdlib signs the
# requests (SigV4), so nothing beyond python3 is installed for it.
set -euo pipefail

dir=${1:?usage: rgw-check.sh DIR}
[ -f "$dir/s3.env" ] || { echo "rgw-check.sh: no $dir/s3.env: run scripts/rgw.sh start $dir first" >&2; exit 1; }
# shellcheck disable=SC1091
. "$dir/s3.env"
exec python3 "$(dirname "$0")/rgw_check.py"
