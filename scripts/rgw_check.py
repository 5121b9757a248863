"""Checks that an S3 server does what the lake needs, with hand-made SigV4 (stdlib only).

Run by scripts/rgw-check.sh with the variables of a DIR/s3.env in the environment. One line
per step, PASS or FAIL (INFO for behaviour that is only reported); exits 1 on any FAIL.
`rgw_check.py --make-bucket NAME` only creates a bucket (scripts/rgw.sh's start does).
"""

import datetime
import hashlib
import hmac
import http.client
import os
import re
import sys
import urllib.parse
import uuid

ENDPOINT = urllib.parse.urlsplit(os.environ["ADEVAL_S3_ENDPOINT"])
ACCESS = os.environ["AWS_ACCESS_KEY_ID"]
SECRET = os.environ["AWS_SECRET_ACCESS_KEY"]
REGION = os.environ.get("AWS_REGION", "us-east-1")
failures = 0


def quote(s, safe="-_.~"):
    return urllib.parse.quote(s, safe=safe)


def request(method, path, query=None, body=b"", headers=None, unsigned=False):
    """One signed request, path-style (/bucket/key). Returns (status, headers, body)."""
    query = query or {}
    headers = {k.lower(): v for k, v in (headers or {}).items()}
    now = datetime.datetime.now(datetime.timezone.utc)
    amz_date = now.strftime("%Y%m%dT%H%M%SZ")
    day = now.strftime("%Y%m%d")
    payload_hash = "UNSIGNED-PAYLOAD" if unsigned else hashlib.sha256(body).hexdigest()
    headers["host"] = ENDPOINT.netloc
    headers["x-amz-date"] = amz_date
    headers["x-amz-content-sha256"] = payload_hash
    canonical_uri = quote(path, safe="-_.~/")
    canonical_query = "&".join(
        f"{quote(k)}={quote(v)}" for k, v in sorted(query.items())
    )
    signed = sorted(headers)
    canonical_headers = "".join(f"{h}:{str(headers[h]).strip()}\n" for h in signed)
    signed_headers = ";".join(signed)
    canonical = "\n".join(
        [method, canonical_uri, canonical_query, canonical_headers, signed_headers, payload_hash]
    )
    scope = f"{day}/{REGION}/s3/aws4_request"
    to_sign = "\n".join(
        ["AWS4-HMAC-SHA256", amz_date, scope, hashlib.sha256(canonical.encode()).hexdigest()]
    )
    key = ("AWS4" + SECRET).encode()
    for part in (day, REGION, "s3", "aws4_request"):
        key = hmac.new(key, part.encode(), hashlib.sha256).digest()
    signature = hmac.new(key, to_sign.encode(), hashlib.sha256).hexdigest()
    headers["authorization"] = (
        f"AWS4-HMAC-SHA256 Credential={ACCESS}/{scope}, "
        f"SignedHeaders={signed_headers}, Signature={signature}"
    )
    url = canonical_uri + ("?" + canonical_query if canonical_query else "")
    conn = http.client.HTTPConnection(ENDPOINT.hostname, ENDPOINT.port or 80, timeout=60)
    try:
        conn.request(method, url, body=body if body or method in ("PUT", "POST") else None,
                     headers=headers)
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
    finally:
        conn.close()


def check(name, ok, detail=""):
    global failures
    if not ok:
        failures += 1
    print(f"{'PASS' if ok else 'FAIL'}  {name}" + (f"  ({detail})" if detail else ""), flush=True)
    return ok


def info(name, detail):
    print(f"INFO  {name}: {detail}", flush=True)


def md5_etag(data):
    return '"' + hashlib.md5(data).hexdigest() + '"'


