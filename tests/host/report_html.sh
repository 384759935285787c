#!/usr/bin/env bash
# report.html of `check` and `selftest` (docs/results.md, report.html of check and
# selftest): well-formed enough for an HTML parser, self-contained, with its SVG charts,
# naming every box that failed; rendered by headless Chromium to a PNG that is not blank,
# whose DOM names them too.
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

# report_ok TEST DIR: DIR's report.html against its verdicts.csv.
report_ok() {
	local test=$1 dir=$WORK/$2 min_failed=${3:-0} why
	if why=$(python3 - "$dir" "$min_failed" <<'PY' 2>&1
import csv, re, sys
from html.parser import HTMLParser
d = sys.argv[1]
rows = list(csv.DictReader(open(d + "/verdicts.csv", newline="")))
page = open(d + "/report.html", encoding="utf-8").read()
VOID = {"meta", "br", "img", "input", "link", "hr"}
class P(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack, self.ids, self.hrefs, self.svg = [], set(), set(), 0
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            assert a["id"] not in self.ids, "duplicate id " + a["id"]
            self.ids.add(a["id"])
        if "href" in a:
            self.hrefs.add(a["href"])
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
p = P()
p.feed(page)
p.close()
assert not p.stack, "unclosed " + str(p.stack)
assert "<script" not in page.lower(), "script"
assert p.svg >= 1, "no svg"
for h in p.hrefs:
    assert h.startswith("#") and h[1:] in p.ids, "dangling link " + h
overall = [l for l in open(d + "/upmon.log") if l.startswith("upmon: ")][-1].split()[1]
assert re.search(r'<h1>upmon \w+: <span class="v \w+">%s</span>' % overall, page), "verdict " + overall
failed = {(r["socket"], r["box"] + r["instance"]) for r in rows if r["result"] == "FAIL"}
for s, box in failed:
    assert ('href="#s%s-%s"' % (s, box)) in page and ('s%s-%s' % (s, box)) in p.ids, "failed box %s %s" % (s, box)
    assert re.search(r'<a class="fail" href="#s%s-%s"' % (s, box), page), "grid colour of %s %s" % (s, box)
assert len(failed) >= int(sys.argv[2]), "no FAIL in verdicts.csv"
PY
	); then
		pass "$test"
	else
		fail "$test" "$(echo "$why" | tail -2 | tr '\n' ' ')"
	fi
}

run clean --backend mock --platform snbep --out res check --quick
expect clean host/report_check_clean_runs 0 '^upmon: PASS$'
report_ok host/report_check_well_formed "$(last_run res)"

run stuck --backend mock:stuck=cbo3.ctr0 --platform snbep --out res_stuck check --quick
expect stuck host/report_check_fault_fails 2 '^upmon: FAIL$'
report_ok host/report_check_names_failed_boxes "$(last_run res_stuck)" 1

run st --backend mock:s1.stuck=imc2.ctr1 --platform ivbep --out res_st selftest
expect st host/report_selftest_fault_fails 2 '^upmon: FAIL$'
report_ok host/report_selftest_names_failed_boxes "$(last_run res_st)" 1

# The page opens with its findings: a 4-socket Xeon 7500 with a dead MBox has the FAIL's
# reason (as verdicts.csv has it) before any picture, tile or table, and the mock's banner
# under the title. (No hw run on the host: the banner's absence is a unit test's.)
run mbox --backend mock:dead=mbox1 --platform nhmex --sockets 4 --out res_mbox check --quick
if why=$(python3 - "$WORK/$(last_run res_mbox)" <<'PY' 2>&1
import csv, sys
d = sys.argv[1]
rows = [r for r in csv.DictReader(l for l in open(d + "/verdicts.csv") if not l.startswith("# ")) if r["result"] == "FAIL"]
page = open(d + "/report.html", encoding="utf-8").read()
assert rows, "no FAIL in verdicts.csv"
first = page.find(rows[0]["reason"])
assert first > 0, "reason not on the page: " + rows[0]["reason"]
for pic in ("<svg", "<img", 'class="grid"', "<table"):
    at = page.find(pic)
    assert at < 0 or first < at, "%s at %d before the reason at %d" % (pic, at, first)
findings = page.find('<div id="findings">')
assert 0 < findings < first, "no findings block before the reason"
banner = page.find('<div class="caveat" id="caveat">MOCK BACKEND: simulated registers, not measurements of this machine; FAULTS INJECTED: dead=mbox1</div>')
assert 0 < page.find("<h1>") < banner < findings, "no mock banner between the title and the findings"
for r in rows:  # every FAIL in one line, with its place
    li = '<a href="#s%s-%s%s">%s%s</a> %s: %s' % (r["socket"], r["box"], r["instance"], r["box"], r["instance"], r["check"], r["reason"])
    assert li in page, "no findings line " + li
PY
); then
	pass host/report_check_findings_before_any_picture
else
	fail host/report_check_findings_before_any_picture "$(echo "$why" | tail -1)"
fi

# Rendered: not blank, and the DOM Chromium built names every failed box.
if ! command -v chromium >/dev/null; then
	echo "SKIP host/report_rendered_by_chromium: chromium not installed (tools/deps.sh)"
	exit 0
fi
page=$WORK/$(last_run res_stuck)/report.html
chrome=(timeout 60 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$WORK/chrome")
"${chrome[@]}" --screenshot="$WORK/shot.png" --window-size=1200,1600 "file://$page" >/dev/null 2>&1
"${chrome[@]}" --dump-dom "file://$page" >"$WORK/dom.html" 2>/dev/null
if why=$(python3 tests/host/png_check.py "$WORK/shot.png" --red 2>&1); then
	pass host/report_rendered_not_blank
else
	fail host/report_rendered_not_blank "$(echo "$why" | tail -1)"
fi
if grep -q 'href="#s0-cbo3"' "$WORK/dom.html" && grep -q 'id="s0-cbo3"' "$WORK/dom.html" && grep -q '<svg' "$WORK/dom.html"; then
	pass host/report_dom_names_failed_box
else
	fail host/report_dom_names_failed_box "dump-dom lacks s0-cbo3 or svg ($(wc -c <"$WORK/dom.html") bytes)"
fi
# The findings are on the first screen of a laptop's window (1024x768), the first FAIL's
# line whole, and the banner is as large as the verdict: measured by Chromium in a copy
# of the page with a probe (the page itself runs no script).
page=$WORK/$(last_run res_mbox)/report.html
python3 - "$page" "$WORK/probe.html" <<'PY'
import sys
page = open(sys.argv[1], encoding="utf-8").read()
probe = """<script>
var f = document.getElementById('findings'), li = f && f.querySelector('li'), c = document.getElementById('caveat');
document.body.setAttribute('data-probe', [f ? Math.round(f.getBoundingClientRect().top) : -1,
  li ? Math.round(li.getBoundingClientRect().bottom) : -1, window.innerHeight,
  c ? getComputedStyle(c).fontSize : 'none', getComputedStyle(document.querySelector('h1')).fontSize].join(' '));
</script>"""
open(sys.argv[2], "w", encoding="utf-8").write(page.replace("</body>", probe + "</body>"))
PY
"${chrome[@]}" --dump-dom --window-size=1024,768 "file://$WORK/probe.html" >"$WORK/probe_dom.html" 2>/dev/null
read -r top bottom height caveat_size title_size < <(sed -n 's/.*data-probe="\([^"]*\)".*/\1/p' "$WORK/probe_dom.html")
if [ -n "$height" ] && [ "$top" -ge 0 ] && [ "$bottom" -gt "$top" ] && [ "$bottom" -le "$height" ] &&
	[ "$caveat_size" = "$title_size" ]; then
	pass host/report_findings_on_the_first_screen
else
	fail host/report_findings_on_the_first_screen "findings top '$top', first line's bottom '$bottom', viewport '$height', banner '$caveat_size' title '$title_size'"
fi
