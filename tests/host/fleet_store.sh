#!/usr/bin/env bash
# `upmon fleet URL` (docs/fleet.md, What it reads): the lab's runs of tests/host/fleet.sh
# (tests/host/fleet_lab.py) put into a real S3 implementation on the loopback (s3rver,
# tools/s3_server.js) as rack mode lays them out, BUCKET/PREFIX/<run folder>/results.json,
# beside other files of the runs, a results.json under a neighbouring prefix and one
# larger than fleet reads of a file (32 MiB). fleet lists the prefix (ListObjectsV2) and must
# name LAB07 alone as outlier as from the folder, by its run folder; list the broken
# files and the large one as unreadable; say the URL with its query hidden on the console
# and in fleet.html, and never the query (a token) in any file. Then the mistakes, one
# line each and exit status 4: a bucket that does not exist, a port nothing listens on,
# a listing the store refuses (403: what read access fleet needs), no results.json under
# the prefix. The listing's pages and their tokens are unit tests
# (tests/unit/fleet/test_fleet_s3list.c): s3rver pages at 1000 keys.
cd "$(dirname "$0")/../.." || exit 1
UPMON_LEAK_CHECK=1 # lib.sh: the leak check at exit, on every run here
. tests/host/lib.sh

pids=()
trap 'kill "${pids[@]}" 2>/dev/null; validate_results; rm -rf "$WORK"' EXIT

node tools/s3_server.js "$WORK/store" 0 lab >"$WORK/s3.log" 2>&1 &
pids+=($!)

fleet_lab fleet_store_mock_runs || exit 0

for _ in $(seq 100); do grep -q '^ready' "$WORK/s3.log" && break; sleep 0.1; done
S3=$(sed -n 's/^ready //p' "$WORK/s3.log")
if [ -z "$S3" ]; then
	fail host/fleet_store_started "the S3 server did not start: $(head -c 300 "$WORK/s3.log") (tools/deps.sh installs it)"
	exit 0
fi

# Every results.json of the lab at lab/fleet/<its folder>/results.json, as rack mode puts
# a run's files; a run's other files beside it; one under lab/fleet2 (another prefix);
# one of 32 MiB and 2 bytes, more than fleet reads of a file.
if ! why=$(python3 - "$WORK/lab" "http://127.0.0.1:$S3/lab" <<'PY' 2>&1
import glob, os, sys, urllib.request
lab, base = sys.argv[1:3]
def put(key, data):
    req = urllib.request.Request(base + "/" + key, data=data, method="PUT")
    assert urllib.request.urlopen(req).status == 200, key
n = 0
for f in sorted(glob.glob(lab + "/**/results.json", recursive=True)):
    folder = os.path.basename(os.path.dirname(f))
    put("fleet/%s/results.json" % folder, open(f, "rb").read())
    n += 1
assert n == 18, n
put("fleet/20261129-120700-LAB07-check/upmon.log", b"upmon: log\n")
put("fleet/20261129-120700-LAB07-check/results.json.tmp", b"{}")
put("fleet2/20261129-120700-LAB99-check/results.json", b"{}")
put("fleet/big/results.json", b"[" + b"0," * (16 * 1024 * 1024 + 1) + b"0]")
PY
); then
	fail host/fleet_store_objects_put "$(echo "$why" | tail -1)"
	exit 0
fi

URL="http://127.0.0.1:$S3/lab/fleet"
run fleet --out reports fleet "$URL?token=SECRET4711"
expect fleet host/fleet_store_names_the_low_board 1 \
	"^fleet: 19 results.json under http://127\\.0\\.0\\.1:$S3/lab/fleet\\?\\(hidden\\): 15 compared \\(2 groups of SKU and platform\\), 1 mock, 0 replay and 0 dry run left out, 0 superseded, 0 with no numbers, 3 unreadable$" \
	'^fleet: OUTLIER LAB07 check kernel read GB/s: .*\(-1[45]\.[0-9]%\) of 12 upmon mock Xeon E5-2600 \(Sandy Bridge-EP\) \(snbep\); run folder 20261129-120700-LAB07-check$' \
	'^fleet: left out \(mock\): [^ ]*-check/results.json: mock backend' \
	'^fleet: unreadable: broken/results.json: bad JSON at byte 5000' \
	"^fleet: unreadable: other/results.json: not upmon's results.json" \
	'^fleet: unreadable: big/results.json: more than fleet reads \(32 MiB\)$' \
	'^result: fleet WARN: 1 outlier among 15 machines in 2 groups'
n=$(grep -c '^fleet: OUTLIER ' "$WORK/fleet.out")
[ "$n" = 1 ] && pass host/fleet_store_one_outlier_only ||
	fail host/fleet_store_one_outlier_only "$n OUTLIER lines: $(grep '^fleet: OUTLIER' "$WORK/fleet.out" | head -3 | tr '\n' ' ')"