def main():
    bucket = "adeval-check-" + uuid.uuid4().hex[:12]
    b = "/" + bucket
    data = os.urandom(1024 * 1024 + 17)
    key = "lake/orders/part-0.parquet"

    st, _, body = request("PUT", b)
    if not check("create bucket " + bucket, st == 200, f"{st} {body[:200]!r}"):
        return

    st, h, _ = request("PUT", f"{b}/{key}", body=data)
    check("PUT object (1 MiB)", st == 200 and h.get("etag") == md5_etag(data), f"{st} etag={h.get('etag')}")
    etag = h.get("etag", "")

    st, h, got = request("GET", f"{b}/{key}")
    check("GET whole object", st == 200 and got == data, f"{st}, {len(got)} bytes")

    st, h, got = request("GET", f"{b}/{key}", headers={"Range": "bytes=1000-1999"})
    check("GET Range bytes=1000-1999", st == 206 and got == data[1000:2000]
          and h.get("content-range") == f"bytes 1000-1999/{len(data)}",
          f"{st}, {len(got)} bytes, content-range={h.get('content-range')}")

    # A Parquet reader asks for the footer first: a suffix range.
    st, h, got = request("GET", f"{b}/{key}", headers={"Range": "bytes=-8"})
    check("GET Range bytes=-8 (suffix)", st == 206 and got == data[-8:], f"{st}, {len(got)} bytes")

    st, h, got = request("GET", f"{b}/{key}", headers={"Range": f"bytes={len(data) - 5}-"})
    check("GET Range bytes=N- (open end)", st == 206 and got == data[-5:], f"{st}, {len(got)} bytes")

    st, h, _ = request("HEAD", f"{b}/{key}")
    check("HEAD object", st == 200 and h.get("content-length") == str(len(data)) and h.get("etag") == etag,
          f"{st} size={h.get('content-length')} etag={h.get('etag')}")

    st, _, _ = request("HEAD", f"{b}/lake/missing")
    check("HEAD missing object -> 404", st == 404, str(st))

    other = os.urandom(100)
    st, _, _ = request("PUT", f"{b}/{key}", body=other, headers={"If-None-Match": "*"})
    _, _, got = request("GET", f"{b}/{key}")
    check("PUT If-None-Match:* on existing key -> 412, unchanged", st == 412 and got == data, str(st))

    key2 = "lake/orders/part-1.parquet"
    st, _, _ = request("PUT", f"{b}/{key2}", body=other, headers={"If-None-Match": "*"})
    _, _, got = request("GET", f"{b}/{key2}")
    check("PUT If-None-Match:* on new key -> 200", st == 200 and got == other, str(st))

    st, _, _ = request("PUT", f"{b}/uploads/a.txt", body=b"a", unsigned=True)
    check("PUT with x-amz-content-sha256: UNSIGNED-PAYLOAD", st == 200, str(st))

    st, _, body = request("GET", b, query={"list-type": "2", "prefix": "lake/"})
    keys = re.findall(rb"<Key>([^<]*)</Key>", body)
    check("LIST (v2) prefix=lake/", st == 200 and sorted(keys) == sorted([key.encode(), key2.encode()]),
          f"{st} {keys}")

    st, _, body = request("GET", b, query={"list-type": "2", "delimiter": "/"})
    prefixes = re.findall(rb"<Prefix>([^<]*)</Prefix>", body)
    check("LIST (v2) delimiter=/ -> common prefixes", st == 200 and b"lake/" in prefixes and b"uploads/" in prefixes,
          f"{st} {prefixes}")

    # Multipart: every part but the last must be at least 5 MiB.
    big = os.urandom(5 * 1024 * 1024 + 1), os.urandom(1024 * 1024 + 3)
    mkey = "lake/big.parquet"
    st, _, body = request("POST", f"{b}/{mkey}", query={"uploads": ""})
    m = re.search(rb"<UploadId>([^<]*)</UploadId>", body)
    if check("multipart: initiate", st == 200 and m is not None, str(st)):
        upload_id = m.group(1).decode()
        etags = []
        for n, part in enumerate(big, 1):
            st, h, _ = request("PUT", f"{b}/{mkey}", query={"partNumber": str(n), "uploadId": upload_id}, body=part)
            etags.append(h.get("etag"))
            check(f"multipart: part {n} ({len(part)} bytes)", st == 200 and h.get("etag") == md5_etag(part), str(st))
        xml = "<CompleteMultipartUpload>" + "".join(
            f"<Part><PartNumber>{n}</PartNumber><ETag>{e}</ETag></Part>" for n, e in enumerate(etags, 1)
        ) + "</CompleteMultipartUpload>"
        st, _, body = request("POST", f"{b}/{mkey}", query={"uploadId": upload_id}, body=xml.encode())
        check("multipart: complete", st == 200 and b"<ETag>" in body, f"{st} {body[:200]!r}")
        st, h, got = request("GET", f"{b}/{mkey}")
        check("multipart: GET back", st == 200 and got == b"".join(big) and h.get("etag", "").endswith('-2"'),
              f"{st}, {len(got)} bytes, etag={h.get('etag')}")
        st, h, got = request("GET", f"{b}/{mkey}", headers={"Range": f"bytes={len(big[0]) - 2}-{len(big[0]) + 1}"})
        check("multipart: Range across the part boundary", st == 206 and got == b"".join(big)[len(big[0]) - 2:len(big[0]) + 2],
              f"{st}, {len(got)} bytes")

    # Conditional reads (object_store's GetOptions): reported, and checked where S3 is clear.
    st, _, _ = request("GET", f"{b}/{key}", headers={"If-None-Match": etag})
    check("GET If-None-Match:<etag> -> 304", st == 304, str(st))
    st, _, _ = request("GET", f"{b}/{key}", headers={"If-Match": '"0123456789abcdef0123456789abcdef"'})
    check("GET If-Match:<other etag> -> 412", st == 412, str(st))

    # If-Match on PUT (object_store's PutMode::Update sends the ETag as the server gave it,
    # quoted). Reported, not checked: this gateway is expected to refuse even a matching one.
    _, h, _ = request("HEAD", f"{b}/{key2}")
    cur = h.get("etag", "")
    st, _, _ = request("PUT", f"{b}/{key2}", body=b"new", headers={"If-Match": cur})
    _, _, got = request("GET", f"{b}/{key2}")
    info("PUT If-Match:<current etag, quoted>",
         "honoured (200, replaced)" if st == 200 and got == b"new"
         else f"NOT honoured: {st}, object {'replaced' if got == b'new' else 'unchanged'}")
    st, _, _ = request("PUT", f"{b}/{key2}", body=b"stale", headers={"If-Match": '"0123456789abcdef0123456789abcdef"'})
    _, _, got = request("GET", f"{b}/{key2}")
    info("PUT If-Match:<other etag, quoted>",
         "refused (412, object unchanged)" if st == 412 and got != b"stale" else f"NOT honoured: {st}, object overwritten")
    _, h, _ = request("HEAD", f"{b}/{key2}")
    st, _, _ = request("PUT", f"{b}/{key2}", body=b"newer", headers={"If-Match": h.get("etag", "").strip('"')})
    info("PUT If-Match:<current etag, unquoted>", f"{st} ({'replaced' if st == 200 else 'refused'})")
    st, _, _ = request("PUT", f"{b}/lake/never-written", body=b"x", headers={"If-Match": md5_etag(b"x")})
    info("PUT If-Match on a missing key", f"{st} ({'refused' if st in (404, 412) else 'created'})")

    # object_store's copy_if_not_exists=multipart puts If-None-Match:* on the completion.
    st, _, body = request("POST", f"{b}/{key}", query={"uploads": ""})
    m = re.search(rb"<UploadId>([^<]*)</UploadId>", body)
    if m:
        upload_id = m.group(1).decode()
        st, h, _ = request("PUT", f"{b}/{key}", query={"partNumber": "1", "uploadId": upload_id}, body=b"tiny")
        xml = f"<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>{h.get('etag')}</ETag></Part></CompleteMultipartUpload>"
        st, _, _ = request("POST", f"{b}/{key}", query={"uploadId": upload_id}, body=xml.encode(), headers={"If-None-Match": "*"})
        _, _, got = request("GET", f"{b}/{key}")
        info("CompleteMultipartUpload If-None-Match:* on existing key",
             "honoured (412, object unchanged)" if st == 412 and got == data
             else f"NOT honoured: {st}, object {'unchanged' if got == data else 'overwritten'}")
        request("DELETE", f"{b}/{key}", query={"uploadId": upload_id})

    st, _, _ = request("DELETE", f"{b}/{key}")
    st2, _, _ = request("GET", f"{b}/{key}")
    check("DELETE object -> 204, then GET -> 404", st == 204 and st2 == 404, f"{st}, {st2}")
    st, _, _ = request("DELETE", f"{b}/{key}")
    check("DELETE missing object -> 204", st == 204, str(st))

    # Clean up: every key, then the bucket.
    _, _, body = request("GET", b, query={"list-type": "2"})
    for k in re.findall(rb"<Key>([^<]*)</Key>", body):
        request("DELETE", f"{b}/{k.decode()}")
    st, _, body = request("DELETE", b)
    check("DELETE bucket", st == 204, f"{st} {body[:200]!r}")


def make_bucket(name):
    """Creates bucket `name` (an existing one of ours is fine): what rgw.sh starts with."""
    st, _, body = request("PUT", "/" + name)
    if st not in (200, 409) or (st == 409 and b"BucketAlreadyOwnedByYou" not in body):
        sys.exit(f"creating bucket {name}: {st} {body[:200]!r}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--make-bucket"]:
        make_bucket(sys.argv[2])
        sys.exit(0)
    try:
        main()
    except (OSError, http.client.HTTPException) as e:
        check("talking to " + ENDPOINT.geturl(), False, repr(e))
    print(f"{'FAIL' if failures else 'PASS'}: {failures} step(s) failed")
    sys.exit(1 if failures else 0)
