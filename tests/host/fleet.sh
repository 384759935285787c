#!/usr/bin/env bash
# `upmon fleet DIR` (docs/fleet.md): a lab's tree of run folders made from two mock checks
# (snbep and ivbep) whose results.json are copied, given distinct serials and marked as
# hardware runs, their kernels' bandwidth spread by +-0.4% and one board (LAB07) 15% low
# in the read kernel's; plus the untouched mock run, a truncated results.json and another
# program's JSON. fleet must name LAB07 alone as outlier, in fleet.csv (read by Python's
# csv module, header first), fleet-outliers.csv and fleet.html; keep the mock run out of
# the statistics and say so; list the broken file; answer a missing DIR, an empty one and
# a register option with one line and exit status 4.
cd "$(dirname "$0")/../.." || exit 1
UPMON_LEAK_CHECK=1 # lib.sh: the leak check at exit, on every run here
. tests/host/lib.sh

fleet_lab fleet_mock_runs || exit 0

run fleet --out reports fleet lab
expect fleet host/fleet_names_the_low_board 1 \
	'^fleet: 18 results.json under lab: 15 compared \(2 groups of SKU and platform\), 1 mock, 0 replay and 0 dry run left out, 0 superseded, 0 with no numbers, 2 unreadable$' \
	'^fleet: OUTLIER LAB07 check kernel read GB/s: .*\(-1[45]\.[0-9]%\) of 12 upmon mock Xeon E5-2600 \(Sandy Bridge-EP\) \(snbep\); run folder rack1/LAB07/upmon/results/20261129-120700-LAB07-check$' \
	'^fleet: left out \(mock\): vm/upmon/results/[^ ]*-check/results.json: mock backend' \
	'^fleet: unreadable: broken/results.json: bad JSON at byte 5000' \
	"^fleet: unreadable: other/results.json: not upmon's results.json" \
	'^result: fleet WARN: 1 outlier among 15 machines in 2 groups'
n=$(grep -c '^fleet: OUTLIER ' "$WORK/fleet.out")
[ "$n" = 1 ] && pass host/fleet_one_outlier_only || fail host/fleet_one_outlier_only "$n OUTLIER lines: $(grep '^fleet: OUTLIER' "$WORK/fleet.out" | head -3 | tr '\n' ' ')"

dir=$WORK/$(last_run reports)
if why=$(python3 - "$dir" <<'PY' 2>&1
import csv, sys
d = sys.argv[1]
rows = list(csv.DictReader(open(d + "/fleet.csv", newline="")))
header = open(d + "/fleet.csv").readline().strip()
assert header == "run,sku,platform,command,metric,box,instance,socket,unit,n,median,mad,min,max,outliers", header
snb = "upmon mock Xeon E5-2600 (Sandy Bridge-EP)"
read = [r for r in rows if r["sku"] == snb and r["metric"] == "kernel read"]
assert len(read) == 1, read
r = read[0]
assert r["platform"] == "snbep" and r["command"] == "check" and r["unit"] == "GB/s", r
assert r["n"] == "12", "n %s: the mock run is counted" % r["n"]
assert r["outliers"] == "LAB07", r["outliers"]
assert float(r["min"]) < 0.87 * float(r["median"]) and float(r["mad"]) > 0, r
flagged = [(x["sku"], x["metric"], x["outliers"]) for x in rows if x["outliers"] and x is not r]
assert not flagged, flagged
ivb = [x for x in rows if x["platform"] == "ivbep"]
assert ivb and all(x["n"] == "3" for x in ivb), [x["n"] for x in ivb]
# Per socket: check's memory.read on both sockets of both groups.
for plat in ("snbep", "ivbep"):
    socks = sorted(x["socket"] for x in rows if x["platform"] == plat and x["metric"] == "memory.read")
    assert socks == ["0", "1"], (plat, socks)
assert all(x["run"] == d.rsplit("/", 1)[1] for x in rows)
out = list(csv.DictReader(open(d + "/fleet-outliers.csv", newline="")))
assert len(out) == 1 and out[0]["serial"] == "LAB07", out
assert out[0]["folder"] == "rack1/LAB07/upmon/results/20261129-120700-LAB07-check", out[0]["folder"]
assert -16 < float(out[0]["deviation_pct"]) < -14, out[0]["deviation_pct"]
runs = {x["path"]: x for x in csv.DictReader(open(d + "/fleet-runs.csv", newline=""))}
assert len(runs) == 18, len(runs)
assert runs["broken/results.json"]["state"] == "unreadable", runs["broken/results.json"]
assert runs["other/results.json"]["state"] == "unreadable"
mock = [x for x in runs.values() if x["state"] == "mock"]
assert len(mock) == 1 and mock[0]["path"].startswith("vm/"), mock
assert sum(x["state"] == "compared" for x in runs.values()) == 15
PY
); then
	pass host/fleet_csv_files
else
	fail host/fleet_csv_files "$(echo "$why" | tail -1)"
fi