dir=$WORK/$(last_run reports)
if why=$(python3 - "$dir" "$URL" <<'PY' 2>&1
import csv, sys
d, url = sys.argv[1:3]
rows = list(csv.DictReader(open(d + "/fleet.csv", newline="")))
read = [r for r in rows if r["metric"] == "kernel read" and r["platform"] == "snbep"]
assert len(read) == 1 and read[0]["n"] == "12" and read[0]["outliers"] == "LAB07", read
assert not [r for r in rows if r["outliers"] and r is not read[0]], "another outlier"
out = list(csv.DictReader(open(d + "/fleet-outliers.csv", newline="")))
assert len(out) == 1 and out[0]["serial"] == "LAB07", out
assert out[0]["folder"] == "20261129-120700-LAB07-check", out[0]["folder"]
runs = {x["path"]: x for x in csv.DictReader(open(d + "/fleet-runs.csv", newline=""))}
assert len(runs) == 19, sorted(runs)
assert "20261129-120700-LAB07-check/results.json" in runs, sorted(runs)
assert not [p for p in runs if p.startswith("fleet") or "LAB99" in p], "a key outside the prefix: %s" % sorted(runs)
assert runs["big/results.json"]["state"] == "unreadable", runs["big/results.json"]
assert sum(x["state"] == "compared" for x in runs.values()) == 15
page = open(d + "/fleet.html", encoding="utf-8").read()
assert "under <code>%s?(hidden)</code>" % url in page, "the page does not name the URL"
assert "19 results.json found" in page and "1 OUTLIER" in page
PY
); then
	pass host/fleet_store_files
else
	fail host/fleet_store_files "$(echo "$why" | tail -1)"
fi
# The token is sent (s3rver ignores it) and said nowhere: console, files, runs.csv.
if grep -rq SECRET4711 "$WORK/fleet.out" "$WORK/reports"; then
	fail host/fleet_store_query_never_shown "$(grep -rl SECRET4711 "$WORK/fleet.out" "$WORK/reports" | head -3 | tr '\n' ' ')"
else
	pass host/fleet_store_query_never_shown
fi

# Mistakes: one line each, exit status 4, no run folder.
before=$(ls "$WORK/reports" | wc -l)
run nobucket --out reports fleet "http://127.0.0.1:$S3/nolab/fleet"
expect nobucket host/fleet_store_no_such_bucket 4 \
	"^upmon: error: fleet http://127\\.0\\.0\\.1:$S3/nolab/fleet: the store has no bucket 'nolab' \\(404 NoSuchBucket \\(The specified bucket does not exist\\)\\): the URL's first path segment is the bucket"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
run refused --out reports fleet "http://127.0.0.1:$port/lab/fleet?token=SECRET4711"
expect refused host/fleet_store_not_reached 4 \
	"^upmon: error: fleet http://127\\.0\\.0\\.1:$port/lab/fleet\\?\\(hidden\\): cannot reach the store: connection refused by 127\\.0\\.0\\.1:$port \\(check that the store is up"
# A query the store refuses (a presigned query with a bad signature): 403, what to do.
now=$(date -u +%Y%m%dT%H%M%SZ)
q="X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=S3RVER%2F${now:0:8}%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=$now&X-Amz-Expires=600&X-Amz-SignedHeaders=host&X-Amz-Signature=$(printf '0%.0s' $(seq 64))"
run denied --out reports fleet "$URL?$q"
expect denied host/fleet_store_listing_refused 4 \
	"^upmon: error: fleet http://127\\.0\\.0\\.1:$S3/lab/fleet\\?\\(hidden\\): the store refused the listing: 403 SignatureDoesNotMatch .*: fleet needs read access to the prefix .* rack mode's write-only prefix does not give: run fleet with a URL the lab's policy lets list and read .* or copy the objects to a folder .* and give that folder as DIR$"
grep -q "X-Amz-Signature" "$WORK/denied.out" && fail host/fleet_store_denied_query_hidden "the query is on the console" ||
	pass host/fleet_store_denied_query_hidden
run empty --out reports fleet "http://127.0.0.1:$S3/lab/nothing/here/"
expect empty host/fleet_store_no_results_json 4 \
	"^upmon: error: fleet http://127\\.0\\.0\\.1:$S3/lab/nothing/here/: no results.json under the prefix \\(give the prefix rack mode's out named"
run badurl --out reports fleet "http://127.0.0.1:$S3/"
expect badurl host/fleet_store_no_bucket_in_url 4 "^upmon: error: fleet http://127\\.0\\.0\\.1:$S3/: the URL names no bucket"
run https --out reports fleet "https://127.0.0.1:$S3/lab/fleet"
expect https host/fleet_store_https_refused 4 "https needs the firmware's TLS, which the Linux build does not have"
for t in nobucket refused denied empty badurl https; do
	[ "$(wc -l <"$WORK/$t.out")" = 1 ] || fail "host/fleet_store_${t}_one_line" "$(wc -l <"$WORK/$t.out") lines"
done
after=$(ls "$WORK/reports" | wc -l)
[ "$before" = "$after" ] && pass host/fleet_store_mistakes_leave_no_folder ||
	fail host/fleet_store_mistakes_leave_no_folder "$before entries before, $after after"

# The lab's broken files go before the schema check of every results.json left in $WORK.
rm -rf "$WORK/lab/broken" "$WORK/lab/other" "$WORK/store"
