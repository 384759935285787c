#!/usr/bin/env bash
# How long writing report.html takes (rendering it from the verdicts and saving it) for
# a four-socket Ivy Bridge-EP `check --quick` on the host against the mock (target:
# under 50 ms), into build/bench/report.csv. The time is taken from the system calls
# (strace): from junit.xml's close, the file saved just before, to report.html's close.
# Measured here, never asserted in tests (tests/host/report_size.sh holds the size).
set -euo pipefail
cd "$(dirname "$0")/.."
. tools/bench_csv.sh
make --no-print-directory build/host/upmon >/dev/null
mkdir -p build/bench
out=build/bench/report.csv
if ! command -v strace >/dev/null; then
	echo "bench_report: strace is not installed: report.html's write time not measured" >&2
	exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bench_csv_start "$out" "milliseconds to write report.html of a 4-socket ivbep check --quick (target under 50 ms)" \
	"build/host/upmon --backend mock --platform ivbep --sockets 4 check --quick, five times under strace (tools/bench_report.sh)"
echo "run,platform,sockets,report_bytes,junit_bytes,write_ms" >>"$out"
for i in 1 2 3 4 5; do
	strace -f -ttt -e trace=openat,close -o "$work/trace" \
		./build/host/upmon --backend mock --platform ivbep --sockets 4 --out "$work/res" check --quick >/dev/null
	python3 - "$work/trace" "$work/res" "$i" >>"$out" <<'PY'
import glob, os, re, sys
lines = open(sys.argv[1]).read().splitlines()
def closed_after(name):
    """The time of the close of the file opened as NAME.tmp (the save's rename follows)."""
    for k, l in enumerate(lines):
        if '%s.tmp"' % name in l and "openat(" in l:
            fd = l.rsplit("= ", 1)[1].strip()
            for m in lines[k + 1:]:
                if re.search(r"close\(%s\)" % fd, m):
                    return float(m.split()[1])
    raise SystemExit("no %s in the trace" % name)
d = sorted(glob.glob(sys.argv[2] + "/*-check*"), key=os.path.getmtime)[-1]
ms = (closed_after("report.html") - closed_after("junit.xml")) * 1000
print("%s,ivbep,4,%d,%d,%.2f" % (sys.argv[3], os.path.getsize(d + "/report.html"), os.path.getsize(d + "/junit.xml"), ms))
PY
done
python3 - "$out" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
ms = sorted(float(r["write_ms"]) for r in rows)
print("report.html of a 4-socket ivbep check --quick (mock): %d bytes, written in best %.2f ms, median %.2f ms "
      "(target < 50 ms; under strace); %s" % (int(rows[-1]["report_bytes"]), ms[0], statistics.median(ms), sys.argv[1]))
PY
