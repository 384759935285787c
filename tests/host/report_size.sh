#!/usr/bin/env bash
# report.html and junit.xml of a four-socket Ivy Bridge-EP `check --quick` (the mock)
# stay under 1 MiB (docs/results.md, report.html): a lab's stick and its CI keep every run.
# The page still holds every socket and box instance, so a smaller page is no pass by
# leaving things out. (Its write time is measured by `make bench`, tools/bench_report.sh.)
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

run iv4 --backend mock --platform ivbep --sockets 4 --out res check --quick
d=$(last_run res)
if [ "$(rc iv4)" != 0 ]; then
	fail host/report_size_ivbep4_under_1mib "exit status $(rc iv4): $(tail -3 "$WORK/iv4.out")"
elif why=$(python3 - "$WORK/$d" <<'PY' 2>&1
import csv, os, re, sys
d = sys.argv[1]
rows = list(csv.DictReader(open(d + "/verdicts.csv", newline="")))
assert {r["socket"] for r in rows} == {"0", "1", "2", "3"}, "sockets %s" % sorted({r["socket"] for r in rows})
page = open(d + "/report.html", encoding="utf-8").read()
for s in range(4):
    assert "<h2>Socket %d" % s in page, "no grid for socket %d" % s
# every box instance of the grid links to its verdicts
want = {"s%s-%s%s" % (r["socket"], r["box"], r["instance"]) for r in rows if r["instance"]}
ids = set(re.findall(r'id="([^"]+)"', page))
missing = sorted(want - ids)
assert not missing, "instances missing: %s" % missing[:5]
for f in ("report.html", "junit.xml"):
    size = os.path.getsize(os.path.join(d, f))
    assert size < 1 << 20, "%s is %d bytes" % (f, size)
    print("%s %d" % (f, size))
PY
); then
	pass host/report_size_ivbep4_under_1mib
else
	fail host/report_size_ivbep4_under_1mib "$(echo "$why" | tail -2 | tr '\n' ' ')"
fi