if why=$(python3 - "$dir/fleet.html" <<'PY' 2>&1
import re, sys
from html.parser import HTMLParser
page = open(sys.argv[1], encoding="utf-8").read()
class P(HTMLParser):
    def __init__(self):
        super().__init__()
        self.svgs = self.dots = self.red = 0
        self.outlier_labels = []
        self.fetches = []
        self._label = False
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.svgs += tag == "svg"
        self.dots += tag == "circle"
        self.red += tag == "circle" and a.get("class") == "outlier"
        self._label = tag == "text" and a.get("class") == "outlier"
        for k in ("src", "href"):
            if k in a and not (a[k] or "").startswith("#"):
                self.fetches.append((tag, a[k]))
        if tag == "link":
            self.fetches.append((tag, a))
    def handle_data(self, data):
        if self._label:
            self.outlier_labels.append(data)
            self._label = False
p = P()
p.feed(page)
assert not p.fetches, "fetches %s" % p.fetches[:3]
assert p.red == 1 and p.outlier_labels == ["LAB07"], (p.red, p.outlier_labels)
assert p.svgs >= 20 and p.dots >= 12 * 10, (p.svgs, p.dots)
assert "1 OUTLIER" in page
assert re.search(r"<tr class=\"outrow\"><td>LAB07</td>", page), "no LAB07 row in the outliers table"
assert "broken/results.json" in page and "other/results.json" in page, "skipped runs not listed"
assert re.search(r"1 mock", page), "mock not said"
assert "median absolute deviation" in page and "1.4826" in page, "the method is not said"
assert "under <code>lab</code>" in page and "18 results.json found" in page, "header"
PY
); then
	pass host/fleet_html_page
else
	fail host/fleet_html_page "$(echo "$why" | tail -1)"
fi

# The same tree with only the mock run in a folder of its own: nothing compared, said.
mkdir -p "$WORK/mockonly" && cp -r "$WORK/lab/vm" "$WORK/mockonly/"
run mockonly --out reports fleet mockonly
expect mockonly host/fleet_mock_only_compares_nothing 1 \
	'^fleet: 1 results.json under mockonly: 0 compared .* 1 mock' \
	'^upmon: warning: fleet mockonly: nothing to compare: none of the 1 results.json is a hardware run'

# Mistakes: one line each, exit status 4, no folder.
before=$(ls "$WORK/reports" | wc -l)
run missing --out reports fleet nowhere
expect missing host/fleet_missing_dir 4 "^upmon: error: fleet nowhere: no such folder \\(give the folder that holds the run folders"
[ "$(wc -l <"$WORK/missing.out")" = 1 ] && pass host/fleet_missing_dir_one_line ||
	fail host/fleet_missing_dir_one_line "$(wc -l <"$WORK/missing.out") lines"
run near --out reports fleet labb
expect near host/fleet_missing_dir_closest 4 "^upmon: error: fleet labb: no such folder \\(closest: lab; "
mkdir -p "$WORK/empty/a/b"
run empty --out reports fleet empty
expect empty host/fleet_no_results_json 4 '^upmon: error: fleet empty: no results.json found under it \('
run file --out reports fleet lab/other/results.json
expect file host/fleet_dir_is_a_file 4 '^upmon: error: fleet lab/other/results.json: not a folder'
run nodir --out reports fleet
expect nodir host/fleet_needs_dir 4 '^upmon: error: fleet needs DIR'
run backend --backend mock --platform snbep --out reports fleet lab
expect backend host/fleet_refuses_backend 4 "^upmon: error: fleet --backend: fleet reads the results files of other runs and touches no register"
run two --out reports fleet lab src
expect two host/fleet_one_dir 4 "^upmon: error: fleet takes one DIR or URL and no option of its own, not 'src'"
for t in missing near empty file nodir backend two; do
	[ "$(wc -l <"$WORK/$t.out")" = 1 ] || fail "host/fleet_${t}_one_line" "$(wc -l <"$WORK/$t.out") lines"
done
after=$(ls "$WORK/reports" | wc -l)
[ "$before" = "$after" ] && pass host/fleet_mistakes_leave_no_folder ||
	fail host/fleet_mistakes_leave_no_folder "$before entries before, $after after"

# The files that are no results.json of upmon's go before the schema check of every
# results.json left in the work folder (lib.sh).
rm -rf "$WORK/lab/broken" "$WORK/lab/other"

# Rendered by Chromium: not blank, with the outlier's red.
if ! command -v chromium >/dev/null; then
	echo "SKIP host/fleet_rendered_by_chromium: chromium not installed (tools/deps.sh)"
	exit 0
fi
chrome=(timeout 60 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$WORK/chrome")
"${chrome[@]}" --screenshot="$WORK/fleet.png" --window-size=1200,1600 "file://$dir/fleet.html" >/dev/null 2>&1
if why=$(python3 tests/host/png_check.py "$WORK/fleet.png" --red 2>&1); then
	pass host/fleet_rendered_not_blank
else
	fail host/fleet_rendered_not_blank "$(echo "$why" | tail -1)"
fi
