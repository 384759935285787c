#!/usr/bin/env bash
# report.html of `run` and `run --kernel` (docs/results.md, report.html of run), rendered
# from the results record: well-formed, self-contained, its totals those of counters.csv, a
# bar chart per event naming every box instance, the metrics in their units; with a kernel,
# the bandwidth per kernel. Rendered by headless Chromium: not blank, its DOM names events
# and boxes. And every run's last line (before check's verdict) says where the files went.
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

M=(--backend mock --platform snbep)

# page_ok TEST DIR [kernel]: DIR's report.html against its counters.csv.
page_ok() {
	local test=$1 dir=$WORK/$2 why
	if why=$(python3 - "$dir" "${3:-}" <<'PY' 2>&1
import csv, json, re, sys
from html.parser import HTMLParser
d, kernel = sys.argv[1], sys.argv[2] == "kernel"
rows = list(csv.DictReader(open(d + "/counters.csv", newline="")))
page = open(d + "/report.html", encoding="utf-8").read()
VOID = {"meta", "br", "img", "input", "link", "hr"}
class P(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack, self.svg, self.texts, self.cells, self.intd = [], 0, [], [], 0
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for k in ("src", "href"):
            assert not re.match(r"(https?:)?//", a.get(k, "")), "fetches " + a[k]
        self.svg += tag == "svg"
        if tag not in VOID:
            self.stack.append(tag)
    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()
    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, "</%s> closes %s" % (tag, self.stack[-3:])
        self.stack.pop()
    def handle_data(self, data):
        self.texts.append(data)
p = P()
p.feed(page)
p.close()
text = " ".join(p.texts)
assert not p.stack, "unclosed " + str(p.stack)
assert "<script" not in page.lower(), "script"
labels = {(r["box"], r["event"]) for r in rows}
# One chart per spec (the user's and the metrics' own, per kernel), and the bandwidth
# chart with a kernel.
res = json.load(open(d + "/results.json"))
runs = res["kernel_runs"] if kernel else res["passes"]
specs = {(r.get("kernel"), c["box"], c["label"], c.get("for_metrics", False)) for r in runs for c in r["counters"]}
want = len(specs) + (1 if kernel else 0)
assert p.svg == want, "%d svg, expected %d" % (p.svg, want)
for box, ev in labels:
    assert ev in text, "event %s not named" % ev
for r in rows:
    assert "socket %s %s%s" % (r["socket"], r["box"], r["instance"]) in text, "box %s%s not named" % (r["box"], r["instance"])
# Each event's total over every socket, as counters.csv sums it (clocks are rates: MHz).
for box, ev in labels:
    sel = [r for r in rows if r["box"] == box and r["event"] == ev and r["status"] == "ok"]
    if not sel or any(r["event"] in ("UCLK", "DCLK", "CLOCKTICKS") for r in sel):
        continue
    kernels = sorted({r.get("kernel") for r in sel})
    for k in kernels:
        total = sum(int(r["delta"]) for r in sel if r.get("kernel") == k)
        assert "{:,}".format(total) in text, "total %s of %s %s not on the page" % ("{:,}".format(total), box, ev)
PY
	); then
		pass "$test"
	else
		fail "$test" "$(echo "$why" | tail -2 | tr '\n' ' ')"
	fi
}

run r "${M[@]}" --out res run --seconds 0.01 \
	--events 'imc/CAS_COUNT.RD/,cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1f/,ubox/UCLK/' --metrics MEM_BW_READS
expect r host/report_run_clean 0 '^upmon: 4 files in res/[0-9]{8}-[0-9]{6}-[^ ]+-run, took [0-9.,]+ (us|ms|s)$'
page_ok host/report_run_well_formed "$(last_run res)"
d=$WORK/$(last_run res)
if grep -q '<h1>upmon run: <span class="v pass">OK</span></h1>' "$d/report.html" &&
	grep -qE '<td>MEM_BW_READS</td><td class="n">[0-9,]+\.[0-9]{2} [kMG]B/s</td><td>4 imc</td>' "$d/report.html" &&
	grep -q '<th>socket 0</th><th>socket 1</th><th>total</th>' "$d/report.html"; then
	pass host/report_run_status_metrics_sockets
else
	fail host/report_run_status_metrics_sockets "$(grep -o '<h1>.*</h1>' "$d/report.html")"
fi
# The page says what was asked: the command line, the specs as given.
grep -qF '<tr><th>command line</th><td><code>' "$d/report.html" &&
	grep -qF 'run --seconds 0.01 --events imc/CAS_COUNT.RD/,cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1f/,ubox/UCLK/ --metrics MEM_BW_READS</code>' "$d/report.html" &&
	pass host/report_run_names_its_command_line ||
	fail host/report_run_names_its_command_line "$(grep -o '<tr><th>command line.\{0,200\}' "$d/report.html")"
# The run's last line says where the files went.
[ "$(grep -v '^$' "$WORK/r.out" | tail -1 | cut -d' ' -f1-4)" = "upmon: 4 files in" ] &&
	pass host/run_files_line_last || fail host/run_files_line_last "$(tail -1 "$WORK/r.out")"

# A dead channel: the status WARN, its bar says why.
run dead --backend mock:dead=imc1 --platform snbep --out res_dead run --seconds 0.01 --events imc/CAS_COUNT.RD/
expect dead host/report_run_dead_channel_warns 1 '^ +0  3/4 imc +CAS_COUNT\.RD +[0-9,]+$'
d=$WORK/$(last_run res_dead)
if grep -q '<span class="v warn">WARN</span>' "$d/report.html" && grep -q '>socket 0 imc1</text>' "$d/report.html" &&
	grep -q 'fill="#c62828"' "$d/report.html" && grep -q '>all-ones</text>' "$d/report.html"; then
	pass host/report_run_dead_channel_shown
else
	fail host/report_run_dead_channel_shown "no WARN or no red imc1 bar"
fi

run k "${M[@]}" --out res_k run --kernel read,triad --size 1M --iterations 1 --events imc/CAS_COUNT.RD/
expect k host/report_run_kernel_runs 0 '^upmon: 4 files in res_k/'
page_ok host/report_run_kernel_well_formed "$(last_run res_k)" kernel
d=$WORK/$(last_run res_k)
if grep -q '<h2>Bandwidth per kernel</h2>' "$d/report.html" && grep -qE '>read pass 0</text>' "$d/report.html" &&
	grep -qE '>triad pass 0</text>' "$d/report.html" && grep -q '<h2>Kernel triad</h2>' "$d/report.html"; then
	pass host/report_run_kernel_bandwidth
else
	fail host/report_run_kernel_bandwidth "no bandwidth chart naming read and triad"
fi

# Every figure says its window: the kernel's GB/s and the memory traffic it reported are
# over its timed loop, the metrics over the counting window; the page names both.
run kw "${M[@]}" --out res_kw run --kernel read --size 4M --iterations 2 --events imc/CAS_COUNT.RD/ --metrics MEM_BW_READS
d=$WORK/$(last_run res_kw)
loop=$(sed -n 's/^kernel read pass 0: [0-9,.]* [kMG]B\/s, bus .* over the kernel.s \(.*\)$/\1/p' "$WORK/kw.out")
if [ -n "$loop" ] && grep -qE ">memory read [0-9,]+\.[0-9]{2} GB/s over the kernel's $loop</text>" "$d/report.html" &&
	grep -qE ">kernel [0-9,]+\.[0-9]{2} GB/s over the kernel's $loop</text>" "$d/report.html" &&
	grep -qE '<td>MEM_BW_READS</td><td class="n">[0-9,.]+ [kMG]B/s</td><td>4 imc</td><td>the [0-9.]+ [mu]?s counting window</td>' "$d/report.html" &&
	grep -q "<th>window</th>" "$d/report.html"; then
	pass host/report_run_figures_say_their_window
else
	fail host/report_run_figures_say_their_window "loop '$loop': $(grep -o '>memory read[^<]*<' "$d/report.html" | head -1) $(grep -o '<td>MEM_BW_READS</td>.\{0,120\}' "$d/report.html" | head -1)"
fi
# The console the same: the kernel's rates over its loop, the metrics over their window.
expect kw host/run_console_figures_say_their_window 0 \
	"^kernel read pass 0: [0-9,]+\\.[0-9]{2} [kMG]B/s, bus [0-9,]+\\.[0-9]{2} [kMG]B/s over the kernel's [0-9.]+ [mu]?s\$" \
	"^kernel read: metrics over the [0-9.]+ [mu]?s counting window, not the [0-9.]+ [mu]?s loop\$"

# The page opens with its status and findings, before any picture, and a mock's or a dry
# run's banner as large as the status, under the title.
run dry "${M[@]}" --dry-run --out res_dry run --seconds 0.01 --events imc/CAS_COUNT.RD/
if why=$(python3 - "$WORK/$(last_run res_dead)/report.html" "$WORK/$(last_run res_dry)/report.html" "$WORK/$(last_run res_kw)/report.html" <<'PY' 2>&1
import sys
dead, dry, kw = (open(p, encoding="utf-8").read() for p in sys.argv[1:4])
line = dead.find("socket 0 imc1: all-ones: 1 count without a number (CAS_COUNT.RD)")
assert line > 0, "the dead channel is no finding"
for pic in ("<svg", "<img", "<table"):
    at = dead.find(pic)
    assert at < 0 or line < at, "%s before the dead channel's line" % pic
assert 0 < dead.find('<div id="findings">') < line
banner = '<div class="caveat" id="caveat">'
assert 0 < dead.find("<h1>") < dead.find(banner + "MOCK BACKEND: simulated registers, not measurements of this machine; FAULTS INJECTED: dead=imc1</div>") < dead.find('id="findings"'), "no mock banner"
assert dry.find(banner + "DRY RUN: no register was written, counts are not measurements; MOCK BACKEND") > 0, "no dry-run banner"
assert "<p>Nothing went other than planned:" in kw, "a clean run does not say so"
PY
); then
	pass host/report_run_findings_and_banner_first
else
	fail host/report_run_findings_and_banner_first "$(echo "$why" | tail -1)"
fi

# check: the files line just before the verdict, which stays last.
run c "${M[@]}" --out res_c check --quick
if [ "$(tail -1 "$WORK/c.out")" = "upmon: PASS" ] &&
	tail -2 "$WORK/c.out" | head -1 | grep -qE '^upmon: 6 files in res_c/.*-check, took '; then
	pass host/check_files_line_before_verdict
else
	fail host/check_files_line_before_verdict "$(tail -2 "$WORK/c.out" | tr '\n' '|')"
fi
# A usage error stays one line and writes nothing (no folder, no upmon.log).
run u "${M[@]}" --out res_u run --bogus
if [ "$(lines u)" = 1 ] && [ ! -e "$WORK/res_u" ]; then
	pass host/usage_error_files_line_in_log_only
else
	fail host/usage_error_files_line_in_log_only "$(cat "$WORK/u.out")"
fi

if ! command -v chromium >/dev/null; then
	echo "SKIP host/report_run_rendered_by_chromium: chromium not installed (tools/deps.sh)"
	exit 0
fi
page=$WORK/$(last_run res)/report.html
chrome=(timeout 60 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$WORK/chrome")
"${chrome[@]}" --screenshot="$WORK/shot.png" --window-size=1200,1600 "file://$page" >/dev/null 2>&1
"${chrome[@]}" --dump-dom "file://$page" >"$WORK/dom.html" 2>/dev/null
if why=$(python3 tests/host/png_check.py "$WORK/shot.png" 2>&1); then
	pass host/report_run_rendered_not_blank
else
	fail host/report_run_rendered_not_blank "$(echo "$why" | tail -1)"
fi
# A chart per spec counted: MEM_BW_READS reads the user's CAS_COUNT.RD, no copy of it.
if [ "$(grep -o '<svg' "$WORK/dom.html" | wc -l)" = 3 ] && grep -q '>socket 1 imc3</text>' "$WORK/dom.html" &&
	grep -q 'LLC_LOOKUP.DATA_READ,filter_state=0x1f' "$WORK/dom.html" && grep -q '>socket 1 cbo7</text>' "$WORK/dom.html"; then
	pass host/report_run_dom_names_events_and_boxes
else
	fail host/report_run_dom_names_events_and_boxes "dump-dom: $(grep -o '<svg' "$WORK/dom.html" | wc -l) svg ($(wc -c <"$WORK/dom.html") bytes)"
fi
